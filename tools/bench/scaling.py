#!/usr/bin/env python3
"""Scaling benchmark: is every stage linear in document size, with bounded memory?

Generates one document per shape and size (the shapes that used to be quadratic, and real news
concatenated), runs `quoth extract` on it, and prints the time and peak RSS per MB and the ratio
of time per MB between the largest and the smallest size. A shape passes when that ratio is at
most 2.5 (linear within noise).

    tools/bench/scaling.py [--quoth build/quoth] [--sizes 1,10,100] [--shapes dash,apostrophes,...]

Real news comes from ../shared/corpus when it is there (for measuring only; nothing is copied
into the project), else from samples/. Exit status 1 when a shape is not linear.
"""
import argparse
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def news_text():
    shared = ROOT.parent / "shared" / "corpus"
    files = sorted(shared.glob("en-news/*.txt")) + sorted(shared.glob("sv-news/*.txt")) if shared.is_dir() else []
    if not files:
        files = sorted((ROOT / "samples").glob("*.txt"))
    return "\n\n".join(f.read_text(encoding="utf-8") for f in files) + "\n\n"


SHAPES = {
    # dash dialogue, one untagged-pronoun turn per line
    "dash": lambda: "– x, säger han.\n",
    # nested apostrophes in one endless sentence
    "apostrophes": lambda: "'a 'b c' d' 'e ",
    # one paragraph of tagged quotes with no line break (many identical short quotes to link)
    "paragraph": lambda: 'word "quote" said Anna. ',
    # real articles, concatenated into one document
    "news": news_text,
}


def make(path, unit, megabytes):
    target = int(megabytes * 1_000_000)
    data = unit.encode("utf-8")
    with open(path, "wb") as f:
        written = 0
        while written < target:
            chunk = data * max(1, min(target - written, 8_000_000) // len(data))
            f.write(chunk)
            written += len(chunk)
    return os.path.getsize(path)


def run(quoth, path, fmt):
    """Seconds and peak RSS (bytes) of one `quoth extract` run, in a child of its own."""
    start = time.monotonic()
    # jsonl: extraction alone (--no-link streams); json: extraction and linking of the batch.
    command = [quoth, "extract", "--format", fmt, path] + (["--no-link"] if fmt == "jsonl" else [])
    proc = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    # Called in a freshly forked process, whose children's usage starts at zero: the one run's own peak.
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return seconds, rss, proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quoth", default=str(ROOT / "build" / "quoth"))
    ap.add_argument("--sizes", default="1,10,100", help="document sizes in MB, comma-separated")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--formats", default="jsonl,json", help="jsonl: extraction only (--no-link); json: with linking")
    args = ap.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    ok = True
    print(f"{'shape':12} {'format':6} {'MB':>6} {'seconds':>8} {'s/MB':>7} {'peak MB':>8} {'RSS/byte':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            unit = SHAPES[shape]()
            for fmt in args.formats.split(","):
                per_mb = []
                for mb in sizes:
                    path = os.path.join(tmp, f"{shape}-{mb}.txt")
                    size = make(path, unit, mb)
                    # Each run from a fresh fork, so that its peak RSS is its own (ru_maxrss of
                    # children is a running maximum).
                    pid = os.fork()
                    if pid == 0:
                        seconds, rss, rc = run(args.quoth, path, fmt)
                        rss_mb = f"{rss / 1e6:8.0f}" if rss else f"{'?':>8}"
                        ratio = f"{rss / size:8.1f}" if rss else f"{'?':>8}"
                        status = "" if rc == 0 else f"  exit {rc}"
                        print(f"{shape:12} {fmt:6} {size / 1e6:6.1f} {seconds:8.2f} {seconds / (size / 1e6):7.2f} {rss_mb} {ratio}{status}", flush=True)
                        with open(path + ".t", "w") as f:
                            f.write(str(seconds / (size / 1e6)))
                        os._exit(0)
                    os.waitpid(pid, 0)
                    per_mb.append(float(open(path + ".t").read()))
                    os.remove(path)
                if len(per_mb) > 1:
                    ratio = per_mb[-1] / max(per_mb[0], 1e-9)
                    verdict = "linear" if ratio <= 2.5 else "NOT LINEAR"
                    ok &= ratio <= 2.5
                    print(f"{shape:12} {fmt:6} time per MB at {sizes[-1]:g} MB / at {sizes[0]:g} MB = {ratio:.2f}  {verdict}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
