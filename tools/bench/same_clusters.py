#!/usr/bin/env python3
"""Do two runs of quoth give the same clusters? Compares by member sets, not by ids.

    tools/bench/same_clusters.py FIRST.json SECOND.json

Each argument is `quoth extract --format json` output. A quote is named by its document id (the
path given), where it starts and its text, so two runs over the same files in different orders
(whose quote ids "d0.q3" differ) can be compared. Prints the clusters found in only one run and
a summary line; exit status 1 when the clusters differ.
"""
import json
import sys


def clusters_of(path):
    with open(path, encoding="utf-8") as f:
        out = json.load(f)
    name_of = {}
    for doc in out["documents"]:
        for q in doc["quotes"]:
            name_of[q["id"]] = (doc["id"], q["start"], q["text"])
    return {frozenset(name_of[i] for i in c["quotes"]) for c in out.get("clusters", [])}


def describe(cluster):
    return "\n".join(f"    {doc} @{start}: {text[:70]!r}" for doc, start, text in sorted(cluster))


def main():
    first, second = clusters_of(sys.argv[1]), clusters_of(sys.argv[2])
    only_first, only_second = first - second, second - first
    for label, only in ((sys.argv[1], only_first), (sys.argv[2], only_second)):
        for c in sorted(only, key=lambda c: sorted(c)):
            print(f"only in {label}:\n{describe(c)}")
    print(f"{len(first)} and {len(second)} clusters; {len(only_first)} and {len(only_second)} found in one run only")
    return 1 if only_first or only_second else 0


if __name__ == "__main__":
    sys.exit(main())
