#!/usr/bin/env bash
# End-to-end checks of the quoth CLI: formats, stdin, exit codes, bad documents in a batch,
# broken rule packs. Usage: cli_test.sh QUOTH_BINARY SOURCE_DIR [1|2]
# The checks are in two halves (CTest cli_end_to_end_1 and _2 run them side by side); without
# the third argument, both.
set -uo pipefail
quoth=$1; src=$2; part=${3:-all}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }

printf '"We will open the bridge in May," Mayor Lena Holt said.\n' > "$tmp/good.txt"
printf 'bad\x00binary' > "$tmp/binary.txt"
printf 'caf\xe9 "au lait"\n' > "$tmp/latin1.txt"
: > "$tmp/empty.txt"

if [ "$part" != 2 ]; then  # ---------------------------------------------------------- first half
"$quoth" extract --format json "$tmp/good.txt" > "$tmp/out.json"; rc=$?
check "json exits 0" "[ $rc -eq 0 ]"
check "json names the speaker" "python3 -c \"import json,sys; d=json.load(open('$tmp/out.json')); q=d['documents'][0]['quotes'][0]; assert q['speaker']['name']=='Lena Holt', q; assert q['text']=='We will open the bridge in May,'\""
check "json has clusters and speakers" "python3 -c \"import json; d=json.load(open('$tmp/out.json')); assert 'clusters' in d and d['documents'][0]['speakers'][0]['name']=='Lena Holt'\""

"$quoth" extract --format jsonl < "$tmp/good.txt" > "$tmp/out.jsonl"; rc=$?
check "stdin jsonl exits 0" "[ $rc -eq 0 ]"
check "jsonl is one object per line, then the clusters line" "[ \$(wc -l < '$tmp/out.jsonl') -eq 2 ] && python3 -c \"import json; json.loads(open('$tmp/out.jsonl').readline())\""

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

# --lang: exactly the languages whose rule packs are loaded.
printf '„Wir öffnen die Brücke im Mai“, sagte Bürgermeisterin Lena Holt.\n' > "$tmp/german.txt"
"$quoth" extract --format json --lang de "$tmp/german.txt" > "$tmp/german.json"; rc=$?
check "--lang de reads a German document with the German pack" "[ $rc -eq 0 ] && python3 -c \"import json; d=json.load(open('$tmp/german.json')); doc=d['documents'][0]; assert doc['lang']=='de', doc['lang']; q=doc['quotes'][0]; assert q['text']=='Wir öffnen die Brücke im Mai' and q['speaker']['name']=='Lena Holt', q\""
"$quoth" extract --format json "$tmp/german.txt" > "$tmp/german-auto.json"
check "a German document is detected as German" "python3 -c \"import json; assert json.load(open('$tmp/german-auto.json'))['documents'][0]['lang']=='de'\""
"$quoth" extract --lang xx "$tmp/good.txt" > /dev/null 2> "$tmp/lang.err"; rc=$?
check "--lang xx is refused, naming the languages there are packs for" "[ $rc -eq 2 ] && grep -q \"not 'xx'\" '$tmp/lang.err' && grep -q 'de, en, sv' '$tmp/lang.err'"

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

# -j N: documents extracted on N threads, handed on in batch order: the same bytes on stdout and
# stderr, and the same exit status, as one after another; failing documents still named in place.
mkdir -p "$tmp/jobs"
for i in 1 2 3 4 5 6 7; do printf '"Ferry %s runs," Mayor Lena Holt said.\n\nShe said "never ending %s\n' "$i" "$i" > "$tmp/jobs/j$i.txt"; done
jobs_batch=("$tmp/jobs/j1.txt" "$tmp/binary.txt" "$tmp/jobs/j2.txt" "$tmp/nothing" "$tmp/jobs/j3.txt" "$tmp/missing.txt" "$tmp/jobs")
jobs_same=1
for format in json csv; do
  for link in "" --no-link; do
    "$quoth" --log-level debug extract -j 1 --format $format $link "${jobs_batch[@]}" > "$tmp/j1.out" 2> "$tmp/j1.err"; rc1=$?
    "$quoth" --log-level debug extract -j 3 --format $format $link "${jobs_batch[@]}" > "$tmp/j3.out" 2> "$tmp/j3.err"; rc3=$?
    grep -v 'ms, .* MB resident\|compiled in\|lexicon:' "$tmp/j1.err" > "$tmp/j1.err2"; grep -v 'ms, .* MB resident\|compiled in\|lexicon:' "$tmp/j3.err" > "$tmp/j3.err2"
    if ! { [ $rc1 -eq 1 ] && [ $rc3 -eq 1 ] && cmp -s "$tmp/j1.out" "$tmp/j3.out" && diff "$tmp/j1.err2" "$tmp/j3.err2" && grep -q 'binary.txt: binary data' "$tmp/j3.err" && grep -q 'extract: .*jobs/j7.txt: en' "$tmp/j3.err"; }; then
      echo "-j 3 differs from -j 1: --format $format $link"; jobs_same=0
    fi
  done
