#!/usr/bin/env python3
"""Why the scorer counts a link wrong or missed: a breakdown of score.py's link errors.

    tools/scripts/link_report.py GOLD.json... VERBOSE.json [--list]

VERBOSE.json is `score.py GOLD... SYSTEM.json --verbose` for the same gold files (in the same
order). The scorer counts as wrong every link its gold does not list and matches system quotes to
gold quotes by text, so some of its errors are not errors of the linker:

- same words elsewhere: the two quotes are the same words (or one holds the other) quoted by two
  articles, directly or through the gold's own links (an English line quoted by two outlets and
  its Swedish translation). A link the gold leaves out.
- repeated text: the article quotes the same words more than once ("furious" three times); the
  link joins the right words, and the scorer's choice of occurrence decides. Misses of this kind
  are the other side of the same pairs.
- other: the rest - the linker's own errors and misses.

Prints the counts and the precision and recall with the first two kinds counted as right; with
--list, every link of each kind. Reads only the gold files and the scorer's report.
"""
import json
import re
import sys
from collections import defaultdict


def tokens(text):
    return [t for t in re.findall(r"\w+", text.lower())]


def holds(a, b):
    """The shorter text's words are (almost all) in the longer one, in one language."""
    ta, tb = tokens(a), tokens(b)
    if not ta or not tb:
        return False
    short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    bag = defaultdict(int)
    for t in long_:
        bag[t] += 1
    hit = 0
    for t in short:
        if bag[t] > 0:
            bag[t] -= 1
            hit += 1
    return hit / len(short) >= 0.8


def main(argv):
    listing = "--list" in argv
    paths = [a for a in argv if a != "--list"]
    if len(paths) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    golds, verbose = paths[:-1], json.load(open(paths[-1], encoding="utf-8"))
    quotes, lang = {}, {}
    gold_links = []
    for i, path in enumerate(golds):
        g = json.load(open(path, encoding="utf-8"))
        prefix = f"s{i}:" if len(golds) > 1 else ""
        for q in g["quotes"]:
            quotes[prefix + q["key"]] = q | {"doc": prefix + q["doc"]}
            lang[prefix + q["doc"]] = g.get("lang", {}).get(q["doc"], "")
        gold_links += [(prefix + a, prefix + b) for a, b in g["links"]]
    # Gold clusters: each quote with every quote the gold links it to, transitively.
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in gold_links:
        parent[find(a)] = find(b)
    members = defaultdict(list)
    for k in quotes:
        members[find(k)].append(k)

    def versions(k):
        return members[find(k)] if k in quotes else [k]

    def same_words(a, b):
        for x in versions(a):
            for y in versions(b):
                qx, qy = quotes.get(x), quotes.get(y)
                if qx and qy and qx["doc"] != qy["doc"] and lang.get(qx["doc"]) == lang.get(qy["doc"]) and holds(qx["text"], qy["text"]):
                    return True
        return False

    def twins(k):
        """Other gold quotes of k's document with k's words."""
        q = quotes.get(k)
        if not q:
            return []
        return [o for o, oq in quotes.items() if o != k and oq["doc"] == q["doc"] and tokens(oq["text"]) == tokens(q["text"])]

    gold_pairs = {tuple(sorted(p)) for p in gold_links}

    def repeated(a, b):
        for x in [a] + twins(a):
            for y in [b] + twins(b):
                if (x, y) != (a, b) and tuple(sorted((x, y))) in gold_pairs:
                    return True
        return False

    wrong = defaultdict(list)
    for a, b in verbose["wrong_links"]:
        kind = "same words elsewhere" if same_words(a, b) else "repeated text" if repeated(a, b) else "other"
        wrong[kind].append((a, b))
    missed = defaultdict(list)
    for a, b in verbose["missed_links"]:
        missed["repeated text" if repeated(a, b) else "other"].append((a, b))
    links = verbose["links"]
    tp, fp, gold = links["tp"], links["fp"], links["gold"]
    print(f"as scored: tp {tp} fp {fp} gold {gold}  P {links['p']:.3f} R {links['r']:.3f}")
    for kind in ("same words elsewhere", "repeated text", "other"):
        print(f"  wrong, {kind}: {len(wrong[kind])}")
    for kind in ("repeated text", "other"):
        print(f"  missed, {kind}: {len(missed[kind])}")
    right = len(wrong["same words elsewhere"]) + len(wrong["repeated text"])
    p = (tp + right) / (tp + fp) if tp + fp else 0.0
    r = (tp + len(missed["repeated text"])) / gold if gold else 0.0
    print(f"counting those two kinds as right: P {p:.3f} R {r:.3f}")
    if listing:
        text = lambda k: (quotes[k]["doc"] + ": " + quotes[k]["text"][:70].replace("\n", " ")) if k in quotes else k
        for title, table in (("wrong", wrong), ("missed", missed)):
            for kind, pairs in table.items():
                print(f"\n{title}, {kind}:")
                for a, b in pairs:
                    print(f"  {text(a)}\n    ~ {text(b)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
