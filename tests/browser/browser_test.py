#!/usr/bin/python3
"""The serve page and the HTML report in a real browser: Debian's headless Chromium via Selenium.

    browser_test.py QUOTH SOURCE_DIR SCREENSHOT_DIR

serve: paste Swedish and German samples and check every highlighted quote and underlined
mention against /api/extract (byte offsets turned into the right characters), the speaker table
and the explain panel; add a verb to the English lexicon in the editor and see the new
attribution; break the YAML and see the error at its line (gutter, bubble, `quoth check`'s
message); link an English and a German article side by side. report: the
speaker chart against the CLI's JSON, a cluster's versions side by side, a document's highlights.
Screenshots go to SCREENSHOT_DIR. Exit 77 (skipped) only when Chromium, its driver, Selenium or
quoth serve are not there.
"""
import collections
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "serve"))
from serve_support import SKIP, Server, read, serve_built  # noqa: E402

QUOTH, ROOT, SHOTS = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
SAMPLES = os.path.join(ROOT, "samples")
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
# Under the sanitizers quoth is several times slower: waits are generous, they end as soon as true.
WAIT = 120
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)
    else:
        print("ok:", message)
    return condition


def start_browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1500,1000", "--lang=en-US", "--no-first-run"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def wait(driver, script, what, *args):
    end = time.time() + WAIT
    while time.time() < end:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def idle(driver, counter, before):
    """Waits until body.dataset[counter] moved past `before` and no request is pending."""
    return wait(driver, "var d = document.body.dataset; return d.pending === '0' && +(d[arguments[0]] || 0) > arguments[1]"
                        " ? +d[arguments[0]] : 0;", counter, counter, before)


def counter(driver, name):
    return int(driver.execute_script("return +(document.body.dataset[arguments[0]] || 0);", name))


def set_value(driver, element_id, text, event="input"):
    driver.execute_script("var e = document.getElementById(arguments[0]); e.value = arguments[1];"
                          "e.dispatchEvent(new Event(arguments[2]));", element_id, text, event)


def label(q):
    return q["speaker"]["name"] if q["speaker"] else "?" if q["kind"] in ("direct", "partial", "dialogue") else "(%s)" % q["kind"]


def check_article(driver, server, name):
    text = read(os.path.join(SAMPLES, name))
    before = counter(driver, "extracted")
    set_value(driver, "article-input", text)
    idle(driver, "extracted", before)
    status, doc, _ = server.request("POST", "/api/extract", {"text": text, "id": "pasted"})
    shown = driver.execute_script("""
        var out = {quotes: {}, mentions: {}, rows: [], other: 0};
        document.querySelectorAll('#article-view [data-q]').forEach(function (e) {
          out.quotes[e.dataset.q] = (out.quotes[e.dataset.q] || '') + e.textContent;
          if (e.classList.contains('k-other')) out.other++;
        });
        document.querySelectorAll('#article-view [data-mention]').forEach(function (e) {
          out.mentions[e.dataset.mention] = (out.mentions[e.dataset.mention] || '') + e.textContent;
        });
        document.querySelectorAll('#quote-table tbody tr').forEach(function (r) {
          out.rows.push(r.querySelector('.speaker').textContent);
        });
        return out;""")
    quotes = doc["quotes"]
    check(len(quotes) > 3, "%s: /api/extract finds its quotes" % name)
    check(all(shown["quotes"].get(str(i)) == q["text"] for i, q in enumerate(quotes)),
          "%s: every highlighted span is its quote's text (UTF-8 offsets in UTF-16)" % name)
    mentions = {str(i): q["speaker"]["mention"] for i, q in enumerate(quotes) if q["speaker"] and q["speaker"]["start"] is not None}
    check(mentions and shown["mentions"] == mentions, "%s: every speaker mention underlined (%d)" % (name, len(mentions)))
    check(shown["rows"] == [label(q) for q in quotes], "%s: the table lists each quote's speaker" % name)
    check(shown["other"] >= sum(1 for q in quotes if q["kind"] not in ("direct", "partial", "dialogue")),
          "%s: quotes that are not speech are greyed" % name)
    return doc