done
check "-j 3 gives -j 1's output, messages and exit status on a batch with failing documents" "[ $jobs_same -eq 1 ]"
for j in 0 -2 abc 1025; do
  "$quoth" extract -j "$j" "$tmp/good.txt" > "$tmp/j.out" 2> "$tmp/j.err"; rc=$?
  check "-j $j is refused with exit 2" "[ $rc -eq 2 ] && grep -q -- '-j/--jobs takes a number' '$tmp/j.err' && [ ! -s '$tmp/j.out' ]"
done

mkdir -p "$tmp/rules/en"
printf 'pack: broken\nlanguage: en\npatterns:\n  - id: en.broken\n    position: after\n    pattern: "{SPEAKER} {VRB}"\n' > "$tmp/rules/en/broken.yaml"
"$quoth" extract --rules "$tmp/rules" "$tmp/good.txt" > /dev/null 2> "$tmp/rules.err"; rc=$?
check "a broken rule exits 2" "[ $rc -eq 2 ]"
check "the rule error names FILE:LINE:COL and the rule" "grep -q 'broken.yaml:6:25: \[en.broken\] unknown placeholder {VRB}' '$tmp/rules.err'"
"$quoth" check --rules "$tmp/rules" > /dev/null 2>&1; rc=$?
check "check on a broken pack exits 2" "[ $rc -eq 2 ]"
"$quoth" extract --format nope "$tmp/good.txt" > /dev/null 2>&1; rc=$?
check "an unknown format is a usage error" "[ $rc -eq 2 ]"

# --- No abort from any argument: --width is a number from 40 to 1000, else a usage error.
for w in -5 18446744073709551615 100000000 39 abc; do
  "$quoth" extract --width "$w" "$tmp/good.txt" > "$tmp/w.out" 2> "$tmp/w.err"; rc=$?
  check "--width $w is refused with exit 2 and a clear message" "[ $rc -eq 2 ] && grep -q -- '--width takes a number from 40 to 1000' '$tmp/w.err' && [ ! -s '$tmp/w.out' ]"
done

# --- The table: quotes cut at the end, file names cut alike on every row, the width kept.
printf '"We will keep the details of her meeting with the harbour board under wraps until the council has voted on the whole plan next spring," Mayor Lena Holt said.\n' > "$tmp/long.txt"
harbour="$tmp/the-harbour-board-meeting-report-from-monday-night.txt"
printf '"We are ready," Mayor Lena Holt said.\n\n\n\n\n\n\n\n\n\n\n"We are still ready," Holt said.\n' > "$harbour"
"$quoth" extract --width 60 "$tmp/long.txt" "$harbour" > "$tmp/w60.txt"; rc=$?
check "--width 60 is taken" "[ $rc -eq 0 ]"
check "--width 60: no row is wider" "python3 -c \"import sys; assert max(len(l.rstrip('\\n')) for l in open('$tmp/w60.txt', encoding='utf-8')) <= 60\""
check "a long quote is cut at the end, with an ellipsis" "grep -q 'We will keep the details.*…  *long' '$tmp/w60.txt' && ! grep -q 'next spring' '$tmp/w60.txt'"
same_name_on_every_row() {
  python3 - "$tmp/w60.txt" <<'PY'
import sys
rows = [l.rstrip('\n') for l in open(sys.argv[1], encoding='utf-8') if 'ready,' in l]
names = {l.rsplit('  ', 1)[1].rsplit(':', 1)[0] for l in rows}
assert len(rows) == 2 and len(names) == 1, (rows, names)
name = names.pop()
assert name.startswith('the-harbour') and name.endswith('…'), name
PY
}
check "a long file name is cut the same way on every row, at its end (where it starts tells outlets and dates apart), with every line number" "same_name_on_every_row && grep -q ':12\$' '$tmp/w60.txt'"
rule_width() { python3 -c "import sys; print(max(len(l.rstrip('\r\n')) for l in open(sys.argv[1], encoding='utf-8') if l.startswith('---')))" "$1"; }
"$quoth" extract "$tmp/long.txt" > "$tmp/piped.txt"
check "piped into a file, the table is 110 wide" "[ \$(rule_width '$tmp/piped.txt') -eq 110 ]"
if command -v script > /dev/null && command -v stty > /dev/null; then
  script -qec "stty cols 72; '$quoth' extract '$tmp/long.txt'" /dev/null > "$tmp/tty.txt" 2>&1
  check "on a terminal, the table fits the terminal's width" "[ \$(rule_width '$tmp/tty.txt') -eq 72 ]"
