#!/usr/bin/python3
"""Diffs the Dask runner against the CLI on the same inputs and prints the number of differences.

    tools/scripts/dask_diff.py [--build build] [--workers 2] [--keep DIR] INPUT...

Runs `BUILD/quoth extract --format json INPUT...` and `/usr/bin/python3 -m quoth.dask INPUT...
--workers N` (PYTHONPATH=BUILD/python), then compares them document by document (ids in order),
quote by quote, speaker by speaker and cluster by cluster, and says whether the two outputs are
the same bytes. Exit 0 when nothing differs. --keep DIR keeps cli.json and dask.json there (for
../shared/eval/score.py). `differences(a, b)` is what tests/python/test_dask.py compares with.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def differences(cli, dask):
    """Every difference between two `--format json` objects, one line each."""
    out = []
    a_docs, b_docs = cli["documents"], dask["documents"]
    if [d["id"] for d in a_docs] != [d["id"] for d in b_docs]:
        out.append(f"document ids differ: {len(a_docs)} documents in the CLI's output, {len(b_docs)} in Dask's")
    b_by_id = {d["id"]: d for d in b_docs}
    for a in a_docs:
        b = b_by_id.get(a["id"])
        if b is None:
            out.append(f"{a['id']}: missing")
            continue
        for key in sorted(set(a) | set(b) - {"quotes", "speakers"}):
            if key not in ("quotes", "speakers") and a.get(key) != b.get(key):
                out.append(f"{a['id']}: {key}: {a.get(key)!r} != {b.get(key)!r}")
        for kind in ("quotes", "speakers"):
            if len(a[kind]) != len(b[kind]):
                out.append(f"{a['id']}: {len(a[kind])} {kind} != {len(b[kind])}")
            for x, y in zip(a[kind], b[kind]):
                if x != y:
                    out.append(f"{a['id']}: {kind[:-1]} {x.get('id')}: {json.dumps(x, ensure_ascii=False)} != "
                               f"{json.dumps(y, ensure_ascii=False)}")
    if len(cli["clusters"]) != len(dask["clusters"]):
        out.append(f"{len(cli['clusters'])} clusters != {len(dask['clusters'])}")
    for x, y in zip(cli["clusters"], dask["clusters"]):
        if x != y:
            out.append(f"cluster {x['id']}: {json.dumps(x, ensure_ascii=False)} != {json.dumps(y, ensure_ascii=False)}")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "..", "build"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", metavar="DIR")
    args = parser.parse_args()
    folder = args.keep or tempfile.mkdtemp(prefix="quoth-dask-diff-")
    os.makedirs(folder, exist_ok=True)
    cli_path, dask_path = os.path.join(folder, "cli.json"), os.path.join(folder, "dask.json")
    started = time.monotonic()
    with open(cli_path, "wb") as out:
        cli_status = subprocess.run([os.path.join(args.build, "quoth"), "extract", "--format", "json", *args.inputs],
                                    stdout=out).returncode
    cli_seconds = time.monotonic() - started
    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.abspath(args.build), "python"))
    started = time.monotonic()
    dask_status = subprocess.run(["/usr/bin/python3", "-m", "quoth.dask", *args.inputs, "--workers", str(args.workers),
                                  "--out", dask_path], env=env).returncode
    dask_seconds = time.monotonic() - started
    with open(cli_path, "rb") as a, open(dask_path, "rb") as b:
        cli_bytes, dask_bytes = a.read(), b.read()
    found = differences(json.loads(cli_bytes), json.loads(dask_bytes))
    for line in found[:50]:
        print(line)
    print(f"{len(found)} differences; {len(json.loads(cli_bytes)['documents'])} documents; the outputs are "
          f"{'the same bytes' if cli_bytes == dask_bytes else 'different bytes'}; exit codes CLI {cli_status}, "
          f"Dask {dask_status}; CLI {cli_seconds:.1f} s, Dask ({args.workers} workers, with start-up) {dask_seconds:.1f} s")
    if not args.keep:
        for path in (cli_path, dask_path):
            os.remove(path)
        os.rmdir(folder)
    return 0 if not found and cli_bytes == dask_bytes and cli_status == dask_status else 1


if __name__ == "__main__":
    sys.exit(main())
