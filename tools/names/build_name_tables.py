#!/usr/bin/env python3
"""Builds the tables quoth tells names from other capitalised words with, from Debian's data.

usage: build_name_tables.py words WORDLIST OUT.txt
       build_name_tables.py places ISO_CODES_JSON_DIR LOCALE_DIR LANG OUT.txt

words:  WORDLIST is a plain word list (wamerican's /usr/share/dict/american-english, wswedish's
        /usr/share/dict/swedish). Out: the words it lists only in lower case, one per line,
        lower case ("knowing", "unlike"; not "trump", which is listed as "Trump" too). Such a
        word is a common word of the language: capitalised at a sentence's start it is not a
        name unless other evidence says so (see engine/speakers/names.cc).
places: ISO 3166-1 countries and ISO 3166-2 subdivisions from iso-codes (JSON), in English and,
        for LANG other than en, also in LANG from iso-codes' gettext catalogs
        (LOCALE_DIR/LANG/LC_MESSAGES/iso_3166-{1,2}.mo). Out: one place name per line, as written.

Run at build time from the installed packages, never committed. A missing input is noted on
stderr and gives an empty table: quoth then warns and works as it did without it.
"""
import gettext
import json
import os
import re
import sys


def write(out_path, lines):
    os.makedirs(os.path.dirname(out_path) or ".", exist_ok=True)
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for line in lines:
            f.write(line + "\n")
    os.replace(tmp, out_path)


def common_words(word_list, out_path):
    if not os.path.exists(word_list):
        print(f"build_name_tables: {word_list} not installed, the common-word table is empty", file=sys.stderr)
        write(out_path, [])
        return
    listed = set()
    with open(word_list, encoding="utf-8", errors="replace") as f:
        for line in f:
            w = line.strip()
            # Possessives ("Trump's") add nothing: the bare word is listed too.
            if w and not w.endswith("'s"):
                listed.add(w)
    common = sorted(w for w in listed if w == w.lower() and w[:1].isalpha() and
                    w[:1].upper() + w[1:] not in listed and w.upper() not in listed)
    write(out_path, common)


def place_forms(name):
    """The forms a text writes a place name in: "Stockholms län [SE-01]" is "Stockholms län";
    "Bolivia, Plurinational State of" is none (the country's common name is listed too)."""
    forms = []
    for part in name.split(" / "):
        part = re.sub(r"\s*[\[(][^\])]*[\])]", "", part).strip()
        if part and "," not in part and "(" not in part and "[" not in part:
            forms.append(part)
    return forms


def places(json_dir, locale_dir, lang, out_path):
    names = []
    for standard, key, fields in (("3166-1", "3166-1", ("name", "common_name", "official_name")),
                                  ("3166-2", "3166-2", ("name",))):
        path = os.path.join(json_dir, f"iso_{standard}.json")
        if not os.path.exists(path):
            print(f"build_name_tables: {path} not installed, skipped", file=sys.stderr)
            continue
        entries = json.load(open(path, encoding="utf-8"))[key]
        english = [e[f] for e in entries for f in fields if e.get(f)]
        names.extend(english)
        if lang != "en":
            catalog = os.path.join(locale_dir, lang, "LC_MESSAGES", f"iso_{standard}.mo")
            if not os.path.exists(catalog):
                print(f"build_name_tables: {catalog} not installed, {lang} names skipped", file=sys.stderr)
                continue
            with open(catalog, "rb") as f:
                translations = gettext.GNUTranslations(f)
            names.extend(translations.gettext(n) for n in english)
    out = sorted({form for n in names for form in place_forms(n)})
    write(out_path, out)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "words":
        common_words(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 6 and sys.argv[1] == "places":
        places(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
