#!/usr/bin/python3
"""How right is quoth on a folder of articles with expected tables (tests/articles/LANG)?

usage: articles_score.py QUOTH FOLDER [FOLDER...]

Reads every FOLDER/*.txt with `QUOTH extract --format jsonl --no-link` and compares with its
NAME.expected.tsv (speaker<TAB>quote; `?` = nobody can tell; `(scare)` etc. = not speech):
speech quotes are right when quoth found the quote (same text) and gave the expected speaker
(`?`: no speaker); non-speech quotes when quoth gave their kind. Prints per folder: speech
speakers right / speech quotes (the attribution figure), non-speech kinds right, quotes missed
and quotes found that the table does not list.
"""
import glob
import json
import os
import subprocess
import sys


def read_table(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#") or line == "speaker\tquote":
            continue
        speaker, _, quote = line.partition("\t")
        quote = quote.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")
        rows.append((speaker, quote))
    return rows


def score_folder(quoth, folder):
    texts = sorted(glob.glob(os.path.join(folder, "*.txt")))
    out = subprocess.run([quoth, "extract", "--format", "jsonl", "--no-link", *texts], capture_output=True, text=True)
    docs = {}
    for line in out.stdout.splitlines():
        d = json.loads(line)
        if "id" in d:
            docs[d["id"]] = d
    speech = speech_ok = other = other_ok = missed = extra = 0
    for path in texts:
        table = path[:-4] + ".expected.tsv"
        if not os.path.exists(table):
            continue
        found = list(docs.get(path, {}).get("quotes", []))
        for speaker, quote in read_table(table):
            match = next((q for q in found if q["text"] == quote), None)
            is_speech = not speaker.startswith("(")
            if is_speech:
                speech += 1
            else:
                other += 1
            if match is None:
                missed += 1
                continue
            found.remove(match)
            if is_speech:
                name = (match.get("speaker") or {}).get("name")
                speech_ok += (name is None) if speaker == "?" else (name == speaker)
            else:
                other_ok += "(" + match["kind"] + ")" == speaker
        extra += len(found)
    print(f"{folder}: {len(texts)} articles; speech speakers right {speech_ok}/{speech} ({speech_ok / max(1, speech):.3f}); "
          f"non-speech kinds right {other_ok}/{other}; missed {missed}; extra {extra}")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    for folder in sys.argv[2:]:
        score_folder(sys.argv[1], folder)


if __name__ == "__main__":
    main()