fi

# --- No silent data loss: folders, read errors, closed streams, write errors.
mkdir -p "$tmp/folder/sub" "$tmp/nothing"
cp "$tmp/good.txt" "$tmp/folder/b.txt"; cp "$tmp/good.txt" "$tmp/folder/a.txt"; cp "$tmp/good.txt" "$tmp/folder/sub/c.txt"
cp "$tmp/good.txt" "$tmp/folder/.hidden.txt"; cp "$tmp/good.txt" "$tmp/folder/notes.md"
"$quoth" extract --format json "$tmp/folder" > "$tmp/folder.json" 2> "$tmp/folder.err"; rc=$?
check "a folder reads its *.txt files in name order (not hidden ones, not subfolders)" "[ $rc -eq 0 ] && python3 -c \"import json; d=json.load(open('$tmp/folder.json')); assert [x['id'] for x in d['documents']]==['$tmp/folder/a.txt','$tmp/folder/b.txt'], d['documents']\""
"$quoth" extract --format json "$tmp/nothing" "$tmp/good.txt" > "$tmp/nothing.json" 2> "$tmp/nothing.err"; rc=$?
check "a folder without *.txt files is an error on that item (exit 1), the batch goes on" "[ $rc -eq 1 ] && grep -q 'nothing: is a folder with no \*.txt files' '$tmp/nothing.err' && python3 -c \"import json; d=json.load(open('$tmp/nothing.json')); assert [x['id'] for x in d['documents']]==['$tmp/good.txt']\""
if [ -r /proc/self/mem ]; then
  "$quoth" extract --format json /proc/self/mem "$tmp/good.txt" > "$tmp/mem.json" 2> "$tmp/mem.err"; rc=$?
  check "a read error is an error on that item (exit 1), the batch goes on" "[ $rc -eq 1 ] && grep -q '/proc/self/mem: read error' '$tmp/mem.err' && python3 -c \"import json; d=json.load(open('$tmp/mem.json')); assert [x['id'] for x in d['documents']]==['$tmp/good.txt']\""
fi
"$quoth" extract --format json - "$tmp/good.txt" <&- > "$tmp/closed.json" 2> "$tmp/closed.err"; rc=$?
check "a closed standard input is an error on '-' (exit 1), the batch goes on" "[ $rc -eq 1 ] && grep -q -- '-: standard input is closed' '$tmp/closed.err' && python3 -c \"import json; d=json.load(open('$tmp/closed.json')); assert [x['id'] for x in d['documents']]==['$tmp/good.txt']\""
"$quoth" extract "$tmp/good.txt" >&- 2> "$tmp/closed-out.err"; rc=$?
check "a closed standard output is reported (exit 1)" "[ $rc -eq 1 ] && grep -q 'cannot write standard output' '$tmp/closed-out.err'"
if [ -w /dev/full ]; then
  "$quoth" extract "$tmp/good.txt" > /dev/full 2> "$tmp/full.err"; rc=$?
  check "a write error on standard output is reported (exit 1)" "[ $rc -eq 1 ] && grep -q 'cannot write standard output: No space left on device' '$tmp/full.err'"
  "$quoth" extract --no-link --format jsonl "$tmp/good.txt" "$tmp/good.txt" > /dev/full 2> "$tmp/full2.err"; rc=$?
  check "a write error while streaming is reported (exit 1)" "[ $rc -eq 1 ] && grep -q 'cannot write standard output' '$tmp/full2.err'"
fi

fi

