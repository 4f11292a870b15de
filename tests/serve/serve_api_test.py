#!/usr/bin/env python3
"""quoth serve's JSON API against the CLI, and hostile requests against the server.

    serve_api_test.py QUOTH SOURCE_DIR

The API's document and links are the CLI's (`extract --format json --explain`) for the same
text; an edited pack changes attribution; then each hostile request gets its 4xx (huge body 413,
bad JSON 400, bad YAML and an exploding define: 422 with the pack's line, path traversal 400,
cross-origin POST and a foreign Host 403, not JSON 415) and the server stays up; saving writes
only inside --rules DIR. Exit 77 (skipped) when quoth was built without serve.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import SKIP, Server, read, serve_built  # noqa: E402

QUOTH, ROOT = sys.argv[1], sys.argv[2]
SAMPLES = os.path.join(ROOT, "samples")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)
    return condition


def cli_json(*paths):
    out = subprocess.run([QUOTH, "extract", "--format", "json", "--explain", *paths], capture_output=True, check=True)
    return json.loads(out.stdout)


# A text of our own: a verb the built-in English packs do not know.
SQUAWK = '"The ferry will run all winter," Lena Dahl squawked on Tuesday.\n'
# A pack that expands into gigabytes: ten uses of ten uses of ... (refused before compiling).
EXPLODING = "language: en\ndefine:\n  L1: \"(?:ab|cd)\"\n" + "".join(
    "  L%d: \"%s\"\n" % (i, "{L%d}" % (i - 1) * 10) for i in range(2, 9)) + (
    "patterns:\n  - id: en.mine.boom\n    position: after\n    pattern: \"^, {L8} {SPEAKER}\"\n")


def main():
    if not serve_built(QUOTH):
        print("skipped: quoth was built without serve (no libcpp-httplib-dev)")
        return SKIP
    rules_dir = tempfile.mkdtemp(prefix="quoth-serve-test-")
    os.makedirs(os.path.join(rules_dir, "en"))
    with open(os.path.join(rules_dir, "en", "mine.yaml"), "w") as f:
        f.write("language: en\nverbs: [grumbled]\n")
    with Server(QUOTH, "--rules", rules_dir) as server:
        # The page and its assets, with the security headers.
        status, page, headers = server.request("GET", "/")
        check(status == 200 and "<textarea id=\"article-input\"" in page, "GET / serves the page")
        check("default-src 'none'" in headers.get("Content-Security-Policy", ""), "the page has a Content-Security-Policy")
        for asset in ("/app.js", "/style.css", "/highlight.js"):
            check(server.request("GET", asset)[0] == 200, "GET %s" % asset)
        check(server.request("GET", "/../../etc/passwd")[0] == 404, "no file outside the embedded assets")

        # /api/extract is the CLI's document (same id, same d0 prefix), for Swedish and German text.
        for name in ("sv-hamnen.txt", "de-faehre.txt", "en-council-budget.txt"):
            path = os.path.join(SAMPLES, name)
            text = read(path)
            status, doc, _ = server.request("POST", "/api/extract", {"text": text, "id": path})
            check(status == 200, "%s: /api/extract 200 (got %s %s)" % (name, status, doc if status != 200 else ""))
            if status != 200:
                continue
            check(doc.pop("diagnostics") == [], "%s: no diagnostics with the built-in packs" % name)
            expected = cli_json(path)["documents"][0]
            for q in expected["quotes"]:
                q.pop("cluster", None)
            for s in expected["speakers"]:
                s.pop("global_id", None)
            check(doc == expected, "%s: /api/extract gives the CLI's JSON document" % name)
            raw = text.encode("utf-8")
            check(all(raw[q["start"]:q["end"]].decode("utf-8") == q["text"] for q in doc["quotes"]),
                  "%s: every span is a UTF-8 byte offset" % name)

        # /api/link is the CLI's documents and clusters.
        pair = [os.path.join(SAMPLES, n) for n in ("en-ferry-de.txt", "de-faehre.txt")]
        status, linked, _ = server.request("POST", "/api/link", {"documents": [{"id": p, "text": read(p)} for p in pair]})
        check(status == 200, "/api/link 200")
        if status == 200:
            linked.pop("diagnostics")
            expected = cli_json(*pair)
            check(linked == expected, "/api/link gives the CLI's documents and clusters")
            check(any(set(c["languages"]) == {"de", "en"} for c in linked["clusters"]), "/api/link: links across languages")

        # An edited pack changes attribution: the built-in lexicon with one more verb.
        status, before, _ = server.request("POST", "/api/extract", {"text": SQUAWK})
        check(status == 200 and before["quotes"][0]["speaker"] is None, "no speaker before the verb is added")
        status, lexicon, _ = server.request("GET", "/api/pack?path=en/lexicon.yaml")
        check(status == 200 and "verbs: [said," in lexicon["yaml"], "GET /api/pack gives the built-in lexicon")
        edited = lexicon["yaml"].replace("verbs: [said,", "verbs: [squawked, said,", 1)
        pack = {"path": "en/lexicon.yaml", "yaml": edited}
        status, after, _ = server.request("POST", "/api/extract", {"text": SQUAWK, "pack": pack})
        check(status == 200 and after["quotes"][0]["speaker"] and after["quotes"][0]["speaker"]["name"] == "Lena Dahl",
              "the edited pack attributes the quote to Lena Dahl (got %s)" % (after.get("quotes") if status == 200 else after))
        status, checked, _ = server.request("POST", "/api/check", {"path": "en/attribution.yaml",
                                                                   "yaml": read(os.path.join(ROOT, "rules/en/attribution.yaml"))})
        check(status == 200 and checked["ok"] and checked["examples"] and all(e["passed"] for e in checked["examples"]),
              "/api/check: the built-in attribution pack passes, every example listed as passed")

        # A failing example is reported at its line, passed/failed per example.
        attribution = read(os.path.join(ROOT, "rules/en/attribution.yaml"))
        broken_example = attribution.replace("        speaker: Mayor Anna Berg", "        speaker: Mayor Ann Borg", 1)
        # The example's line is its "- text:" line, the one before its speaker (1-based).
        example_line = attribution.splitlines().index("        speaker: Mayor Anna Berg")
        status, checked, _ = server.request("POST", "/api/check", {"path": "en/attribution.yaml", "yaml": broken_example})
        failed = [e for e in checked.get("examples", []) if not e["passed"]]
        check(status == 200 and not checked["ok"] and len(failed) == 1 and failed[0]["line"] == example_line,
              "/api/check: the one failing example, at line %d (got %s)" % (example_line, failed))

        # Hostile requests: each a clear 4xx, the server still up.
        hostile = {}
        status, body, _ = server.request("POST", "/api/extract", raw=b"{" + b" " * (9 << 20) + b"}",
                                         headers={"Content-Type": "application/json"})
        hostile["huge body (9 MiB)"] = status
        check(status == 413, "a 9 MiB body gets 413 (got %s)" % status)
        status, body, _ = server.request("POST", "/api/extract", raw=b'{"text": "unterminated',
                                         headers={"Content-Type": "application/json"})
        hostile["bad JSON"] = status
        check(status == 400 and "not a JSON object" in body["error"], "bad JSON gets 400")
        status, body, _ = server.request("POST", "/api/extract", raw=b'{"text": "\xff\xfe"}', headers={"Content-Type": "application/json"})
        hostile["JSON with invalid UTF-8"] = status
        check(status == 400, "invalid UTF-8 gets 400")
        status, body, _ = server.request("POST", "/api/extract", {"text": 42})
        hostile["text not a string"] = status
        check(status == 400, "a text that is not a string gets 400")
        bad_yaml = "language: en\nverbs: [said, told\nroles: [mayor]\n"
        status, body, _ = server.request("POST", "/api/extract", {"text": SQUAWK, "pack": {"path": "en/mine.yaml", "yaml": bad_yaml}})
        hostile["bad YAML"] = status
        errors = [d for d in body.get("diagnostics", []) if d["severity"] == "error"]
        check(status == 422 and errors and errors[0]["file"] == "en/mine.yaml" and errors[0]["line"] >= 2
              and "^" in errors[0]["text"] and rules_dir not in json.dumps(body) and "quoth-serve-" not in json.dumps(body),
              "bad YAML gets 422 with en/mine.yaml:LINE:COL and a caret, no temporary path (got %s)" % body)
        started = time.time()
        status, body, _ = server.request("POST", "/api/check", {"path": "en/boom.yaml", "yaml": EXPLODING})
        hostile["exploding define: (10^7 expansion)"] = status
        check(status == 422 and "max_expanded_pattern_bytes" in json.dumps(body) and time.time() - started < 30,
              "an exploding define: gets 422 naming the limit, at once (got %s in %.1f s)" % (status, time.time() - started))
        for path in ("../../etc/passwd.yaml", "/etc/quoth.yaml", "en/../../x.yaml", "en/sub/x.yaml", "..yaml", "en/x.txt"):
            status, body, _ = server.request("POST", "/api/check", {"path": path, "yaml": "language: en\n"})
            hostile["path traversal in pack.path: " + path] = status
            check(status == 400, "pack.path %r gets 400 (got %s)" % (path, status))
        status, body, _ = server.request("POST", "/api/save", {"path": "../escape.yaml", "yaml": "language: en\n"})
        hostile["path traversal in /api/save"] = status
        check(status == 400 and not os.path.exists(os.path.join(os.path.dirname(rules_dir), "escape.yaml")), "save outside DIR gets 400")
        status, body, _ = server.request("GET", "/api/pack?path=../../etc/passwd")
        hostile["path traversal in GET /api/pack"] = status
        check(status == 400, "GET /api/pack with a traversal gets 400")
        status, body, _ = server.request("POST", "/api/extract", {"text": "x"}, headers={"Origin": "http://evil.example"})
        hostile["cross-origin POST (Origin)"] = status
        check(status == 403, "a cross-origin POST gets 403")
        status, body, _ = server.request("POST", "/api/extract", {"text": "x"}, headers={"Sec-Fetch-Site": "cross-site"})
        hostile["cross-site POST (Sec-Fetch-Site)"] = status
        check(status == 403, "a cross-site POST gets 403")
        status, body, _ = server.request("POST", "/api/extract", {"text": "x"}, headers={"Host": "attacker.example:80"})
        hostile["foreign Host (DNS rebinding)"] = status
        check(status == 403, "a foreign Host gets 403")
        status, body, _ = server.request("POST", "/api/extract", raw=b'{"text": "x"}', headers={"Content-Type": "text/plain"})
        hostile["not JSON (a form's text/plain)"] = status
        check(status == 415, "a text/plain POST gets 415")
        status, body, _ = server.request("POST", "/api/link", {"documents": [{"id": "a", "text": "x"}, {"id": "a", "text": "y"}]})
        hostile["two documents with one id"] = status
        check(status == 400, "two documents with one id get 400")
        status, body, _ = server.request("DELETE", "/api/extract")
        hostile["DELETE"] = status
        check(status == 405, "DELETE gets 405")
        check(server.alive() and server.request("GET", "/api/packs")[0] == 200, "the server is up after the hostile requests")
        for what, code in hostile.items():
            print("hostile: %-45s %d" % (what, code))

        # Saving: only after check passes, only inside DIR, never a built-in pack.
        mine = "language: en\nverbs: [grumbled, squawked]\n"
        status, body, _ = server.request("POST", "/api/save", {"path": "en/mine.yaml", "yaml": mine})
        check(status == 200 and read(os.path.join(rules_dir, "en", "mine.yaml")) == mine, "save writes DIR/en/mine.yaml")
        status, after, _ = server.request("POST", "/api/extract", {"text": SQUAWK})
        check(status == 200 and after["quotes"][0]["speaker"] is not None, "after saving, the base rules have the saved verb")
        status, body, _ = server.request("POST", "/api/save", {"path": "en/mine.yaml", "yaml": bad_yaml})
        check(status == 422 and read(os.path.join(rules_dir, "en", "mine.yaml")) == mine, "a pack that does not load is not saved")
        status, body, _ = server.request("POST", "/api/save", {"path": "en/lexicon.yaml", "yaml": edited})
        check(status == 403, "a built-in pack is not saved")
    with Server(QUOTH) as server:
        taken = subprocess.run([QUOTH, "serve", "--port", str(server.port)], capture_output=True, text=True, timeout=120)
        check(taken.returncode == 1 and "cannot listen" in taken.stderr, "a second server on a taken port exits 1 and says so")
        status, body, _ = server.request("POST", "/api/save", {"path": "en/mine.yaml", "yaml": "language: en\n"})
        check(status == 403 and "--rules" in body["error"], "without --rules nothing is saved (403)")
        check(server.stop() == 0, "SIGTERM stops the server with exit 0")
    if failures:
        print("%d failures" % len(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
