#!/usr/bin/env bash
# The installed package as a newsroom tool meets it: installs the built project into a scratch
# prefix, MOVES that prefix elsewhere, and builds tests/consumer (C++17) against the moved copy
# with CMake (find_package) and with pkg-config (no --static, no --define-variable). Then runs
# the consumers and the installed CLI from a folder outside the trees, with the source and build
# folders hidden (a private mount namespace with empty folders over them, when unshare allows;
# otherwise they stay in place and the checks below still require every path to be the prefix's),
# and requires the rules, the name tables and the word tables (sv-en, de-en) to come from the
# moved prefix: for programs installed beside quoth and for programs built outside the prefix
# (CMake and pkg-config alike; check.sh runs for the static package, shared.sh for the shared).
#
# Usage: check.sh SOURCE_DIR BUILD_DIR [static|shared]
set -euo pipefail
src=$(cd "$1" && pwd -P); build=$(cd "$2" && pwd -P); kind=${3:-static}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
work=$(cd "$work" && pwd -P)
unset QUOTH_RULES_DIR QUOTH_LEXICON QUOTH_TABLES_DIR QUOTH_DATA_DIR
fail() { echo "consumer ($kind): $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/staging" >/dev/null
mkdir -p "$work/moved"
mv "$work/staging" "$work/moved/quoth"   # the prefix the package was installed to is gone
prefix=$work/moved/quoth
pcdir=$(dirname "$(find "$prefix" -name quoth.pc | head -n 1)")
[[ -f $pcdir/quoth.pc ]] || fail "no quoth.pc installed"
libdir=$(dirname "$(find "$prefix" -name 'libquoth.*' | head -n 1)")
if [[ $kind == shared ]]; then
  [[ -f $libdir/libquoth.so.0 ]] || fail "no libquoth.so.0 (SONAME) in $libdir"
  readelf -d "$libdir/libquoth.so" | grep -q 'SONAME.*\[libquoth\.so\.0\]' || fail "libquoth.so has no SONAME libquoth.so.0"
  # Only the public API is exported: no quoth::detail symbol, and the API is there.
  exported=$(nm -DC --defined-only "$libdir/libquoth.so")
  if grep -E ' quoth::detail::' <<<"$exported" >&2; then fail "libquoth.so exports quoth::detail symbols"; fi
  grep -q 'quoth::RuleSet::Load' <<<"$exported" || fail "libquoth.so does not export quoth::RuleSet::Load"
  [[ ! -e $libdir/libquoth.a ]] || fail "a shared build installed libquoth.a"
else
  [[ -f $libdir/libquoth.a ]] || fail "no libquoth.a in $libdir"
fi

# CMake: find_package(quoth) from the moved prefix; the consumer is C++17 and also compiles
# every public header on its own with -Wall -Wextra -Werror -pedantic.
# A sanitizer build of quoth passes its flags on (QUOTH_CONSUMER_FLAGS): an instrumented static
# libquoth links only into instrumented programs.
extra=${QUOTH_CONSUMER_FLAGS:-}
cmake -S "$src/tests/consumer" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" >/dev/null
cmake --build "$work/cmake-build" -j2 >/dev/null
grep -q -- '-std=c++17' "$work/cmake-build/CMakeFiles/consumer.dir/flags.make" || fail "the CMake consumer is not built as C++17"
# spdlog is quoth's own business: none of its (or fmt's) defines or headers reach a consumer.
if grep -iE 'spdlog|fmt' "$work/cmake-build/CMakeFiles/consumer.dir/flags.make" >&2; then fail "the CMake package leaks spdlog/fmt into consumers"; fi
cmake --install "$work/cmake-build" --prefix "$prefix" >/dev/null   # a tool installed beside quoth

# pkg-config: the .pc file finds its prefix from where it is; plain --libs must link.
export PKG_CONFIG_PATH=$pcdir
[[ $(pkg-config --variable=prefix quoth | xargs realpath) == "$prefix" ]] || fail "quoth.pc prefix is $(pkg-config --variable=prefix quoth), not $prefix"
cflags=$(pkg-config --cflags quoth)
if grep -iE 'spdlog|fmt' <<<"$cflags" >&2; then fail "pkg-config --cflags quoth leaks spdlog/fmt: $cflags"; fi
pkg-config --modversion quoth >/dev/null
for language in English Swedish German; do
  grep -q "^Description:.*$language" "$pcdir/quoth.pc" || fail "quoth.pc's description does not name $language"
done
# Plain --cflags and --libs, nothing added (a shared libquoth is found by the .pc's rpath), into
# a folder outside the prefix.
mkdir -p "$work/outside"
# shellcheck disable=SC2046
# shellcheck disable=SC2086
g++ -std=c++17 -Wall -Wextra -Werror $extra "$src/tests/consumer/main.cc" -o "$work/outside/consumer-pc" \
  $cflags $(pkg-config --libs quoth)
cp "$work/outside/consumer-pc" "$prefix/bin/consumer-pc"

# The README's C++ example, built as its first line says (pkg-config), run in run_checks.
"$src/tools/scripts/readme_samples.sh" --print-example >"$work/who_said.cc"
# shellcheck disable=SC2046
# shellcheck disable=SC2086
g++ -std=c++17 -Wall -Wextra -Werror $extra "$work/who_said.cc" -o "$prefix/bin/who_said" \
  $(pkg-config --cflags quoth) $(pkg-config --libs quoth) "${rpath[@]}"

# Articles and the expected CLI output, made while the trees are in reach.
mkdir -p "$work/articles" "$work/cwd"
cp "$src"/samples/*.txt "$work/articles/"
"$build/quoth" extract --format json "$work"/articles/*.txt >"$work/expected.json" 2>/dev/null

run_checks() {
  cd "$work/cwd"
  local lexicon=$prefix/share/quoth/lexicon/sv-en.tsv
  # Installed beside quoth, and built elsewhere (outside the prefix: the static library finds
  # the data by the package's QUOTH_PACKAGE_DATA_DIR, the shared one from its own place).
  local programs=("$prefix/bin/consumer" "$prefix/bin/consumer-pc" "$work/cmake-build/consumer" "$work/outside/consumer-pc")
  for program in "${programs[@]}"; do
    out=$("$program" 2>&1) || fail "$program failed: $out"
    grep -qx "data: $prefix/share/quoth" <<<"$out" || fail "$program: data directory not the moved prefix's: $out"
    grep -qx "rules: $prefix/share/quoth/rules" <<<"$out" || fail "$program: rules not from the moved prefix: $out"
    ! grep -q '^rules-warning' <<<"$out" || fail "$program: the rules (or their tables) warn: $out"
    grep -qx "lexicon: $lexicon" <<<"$out" || fail "$program: lexicon not from the moved prefix: $out"
    if [[ -s $lexicon ]]; then
      grep -q '^lexicon-words: [1-9]' <<<"$out" || fail "$program: the installed lexicon was not loaded: $out"
      ! grep -q '^linker-warning' <<<"$out" || fail "$program: $out"
    fi
    grep -qx ok <<<"$out" || fail "$program: $out"
  done
  # The environment variables win.
  mkdir -p "$work/other"
  cp -r "$prefix/share/quoth/rules" "$work/other/rules"
  ! out=$(QUOTH_RULES_DIR=$work/other/rules QUOTH_LEXICON=$work/other/none.tsv "$work/outside/consumer-pc" 2>&1) ||
    fail "a missing lexicon is not an error: $out"
  grep -qx "rules: $work/other/rules" <<<"$out" || fail "QUOTH_RULES_DIR ignored: $out"
  grep -q "$work/other/none.tsv: no [A-Za-z]*-English lexicon in the folder $work/other (from \$QUOTH_LEXICON)" <<<"$out" ||
    fail "QUOTH_LEXICON ignored: $out"
  # $QUOTH_DATA_DIR names one folder for everything; a table missing there is an error naming it.
  ! out=$(QUOTH_DATA_DIR=$work/other "$work/outside/consumer-pc" 2>&1) || fail "a data directory without tables loads: $out"
  grep -qx "data: $work/other" <<<"$out" || fail "QUOTH_DATA_DIR ignored: $out"
  grep -q "no words table '.*' in the tables folder $work/other/tables (from \$QUOTH_DATA_DIR), nor beside the pack ([^)]*); set RuleOptions::data_directory or \$QUOTH_DATA_DIR" <<<"$out" ||
    fail "a missing table is not an error naming the folder and the variable: $out"
  # The installed CLI: its own rules, and the same output as the build tree's.
  "$prefix/bin/quoth" check >/dev/null || fail "installed quoth check failed"
  "$prefix/bin/quoth" extract --format json "$work"/articles/*.txt >"$work/installed.json" 2>"$work/installed.err" ||
    fail "installed quoth extract failed: $(cat "$work/installed.err")"
  cmp -s "$work/expected.json" "$work/installed.json" || fail "the installed CLI's output differs from the build tree's"
  # The README's example: each quote's speaker and text, then each cluster, as the CLI finds them.
  "$prefix/bin/who_said" "$work"/articles/*.txt >"$work/who_said.out" 2>"$work/who_said.err" ||
    fail "the README's example failed: $(cat "$work/who_said.err")"
  /usr/bin/python3 - "$work/expected.json" "$work/who_said.out" <<'PY' || fail "the README's example printed otherwise than the CLI finds"
import json, sys
cli = json.load(open(sys.argv[1], encoding="utf-8"))
def label(q):
    if q["speaker"]: return q["speaker"]["name"]
    return "?" if q["kind"] in ("direct", "partial", "dialogue") else "(" + q["kind"] + ")"
expected = "".join(f"{label(q)}: {q['text']}\n" for d in cli["documents"] for q in d["quotes"])
expected += "".join(f"{c['id']}: {c['representative']}\n" for c in cli["clusters"])
got = open(sys.argv[2], encoding="utf-8").read()
if got != expected or not cli["clusters"]:
    sys.exit(f"expected:\n{expected}\ngot:\n{got}")
PY
  # The installed Python module, when it was built: its own prefix's data, the CLI's output.
  local package
  package=$(find "$prefix" -path '*-packages/quoth/__init__.py' | head -n 1)
  if [[ -n $package ]]; then
    PYTHONPATH=$(dirname "$(dirname "$package")") /usr/bin/python3 - "$work" "$prefix" "$work"/articles/*.txt <<'PY' ||
import io, os, sys
import quoth, quoth.dask
work, prefix, files = sys.argv[1], sys.argv[2], sys.argv[3:]
data = quoth._quoth.default_data_directory()
assert data == prefix + "/share/quoth", f"data not from the moved prefix: {data}"
assert not os.environ.get("QUOTH_RULES_DIR") and not os.environ.get("QUOTH_DATA_DIR"), "the module set variables"
docs = quoth.Engine().extract_many([(p, open(p, "rb").read()) for p in files], number_from=0)
out = io.StringIO()
quoth.dask.write(docs, quoth.link(docs), out)
with open(work + "/expected.json", encoding="utf-8") as f:
    assert out.getvalue() == f.read(), "the installed module's output differs from the CLI's"
PY
      fail "the installed Python module failed"
  fi
}

# Hide the source and build folders where a private mount namespace is to be had.
if unshare -m bash -c 'mount -t tmpfs none "$1"' _ "$src" 2>/dev/null; then
  export work prefix kind src build
  export -f run_checks fail
  # (a build folder inside the source folder is hidden with it)
  unshare -m bash -c 'set -euo pipefail
                      mount -t tmpfs none "$src"; mount -t tmpfs none "$build" 2>/dev/null || true
                      [[ ! -e $src/CMakeLists.txt && ! -e $build/CMakeCache.txt ]] || fail "the trees are still visible"
                      run_checks'
  echo "consumer ($kind): ok (CMake package and pkg-config, moved prefix, source and build folders hidden)"
else
  run_checks
  echo "consumer ($kind): ok (CMake package and pkg-config, moved prefix; source and build folders not hideable here)"
fi