if [ "$part" != 1 ]; then  # --------------------------------------------------------- second half
# --- csv and tsv: lossless tsv, valid UTF-8, no spreadsheet formulas, language/rule/person columns.
printf '"It is\tfine, a \\ is a backslash\nand we go on," Mayor Lena Holt said.\n' > "$tmp/tab.txt"
"$quoth" extract --format tsv "$tmp/tab.txt" > "$tmp/tab.tsv"
"$quoth" extract --format json "$tmp/tab.txt" > "$tmp/tab.json"
tsv_restores_the_text() {
  python3 - "$tmp/tab.tsv" "$tmp/tab.json" <<'PY'
import json, re, sys
lines = open(sys.argv[1], encoding='utf-8').read().split('\n')[:-1]
header = lines[0].split('\t')
assert len(lines) == 2, lines
cells = lines[1].split('\t')
assert len(cells) == len(header), cells
unescape = lambda s: re.sub(r'\\(.)', lambda m: {'t': '\t', 'n': '\n', 'r': '\r', '\\': '\\'}[m.group(1)], s)
text = unescape(cells[header.index('text')])
assert text == json.load(open(sys.argv[2]))['documents'][0]['quotes'][0]['text'] == 'It is\tfine, a \\ is a backslash\nand we go on,', text
PY
}
check "tsv escapes tab, newline and backslash: one line per row, the text restored exactly" tsv_restores_the_text
latin1_name="$tmp/$(printf 'caf\xe9').txt"
cp "$tmp/good.txt" "$latin1_name"
"$quoth" extract --format csv "$latin1_name" > "$tmp/latin1name.csv"
"$quoth" extract --format tsv "$latin1_name" > "$tmp/latin1name.tsv"
"$quoth" extract "$latin1_name" > "$tmp/latin1name.txt"
check "csv, tsv and the table are valid UTF-8 for a file name that is not" "python3 -c \"import sys
for f in ['$tmp/latin1name.csv', '$tmp/latin1name.tsv', '$tmp/latin1name.txt']: assert '\\ufffd' in open(f, encoding='utf-8', errors='strict').read(), f\""
printf '"=1+2 is the answer," Mayor Lena Holt said.\n\n"-5 degrees tonight," Holt said.\n\n"@once," Holt said.\n\n"+more," Holt said.\n' > "$tmp/formula.txt"
"$quoth" extract --format csv "$tmp/formula.txt" > "$tmp/formula.csv"
"$quoth" extract --format tsv "$tmp/formula.txt" > "$tmp/formula.tsv"
no_formula_cells() {
  python3 - "$tmp/formula.csv" "$tmp/formula.tsv" <<'PY'
import csv, sys
for path, delimiter in ((sys.argv[1], ','), (sys.argv[2], '\t')):
    rows = list(csv.reader(open(path, encoding='utf-8', newline=''), delimiter=delimiter, quoting=csv.QUOTE_MINIMAL if delimiter == ',' else csv.QUOTE_NONE))
    assert len(rows) == 5, rows
    assert not [c for r in rows for c in r if c[:1] in ('=', '+', '-', '@')], rows
    texts = [r[rows[0].index('text')] for r in rows[1:]]
    assert texts == ["'=1+2 is the answer,", "'-5 degrees tonight,", "'@once,", "'+more,"], texts
PY
}
check "csv and tsv cells never start with = + - @ (a leading ' keeps spreadsheets from running them)" no_formula_cells
columns_are_there() {
  python3 - "$tmp/cols.csv" "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding='utf-8', newline='')))
assert len(rows) == 1, rows
r = rows[0]
assert r['lang'] == 'en' and r['rule'] and r['speaker_rule'] and r['speaker_id'] == 'd0.s0', r
assert (r['speaker_global_id'] != '') == (sys.argv[2] == 'linked'), r
PY
}
"$quoth" extract --format csv "$tmp/good.txt" > "$tmp/cols.csv"
check "csv carries language, rule and person id columns (global id when linked)" "columns_are_there linked"
"$quoth" extract --format csv --no-link "$tmp/good.txt" > "$tmp/cols.csv"
check "csv --no-link: no global person id" "columns_are_there unlinked"

