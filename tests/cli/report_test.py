#!/usr/bin/env python3
"""quoth report --format html, without a browser: one self-contained, deterministic page.

    report_test.py QUOTH SOURCE_DIR

The page's embedded data is the CLI's batch (documents, texts, quotes with UTF-8 offsets,
speakers ranked, clusters); nothing is loaded from elsewhere; a text holding "</script>" and
markup stays data; two runs give the same bytes; usage errors exit 2, an unreadable document 1.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

QUOTH, ROOT = sys.argv[1], sys.argv[2]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)
    return condition


def main():
    work = tempfile.mkdtemp(prefix="quoth-report-test-")
    samples = os.path.join(ROOT, "samples")
    hostile = os.path.join(work, "hostile.txt")
    with open(hostile, "w", encoding="utf-8") as f:
        f.write('Headline </script><script>alert(1)</script> <!--<script> <b>bold</b>\n\n'
                '"We will not <i>stop</i> now," Mayor Ida Holm said on Monday.\n')
    out = os.path.join(work, "a.html")
    run = subprocess.run([QUOTH, "report", "--format", "html", out, samples, hostile], capture_output=True, text=True)
    check(run.returncode == 0, "report exits 0 (%s)" % run.stderr)
    page = open(out, encoding="utf-8").read()
    again = os.path.join(work, "b.html")
    subprocess.run([QUOTH, "report", out.replace("a.html", "b.html"), samples, hostile], check=True)
    check(open(again, encoding="utf-8").read() == page, "two runs give the same bytes (and --format html is the default)")
    check(not re.search(r'(src|href)\s*=\s*"(https?:)?//', page) and "@import" not in page and "url(" not in page,
          "nothing is loaded from elsewhere")
    check(page.count("<script") == 2 and "<script>alert(1)" not in page, "a text holding </script> stays data")
    data = json.loads(re.search(r'<script type="application/json" id="quoth-data">(.*?)</script>', page, re.S).group(1))
    cli = json.loads(subprocess.run([QUOTH, "extract", "--format", "json", samples, hostile], capture_output=True, check=True).stdout)
    check([d["id"] for d in data["documents"]] == [d["id"] for d in cli["documents"]], "the documents are the CLI's, in order")
    ok = True
    for d, c in zip(data["documents"], cli["documents"]):
        raw = d["text"].encode("utf-8")
        ok &= [(q[0], q[1], q[2]) for q in d["q"]] == [(q["start"], q["end"], q["kind"]) for q in c["quotes"]]
        ok &= all(raw[q[0]:q[1]].decode("utf-8") == cq["text"] for q, cq in zip(d["q"], c["quotes"]))
        ok &= all((q[3] >= 0) == (cq["speaker"] is not None) for q, cq in zip(d["q"], c["quotes"]))
    check(ok, "each quote's offsets, kind and text are the CLI's")
    check([sorted(tuple(m) for m in c["m"]) for c in data["clusters"]] ==
          [sorted((int(q.split(".")[0][1:]), int(q.split(".q")[1])) for q in c["quotes"]) for c in cli["clusters"]],
          "the clusters are the CLI's")
    counts = [len(s["m"]) for s in data["speakers"]]
    check(counts == sorted(counts, reverse=True) and sum(counts) == sum(1 for d in cli["documents"] for q in d["quotes"] if q["speaker"]),
          "speakers ranked by their quotes, every attributed quote counted once")
    bars = re.findall(r'class="count">(\d+)</text>', page)
    check([int(b) for b in bars] == counts[:30], "the chart's bars are the top speakers' counts")
    summary = collections.Counter(d["lang"] for d in cli["documents"])
    for lang, n in summary.items():
        check(re.search(r"<tr><td>%s</td><td>%d</td>" % (lang, n), page), "the summary counts the %s documents" % lang)
    # Errors: usage 2, a missing document 1 (the rest reported).
    check(subprocess.run([QUOTH, "report", out], capture_output=True).returncode == 2, "no FILE: exit 2")
    check(subprocess.run([QUOTH, "report", "--format", "pdf", out, samples], capture_output=True).returncode == 2, "--format pdf: exit 2")
    missing = subprocess.run([QUOTH, "report", out, hostile, os.path.join(work, "missing.txt")], capture_output=True, text=True)
    check(missing.returncode == 1 and "missing.txt" in missing.stderr and "hostile.txt" in open(out, encoding="utf-8").read(),
          "a missing document: exit 1, the others reported")
    check(subprocess.run([QUOTH, "report", os.path.join(work, "no", "such", "dir", "x.html"), hostile], capture_output=True).returncode == 1,
          "an output that cannot be written: exit 1")
    if failures:
        print("%d failures" % len(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