def serve_tests(driver):
    with Server(QUOTH) as server:
        driver.get(server.url)
        wait(driver, "return document.body.dataset.ready === '1' && +(document.body.dataset.checked || 0) > 0"
                     " && document.body.dataset.pending === '0';", "the page and its first pack")
        check_article(driver, server, "de-faehre.txt")
        doc = check_article(driver, server, "sv-hamnen.txt")
        # Click an attributed quote: its evidence.
        first = next(i for i, q in enumerate(doc["quotes"]) if q["speaker"])
        driver.execute_script("document.querySelector('#article-view [data-q=\"%d\"]').click();" % first)
        explain = driver.execute_script("return document.getElementById('explain').textContent;")
        speaker = doc["quotes"][first]["speaker"]
        check("speaker: " + speaker["name"] in explain and all(e in explain for e in speaker.get("evidence", [])),
              "clicking a quote shows its speaker and evidence")
        driver.save_screenshot(os.path.join(SHOTS, "serve-article.png"))

        # Edit a verb: the English lexicon learns "squawked".
        before = counter(driver, "checked")
        set_value(driver, "pack-select", "en/lexicon.yaml", "change")
        idle(driver, "checked", before)
        original = driver.execute_script("return document.getElementById('rule-editor').value;")
        check(original == read(os.path.join(ROOT, "rules/en/lexicon.yaml")), "the editor holds the built-in en/lexicon.yaml")
        text = '"The ferry will run all winter," Lena Dahl squawked on Tuesday.\n'
        before = counter(driver, "extracted")
        set_value(driver, "article-input", text)
        idle(driver, "extracted", before)
        rows = lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('#quote-table tbody tr .speaker')).map(function (e) { return e.textContent; });")
        check(rows() == ["?"], "before the edit the quote has no speaker")
        before = counter(driver, "extracted")
        started = time.time()
        set_value(driver, "rule-editor", original.replace("verbs: [said,", "verbs: [squawked, said,", 1))
        idle(driver, "extracted", before)
        check(rows() == ["Lena Dahl"], "after adding the verb the quote is Lena Dahl's (%.2f s after the edit)" % (time.time() - started))
        edit_seconds = time.time() - started

        # Break the YAML: an unknown key on line 5 is shown at line 5.
        lines = original.split("\n")
        lines.insert(4, "verbz: [x]")
        broken = "\n".join(lines)
        status, expected, _ = server.request("POST", "/api/check", {"path": "en/lexicon.yaml", "yaml": broken})
        error = next(d for d in expected["diagnostics"] if d["severity"] == "error")
        check(status == 422 and error["line"] == 5, "the server puts the error at line 5")
        before = counter(driver, "checked")
        set_value(driver, "rule-editor", broken)
        idle(driver, "checked", before)
        shown = driver.execute_script("""
            return {gutter: Array.from(document.querySelectorAll('#gutter .err')).map(function (e) { return e.dataset.line; }),
                    bubble: Array.from(document.querySelectorAll('#bubbles .bubble')).map(function (e) { return [e.dataset.line, e.textContent]; }),
                    list: Array.from(document.querySelectorAll('#diagnostics li.sev-error')).map(function (e) { return e.textContent; }),
                    status: document.getElementById('check-status').textContent};""")
        check(shown["gutter"] == ["5"], "the gutter marks line 5 (%s)" % shown["gutter"])
        check(shown["bubble"] and shown["bubble"][0][0] == "5" and shown["bubble"][0][1] == error["text"],
              "the error's message sits at line 5, as quoth check prints it")
        check(shown["list"] == [error["text"]] and error["text"].startswith("en/lexicon.yaml:5:1: unknown key 'verbz'"),
              "the diagnostics list gives quoth check's FILE:LINE:COL and message (%s)" % shown["list"])
        check("does not load" in shown["status"], "the status says the pack does not load")
        driver.save_screenshot(os.path.join(SHOTS, "serve-error.png"))

        # The linked view: an English and a German article side by side.
        pair = ["en-ferry-de.txt", "de-faehre.txt"]
        driver.execute_script("document.getElementById('tab-link').click();")
        driver.execute_script("""
            var ids = document.querySelectorAll('.link-id'), texts = document.querySelectorAll('.link-text');
            ids[0].value = arguments[0]; texts[0].value = arguments[1]; ids[1].value = arguments[2]; texts[1].value = arguments[3];""",
                              pair[0], read(os.path.join(SAMPLES, pair[0])), pair[1], read(os.path.join(SAMPLES, pair[1])))
        set_value(driver, "rule-editor", original)  # the English pack as loaded: no pack sent
        driver.execute_script("document.getElementById('link-run').click();")
        wait(driver, "return document.body.dataset.linked !== undefined && document.body.dataset.pending === '0';", "the links")
        status, linked, _ = server.request("POST", "/api/link", {"documents": [{"id": n, "text": read(os.path.join(SAMPLES, n))} for n in pair]})
        table = driver.execute_script("""
            return Array.from(document.querySelectorAll('#link-table tr.cluster-row')).map(function (r) {
              return Array.from(r.querySelectorAll('td.member')).map(function (c) { return c.textContent; }); });""")
        check(len(table) == len(linked["clusters"]) >= 4, "one row per linked utterance (%d)" % len(table))
        check(all(len(row) == 2 and row[0] and row[1] for row in table), "each row has its English and German version side by side")
        quotes = {q["id"]: q for d in linked["documents"] for q in d["quotes"]}
        first = linked["clusters"][0]
        check(all(quotes[i]["text"] in "".join(table[0]) for i in first["quotes"]), "the first row shows the first cluster's quotes")
        driver.save_screenshot(os.path.join(SHOTS, "serve-linked.png"))
        return edit_seconds


