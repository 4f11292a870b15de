#!/usr/bin/env bash
# Scores quoth on the shared corpus sets: [BUILD=dir] tools/scripts/score.sh [SET...]
# Prints the scorer's summary line per set; full reports are left in $OUT (default /tmp/quoth-score).
set -uo pipefail
[ -d "$(dirname "$0")/../../../shared/corpus" ] || { echo "score.sh: ../shared/corpus is not here" >&2; exit 0; }
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$here/build}
sets=("$@"); [ ${#sets[@]} -gt 0 ] || sets=(seeds en-news sv-news ntrex-dev)
shared=$here/../shared
out=${OUT:-/tmp/quoth-score}; mkdir -p "$out"
for s in "${sets[@]}"; do
  "$build/quoth" extract --format json "$shared/corpus/$s"/*.txt > "$out/$s.json" 2> "$out/$s.err" || true
  if ! python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$out/$s.json" 2>/dev/null; then
    echo "$s: quoth gave no JSON: $(head -c 300 "$out/$s.err")"; continue
  fi
  python3 "$shared/eval/score.py" "$shared/corpus/$s/gold.json" "$out/$s.json" > "$out/$s.score.json"
  python3 "$shared/eval/score.py" "$shared/corpus/$s/gold.json" "$out/$s.json" --verbose > "$out/$s.verbose.json"
  python3 - "$s" "$out/$s.score.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[2])); d = r["detection"]; a = r["attribution"]; l = r["links"]
print(f"{sys.argv[1]:10} det P {d['p']:.3f} R {d['r']:.3f} F1 {d['f1']:.3f} exact {d['exact_boundaries']:.3f} | "
      f"attr {a['accuracy']:.3f} ({a['correct']}/{a['of_matched']}, opt-wrong {a['optional_wrong']}) | e2e {r['end_to_end_f1']:.3f} | "
      f"links P {l['p']:.3f} R {l['r']:.3f} F1 {l['f1']:.3f} xl-R {l['cross_lingual_recall']:.3f}")
PY
done
