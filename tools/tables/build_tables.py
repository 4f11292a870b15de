#!/usr/bin/env python3
"""Builds the tables a language's rule pack names, for a pack folder of your own: no rebuild of quoth.

usage: build_tables.py RULES_DIR LANG [--dict DIR] [--dictd DIR] [--iso-codes DIR] [--locale DIR]

Reads RULES_DIR/LANG/*.yaml for the table names (top-level keys), and writes, next to the packs:
  common_words: NAME     ->  RULES_DIR/tables/words/NAME.txt    from /usr/share/dict/NAME (a w* package)
  places: iso-3166-XX    ->  RULES_DIR/tables/places/iso-3166-XX.txt  from iso-codes (and its XX translations)
  lexicon: XX-en.tsv     ->  RULES_DIR/lexicon/XX-en.tsv        from the FreeDict dictionaries its
                                                                `lexicon_sources:` names (dict-freedict-*)
quoth reads a pack's tables from its rules folder when quoth's data directory has none of that
name. The same scripts build the built-in languages' tables at quoth's build time
(build_name_tables.py, build_lexicon.py); `quoth tables build --rules RULES_DIR LANG` runs this.
A Debian package that is not installed gives an empty table and a note (install it, run again).
"""
import argparse
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Installed, the three scripts are side by side; in the source tree, in their own folders.
for folder in (HERE, os.path.join(HERE, "..", "names"), os.path.join(HERE, "..", "lexicon")):
    sys.path.insert(0, os.path.normpath(folder))
import build_lexicon  # noqa: E402
import build_name_tables  # noqa: E402

KEY = re.compile(r"^(common_words|places|lexicon):[ \t]*[\"']?([^\"'#\s]+)[\"']?[ \t]*(?:#.*)?$")


def table_names(pack_dir):
    """{key: (name, pack file)} from the top-level keys of the packs (a later file wins, as in quoth)."""
    names = {}
    for path in sorted(glob.glob(os.path.join(pack_dir, "*.yaml")) + glob.glob(os.path.join(pack_dir, "*.yml"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = KEY.match(line.rstrip("\n"))
                if m:
                    names[m.group(1)] = (m.group(2), path)
    return names


def main():
    ap = argparse.ArgumentParser(description="Build the tables a rule pack folder's language names.")
    ap.add_argument("rules_dir")
    ap.add_argument("lang")
    ap.add_argument("--dict", default="/usr/share/dict", help="word lists (wamerican, wswedish, wdanish, ...)")
    ap.add_argument("--dictd", default="/usr/share/dictd", help="FreeDict dictionaries (dict-freedict-*)")
    ap.add_argument("--iso-codes", default="/usr/share/iso-codes/json", help="iso-codes' JSON files")
    ap.add_argument("--locale", default="/usr/share/locale", help="iso-codes' translations")
    a = ap.parse_args()
    pack_dir = os.path.join(a.rules_dir, a.lang)
    if not os.path.isdir(pack_dir):
        sys.exit(f"quoth tables build: {pack_dir}: no such folder (the language's packs go in RULES_DIR/LANG/)")
    names = table_names(pack_dir)
    if not names:
        sys.exit(f"quoth tables build: {pack_dir}: no pack names a table (common_words:, places:, lexicon:)")
    built = []
    if "common_words" in names:
        name = names["common_words"][0]
        out = os.path.join(a.rules_dir, "tables", "words", name + ".txt")
        build_name_tables.common_words(os.path.join(a.dict, name), out)
        built.append(out)
    if "places" in names:
        name = names["places"][0]
        m = re.fullmatch(r"iso-3166-([a-z]{2,3})", name)
        if not m:
            sys.exit(f"quoth tables build: {names['places'][1]}: places: '{name}' is not iso-3166-LANG")
        out = os.path.join(a.rules_dir, "tables", "places", name + ".txt")
        build_name_tables.places(a.iso_codes, a.locale, m.group(1), out)
        built.append(out)
    if "lexicon" in names:
        name, pack = names["lexicon"]
        out = os.path.join(a.rules_dir, "lexicon", name)
        sys.argv = ["build_lexicon.py", pack, a.dictd, out]
        # lexicon_sources: may be in another file of the folder than lexicon:
        for path in sorted(glob.glob(os.path.join(pack_dir, "*.yaml"))):
            with open(path, encoding="utf-8") as f:
                if re.search(r"^lexicon_sources:", f.read(), re.M):
                    sys.argv[1] = path
        build_lexicon.main()
        built.append(out)
    for out in built:
        with open(out, encoding="utf-8") as f:
            lines = sum(1 for _ in f)
        print(f"{out}: {lines} entries" + ("" if lines else " (empty: install the Debian package it is built from)"))


if __name__ == "__main__":
    main()
