#!/usr/bin/env bash
# End-to-end checks of the quoth CLI: formats, stdin, exit codes, bad documents in a batch,
# broken rule packs. Usage: cli_test.sh QUOTH_BINARY SOURCE_DIR
set -uo pipefail
quoth=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }

printf '"We will open the bridge in May," Mayor Lena Holt said.\n' > "$tmp/good.txt"
printf 'bad\x00binary' > "$tmp/binary.txt"
printf 'caf\xe9 "au lait"\n' > "$tmp/latin1.txt"
: > "$tmp/empty.txt"

"$quoth" extract --format json "$tmp/good.txt" > "$tmp/out.json"; rc=$?
check "json exits 0" "[ $rc -eq 0 ]"
check "json names the speaker" "python3 -c \"import json,sys; d=json.load(open('$tmp/out.json')); q=d['documents'][0]['quotes'][0]; assert q['speaker']['name']=='Lena Holt', q; assert q['text']=='We will open the bridge in May,'\""
check "json has clusters and speakers" "python3 -c \"import json; d=json.load(open('$tmp/out.json')); assert 'clusters' in d and d['documents'][0]['speakers'][0]['name']=='Lena Holt'\""

"$quoth" extract --format jsonl < "$tmp/good.txt" > "$tmp/out.jsonl"; rc=$?
check "stdin jsonl exits 0" "[ $rc -eq 0 ]"
check "jsonl is one object per line" "[ \$(wc -l < '$tmp/out.jsonl') -eq 1 ] && python3 -c \"import json; json.loads(open('$tmp/out.jsonl').readline())\""

"$quoth" extract --format csv "$tmp/good.txt" > "$tmp/out.csv"
check "csv has a header and a row" "[ \$(wc -l < '$tmp/out.csv') -eq 2 ] && head -1 '$tmp/out.csv' | grep -q '^document,quote_id'"
"$quoth" extract --format tsv "$tmp/good.txt" > "$tmp/out.tsv"
check "tsv is tab separated" "head -1 '$tmp/out.tsv' | grep -q \$'document\tquote_id'"
"$quoth" extract "$tmp/good.txt" > "$tmp/out.txt"
check "table shows speaker and quote" "grep -q 'Lena Holt' '$tmp/out.txt' && grep -q 'We will open the bridge' '$tmp/out.txt'"
"$quoth" extract --by speaker "$tmp/good.txt" > "$tmp/by.txt"
check "table by speaker counts" "grep -q 'Lena Holt (1)' '$tmp/by.txt'"
printf '"The ferry will run all winter," Mayor Lena Holt said.\n\n"We have the money," Holt said.\n\nThe paper called it "a small miracle".\n' > "$tmp/holt2.txt"
"$quoth" extract --by speaker "$tmp/good.txt" "$tmp/holt2.txt" > "$tmp/by2.txt"
check "by speaker: one block per person, full name first, other forms listed" "grep -q '^Lena Holt (3)  also: Holt' '$tmp/by2.txt' && [ \$(grep -c '^Lena Holt\\|^Holt' '$tmp/by2.txt') -eq 1 ]"
check "by speaker: quotes without a speaker come last" "tail -2 '$tmp/by2.txt' | head -1 | grep -q '^?\\|^(' "
"$quoth" extract --explain "$tmp/good.txt" > "$tmp/explain.txt"
check "explain shows the rule" "grep -q 'en.after.speaker-verb' '$tmp/explain.txt'"

printf '"They told us \x27wait\x27 and we waited," Mayor Lena Holt said.\n' > "$tmp/nested.txt"
"$quoth" extract --format json "$tmp/nested.txt" > "$tmp/nested.json"
check "a quote inside a quote is one row by default" "python3 -c \"import json; q=json.load(open('$tmp/nested.json'))['documents'][0]['quotes']; assert [x['kind'] for x in q]==['direct'], q\""
"$quoth" extract --format json --nested "$tmp/nested.txt" > "$tmp/nested2.json"
check "--nested lists the inner quote too" "python3 -c \"import json; q=json.load(open('$tmp/nested2.json'))['documents'][0]['quotes']; assert [x['kind'] for x in q]==['direct','nested'] and q[1]['text']=='wait', q\""

"$quoth" extract --format json "$tmp/binary.txt" "$tmp/good.txt" "$tmp/latin1.txt" "$tmp/empty.txt" "$tmp/missing.txt" > "$tmp/batch.json" 2> "$tmp/batch.err"; rc=$?
check "a bad document in a batch exits 1" "[ $rc -eq 1 ]"
check "the good document is still processed" "python3 -c \"import json; d=json.load(open('$tmp/batch.json')); assert [x['id'].split('/')[-1] for x in d['documents']]==['good.txt','empty.txt']\""
check "binary is reported" "grep -q 'binary.txt: binary data (NUL byte) at byte 3' '$tmp/batch.err'"
check "invalid UTF-8 is reported" "grep -q 'latin1.txt: invalid UTF-8' '$tmp/batch.err'"
check "a missing file is reported" "grep -q 'missing.txt: cannot open' '$tmp/batch.err'"

mkdir -p "$tmp/rules/en"
printf 'pack: broken\nlanguage: en\npatterns:\n  - id: en.broken\n    position: after\n    pattern: "{SPEAKER} {VRB}"\n' > "$tmp/rules/en/broken.yaml"
"$quoth" extract --rules "$tmp/rules" "$tmp/good.txt" > /dev/null 2> "$tmp/rules.err"; rc=$?
check "a broken rule exits 2" "[ $rc -eq 2 ]"
check "the rule error names FILE:LINE:COL and the rule" "grep -q 'broken.yaml:6:25: \[en.broken\] unknown placeholder {VRB}' '$tmp/rules.err'"
"$quoth" check --rules "$tmp/rules" > /dev/null 2>&1; rc=$?
check "check on a broken pack exits 2" "[ $rc -eq 2 ]"
"$quoth" extract --format nope "$tmp/good.txt" > /dev/null 2>&1; rc=$?
check "an unknown format is a usage error" "[ $rc -eq 2 ]"

exit $fail
