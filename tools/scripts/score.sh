#!/usr/bin/env bash
# Scores quoth on the shared corpus sets: [BUILD=dir] tools/scripts/score.sh [SET...]
# Prints the scorer's summary line per set; full reports are left in $OUT (default /tmp/quoth-score).
set -uo pipefail
[ -d "$(dirname "$0")/../../../shared/corpus" ] || { echo "score.sh: ../shared/corpus is not here" >&2; exit 0; }
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$here/build}
# A SET of the form a+b+c is one mixed batch: the sets' documents in one run, scored against all
# their golds at once (links between sets count as wrong). `all` = every gold set and two batches.
sets=("$@"); [ ${#sets[@]} -gt 0 ] || sets=(seeds en-news sv-news ntrex-dev)
if [ "${sets[*]}" = all ]; then
  sets=(seeds en-news en-news-train sv-news sv-rewrites-dev ntrex-dev ntrex-dev-outlets ntrex-de-dev
        seeds+ntrex-dev+sv-news+en-news sv-rewrites-dev+en-news-train+sv-news seeds+ntrex-de-dev+en-news)
fi
shared=$here/../shared
out=${OUT:-/tmp/quoth-score}; mkdir -p "$out"
for s in "${sets[@]}"; do
  IFS=+ read -ra parts <<<"$s"
  files=(); golds=()
  for p in "${parts[@]}"; do files+=("$shared/corpus/$p"/*.txt); golds+=("$shared/corpus/$p/gold.json"); done
  # The NTREX and rewrite sets share English files: a batch takes each basename once.
  mapfile -t files < <(printf '%s\n' "${files[@]}" | awk -F/ '!seen[$NF]++')
  "$build/quoth" extract --format json "${files[@]}" > "$out/$s.json" 2> "$out/$s.err" || true
  if ! python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$out/$s.json" 2>/dev/null; then
    echo "$s: quoth gave no JSON: $(head -c 300 "$out/$s.err")"; continue
  fi
  python3 "$shared/eval/score.py" "${golds[@]}" "$out/$s.json" > "$out/$s.score.json"
  python3 "$shared/eval/score.py" "${golds[@]}" "$out/$s.json" --verbose > "$out/$s.verbose.json"
  python3 - "$s" "$out/$s.score.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[2])); d = r["detection"]; a = r["attribution"]; l = r["links"]
print(f"{sys.argv[1]:15} det P {d['p']:.3f} R {d['r']:.3f} F1 {d['f1']:.3f} exact {d['exact_boundaries']:.3f} | "
      f"attr {a['accuracy']:.3f} ({a['correct']}/{a['of_matched']}, opt-wrong {a['optional_wrong']}) | e2e {r['end_to_end_f1']:.3f} | "
      f"links P {l['p']:.3f} R {l['r']:.3f} F1 {l['f1']:.3f} xl-R {l['cross_lingual_recall']:.3f}"
      + (f" cross-set {l['cross_set_pairs']} largest {l['largest_cluster']}" if "+" in sys.argv[1] else ""))
PY
done
