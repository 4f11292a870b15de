#!/usr/bin/python3
"""How the HTML report scales: its size, the time to write it and the time a browser takes to open it.

    tools/scripts/report_scale.py [--quoth build/quoth] [--documents 2000] [--out DIR]

Makes DOCUMENTS articles by repeating the project's own texts (samples/ and tests/articles/*/,
each copy under a new name), runs `quoth report --format html`, and opens the page in headless
Chromium (Debian's chromium, chromium-driver, python3-selenium): the time to its DOMContentLoaded
and to the report script's end (document.body.dataset.ready), then the time to open one
document's section from its anchor. Not a test: figures for the record (tools/README.md).
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quoth", default=os.path.join(ROOT, "build", "quoth"))
    parser.add_argument("--documents", type=int, default=2000)
    parser.add_argument("--out", default=None, help="where the articles and the report go (default: a temporary folder)")
    args = parser.parse_args()
    sources = sorted(glob.glob(os.path.join(ROOT, "samples", "*.txt")) + glob.glob(os.path.join(ROOT, "tests", "articles", "*", "*.txt")))
    out = args.out or tempfile.mkdtemp(prefix="quoth-report-scale-")
    folder = os.path.join(out, "articles")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for i in range(args.documents):
        source = sources[i % len(sources)]
        shutil.copyfile(source, os.path.join(folder, "%05d-%s" % (i, os.path.basename(source))))
    report = os.path.join(out, "report.html")
    started = time.time()
    subprocess.run([args.quoth, "report", "--format", "html", report, folder], check=True)
    written = time.time() - started
    size = os.path.getsize(report)
    print("%d documents (%.1f MB of text): report %.1f MB, written in %.1f s (extraction and linking included)" % (
        args.documents, sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)) / 1e6, size / 1e6, written))

    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"):
        options.add_argument(a)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        for attempt in range(3):
            driver.get("about:blank")
            started = time.time()
            driver.get("file://" + report)
            while not driver.execute_script("return document.body && document.body.dataset.ready === '1';"):
                time.sleep(0.01)
            wall = time.time() - started
            timing = driver.execute_script(
                "var t = performance.getEntriesByType('navigation')[0]; return [t.domContentLoadedEventEnd, t.loadEventEnd];")
            elements = driver.execute_script("return document.getElementsByTagName('*').length;")
            print("open %d: DOMContentLoaded %.0f ms, load %.0f ms, ready (wall, with the driver) %.0f ms; %d elements" % (
                attempt + 1, timing[0], timing[1], wall * 1000, elements))
        last = args.documents - 1
        started = time.time()
        driver.execute_script("location.hash = '#doc-%d';" % last)
        while not driver.execute_script("var d = document.getElementById('doc-%d'); return d && d.querySelector('.doc-text');" % last):
            time.sleep(0.01)
        print("opening #doc-%d (the last document, past %d pages of the list): %.0f ms" % (last, args.documents // 50, (time.time() - started) * 1000))
    finally:
        driver.quit()
    print("report: " + report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
