#!/usr/bin/env bash
# Installs the built project into a scratch prefix, then builds and runs tests/consumer against
# it with CMake (find_package) and with pkg-config. Usage: check.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1; build=$2
prefix=$(mktemp -d); trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S "$src/tests/consumer" -B "$prefix/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$prefix/consumer-build" -j2 >/dev/null
# Run against the installed rules only (not the source tree's).
QUOTH_RULES_DIR="$prefix/share/quoth/rules" "$prefix/consumer-build/consumer"
PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig" pkg-config --exists quoth
flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib/x86_64-linux-gnu/pkgconfig" pkg-config --define-variable=prefix="$prefix" --cflags --libs --static quoth)
g++ -std=c++20 "$src/tests/consumer/main.cc" -o "$prefix/consumer-pc" $flags
QUOTH_RULES_DIR="$prefix/share/quoth/rules" "$prefix/consumer-pc" >/dev/null
echo "consumer: ok (CMake package and pkg-config)"
