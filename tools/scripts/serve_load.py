#!/usr/bin/python3
"""A bounded local load on `quoth serve`: latency percentiles, errors and memory.

    tools/scripts/serve_load.py [--quoth build/quoth] [--requests 2000] [--clients 8] [--pack]

Starts quoth serve on a free loopback port, sends REQUESTS POST /api/extract requests (the
samples/ articles in turn; with --pack every fourth one carries an edited English lexicon, one
of four versions, so the pack cache and the compiler are exercised too) from CLIENTS threads,
each on its own keep-alive connection, and prints the latency percentiles, the number of
non-200 replies, and the server's resident memory after each fifth of the run (flat when
nothing leaks or grows). Not a test: figures for the record (tools/README.md).
"""
import argparse
import http.client
import json
import os
import statistics
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "serve"))
from serve_support import Server, read, rss_kb  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quoth", default=os.path.join(ROOT, "build", "quoth"))
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--pack", action="store_true", help="every fourth request carries an edited pack")
    args = parser.parse_args()
    samples = sorted(os.path.join(ROOT, "samples", n) for n in os.listdir(os.path.join(ROOT, "samples")) if n.endswith(".txt"))
    texts = [read(p) for p in samples]
    lexicon = read(os.path.join(ROOT, "rules", "en", "lexicon.yaml"))
    packs = [lexicon.replace("verbs: [said,", "verbs: [squawked%d, said," % i, 1) for i in range(4)]
    latencies, errors, memory = [], [], []
    lock = threading.Lock()
    counter = iter(range(args.requests))
    with Server(args.quoth) as server:
        memory.append(("start", rss_kb(server.process.pid)))

        def client():
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
            while True:
                with lock:
                    n = next(counter, None)
                if n is None:
                    break
                body = {"text": texts[n % len(texts)], "id": "load-%d" % n}
                if args.pack and n % 4 == 3:
                    body["pack"] = {"path": "en/lexicon.yaml", "yaml": packs[(n // 4) % len(packs)]}
                data = json.dumps(body).encode("utf-8")
                started = time.perf_counter()
                try:
                    connection.request("POST", "/api/extract", body=data,
                                       headers={"Host": server.host, "Content-Type": "application/json"})
                    response = connection.getresponse()
                    response.read()
                    status = response.status
                except (OSError, http.client.HTTPException) as e:
                    status = str(e)
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    if status != 200:
                        errors.append(status)
                    if len(latencies) % (args.requests // 5) == 0:
                        memory.append((len(latencies), rss_kb(server.process.pid)))
            connection.close()

        started = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - started
        alive = server.alive()
    ms = sorted(x * 1000 for x in latencies)

    def pct(p):
        return ms[min(len(ms) - 1, int(round(p / 100 * (len(ms) - 1))))]
    print("requests %d from %d clients in %.1f s (%.0f/s); errors %d%s; server up at the end: %s" % (
        len(ms), args.clients, wall, len(ms) / wall, len(errors), (" " + str(errors[:5])) if errors else "", alive))
    print("latency ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f  mean %.1f" % (
        pct(50), pct(90), pct(99), ms[-1], statistics.mean(ms)))
    print("server RSS (kB) after N requests: " + ", ".join("%s: %d" % m for m in memory))
    return 0 if not errors and alive else 1


if __name__ == "__main__":
    sys.exit(main())