# --- jsonl ends with the links: one final {"clusters": [...]} line.
cp "$tmp/good.txt" "$tmp/copy.txt"
"$quoth" extract --format jsonl "$tmp/good.txt" "$tmp/copy.txt" > "$tmp/linked.jsonl"; rc=$?
check "jsonl: one line per document, then the clusters" "[ $rc -eq 0 ] && python3 -c \"import json
lines=[json.loads(l) for l in open('$tmp/linked.jsonl')]
assert len(lines)==3 and [d['id'].split('/')[-1] for d in lines[:2]]==['good.txt','copy.txt']
assert list(lines[2])==['clusters'] and lines[2]['clusters'][0]['quotes']==['d0.q0','d1.q0'], lines[2]\""
"$quoth" extract --format jsonl --no-link "$tmp/good.txt" "$tmp/copy.txt" > "$tmp/unlinked.jsonl"
check "jsonl --no-link: the final line says nothing was linked" "[ \"\$(tail -1 '$tmp/unlinked.jsonl')\" = '{\"clusters\":[]}' ] && [ \$(wc -l < '$tmp/unlinked.jsonl') -eq 3 ]"

# --- Lone CR line ends (classic Mac files): line numbers count them.
printf 'Intro line.\r"We will open the bridge in May," Mayor Lena Holt said.\r\r"It is fine," she said.\r' > "$tmp/cr.txt"
"$quoth" extract --format json "$tmp/cr.txt" > "$tmp/cr.json"
check "lone CR files: each quote on its own line" "python3 -c \"import json; q=json.load(open('$tmp/cr.json'))['documents'][0]['quotes']; assert [x['line'] for x in q]==[2,4], q\""

# --- CLI traps: one directory per --rules, unknown subcommands, options a format ignores.
mkdir -p "$tmp/my-rules/en"
printf 'language: en\nverbs: [harrumphed]\n' > "$tmp/my-rules/en/verbs.yaml"
printf '"Nobody asked us," harrumphed Nils Berg.\n' > "$tmp/harrumph.txt"
"$quoth" extract --explain --rules "$tmp/my-rules" "$tmp/harrumph.txt" > "$tmp/myrules.txt" 2> "$tmp/myrules.err"; rc=$?
check "--rules DIR takes one directory: the FILE after it is read as a document" "[ $rc -eq 0 ] && grep -q 'Nils Berg' '$tmp/myrules.txt'"
"$quoth" extract --rules "$tmp/my-rules" --rules "$tmp/rules-none" "$tmp/harrumph.txt" > /dev/null 2> "$tmp/tworules.err"
check "--rules can be repeated" "grep -q 'rules-none' '$tmp/tworules.err'"
"$quoth" extrat foo > /dev/null 2> "$tmp/sub.err"; rc=$?
check "an unknown subcommand is named, with the real ones" "[ $rc -eq 2 ] && grep -q \"unknown subcommand 'extrat'\" '$tmp/sub.err' && grep -q 'extract, check' '$tmp/sub.err'"
"$quoth" extract --format csv --by speaker "$tmp/good.txt" > /dev/null 2> "$tmp/ign1.err"; rc1=$?
"$quoth" extract --format json --width 80 "$tmp/good.txt" > /dev/null 2> "$tmp/ign2.err"; rc2=$?
"$quoth" extract --format tsv --explain "$tmp/good.txt" > /dev/null 2> "$tmp/ign3.err"; rc3=$?
check "--by, --width and --explain with a format that ignores them: a warning, the output still made" "[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ $rc3 -eq 0 ] && grep -q 'warning: --by' '$tmp/ign1.err' && grep -q 'warning: --width' '$tmp/ign2.err' && grep -q 'warning: --explain' '$tmp/ign3.err'"

