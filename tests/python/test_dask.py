"""The Dask runner against the CLI: a LocalCluster of two worker processes over the project's
samples and some of its test articles, quote by quote and cluster by cluster (no difference,
the same bytes), and `python3 -m quoth.dask` as a command."""
import glob
import importlib.util
import io
import json
import os
import subprocess
import sys

import pytest

import quoth
from conftest import CLI, SOURCE, project_files

distributed = pytest.importorskip("distributed")  # Debian: python3-distributed


def load_diff():
    spec = importlib.util.spec_from_file_location("dask_diff", os.path.join(SOURCE, "tools", "scripts", "dask_diff.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cli_output(inputs):
    return subprocess.run([CLI, "extract", "--format", "json", *inputs], check=True, capture_output=True).stdout


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_local_cluster_gives_the_cli_output(client):
    from quoth import dask as runner
    folder = os.path.join(SOURCE, "samples")
    # A folder (the CLI's *.txt in name order), then single files, as the CLI reads them.
    inputs = [folder] + [p for p in project_files() if not p.startswith(folder)]
    records, errors = runner.list_documents(inputs)
    assert not errors and len(records) == len(project_files())
    engine = quoth.Engine()
    results = runner.run(records, client, engine, partition_size=3)
    assert not [r for r in results if isinstance(r, runner.Failure)]
    clusters = runner.link_batch(results, engine)
    out = io.StringIO()
    runner.write(results, clusters, out)
    expected = cli_output(inputs)
    found = load_diff().differences(json.loads(expected), json.loads(out.getvalue()))
    assert found == []
    assert clusters, "the samples link across documents"
    assert out.getvalue().encode() == expected


def mixed_batch():
    """samples/ and every folder of tests/articles (English, Swedish, German and the rewrites of
    the same stories in other outlets' words), as folders: the CLI's and the runner's batch."""
    folders = [os.path.join(SOURCE, "samples")]
    for sub in ("en", "sv", "de", os.path.join("rewrites", "sv"), os.path.join("rewrites", "de")):
        folder = os.path.join(SOURCE, "tests", "articles", sub)
        if glob.glob(os.path.join(folder, "*.txt")):
            folders.append(folder)
    return folders


def run_and_link(client, inputs, partition_size=None):
    """The runner's output for `inputs` as the CLI's JSON object, and the clusters."""
    from quoth import dask as runner
    records, errors = runner.list_documents(inputs)
    assert not errors
    engine = quoth.Engine()
    results = runner.run(records, client, engine, partition_size=partition_size)
    assert not [r for r in results if isinstance(r, runner.Failure)]
    clusters = runner.link_batch(results, engine)
    out = io.StringIO()
    runner.write(results, clusters, out)
    return out.getvalue()


def test_mixed_batch_cluster_by_cluster(client):
    """All of samples/ and tests/articles in one batch, over two workers in small partitions:
    the same documents, quotes, speakers (with their global ids) and clusters as the CLI."""
    inputs = mixed_batch()
    ours = run_and_link(client, inputs, partition_size=7)
    expected = cli_output(inputs)
    cli = json.loads(expected)
    found = load_diff().differences(cli, json.loads(ours))
    assert found == []
    # The batch links, across documents and languages: the comparison above compared something.
    assert len(cli["documents"]) >= 100
    assert sum(len(c["languages"]) > 1 for c in cli["clusters"]) >= 10
    assert ours.encode() == expected


def test_the_comparison_sees_a_difference():
    """differences() reports a cluster that lost a quote, a quote with another speaker and a
    missing document (so that the tests above cannot pass on a comparison that sees nothing)."""
    inputs = [os.path.join(SOURCE, "samples")]
    cli = json.loads(cli_output(inputs))
    diff = load_diff().differences
    assert diff(cli, json.loads(json.dumps(cli))) == []
    changed = json.loads(json.dumps(cli))
    changed["clusters"][0]["quotes"].pop()
    assert len(diff(cli, changed)) == 1
    changed = json.loads(json.dumps(cli))
    quote = next(q for d in changed["documents"] for q in d["quotes"] if q["speaker"])
    quote["speaker"]["name"] += " Jr"
    assert len(diff(cli, changed)) == 1
    changed = json.loads(json.dumps(cli))
    changed["documents"].pop()
    assert diff(cli, changed)


def test_file_names_that_are_not_utf8(client, tmp_path):
    """Files whose names are not UTF-8 are read, listed in byte order and named with U+FFFD for
    each byte that is not UTF-8, as the CLI names them; a missing one is reported the same way."""
    folder = os.fsencode(tmp_path / "batch")
    os.mkdir(folder)
    samples = sorted(glob.glob(os.path.join(SOURCE, "samples", "*.txt")))[:4]
    names = [b"caf\xe9.txt", b"x\xe2\x82y\xc0\xafz.txt", b"\xf0a.txt", b"\xee\x80\x80b.txt"]
    for name, sample in zip(names, samples):
        with open(sample, "rb") as f, open(os.path.join(folder, name), "wb") as out:
            out.write(f.read())
    missing = os.path.join(folder, b"gone\xff.txt")
    inputs = [os.fsdecode(folder), os.fsdecode(missing)]
    ours = run_and_link_allowing_errors(client, inputs)
    cli = subprocess.run([os.fsencode(CLI), b"extract", b"--format", b"json", folder, missing], capture_output=True)
    assert cli.returncode == 1 and b"gone\xff.txt: cannot open" in cli.stderr  # the CLI names it by its bytes
    expected = json.loads(cli.stdout)
    assert [d["id"] for d in expected["documents"]] == [(folder + b"/" + n).decode("utf-8", "replace")
                                                         for n in sorted(names)]
    assert load_diff().differences(expected, json.loads(ours)) == []
    assert ours.encode() == cli.stdout


def run_and_link_allowing_errors(client, inputs):
    from quoth import dask as runner
    records, errors = runner.list_documents(inputs)
    engine = quoth.Engine()
    results = runner.run(records, client, engine)
    failures = [r for r in results if isinstance(r, runner.Failure)]
    assert len(failures) == 1 and failures[0]["error"].endswith("gone\ufffd.txt: cannot open: No such file or directory")
    documents = [r for r in results if not isinstance(r, runner.Failure)]
    clusters = runner.link_batch(documents, engine)
    out = io.StringIO()
    runner.write(documents, clusters, out)
    return out.getvalue()


def test_link_key_shuffle_moves_every_posting(client):
    """link_key_shuffle over the mixed batch on two workers: every quote's keys that can pair it
    (in 2..STOCK_KEY quotes) arrive at one reducer, and the meetings are those counted here in one
    process from the same keys."""
    from quoth import dask as runner
    records, _ = runner.list_documents(mixed_batch())
    engine = quoth.Engine()
    parts = client.map(runner.extract_partition, runner.partitions_of(records, 2, 20), engine=engine, pure=False)
    found = runner.link_key_shuffle(client, parts, engine)
    documents = [d for part in client.gather(parts) for d in part]
    counts, postings = runner.partition_keys(documents, engine)
    frequencies = runner.sum_counts([counts])
    expected = sum(1 for _, keys in postings for k in keys if 2 <= frequencies[k] <= runner.STOCK_KEY)
    by_key = {}
    for ref, keys in postings:
        looked = set(runner.lookup_keys(keys, frequencies))
        for k in keys:
            if 2 <= frequencies[k] <= runner.STOCK_KEY:
                by_key.setdefault(k, []).append((ref >> 16, k in looked))
    meetings = sum(sum(1 for d2, _ in refs if d2 != d) for refs in by_key.values() for d, looks in refs if looks)
    assert found["keys"] == len(frequencies) and found["quotes with keys"] == len(postings)
    assert found["postings"] == expected > 1000
    assert found["meetings"] == meetings > 0
    assert found["bytes"] > 10 * expected


def test_linked_words_and_translations_meet_in_the_shuffle():
    """On the mixed batch, every link the CLI's linker makes on shared words or a translation
    joins two quotes that meet in the shuffle: one looks up a key the other holds (links of
    aligned sentences and identical non-speech texts need not: the alignment compares more)."""
    from quoth import dask as runner
    engine = quoth.Engine(explain=True)
    records, _ = runner.list_documents(mixed_batch())
    documents = runner.extract_partition(records, engine)
    clusters = engine.link(documents, explain=True)
    counts, postings = runner.partition_keys(documents, engine)
    frequencies = runner.sum_counts([counts])
    keys = dict(postings)

    def ref(quote_id):
        doc, quote = quote_id.split(".")
        return (int(doc[1:]) << 16) | int(quote[1:])
    checked = 0
    for link in (l for c in clusters for l in c["links"] if l["basis"] in ("words", "translation")):
        a, b = keys.get(ref(link["from"]), []), keys.get(ref(link["to"]), [])
        shared = set(a) & set(b)
        assert any(k in shared for k in runner.lookup_keys(a, frequencies) + runner.lookup_keys(b, frequencies)), link
        checked += 1
    assert checked >= 10


DEV_BATCH = ["seeds", "ntrex-dev-outlets", "en-news", "sv-news"]


def test_dev_mixed_batch_when_shared_is_there(client):
    """The dev mixed batch of ../shared/corpus (read for measuring only), when it is there."""
    corpus = os.path.join(SOURCE, "..", "shared", "corpus")
    inputs = [os.path.join(corpus, name) for name in DEV_BATCH]
    if not all(glob.glob(os.path.join(folder, "*.txt")) for folder in inputs):
        pytest.skip("../shared/corpus (seeds, ntrex-dev-outlets, en-news, sv-news) is not here")
    ours = run_and_link(client, inputs)
    expected = cli_output(inputs)
    assert load_diff().differences(json.loads(expected), json.loads(ours)) == []
    assert ours.encode() == expected


def test_the_command(tmp_path):
    """python3 -m quoth.dask, with a JSONL archive, a missing file and jsonl output."""
    files = project_files()[:4]
    archive = tmp_path / "batch.jsonl"
    with open(archive, "w", encoding="utf-8") as f:
        for path in files:
            with open(path, encoding="utf-8", newline="") as text:
                f.write(json.dumps({"id": path, "text": text.read()}, ensure_ascii=False) + "\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = tmp_path / "out.jsonl"
    run = subprocess.run([sys.executable, "-m", "quoth.dask", str(archive), str(tmp_path / "missing.txt"),
                          "--workers", "2", "--format", "jsonl", "--out", str(out)], env=env, capture_output=True, text=True)
    assert run.returncode == 1, run.stderr  # as the CLI: a document that cannot be read
    assert "missing.txt: cannot open: No such file or directory" in run.stderr
    assert "quoth.dask: 4 documents" in run.stderr
    assert out.read_bytes() == subprocess.run([CLI, "extract", "--format", "jsonl", *files],
                                              capture_output=True).stdout
