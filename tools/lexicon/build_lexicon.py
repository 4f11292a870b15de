#!/usr/bin/env python3
"""Builds one of quoth's word tables into English from Debian's FreeDict dictionaries.

usage: build_lexicon.py PACK.yaml DICTD_DIR OUT.tsv

PACK.yaml is the language's rule pack that names the table: its `lexicon_sources:` line lists
the dictionaries, most trusted first, each one of
  xxx-eng          a dictionary into English            (swe-eng, deu-eng)
  xxx-yyy+yyy-eng  a pivot through another language     (swe-deu+deu-eng)
  eng-xxx          a dictionary from English, read backwards, for words the others miss (eng-deu)
Output: one line per headword, `word<TAB>english english ...` (lower case, content words, the
first sources' translations first, at most the pack's `lexicon_senses:`, else MAX_WORDS). Run at build time from the installed
packages, never committed: the dictionaries are GPL / CC BY-SA. A missing dictionary is skipped
with a note on stderr; with none at all the table is empty and quoth links across languages by
names and numbers only.
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
        print(f"build_lexicon: {name} not installed, skipped", file=sys.stderr)
        return
    text = gzip.open(data).read()
    # FreeDict's swe-* entries: translations, each followed by a Swedish gloss line.
    glossed = name.startswith("swe-")
    with open(index, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or parts[0].startswith("00"):
                continue
            head = parts[0].strip().lower()
            body = text[b64(parts[1]):b64(parts[1]) + b64(parts[2])].decode("utf-8", "replace").split("\n")
            lines = [l for l in body[1:] if l and not l.startswith(" ")]
            numbered = [l for l in lines if re.match(r"^\d+\. ", l)]
            if glossed:
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


def pack_key(pack, key):
    """The value of a top-level `key:` of a rule pack, as written on its line, or None."""
    with open(pack, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^" + key + r":\s*(.*?)\s*(#.*)?$", line)
            if m:
                return m.group(1)
    return None


def pack_sources(pack):
    """The `lexicon_sources: [...]` list of a rule pack (one flow list on one line)."""
    value = pack_key(pack, "lexicon_sources") or "[]"
    return [s.strip() for s in value.strip("[]").split(",") if s.strip()]


def main():
    pack, dictd, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
    # A dictionary that lists many senses per word (deu-eng) links better with fewer kept.
    max_words = int(pack_key(pack, "lexicon_senses") or MAX_WORDS)
    table = {}

    def add(word, words):
        slot = table.setdefault(word, [])
        for w in words:
            if w not in slot and len(slot) < max_words:
                slot.append(w)

    for source in pack_sources(pack):
        if "+" in source:  # a pivot: word -> pivot-language phrases -> English
            first, second = source.split("+", 1)
            to_pivot = list(entries(dictd, first))
            wanted = {p.lower() for _, phrases in to_pivot for p in phrases}
            pivot_to_en = {}
            for head, phrases in entries(dictd, second):
                if head in wanted:
                    pivot_to_en.setdefault(head, []).extend(phrases)
            for word, phrases in to_pivot:
                for p in phrases:
                    add(word, english_words(pivot_to_en.get(p.lower(), [])))
        elif source.startswith("eng-"):
            # From English, read backwards: each one-word translation gets the headword, only
            # for words the earlier sources miss (their senses are the more precise).
            known = set(table)
            for head, phrases in entries(dictd, source):
                english = english_words([head])
                for p in phrases:
                    p = p.lower().strip()
                    if p and " " not in p and p not in known:
                        add(p, english)
        else:
            for word, phrases in entries(dictd, source):
                add(word, english_words(phrases))
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        for word in sorted(table):
            if table[word] and "\t" not in word:
                f.write(word + "\t" + " ".join(table[word]) + "\n")
    print(f"build_lexicon: {len(table)} words into English for {os.path.basename(out_path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