# Logging (spdlog): document warnings summed up by kind, --log-level info lists each and the
# library's own messages, --quiet keeps errors only, a bad level is a usage error.
mkdir -p "$tmp/unterminated"
for i in 1 2 3 4; do printf 'Budget\n\nShe said "this never ends %s\n' "$i" > "$tmp/unterminated/u$i.txt"; done
"$quoth" extract --format jsonl --no-link "$tmp/unterminated" > /dev/null 2> "$tmp/log1.err"; rc=$?
check "four documents with one warning each: one summary line" "[ $rc -eq 0 ] && [ \$(wc -l < '$tmp/log1.err') -eq 1 ] && grep -q 'unterminated quote mark at byte N, ignored: 4 times in 4 documents' '$tmp/log1.err'"
"$quoth" extract --format jsonl --no-link --log-level info "$tmp/unterminated" > /dev/null 2> "$tmp/log2.err"
check "--log-level info: each warning, and the library's own messages" "[ \$(grep -c 'u[1-4].txt:3: warning: unterminated' '$tmp/log2.err') -eq 4 ] && grep -q 'quoth: rules: 3 languages' '$tmp/log2.err'"
"$quoth" extract --quiet --format jsonl --no-link "$tmp/unterminated" > /dev/null 2> "$tmp/log3.err"
check "--quiet: no warnings" "[ ! -s '$tmp/log3.err' ]"
"$quoth" extract --quiet "$tmp/no-such-file.txt" > /dev/null 2> "$tmp/log4.err"; rc=$?
check "--quiet still reports errors" "[ $rc -eq 1 ] && grep -q 'no-such-file.txt' '$tmp/log4.err'"
"$quoth" extract --log-level loud "$tmp/good.txt" > /dev/null 2> "$tmp/log5.err"; rc=$?
check "an unknown --log-level is a usage error" "[ $rc -eq 2 ] && grep -q 'log-level takes' '$tmp/log5.err'"
"$quoth" --log-level debug extract --format json "$tmp/good.txt" > /dev/null 2> "$tmp/log6.err"
check "--log-level before the subcommand; debug shows the linker's stages" "grep -q 'quoth: link: clusters' '$tmp/log6.err'"

# --- Editors' workflow: failing rule examples, and an editor's own articles with expected tables.
mkdir -p "$tmp/ed-rules/sv"
cat > "$tmp/ed-rules/sv/x.yaml" <<'YAML'
pack: ed
language: sv
patterns:
  - id: sv.after.meddelar
    position: after
    pattern: "^[,:]? ?meddelar (?P<speaker>[^,]+)"
    confidence: 0.9
    examples:
      - text: "”Färjan går som vanligt”, meddelar Trafikverket till TT."
        speaker: Trafikverket
YAML
"$quoth" check --rules "$tmp/ed-rules" > "$tmp/ed1.out" 2> "$tmp/ed1.err"; rc=$?
check "an example's speaker is what quoth reads in the capture (Trafikverket, not 'Trafikverket till TT.')" "[ $rc -eq 0 ] && [ \"\$(tail -1 '$tmp/ed1.out')\" = ok ] && [ ! -s '$tmp/ed1.err' ]"
mkdir -p "$tmp/ed-bad/sv"
sed 's/speaker: Trafikverket/speaker: Sjöfartsverket/' "$tmp/ed-rules/sv/x.yaml" > "$tmp/ed-bad/sv/x.yaml"
printf '”Bron är öppen igen”, säger Karin Holm.\n' > "$tmp/bron.txt"
"$quoth" extract --rules "$tmp/ed-bad" "$tmp/bron.txt" > "$tmp/ed2.out" 2> "$tmp/ed2.err"; rc=$?
check "extract refuses a pack whose examples fail: exit 2, no output, the reason and each failure" "[ $rc -eq 2 ] && [ ! -s '$tmp/ed2.out' ] && grep -qxF 'quoth: 1 rule example failed: extract refuses rule packs whose examples fail (fix them, or pass --allow-failing-examples to extract anyway)' '$tmp/ed2.err' && grep -qxF '$tmp/ed-bad/sv/x.yaml:9:9: [sv.after.meddelar] example fails: speaker \"Trafikverket\" (captured \"Trafikverket till TT.\"), expected \"Sjöfartsverket\"' '$tmp/ed2.err'"
"$quoth" extract --rules "$tmp/ed-bad" --allow-failing-examples "$tmp/bron.txt" > "$tmp/ed3.out" 2> "$tmp/ed3.err"; rc=$?
check "--allow-failing-examples: extracts, with the failures as warnings" "[ $rc -eq 0 ] && grep -q 'Karin Holm' '$tmp/ed3.out' && grep -qxF 'quoth: warning: 1 rule example failed; extracting anyway (--allow-failing-examples)' '$tmp/ed3.err' && grep -q 'x.yaml:9:9: \[sv.after.meddelar\] example fails' '$tmp/ed3.err'"
"$quoth" check --rules "$tmp/ed-bad" > /dev/null 2> "$tmp/ed4.err"; rc=$?
check "check lists a failing example (exit 1)" "[ $rc -eq 1 ] && grep -qxF '1 rule example failed' '$tmp/ed4.err'"

