#!/usr/bin/env bash
# Installs what is missing, builds quoth (Release) and prints the speaker–quote table for samples/.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/tools/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DQUOTH_BUILD_TESTS=OFF >/dev/null
cmake --build "$root/build" -j"$(nproc)" --target quoth_cli >/dev/null
"$root/build/quoth" extract "$root"/samples/*.txt
