#!/usr/bin/python3
"""Throughput of the Python module beside the CLI, on the same documents.

    PYTHONPATH=build/python /usr/bin/python3 tools/bench/python_bench.py [--build build] [--runs 3] FOLDER...

First, side by side (--rounds rounds, alternating): the engine's own figure from
`quoth_bench --runs R --json [--link-evidence] FILES` (extraction in the C++ process, one thread,
best of R, each run on a fresh thread: its memos start empty) and Python's extract_many on one
thread, best of R, each called from a new Python thread (extract_many on one thread extracts on
the calling thread, whose memos would otherwise be warm from the run before), with and without
link evidence (the CLI collects it when it links); the median of the rounds' ratios is the
overhead figure (the VM's other load moves single rounds by 20 %).

Then times (best of --runs, wall clock) `quoth extract --format jsonl --no-link FILES` less the same on
one tiny document (start-up: loading and checking the rule packs), then in Python
Engine(link_evidence=False) (as --no-link) built once, extract_many on 1 and 2 threads over the
documents already in memory (the first call alone, then the best of the others), and extract_many followed by json.dumps of every document. Use
distinct documents: a document read twice is faster the second time (the per-thread memos).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

import quoth


def best(runs, work):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def engine_figure(bench, files, runs, link_evidence):
    out = subprocess.run([bench, "--runs", str(runs), "--json", *(["--link-evidence"] if link_evidence else []), *files],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])["extract_mb_s"]


def fresh_thread_best(runs, work):
    """Best seconds of `runs` calls of work(), each on a new thread (as quoth_bench runs each)."""
    import threading
    times = []
    for _ in range(runs):
        def timed():
            started = time.perf_counter()
            work()
            times.append(time.perf_counter() - started)
        thread = threading.Thread(target=timed)
        thread.start()
        thread.join()
    return min(times)


def side_by_side(args, files, texts):
    bench = os.path.join(args.build, "quoth_bench")
    mib = sum(len(t) for _, t in texts) / 2**20  # quoth_bench's MB are MiB
    for link_evidence in (False, True):
        engine = quoth.Engine(link_evidence=link_evidence)
        ours, theirs = [], []
        for _ in range(args.rounds):
            theirs.append(engine_figure(bench, files, args.runs, link_evidence))
            ours.append(mib / fresh_thread_best(args.runs, lambda: engine.extract_many(texts, threads=1, number_from=0)))
        ratios = sorted(o / t for o, t in zip(ours, theirs))
        print(f"link_evidence={link_evidence}: engine (quoth_bench) {' '.join(f'{x:.1f}' for x in theirs)} MB/s; "
              f"extract_many (1 thread) {' '.join(f'{x:.1f}' for x in ours)} MB/s; Python/engine median "
              f"{ratios[len(ratios) // 2]:.2f} (range {ratios[0]:.2f}-{ratios[-1]:.2f})", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    files = [f for folder in args.folders for f in sorted(glob.glob(os.path.join(folder, "*.txt")))]
    texts = []
    for path in files:
        with open(path, "rb") as f:
            texts.append((path, f.read()))
    mb = sum(len(t) for _, t in texts) / 1e6
    cli = os.path.join(args.build, "quoth")
    side_by_side(args, files, texts)
    tiny = "\u201cYes,\u201d she said.\n"

    def run_cli(paths):
        subprocess.run([cli, "extract", "--format", "jsonl", "--no-link", *paths], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(tiny)
        f.flush()
        startup = best(args.runs, lambda: run_cli([f.name]))
    whole = best(args.runs, lambda: run_cli(files))
    print(f"{len(files)} documents, {mb:.2f} MB")
    print(f"CLI --format jsonl --no-link: {whole:.2f} s, less its start-up on one tiny document {startup:.2f} s: "
          f"{mb / (whole - startup):.2f} MB/s")
    started = time.perf_counter()
    engine = quoth.Engine(link_evidence=False)
    engine.extract(tiny)
    print(f"Python Engine(link_evidence=False): built in {time.perf_counter() - started:.2f} s")
    started = time.perf_counter()
    engine.extract_many(texts, threads=1, number_from=0)
    print(f"Python extract_many, 1 thread, first call (first-use loads included, as in the CLI's run): "
          f"{time.perf_counter() - started:.2f} s, {mb / (time.perf_counter() - started):.2f} MB/s")
    for threads in (1, 2):
        seconds = best(args.runs, lambda: engine.extract_many(texts, threads=threads, number_from=0))
        print(f"Python extract_many, {threads} thread{'s' if threads > 1 else ''}: {seconds:.2f} s, {mb / seconds:.2f} MB/s")
    seconds = best(args.runs, lambda: [json.dumps(d, ensure_ascii=False, separators=(",", ":"))
                                       for d in engine.extract_many(texts, threads=1, number_from=0)])
    print(f"Python extract_many (1 thread) + json.dumps of each document: {seconds:.2f} s, {mb / seconds:.2f} MB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
