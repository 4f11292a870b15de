#!/usr/bin/python3
"""The Dask runner at scale: wall time with 1 and 2 workers, and the link-key shuffle's bytes and
time as the batch grows.

    PYTHONPATH=build/python /usr/bin/python3 tools/bench/dask_scaling.py runs [--repeat 4] FOLDER...
    PYTHONPATH=build/python /usr/bin/python3 tools/bench/dask_scaling.py shuffle [--quotes 10000,100000] [--workers 1,2]

runs: `python3 -m quoth.dask FOLDER... --workers W` (W = 1, 2) and `quoth extract --format json
-j W` over the folders, and over the same documents repeated --repeat times under new names (a
folder of symbolic links in a temporary folder: the texts are not copied), with the runner's
own summary of where the time went.

shuffle: generated English news (10 quotes an article, three articles a story, copies of a quote
in other articles of its story, stock phrases in many unrelated articles, quotes of unrelated
stories that share two or three words) made and extracted on the workers, then
quoth.dask.link_key_shuffle: each quote's link keys (quoth's linker's own), their frequencies
summed, the postings shuffled by key; prints the bytes the map side sends, the time of each
stage, and how often a quote's lookup meets another document's quote on a key. Measured, not extrapolated; read the peak memory of
the workers off the printed RSS.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# ---------------------------------------------------------------------------------------------
# Generated news


SYLLABLES = ["ka", "to", "ri", "men", "sal", "vor", "det", "lin", "ar", "pe", "nu", "gos", "tra", "bel", "si",
             "mo", "ran", "chi", "dor", "fa", "lu", "ques", "ten", "vi", "wor", "zan", "el", "on", "is", "ut"]
COMMON = ["the", "we", "will", "not", "have", "this", "that", "is", "a", "of", "to", "and", "for", "it", "our",
          "they", "are", "be", "what", "with", "on", "in", "all", "must", "can"]
STOCK = ["No comment.", "We will see.", "It is what it is.", "Thank you very much.", "I have nothing to add."]
FIRST = ["Anna", "Jonas", "Katrin", "Peter", "Maria", "Omar", "Lena", "David", "Sara", "Tomas", "Ines", "Karl"]
LAST = ["Voss", "Berger", "Petersen", "Lind", "Haddad", "Moreau", "Novak", "Ekholm", "Brandt", "Ortiz"]


def _vocabulary(size, rng):
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def _zipf(rng, n):
    return min(n - 1, int(rng.paretovariate(1.1)) - 1)


def generate_articles(seed, first, count, words=50000):
    """Articles first .. first+count-1 of the generated batch `seed`: [(id, text)]; the same for
    the same arguments on any machine (each story is made from its own seed)."""
    vocabulary = _vocabulary(words, random.Random(seed))
    out = []
    for a in range(first, first + count):
        story = a // 3
        srng = random.Random(seed * 1_000_003 + story)
        # its own rare words (any of the vocabulary) and some common ones (Zipf-drawn)
        topic = [srng.choice(vocabulary) for _ in range(20)] + [vocabulary[_zipf(srng, len(vocabulary))] for _ in range(10)]
        people = [f"{srng.choice(FIRST)} {srng.choice(LAST)}" for _ in range(3)]
        quotes = []  # the story's utterances, the same in each of its articles' random picks
        for _ in range(14):
            n = srng.randint(8, 14)
            text = " ".join(srng.choice(topic) if srng.random() < 0.6 else srng.choice(COMMON) for _ in range(n))
            quotes.append((text[0].upper() + text[1:] + ".", srng.randrange(3)))
        arng = random.Random(seed * 7_000_003 + a)
        lines = [" ".join(arng.choice(topic) for _ in range(6)).capitalize(), ""]
        for i in range(10):
            r = arng.random()
            speaker = people[arng.randrange(3)]
            if r < 0.08:
                text = arng.choice(STOCK)  # stock phrases: many unrelated articles, must not link
            elif r < 0.2:
                # shares two or three words with a quote of another story: must not link
                other = random.Random(seed * 1_000_003 + arng.randrange(1, 10 ** 9))
                borrowed = [other.choice(vocabulary) for _ in range(3)]
                text = " ".join(borrowed + [arng.choice(topic) for _ in range(7)]).capitalize() + "."
            else:
                text, who = arng.choice(quotes)  # the story's own: copies link across its articles
                speaker = people[who]
            lines.append(f"\u201c{text}\u201d said {speaker}. "
                         f"{' '.join(arng.choice(topic) for _ in range(8)).capitalize()} in {arng.choice(LAST)}ville.")
            lines.append("")
        out.append((f"gen-{seed}-{a}.txt", "\n".join(lines)))
    return out


def generated_partition(seed, first, count, number_from, engine):
    """A partition made and extracted on a worker."""
    return engine.extract_many(generate_articles(seed, first, count), threads=1, number_from=number_from)


# ---------------------------------------------------------------------------------------------


def rss_mb(client):
    return {w: round(v.get("metrics", {}).get("memory", 0) / 1e6) for w, v in client.scheduler_info()["workers"].items()}


def shuffle(args):
    import quoth
    import quoth.dask as runner
    from distributed import Client, LocalCluster, wait
    print(f"{'quotes':>8} {'workers':>7} {'articles':>8} {'extract s':>9} {'keys s':>7} {'map s':>6} {'shuffle s':>9} "
          f"{'MB sent':>8} {'B/quote':>7} {'postings':>9} {'meetings':>10} {'worker MB':>10}", flush=True)
    for quotes in [int(q) for q in args.quotes.split(",")]:
        for workers in [int(w) for w in args.workers.split(",")]:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                                   memory_limit=0)
            client = Client(cluster)
            try:
                engine = quoth.Engine()
                articles = quotes // 10
                size = args.partition
                started = time.monotonic()
                parts = [client.submit(generated_partition, 1, first, min(size, articles - first), first, engine, pure=False)
                         for first in range(0, articles, size)]
                wait(parts)
                extract_seconds = time.monotonic() - started
                found = runner.link_key_shuffle(client, parts, engine)
                memory = rss_mb(client)
                s = found["seconds"]
                print(f"{found['quotes with keys']:>8} {workers:>7} {articles:>8} {extract_seconds:>9.1f} "
                      f"{s['keys and frequencies']:>7.1f} {s['map']:>6.1f} {s['shuffle and reduce']:>9.1f} "
                      f"{found['bytes'] / 1e6:>8.1f} {found['bytes'] / max(1, found['quotes with keys']):>7.0f} "
                      f"{found['postings']:>9} {found['meetings']:>10} {max(memory.values()):>10}", flush=True)
            finally:
                client.close()
                cluster.close()


def runs(args):
    build = os.path.join(ROOT, "build")
    env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
    with tempfile.TemporaryDirectory() as tmp:
        batches = [("as given", [os.path.abspath(f) for f in args.folders])]
        if args.repeat > 1:
            folder = os.path.join(tmp, f"x{args.repeat}")
            os.mkdir(folder)
            for r in range(args.repeat):
                for source in args.folders:
                    for name in sorted(os.listdir(source)):
                        if name.endswith(".txt"):
                            os.symlink(os.path.abspath(os.path.join(source, name)),
                                       os.path.join(folder, f"r{r}.{os.path.basename(os.path.normpath(source))}.{name}"))
            batches.append((f"x{args.repeat} (new ids)", [folder]))
        for label, inputs in batches:
            for workers in (1, 2):
                started = time.monotonic()
                run = subprocess.run(["/usr/bin/python3", "-m", "quoth.dask", *inputs, "--workers", str(workers), "--out",
                                      os.devnull], env=env, capture_output=True, text=True)
                wall = time.monotonic() - started
                summary = [l for l in run.stderr.splitlines() if l.startswith("quoth.dask:")]
                print(f"{label}: quoth.dask --workers {workers}: {wall:.1f} s wall; {summary[-1] if summary else run.stderr[-300:]}",
                      flush=True)
                started = time.monotonic()
                subprocess.run([os.path.join(build, "quoth"), "extract", "--format", "json", "-j", str(workers), *inputs],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                print(f"{label}: quoth extract -j {workers}: {time.monotonic() - started:.1f} s wall", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    r = sub.add_parser("runs")
    r.add_argument("folders", nargs="+")
    r.add_argument("--repeat", type=int, default=4)
    s = sub.add_parser("shuffle")
    s.add_argument("--quotes", default="10000,100000,1000000")
    s.add_argument("--workers", default="1,2")
    s.add_argument("--partition", type=int, default=200, help="articles per partition")
    args = parser.parse_args()
    return runs(args) if args.what == "runs" else shuffle(args)


if __name__ == "__main__":
    sys.exit(main())
