"""Shared fixtures of the Python module's tests: the CLI, the project's samples and articles.

Run by ctest (tests/CMakeLists.txt) with PYTHONPATH=<build>/python, QUOTH_CLI and QUOTH_SOURCE set."""
import glob
import json
import os
import subprocess

import pytest

SOURCE = os.environ.get("QUOTH_SOURCE", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
CLI = os.environ.get("QUOTH_CLI", os.path.join(SOURCE, "build", "quoth"))


def project_files():
    """The project's own articles: samples/*.txt and a few of tests/articles in each language."""
    files = sorted(glob.glob(os.path.join(SOURCE, "samples", "*.txt")))
    for lang in ("en", "sv", "de"):
        files += sorted(glob.glob(os.path.join(SOURCE, "tests", "articles", lang, "*.txt")))[:3]
    return files


def cli_json(*arguments):
    """`quoth extract --format json ARGUMENTS...` parsed."""
    out = subprocess.run([CLI, "extract", "--format", "json", *arguments], check=True, capture_output=True)
    return json.loads(out.stdout)


def without_char_offsets(document):
    """A module document as the CLI's JSON has it."""
    d = json.loads(json.dumps(document))
    for q in d["quotes"]:
        q.pop("char_start"), q.pop("char_end")
        if q["speaker"]:
            q["speaker"].pop("char_start"), q["speaker"].pop("char_end")
    return d


@pytest.fixture(scope="session")
def engine():
    import quoth
    return quoth.Engine()
