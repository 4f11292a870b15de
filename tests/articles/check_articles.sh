#!/usr/bin/env bash
# Reads a folder of articles with their expected tables (`quoth check --articles`) and fails when
# more quotes differ from the tables than the folder's known count (its KNOWN_DIFFERENCES file):
# the tables say what quoth should find, not what it finds now, so a few known differences are
# allowed and any new one fails. When quoth gets better, lower the count.
#   check_articles.sh QUOTH DIR
set -euo pipefail
quoth=$1
dir=$2
known=$(grep -v '^#' "$dir/KNOWN_DIFFERENCES" | head -1)
out=$("$quoth" check --articles "$dir" 2>&1 || true)
differences=$(grep -c '^  ' <<<"$out" || true)
articles=$(ls "$dir"/*.txt | wc -l)
echo "$dir: $articles articles, $differences differences from the expected tables (known: $known)"
if [ "$differences" -gt "$known" ]; then
  echo "$out"
  echo "FAIL: more differences than the $known known ones" >&2
  exit 1
fi
if ! grep -q ': ok\|differences from' <<<"$out"; then
  echo "$out"
  echo "FAIL: quoth check did not read the articles" >&2
  exit 1
fi
