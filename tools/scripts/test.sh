#!/usr/bin/env bash
# Installs what is missing, builds quoth with its tests and runs them all (unit, golden,
# bad input, CLI, installed-package consumer). Tests that read ../shared skip when it is absent.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/tools/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DQUOTH_BUILD_TESTS=ON >/dev/null
cmake --build "$root/build" -j"$(nproc)"
"$root/build/quoth" check
ctest --test-dir "$root/build" --output-on-failure -j"$(nproc)"
