#!/usr/bin/env bash
# Result<T> is [[nodiscard]]: a program that drops one gets a warning (an error with -Werror),
# in C++17. Usage: nodiscard.sh CXX INCLUDE_DIR
set -euo pipefail
cxx=$1; include=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '#include <quoth/quoth.h>\nvoid f() { quoth::ParseFormat("json"); }\n' >"$tmp/dropped.cc"
printf '#include <quoth/quoth.h>\nbool f() { auto r = quoth::ParseFormat("json"); return r.ok(); }\n' >"$tmp/kept.cc"
"$cxx" -std=c++17 -Wall -Werror -fsyntax-only -I"$include" "$tmp/kept.cc"
if out=$("$cxx" -std=c++17 -Wall -Werror -fsyntax-only -I"$include" "$tmp/dropped.cc" 2>&1); then
  echo "a dropped Result compiled without a warning" >&2; exit 1
fi
grep -qiE 'nodiscard|ignoring return value' <<<"$out" || { echo "$out" >&2; exit 1; }
echo "Result is [[nodiscard]]: ok"
