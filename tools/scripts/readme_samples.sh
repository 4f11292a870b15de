#!/usr/bin/env bash
# The sample output shown in README.md, generated so that it never goes stale.
#
#   tools/scripts/readme_samples.sh                  rewrite README.md's sample blocks from what build/quoth prints
#   tools/scripts/readme_samples.sh --check          compare instead: exit 1 with a diff when they differ; also
#                                                    compile README.md's C++ example against include/quoth/,
#                                                    and check that .ci/run runs the README's test command
#   tools/scripts/readme_samples.sh --print-example  print README.md's C++ example (tests/consumer builds it)
#   options: --quoth PATH (default build/quoth), --cxx COMPILER (default $CXX or c++), --readme FILE
#
# A sample block sits between `<!-- readme-sample: NAME -->` and `<!-- /readme-sample -->`; it is
# a ```text block holding the command as the README shows it ("$ build/quoth ...") and then what
# quoth prints to standard output, run from the project's root (so file names read samples/...)
# and into a pipe (so the table is 110 columns wide). A block may be an excerpt: each piece
# between lines `…` is a run of consecutive lines of the output, in order, chosen below.
# The C++ example is the ```cpp block between `<!-- readme-example: library -->` and
# `<!-- /readme-example -->`. CTest runs `--check` as the test readme_samples.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=write
quoth=$root/build/quoth
cxx=${CXX:-c++}
readme=$root/README.md
while [ $# -gt 0 ]; do
  case $1 in
    --check) mode=check ;;
    --print-example) mode=example ;;
    --quoth) quoth=$2; shift ;;
    --cxx) cxx=$2; shift ;;
    --readme) readme=$2; shift ;;
    *) echo "readme_samples.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

example() {  # the C++ example, as the README has it
  python3 - "$readme" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
found = re.search(r"<!-- readme-example: library -->\n```cpp\n(.*?)```\n<!-- /readme-example -->", text, re.S)
if not found:
    sys.exit("readme_samples.sh: README.md has no <!-- readme-example: library --> ```cpp block")
sys.stdout.write(found.group(1))
PY
}
if [ $mode = example ]; then example; exit 0; fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$root"
[ -x "$quoth" ] || { echo "readme_samples.sh: no quoth at $quoth (build it first: cmake --build build)" >&2; exit 2; }

# sample NAME ARGS...: runs `quoth ARGS...` into $tmp/NAME.out, its command line into $tmp/NAME.cmd.
sample() {
  local name=$1; shift
  if ! "$quoth" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    echo "readme_samples.sh: quoth $* failed:" >&2; cat "$tmp/$name.err" >&2; exit 1
  fi
  echo "\$ build/quoth $*" >"$tmp/$name.cmd"
}
# The table of two samples, a German report and its English version (their quotes link).
sample table extract samples/en-ferry-de.txt samples/de-faehre.txt
# The JSON of the same two: its first lines, up to the end of the first quote.
sample json extract --format json samples/en-ferry-de.txt samples/de-faehre.txt

python3 - "$tmp" "$readme" "$mode" <<'PY'
import difflib, os, re, sys
tmp, readme, mode = sys.argv[1:]

def read(name):
    with open(os.path.join(tmp, name), encoding="utf-8") as f:
        return f.read()

def table():
    return read("table.cmd") + read("table.out")

def json_excerpt():
    lines = read("json.out").splitlines(keepends=True)
    first_quote_end = lines.index("    },\n")                # the first quote object closes
    return read("json.cmd") + "".join(lines[:first_quote_end + 1]) + "…\n"

blocks = {"table": table(), "json": json_excerpt()}

with open(readme, encoding="utf-8") as f:
    old = f.read()
new = old
for name, body in blocks.items():
    pattern = re.compile(r"(<!-- readme-sample: %s -->\n)(.*?)(<!-- /readme-sample -->)" % re.escape(name), re.S)
    if not pattern.search(new):
        sys.exit(f"readme_samples.sh: README.md has no <!-- readme-sample: {name} --> block")
    new = pattern.sub(lambda m: m.group(1) + "```text\n" + body + "```\n" + m.group(3), new, count=1)

if mode == "write":
    if new != old:
        with open(readme, "w", encoding="utf-8") as f:
            f.write(new)
        print("readme_samples.sh: README.md's samples rewritten; review the diff (git diff README.md)")
    else:
        print("readme_samples.sh: README.md's samples are up to date")
    sys.exit(0)
if new != old:
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                               "README.md", "README.md as quoth prints it now"))
    print("FAIL: the samples in README.md are not what quoth prints now. If the change in the output is "
          "intended, run tools/scripts/readme_samples.sh to regenerate them, review the diff and commit it.")
    sys.exit(1)
print("ok   README.md's samples are what quoth prints now")
PY

if [ $mode = check ]; then
  # The two commands the README leads with, and CI running the second.
  for command in tools/scripts/samples.sh tools/scripts/test.sh; do
    grep -q "^$command " "$readme" && [ -x "$root/$command" ] ||
      { echo "FAIL: README.md does not lead with $command, or it is not there" >&2; exit 1; }
  done
  grep -qx "tools/scripts/test.sh" "$root/.ci/run" || { echo "FAIL: .ci/run does not run the README's tools/scripts/test.sh" >&2; exit 1; }
  echo "ok   README.md's commands exist, and .ci/run runs its test command"
  example >"$tmp/example.cc"
  if ! "$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$root/include" "$tmp/example.cc" 2>"$tmp/example.err"; then
    echo "FAIL: README.md's C++ example does not compile against include/quoth/ (C++17):" >&2
    cat "$tmp/example.err" >&2
    exit 1
  fi
  echo "ok   README.md's C++ example compiles against include/quoth/ (C++17)"
fi
