#!/usr/bin/env bash
# Fuzzes quoth with libFuzzer under ASan+UBSan: tools/scripts/fuzz.sh [SECONDS_PER_HARNESS] [HARNESS...]
# Harnesses: extract_fuzz (Engine::Extract with option combinations, Linker::Link, every writer,
# offsets checked), rules_fuzz (an editor's YAML pack: load, check, extract) and cli_fuzz (the
# CLI's main with fuzzed argument lists; exit codes 0-2 only). Seeds come from
# samples/ and rules/; inputs up to 1 MB, and an input slower than 60 s counts as a finding
# (libFuzzer's slow-unit report at the same bound: a 1 MB document takes about 3 s under ASan; a CLI run over the samples, which compiles every
# rule pack first, 15-40 s on a busy 2-core host; a quadratic path takes minutes).
# Findings are left in build-fuzz/findings/; the exit status is libFuzzer's (0: none found).
# CI runs a short pass; the long run (issue 30: an hour per harness) is `tools/scripts/fuzz.sh 3600`.
# A harness binary copied elsewhere finds the built-in packs only with QUOTH_DATA_DIR set to an
# installed share/quoth (without it extract_fuzz and cli_fuzz read nothing but the error).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-60}; shift || true
# FUZZ_TIMEOUT: seconds an input may take before it counts as a finding (default 60; a long run
# sharing a loaded host needs more: cli_fuzz compiles every rule pack per input, 2 s in a release
# build, 86 s under ASan at load average 10).
timeout=${FUZZ_TIMEOUT:-60}
harnesses=("$@"); [ ${#harnesses[@]} -gt 0 ] || harnesses=(extract_fuzz rules_fuzz cli_fuzz)
"$root/tools/scripts/install-deps.sh"
if ! command -v clang++ >/dev/null; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang >/dev/null
fi
build=${FUZZ_BUILD:-$root/build-fuzz}
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUOTH_FUZZ=ON \
  -DQUOTH_BUILD_TESTS=OFF -DQUOTH_BUILD_TOOLS=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${harnesses[@]}" >/dev/null
mkdir -p "$build/findings"
status=0
for h in "${harnesses[@]}"; do
  corpus="$build/corpus/$h"; mkdir -p "$corpus"
  if [ "$h" = extract_fuzz ]; then
    # The first byte of an input picks the options; a 0x1E byte splits it into two documents.
    for f in "$root"/samples/*.txt; do { printf '\xff'; cat "$f"; } > "$corpus/seed-$(basename "$f")"; done
    # And one document of about 1 MB (the samples over and over, two documents), so that what
    # is slow only in long documents shows up as a timeout.
    { printf '\xff'; for _ in $(seq 60); do cat "$root"/samples/*.txt; done; printf '\x1e'
      for _ in $(seq 60); do cat "$root"/samples/*.txt; done; } | head -c 1048576 > "$corpus/seed-long" || true  # head ends the pipe early
    # And one line of about 200 KB (the samples run together): long paragraphs cut into tiny
    # segments, whose quotes must be the whole reading's (the harness checks it).
    { printf '\xff'; for _ in $(seq 12); do cat "$root"/samples/*.txt; done | tr '\n' ' '; printf '\x40'; } > "$corpus/seed-one-line"
  elif [ "$h" = cli_fuzz ]; then
    # Argument lists, NUL-separated, as users type them.
    printf 'extract\0--format\0json\0%s' "$root/samples" > "$corpus/seed-extract"
    printf 'extract\0--width\0-5\0--by\0speaker\0%s' "$root/samples" > "$corpus/seed-width"
    printf 'check\0--rules\0%s' "$root/tests/rules/packs/good_layer" > "$corpus/seed-check"
    printf 'extract\0--log-level\0debug\0--no-link\0--format\0tsv\0-' > "$corpus/seed-stdin"
    printf 'extrat\0--explain' > "$corpus/seed-unknown"
  else
    while IFS= read -r f; do
      cp "$f" "$corpus/seed-$(echo "$f" | md5sum | cut -c1-8).yaml"
    done < <(find "$root/rules" "$root/tests/rules/packs" -name '*.yaml' -type f | sort)
    # Anchors and aliases: a pattern's examples shared by alias (loads), and aliases of aliases
    # ("billion laughs", 8 levels of ten) in a note (refused at once: written out, 10^8 copies).
    { printf 'language: en\nverbs: [said, told]\nquote_marks: [{open: "\\"", close: "\\"", family: double}]\npatterns:\n'
      printf '  - id: en.after.a\n    position: after\n    pattern: "^,? {VERB} {SPEAKER}"\n'
      printf '    examples: &shared\n      - text: "\\"Yes,\\" said Anna Berg."\n        speaker: Anna Berg\n'
      printf '  - id: en.after.b\n    position: after\n    pattern: "^,? {SPEAKER} {VERB}"\n    examples: *shared\n'
    } > "$corpus/seed-aliases.yaml"
    { printf 'language: en\npatterns:\n  - id: en.after.lol\n    position: after\n    pattern: "^, said (?P<speaker>\\\\w+)"\n'
      printf '    note:\n      - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n'
      for l in 1 2 3 4 5 6 7; do printf '      - &l%d [' "$l"; for k in 1 2 3 4 5 6 7 8 9; do printf '*l%d, ' $((l - 1)); done; printf '*l%d]\n' $((l - 1)); done
    } > "$corpus/seed-laughs.yaml"
    # Many patterns: 1,200 small ones, past max_patterns (1000), each a different verb.
    { printf 'language: en\nverbs: [said]\npatterns:\n'
      for i in $(seq 1200); do printf '  - id: en.after.many-%d\n    position: after\n    pattern: "^, said%d (?P<speaker>\\\\w+)"\n' "$i" "$i"; done
    } > "$corpus/seed-many-patterns.yaml"
  fi
  echo "== $h: $seconds s"
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/tests/fuzz/$h" "$corpus" -max_total_time="$seconds" -max_len=1048576 -timeout="$timeout" -report_slow_units="$timeout" -rss_limit_mb=4096 \
    -artifact_prefix="$build/findings/$h-" -print_final_stats=1 > "$build/$h.log" 2>&1 || true
  grep -E "^#[0-9]+ +(DONE|INITED)|stat::number_of_executed_units|ERROR|SUMMARY|Test unit written" "$build/$h.log" | tail -6
  [ -z "$(ls "$build/findings" | grep "^$h-" || true)" ] || status=1
done
exit $status
