#!/usr/bin/env bash
# Builds quoth and its tests with AddressSanitizer and UndefinedBehaviorSanitizer (gcc) in
# build-asan/ and runs the whole test suite there: tools/scripts/sanitize.sh [CTEST_ARGS...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${SANITIZE_BUILD:-$root/build-asan}
"$root/tools/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUOTH_BUILD_TESTS=ON -DQUOTH_SANITIZE=ON >/dev/null
cmake --build "$build" -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
