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