mkdir -p "$tmp/articles"
printf '"We will open the bridge in May," Mayor Lena Holt said.\n\n"The ferry will run all winter," Holt added.\n\nThe paper called it "a small miracle".\n' > "$tmp/articles/harbour.txt"
printf '”Färjan går som vanligt”, meddelar Trafikverket till TT.\n' > "$tmp/articles/farja.txt"
"$quoth" check --rules "$tmp/ed-rules" --articles "$tmp/articles" > "$tmp/art1.out" 2> "$tmp/art1.err"; rc=$?
check "--articles without expected tables: exit 1, each named, with how to write them" "[ $rc -eq 1 ] && grep -qxF 'quoth: $tmp/articles/harbour.txt: no expected table $tmp/articles/harbour.expected.tsv (quoth check --articles FOLDER --update writes it from what quoth finds)' '$tmp/art1.err'"
"$quoth" check --rules "$tmp/ed-rules" --articles "$tmp/articles" --update > "$tmp/art2.out" 2> "$tmp/art2.err"; rc=$?
check "--update writes each table from the current output" "[ $rc -eq 0 ] && grep -qxF 'wrote $tmp/articles/harbour.expected.tsv (3 quotes)' '$tmp/art2.out' && grep -qxF 'wrote $tmp/articles/farja.expected.tsv (1 quote)' '$tmp/art2.out'"
check "the table is speaker, tab, quote; ? or (kind) without a speaker" "grep -v '^#' '$tmp/articles/harbour.expected.tsv' | diff - <(printf 'speaker\tquote\nLena Holt\tWe will open the bridge in May,\nLena Holt\tThe ferry will run all winter,\n(scare)\ta small miracle\n') && grep -qxF \$'Trafikverket\tFärjan går som vanligt' '$tmp/articles/farja.expected.tsv'"
"$quoth" check --rules "$tmp/ed-rules" --articles "$tmp/articles" > "$tmp/art3.out" 2> "$tmp/art3.err"; rc=$?
check "--articles: every article as expected, exit 0" "[ $rc -eq 0 ] && grep -qxF '$tmp/articles/harbour.txt: ok (3 quotes)' '$tmp/art3.out' && [ \"\$(tail -1 '$tmp/art3.out')\" = ok ] && [ ! -s '$tmp/art3.err' ]"
# The editor expects another speaker for one quote, a quote quoth misses, and not the scare quote.
printf 'speaker\tquote\nLena Holt\tWe will open the bridge in May,\nOla Berg\tThe ferry will run all winter,\nLena Holt\tWe have the money.\n' > "$tmp/articles/harbour.expected.tsv"
"$quoth" check --rules "$tmp/ed-rules" --articles "$tmp/articles" > "$tmp/art4.out" 2> "$tmp/art4.err"; rc=$?
cat > "$tmp/art4.want" <<WANT
quoth: $tmp/articles/harbour.txt: 3 differences from $tmp/articles/harbour.expected.tsv
  $tmp/articles/harbour.txt:3: wrong speaker for "The ferry will run all winter,": found Lena Holt, expected Ola Berg ($tmp/articles/harbour.expected.tsv:3)
  $tmp/articles/harbour.expected.tsv:4: missing quote "We have the money." (speaker Lena Holt)
  $tmp/articles/harbour.txt:5: extra quote "a small miracle" (scare)
quoth: 1 of 2 articles do not match their expected tables; where quoth's output is now what you want, --update rewrites the tables
WANT
check "--articles: a clear diff per article (wrong speaker, missing quote, extra quote), exit 1" "[ $rc -eq 1 ] && diff '$tmp/art4.want' '$tmp/art4.err' && grep -qxF '$tmp/articles/farja.txt: ok (1 quote)' '$tmp/art4.out' && ! grep -qx ok '$tmp/art4.out'"
printf 'Lena Holt  We will open the bridge in May,\n' > "$tmp/articles/harbour.expected.tsv"
"$quoth" check --rules "$tmp/ed-rules" --articles "$tmp/articles" > /dev/null 2> "$tmp/art5.err"; rc=$?
check "--articles: a table line without a tab is named by FILE:LINE" "[ $rc -eq 1 ] && grep -qF 'quoth: $tmp/articles/harbour.expected.tsv:1: expected the speaker, a tab, then the quote' '$tmp/art5.err'"
"$quoth" check --articles "$tmp/articles/harbour.txt" > /dev/null 2> "$tmp/art6.err"; rc1=$?
"$quoth" check --update > /dev/null 2> "$tmp/art7.err"; rc2=$?
check "--articles takes a folder; --update needs --articles" "[ $rc1 -eq 1 ] && grep -q 'is not a folder (--articles takes a folder of \*.txt articles)' '$tmp/art6.err' && [ $rc2 -eq 2 ] && grep -q -- '--update writes the expected tables of --articles FOLDER' '$tmp/art7.err'"

