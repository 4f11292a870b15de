#!/usr/bin/python3
"""Does speaker.confidence mean what it says? A calibration table per gold set.

usage: calibration.py GOLD.json [GOLD.json ...] SYSTEM.json

Quotes are matched to the gold exactly as ../shared/eval/score.py matches them (its own
functions, loaded from beside the gold's corpus), and every matched quote whose speaker the gold
scores is put in a bucket by quoth's speaker.confidence: the table gives, per bucket, how many
quotes and how many of them have the right speaker. A quote without a speaker is its own row
(quoth said "no one": right only when the gold says no one). The last lines say how often a
quote at confidence >= 0.9 is right, the figure a newsroom relies on.

With --by-sieve (SYSTEM.json written with `quoth extract --explain`, which names each speaker's
sieve step): a second table gives each step of the attribution sieve its precision, how often
the speaker it named is right, and how many quotes it decided.
"""
import importlib.util
import json
import os
import sys

BUCKETS = [(0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)]


def load_scorer(gold_path):
    here = os.path.dirname(os.path.abspath(gold_path))
    for up in (os.path.join(here, "..", "..", "eval", "score.py"), os.path.join(here, "..", "eval", "score.py")):
        if os.path.exists(up):
            spec = importlib.util.spec_from_file_location("score", up)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    sys.exit("calibration.py: no eval/score.py near " + gold_path)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) < 2:
        sys.exit(__doc__)
    score = load_scorer(args[0])
    gold, _ = score.merge_golds(args[:-1])
    system = json.load(open(args[-1], encoding="utf-8"))
    by_file = {v: k for k, v in gold["docs"].items()}
    sys_quotes = {}
    for d in system.get("documents", []):
        gdoc = by_file.get(os.path.basename(str(d.get("id", ""))))
        if gdoc is not None:
            sys_quotes[gdoc] = d.get("quotes", [])
    gold_by_doc = {}
    for g in gold["quotes"]:
        gold_by_doc.setdefault(g["doc"], []).append(g)
    gmatch = {}
    for doc, golds in gold_by_doc.items():
        cands = []
        taken = set()
        for s in sys_quotes.get(doc, []):
            for g in golds:
                sim = score.similarity(s.get("text", ""), g["text"])
                if sim >= 0.8:
                    cands.append((sim, s.get("id"), g["key"], s))
        cands.sort(key=lambda c: -c[0])
        for sim, sid, gkey, s in cands:
            if sid in taken or gkey in gmatch:
                continue
            taken.add(sid)
            gmatch[gkey] = s
    rows = {b: [0, 0] for b in BUCKETS}
    by_sieve = {}
    none = [0, 0]
    for g in gold["quotes"]:
        s = gmatch.get(g["key"])
        if not g["required"] or s is None or g["speaker"] == "*":
            continue
        right = score.speaker_matches(gold, g["speaker"], s.get("speaker"))
        speaker = s.get("speaker")
        if not speaker:
            none[0] += 1
            none[1] += right
            continue
        step = by_sieve.setdefault(speaker.get("sieve") or "(not named: run extract --explain)", [0, 0])
        step[0] += 1
        step[1] += right
        c = float(speaker.get("confidence", 0.0))
        for b in BUCKETS:
            if b[0] <= c < b[1]:
                rows[b][0] += 1
                rows[b][1] += right
                break
    print(f"{'confidence':>12} {'quotes':>7} {'right':>7} {'accuracy':>9}")
    for b in BUCKETS:
        n, ok = rows[b]
        label = f"{b[0]:.2f}-{min(b[1], 1.0):.2f}"
        print(f"{label:>12} {n:7d} {ok:7d} {ok / n if n else float('nan'):9.3f}")
    print(f"{'no speaker':>12} {none[0]:7d} {none[1]:7d} {none[1] / none[0] if none[0] else float('nan'):9.3f}")
    hi_n = sum(rows[b][0] for b in BUCKETS if b[0] >= 0.9)
    hi_ok = sum(rows[b][1] for b in BUCKETS if b[0] >= 0.9)
    all_n = sum(v[0] for v in rows.values()) + none[0]
    print(f"confidence >= 0.9: {hi_ok}/{hi_n} right ({hi_ok / hi_n if hi_n else float('nan'):.3f}), "
          f"{hi_n / all_n if all_n else 0:.0%} of the scored quotes")
    if "--by-sieve" in sys.argv[1:]:
        print()
        print(f"{'sieve step':>26} {'quotes':>7} {'right':>7} {'precision':>9}")
        for name, (n, ok) in sorted(by_sieve.items(), key=lambda kv: -kv[1][0]):
            print(f"{name:>26} {n:7d} {ok:7d} {ok / n:9.3f}")


if __name__ == "__main__":
    main()