def report_tests(driver):
    out = os.path.join(SHOTS, "report-samples.html")
    subprocess.run([QUOTH, "report", "--format", "html", out, SAMPLES], check=True)
    cli = json.loads(subprocess.run([QUOTH, "extract", "--format", "json", SAMPLES], capture_output=True, check=True).stdout)
    counts = collections.Counter()
    for d in cli["documents"]:
        entity = {s["id"]: s for s in d["speakers"]}
        for q in d["quotes"]:
            if q["speaker"]:
                e = entity[q["speaker"]["entity"]]
                counts[(e.get("global_id") or d["id"] + e["id"], q["speaker"]["name"] if not e.get("global_id") else None)] += 1
    driver.get("file://" + out)
    wait(driver, "return document.body.dataset.ready === '1';", "the report")
    bars = driver.execute_script("""
        return Array.from(document.querySelectorAll('#speaker-chart .bar')).map(function (b) {
          return [b.querySelector('text').textContent, +b.querySelector('.count').textContent]; });""")
    check(len(bars) == min(30, len(counts)), "one bar per speaker (%d)" % len(bars))
    check([n for _, n in bars] == sorted(counts.values(), reverse=True)[:len(bars)], "the bars are the speakers' quote counts, ranked")
    check(bars[0][1] == max(counts.values()), "the first bar is the most quoted speaker (%s, %d)" % tuple(bars[0]))
    # A cluster's versions side by side, as the CLI links them.
    cluster = next(c for c in cli["clusters"] if len(c["languages"]) > 1)
    index = cli["clusters"].index(cluster)
    driver.execute_script("location.hash = '#cluster-%d';" % index)
    versions = wait(driver, """var c = document.getElementById('cluster-%d'); if (!c) return null;
        return Array.from(c.querySelectorAll('.version')).map(function (v) { return [v.getAttribute('lang'), v.querySelector('.text').textContent]; });""" % index,
                    "the cluster")
    quotes = {q["id"]: (d["lang"], q["text"]) for d in cli["documents"] for q in d["quotes"]}
    check(sorted(map(tuple, versions)) == sorted(quotes[i] for i in cluster["quotes"]),
          "cluster %s shows its %d versions in %s side by side" % (cluster["id"], len(versions), "/".join(cluster["languages"])))
    driver.save_screenshot(os.path.join(SHOTS, "report-cluster.png"))
    # A document's highlights on its own anchor.
    driver.execute_script("location.hash = '#doc-1';")
    marked = wait(driver, "var d = document.getElementById('doc-1'); return d && d.open && d.querySelector('.doc-text') ?"
                          " Array.from(new Set(Array.from(d.querySelectorAll('[data-q]')).map(function (e) { return e.dataset.q; }))).length : 0;",
                  "document 1")
    check(marked == len(cli["documents"][1]["quotes"]), "#doc-1 opens with each of its %d quotes highlighted" % marked)
    driver.execute_script("location.hash = ''; window.scrollTo(0, 0);")
    driver.save_screenshot(os.path.join(SHOTS, "report-chart.png"))


def main():
    if not serve_built(QUOTH):
        print("skipped: quoth was built without serve (no libcpp-httplib-dev)")
        return SKIP
    missing = [p for p in (CHROMIUM, DRIVER) if not os.path.exists(p)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("python3-selenium")
    if missing:
        print("skipped: no %s (tools/scripts/install-deps.sh installs chromium, chromium-driver, python3-selenium)" % ", ".join(missing))
        return SKIP
    os.makedirs(SHOTS, exist_ok=True)
    os.environ.setdefault("HOME", tempfile.mkdtemp(prefix="quoth-browser-home-"))
    started = time.time()
    driver = start_browser()
    try:
        edit_seconds = serve_tests(driver)
        report_tests(driver)
    finally:
        driver.quit()
    print("screenshots in %s; an edit took %.2f s to show; all in %.1f s" % (SHOTS, edit_seconds, time.time() - started))
    if failures:
        print("%d failures" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