# A quote over two paragraphs, with a tab and a backslash, and one quote twice: --update writes
# them escaped (\n \t \\), they read back as written, and each copy of a repeated quote counts.
mkdir -p "$tmp/articles2"
printf 'Mayor Lena Holt said: "The ferry will run all winter.\n\n"And the bridge opens in May, back\\slash and\ttab."\n\nShe added: "Twice."\n\nShe added: "Twice."\n' > "$tmp/articles2/multi.txt"
"$quoth" check --articles "$tmp/articles2" --update > /dev/null 2>&1
"$quoth" check --articles "$tmp/articles2" > "$tmp/multi.out" 2> "$tmp/multi.err"; rc=$?
check "--update then check: escaped cells read back as written" "[ $rc -eq 0 ] && grep -qxF 'Lena Holt	The ferry will run all winter.\n\n\"And the bridge opens in May, back\\\\slash and\ttab.' '$tmp/articles2/multi.expected.tsv' && grep -qxF '$tmp/articles2/multi.txt: ok (3 quotes)' '$tmp/multi.out'"
grep -v 'Twice' "$tmp/articles2/multi.expected.tsv" > "$tmp/t.tsv"; printf 'Lena Holt\tTwice.\n' >> "$tmp/t.tsv"; mv "$tmp/t.tsv" "$tmp/articles2/multi.expected.tsv"
"$quoth" check --articles "$tmp/articles2" > /dev/null 2> "$tmp/multi2.err"; rc=$?
check "a quote found twice but expected once: the second is extra" "[ $rc -eq 1 ] && grep -qxF '  $tmp/articles2/multi.txt:7: extra quote \"Twice.\" (speaker Lena Holt)' '$tmp/multi2.err' && [ \$(grep -c '^  ' '$tmp/multi2.err') -eq 1 ]"

# Links in a folder that lead nowhere (dangling, looping) are documents that cannot be read:
# named on stderr, the rest of the batch read, exit 1 (never skipped in silence).
mkdir -p "$tmp/links"
cp "$tmp/good.txt" "$tmp/links/a.txt"
ln -s "$tmp/links/nowhere.txt" "$tmp/links/b.txt"
ln -s "$tmp/links/c.txt" "$tmp/links/c.txt"
"$quoth" extract --format jsonl --no-link "$tmp/links" > "$tmp/links.out" 2> "$tmp/links.err"; rc=$?
check "dangling and looping *.txt links are reported, the good file read" "[ $rc -eq 1 ] && grep -q 'links/b.txt: cannot open: No such file or directory' '$tmp/links.err' && grep -q 'links/c.txt: cannot open: Too many levels of symbolic links' '$tmp/links.err' && grep -q 'Lena Holt' '$tmp/links.out'"

# A document over the size limit is refused from its size, before it is read.
truncate -s 600M "$tmp/huge.txt"
"$quoth" extract --format jsonl --no-link "$tmp/huge.txt" "$tmp/good.txt" > "$tmp/huge.out" 2> "$tmp/huge.err"; rc=$?
check "a 600 MB document is refused unread, the next one read" "[ $rc -eq 1 ] && grep -q 'huge.txt: document of 629145600 bytes exceeds the limit of 536870912 (not read)' '$tmp/huge.err' && grep -q 'Lena Holt' '$tmp/huge.out'"
rm -f "$tmp/huge.txt"

# Standard input is one document: given twice, the second is an error, not an empty document.
"$quoth" extract --format jsonl --no-link - - < "$tmp/good.txt" > "$tmp/twice.out" 2> "$tmp/twice.err"; rc=$?
check "'- -' reads standard input once and says so" "[ $rc -eq 1 ] && [ \$(grep -c '\"quotes\"' '$tmp/twice.out') -eq 1 ] && grep -q -- '-: standard input is already read as an earlier document of this batch' '$tmp/twice.err'"

fi

exit $fail
