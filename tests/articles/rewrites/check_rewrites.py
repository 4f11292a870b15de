#!/usr/bin/python3
"""Links across another outlet's free rewrite: a ratchet on the blind rewrites of issue 22.

usage: check_rewrites.py QUOTH FOLDER [SHARED_CORPUS] [--update]

FOLDER holds articles written as another outlet's own report of an English ntrex-dev article
(`<doc>.rw.<lang>.txt`), a `gold.json` with their quotes and the links to the English quotes by
key, and RATCHET (the figures quoth must not fall below). The English articles and their quotes
are not copied into the project: they are read from SHARED_CORPUS/ntrex-dev (default: the
`shared/corpus` beside the repository). Without it the check is skipped (exit 77).

Runs `QUOTH extract --format json` over the English and rewritten articles as one batch, scores
it with the corpus's own scorer (eval/score.py) and fails when link precision, link recall or
attribution is below the RATCHET's; --update writes the current figures there.
"""
import json
import os
import subprocess
import sys
import tempfile

SKIP = 77
FIGURES = ("link_precision", "link_recall", "attribution")


def as_dict(x):
    return dict(x) if isinstance(x, list) else x


def full_gold(folder, ntrex):
    """The folder's gold with the English documents and quotes it links to, from ntrex-dev."""
    gold = json.load(open(os.path.join(folder, "gold.json"), encoding="utf-8"))
    english = json.load(open(os.path.join(ntrex, "gold.json"), encoding="utf-8"))
    wanted = set(gold["english_documents"])
    docs, lang = as_dict(gold["docs"]), as_dict(gold["lang"])
    for key, name in as_dict(english["docs"]).items():
        if key in wanted:
            docs[key] = name
            lang[key] = "en"
    quotes = [q for q in english["quotes"] if q["doc"] in wanted] + gold["quotes"]
    people = as_dict(english.get("people", {}))
    for name, aliases in as_dict(gold.get("people", {})).items():
        people[name] = sorted(set(people.get(name, [])) | set(aliases))
    return {"about": gold.get("about", ""), "people": people, "docs": docs, "lang": lang, "quotes": quotes,
            "links": gold["links"], "links_optional": gold.get("links_optional", [])}


def main():
    args = [a for a in sys.argv[1:] if a != "--update"]
    update = "--update" in sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    quoth, folder = args[0], os.path.abspath(args[1])
    corpus = args[2] if len(args) > 2 else os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "shared", "corpus")
    ntrex = os.path.join(corpus, "ntrex-dev")
    scorer = os.path.join(corpus, "..", "eval", "score.py")
    if not (os.path.exists(os.path.join(ntrex, "gold.json")) and os.path.exists(scorer)):
        print(f"{folder}: skipped, no {ntrex} (the English articles are not part of the project)")
        return SKIP
    gold = full_gold(folder, ntrex)
    files = [os.path.join(ntrex if name.endswith(".en.txt") else folder, name) for name in sorted(gold["docs"].values())]
    with tempfile.TemporaryDirectory() as tmp:
        gold_path, out_path = os.path.join(tmp, "gold.json"), os.path.join(tmp, "out.json")
        json.dump(gold, open(gold_path, "w", encoding="utf-8"), ensure_ascii=False)
        with open(out_path, "w", encoding="utf-8") as out:
            subprocess.run([quoth, "extract", "--format", "json", "--quiet", *files], stdout=out, check=True)
        score = json.loads(subprocess.run([sys.executable, scorer, gold_path, out_path], capture_output=True, text=True,
                                          check=True).stdout)
    links, attribution = score["links"], score["attribution"]
    now = {"link_precision": links["p"], "link_recall": links["r"], "attribution": attribution["accuracy"]}
    print(f"{folder}: links P {links['p']:.3f} R {links['r']:.3f} F1 {links['f1']:.3f} "
          f"(tp {links['tp']}, fp {links['fp']}, gold {links['gold']}); attribution {attribution['accuracy']:.3f} "
          f"({attribution['correct']}/{attribution['of_matched']}); detection F1 {score['detection']['f1']:.3f}")
    ratchet_path = os.path.join(folder, "RATCHET")
    if update:
        with open(ratchet_path, "w", encoding="utf-8") as f:
            f.write("# The figures quoth must not fall below on these rewrites (check_rewrites.py --update writes them).\n")
            for k in FIGURES:
                f.write(f"{k} {now[k]:.3f}\n")
        print(f"wrote {ratchet_path}")
        return 0
    floor = {}
    for line in open(ratchet_path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            key, value = line.split()
            floor[key] = float(value)
    failed = [k for k in FIGURES if round(now[k], 3) < floor[k]]
    for k in failed:
        print(f"FAIL: {k} {now[k]:.3f} is below the ratchet's {floor[k]:.3f}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
