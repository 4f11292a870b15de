#!/usr/bin/env bash
# A language quoth was not built with, added as an editor would (issue 29): a copy of the pack
# folder tests/cli/new_language/fr (language.yaml, attribution.yaml), its tables built by
# `quoth tables build --rules DIR fr`, and nothing else: no C++ or CMake edit, no rebuild.
# Requires: no 'unknown language code' warning (language.yaml declares fr), a missing table is
# an error that says how to build it, and once built the pack's own translation table is read
# and a French quote links to its English original.
# Usage: new_language.sh QUOTH_BINARY SOURCE_DIR
set -uo pipefail
quoth=$1; src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; fail=1; fi; }
cp -r "$src/tests/cli/new_language" "$tmp/rules"
articles=$tmp/articles; mkdir -p "$articles"
mv "$tmp/rules"/*.txt "$articles/"

"$quoth" check --rules "$tmp/rules" > "$tmp/check.out" 2> "$tmp/check.err"; rc=$?
check "the new pack checks (its example passes)" "[ $rc -eq 0 ]"
check "fr is known: a language.yaml declares it" "! grep -q 'unknown language' '$tmp/check.err'"
check "quoth check lists fr" "grep -q '^fr: 2 files' '$tmp/check.out'"

# Before its table is built: linking says which table is missing, where, and how to build it.
"$quoth" extract --rules "$tmp/rules" --format json "$articles/fr-ferry.txt" > /dev/null 2> "$tmp/before.err"; rc=$?
check "without its table, extract (which links) fails" "[ $rc -ne 0 ]"
check "the error names the French-English table" "grep -q 'no French-English lexicon' '$tmp/before.err'"

"$quoth" tables build --rules "$tmp/rules" fr > "$tmp/build.out" 2> "$tmp/build.err"; rc=$?
check "quoth tables build exits 0" "[ $rc -eq 0 ]"
check "it writes the pack's own translation table" "[ -f '$tmp/rules/lexicon/fr-en.tsv' ]"
if [[ -s /usr/share/dictd/freedict-fra-eng.index ]]; then
  check "the table has words (dict-freedict-fra-eng is installed)" "grep -q \$'^pont\t.*bridge' '$tmp/rules/lexicon/fr-en.tsv'"
fi

"$quoth" extract --rules "$tmp/rules" --format json "$articles/fr-ferry.txt" "$articles/en-ferry.txt" > "$tmp/out.json" 2> "$tmp/out.err"; rc=$?
check "extract with the built table exits 0" "[ $rc -eq 0 ]"
check "no warning at all" "[ ! -s '$tmp/out.err' ] || { cat '$tmp/out.err'; false; }"
check "the French document is read as French, its quote and speaker found" "python3 -c \"
import json; d = json.load(open('$tmp/out.json'))
fr = [x for x in d['documents'] if x['id'].endswith('fr-ferry.txt')][0]
assert fr['lang'] == 'fr', fr['lang']
assert fr['quotes'][0]['speaker']['name'] == 'Lena Holt', fr['quotes'][0]
\""
check "the French quote links to its English original" "python3 -c \"
import json; d = json.load(open('$tmp/out.json'))
assert len(d['clusters']) == 1 and len(d['clusters'][0]['quotes']) == 2, d['clusters']
\""
# By the built table's words, not only by the speaker's name both articles share.
"$quoth" extract --rules "$tmp/rules" --format json --explain "$articles/fr-ferry.txt" "$articles/en-ferry.txt" > "$tmp/explain.json" 2> /dev/null
check "the link's evidence is words the French table translated (pont~bridge)" "python3 -c \"
import json; d = json.load(open('$tmp/explain.json'))
evidence = [e for c in d['clusters'] for l in c['links'] for e in l['evidence']]
assert any(e.startswith('translated words:') and 'pont~bridge' in e for e in evidence), evidence
\""
[[ $fail -eq 0 ]] && echo "new language: ok" || echo "new language: FAILED"
exit $fail
