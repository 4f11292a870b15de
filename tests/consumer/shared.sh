#!/usr/bin/env bash
# The shared-library package: configures and builds a second quoth with -DBUILD_SHARED_LIBS=ON
# (the library and the CLI only, without optimisation to keep CI short: this checks packaging,
# not speed), then runs check.sh on it. Usage: shared.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$1; dir=$2
cmake -S "$src" -B "$dir" -DBUILD_SHARED_LIBS=ON -DQUOTH_BUILD_TESTS=OFF -DQUOTH_BUILD_TOOLS=ON \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DQUOTH_PYTHON=OFF >/dev/null
cmake --build "$dir" --target quoth quoth_cli -j2 >/dev/null
exec "$(dirname "$0")/check.sh" "$src" "$dir" shared
