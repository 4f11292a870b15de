#!/usr/bin/env python3
"""Builds quoth's Swedish->English word table from Debian's FreeDict dictionaries.

usage: build_sv_en.py DICTD_DIR OUT.tsv

Swedish->English directly (dict-freedict-swe-eng) and, for coverage, through German, French and
Dutch (swe-deu + deu-eng, swe-fra + fra-eng, swe-nld + nld-eng). Output: one line per Swedish
headword, `swedish<TAB>english english ...` (lower case, content words, direct translations
first, at most MAX_WORDS). Run at build time from the installed packages, never committed: the
dictionaries are GPL / CC BY-SA. A missing dictionary is skipped with a note on stderr; with
none at all the table is empty and quoth links across languages by names and numbers only.
"""
import gzip
import os
import re
import sys

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
MAX_WORDS = 16
EN_STOP = set("a an the to of be sth sb sth. sb. one's oneself something somebody someone or and in on at for with by up out off".split())


def b64(s):
    n = 0
    for c in s:
        n = n * 64 + B64.index(c)
    return n


def entries(dictd, name):
    """Yields (headword, [translation lines]) of one dictd dictionary."""
    index = os.path.join(dictd, f"freedict-{name}.index")
    data = os.path.join(dictd, f"freedict-{name}.dict.dz")
    if not (os.path.exists(index) and os.path.exists(data)):
        print(f"build_sv_en: {name} not installed, skipped", file=sys.stderr)
        return
    text = gzip.open(data).read()
    swedish_source = name.startswith("swe-")
    with open(index, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or parts[0].startswith("00"):
                continue
            head = parts[0].strip().lower()
            body = text[b64(parts[1]):b64(parts[1]) + b64(parts[2])].decode("utf-8", "replace").split("\n")
            lines = [l for l in body[1:] if l and not l.startswith(" ")]
            numbered = [l for l in lines if re.match(r"^\d+\. ", l)]
            if swedish_source:
                # swe-X entries: translations, each followed by a Swedish gloss line.
                picked = numbered if numbered else lines[:1]
            else:
                picked = numbered if numbered else lines
            out = []
            for l in picked:
                l = re.sub(r"^\d+\. ", "", l)
                l = re.sub(r"<[^>]*>|\([^)]*\)|\[[^\]]*\]|\{[^}]*\}", " ", l)
                out.extend(p.strip() for p in re.split(r"[,;]", l) if p.strip())
            if out:
                yield head, out


def english_words(phrases):
    words = []
    for p in phrases:
        for w in re.findall(r"[a-z][a-z'-]*", p.lower()):
            if w not in EN_STOP and w not in words:
                words.append(w)
    return words


def main():
    dictd, out_path = sys.argv[1], sys.argv[2]
    table = {}

    def add(sv, words):
        slot = table.setdefault(sv, [])
        for w in words:
            if w not in slot and len(slot) < MAX_WORDS:
                slot.append(w)

    for sv, phrases in entries(dictd, "swe-eng"):
        add(sv, english_words(phrases))
    for pivot in ("deu", "fra", "nld"):
        sv_to_pivot = list(entries(dictd, f"swe-{pivot}"))
        wanted = {p.lower() for _, phrases in sv_to_pivot for p in phrases}
        pivot_to_en = {}
        for head, phrases in entries(dictd, f"{pivot}-eng"):
            if head in wanted:
                pivot_to_en.setdefault(head, []).extend(phrases)
        for sv, phrases in sv_to_pivot:
            for p in phrases:
                add(sv, english_words(pivot_to_en.get(p.lower(), [])))
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        for sv in sorted(table):
            if table[sv] and "\t" not in sv:
                f.write(sv + "\t" + " ".join(table[sv]) + "\n")
    print(f"build_sv_en: {len(table)} Swedish words", file=sys.stderr)


if __name__ == "__main__":
    main()
