#!/bin/bash
# Is a change's output byte-identical? Runs two quoth binaries on every corpus set (when
# ../shared/corpus exists), the mixed batches and the samples, in json --explain, jsonl --explain,
# csv and table, and names every run whose bytes differ.
#
#   tools/scripts/same_output.sh BASE_QUOTH NEW_QUOTH [SET...]
#
# Exit status 1 when anything differs. Used to prove refactors change nothing.
set -u
base=$1; new=$2; shift 2
here=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$here/../shared/corpus
sets=("$@")
[ ${#sets[@]} -eq 0 ] && sets=(seeds en-news sv-news ntrex-dev ntrex-dev-outlets sv-rewrites-dev ntrex-de-dev sv-fiction)
differ=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
same() {  # label, then the arguments after "extract"
  local label=$1; shift
  "$base" extract "$@" > "$tmp/base" 2> "$tmp/base.err"
  "$new" extract "$@" > "$tmp/new" 2> "$tmp/new.err"
  # Two empty outputs are not "the same": a binary that cannot find its rules prints nothing.
  if [ ! -s "$tmp/base" ] || [ ! -s "$tmp/new" ]; then
    echo "no output: $label ($(head -c 200 "$tmp/base.err" "$tmp/new.err" | tr '\n' ' '))"; differ=1
  elif ! cmp -s "$tmp/base" "$tmp/new"; then
    echo "differs: $label"; differ=1
  fi
}
run_modes() {
  local label=$1; shift
  same "$label json --explain" --format json --explain "$@"
  same "$label jsonl --no-link --explain" --format jsonl --no-link --explain "$@"
  same "$label csv --no-link" --format csv --no-link "$@"
  same "$label table" --format table "$@"
}
run_modes samples "$here"/samples/*.txt
if [ -d "$corpus" ]; then
  for s in "${sets[@]}"; do run_modes "$s" "$corpus/$s"/*.txt; done
  run_modes "mixed (outlets)" "$corpus"/{seeds,ntrex-dev-outlets,en-news,sv-news}/*.txt
  run_modes "mixed (german)" "$corpus"/{seeds,ntrex-de-dev,en-news,sv-news}/*.txt
else
  echo "no ../shared/corpus: compared the samples only"
fi
[ $differ -eq 0 ] && echo "same output"
exit $differ
