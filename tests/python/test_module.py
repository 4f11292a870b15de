"""The Python module: the API, the CLI's JSON schema, offsets, errors, threads, linking, pandas."""
import copy
import os
import pickle
import threading

import pytest

import quoth
from conftest import SOURCE, cli_json, project_files, without_char_offsets

ENGLISH = ("Ferry fares will rise in June.\n\n"
           "“We have no other choice,” said harbour director Maria Holt. “Fuel costs doubled.”\n")
SWEDISH = ("Färjan till Ölö blir dyrare\n\n"
           "– Vi har inget annat val, säger hamnchefen Åsa Ström.\n\n"
           "Ström kallar höjningen ”nödvändig men smärtsam”.\n")
GERMAN = ("Fähre nach Großinsel wird teurer\n\n"
          "„Wir müssen die Preise erhöhen“, sagte Bürgermeisterin Jördis Weiß am Dienstag.\n")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_extract_gives_quotes_and_speakers(engine):
    doc = engine.extract(ENGLISH, id="ferry.txt")
    assert isinstance(doc, quoth.Document) and isinstance(doc, dict)
    assert list(doc) == ["id", "lang", "bytes", "quotes", "speakers"]
    assert doc["id"] == "ferry.txt" and doc["lang"] == "en" and doc["bytes"] == len(ENGLISH.encode())
    texts = [q["text"] for q in doc["quotes"]]
    assert texts == ["We have no other choice,", "Fuel costs doubled."]
    assert {q["speaker"]["name"] for q in doc["quotes"]} == {"Maria Holt"}
    assert doc["quotes"][0]["id"] == "ferry.txt.q0"
    assert list(doc["quotes"][0]) == ["id", "start", "end", "char_start", "char_end", "text", "kind", "speaker",
                                      "confidence", "rule", "line"]


def test_the_document_is_the_cli_json_document(engine):
    """Every sample, field by field, as `quoth extract --format json --no-link` prints it."""
    files = project_files()
    cli = cli_json("--no-link", *files)["documents"]
    assert [d["id"] for d in cli] == files
    for n, (path, expected) in enumerate(zip(files, cli)):
        with open(path, "rb") as f:
            doc = engine.extract(f.read(), id=path, prefix=f"d{n}")
        assert without_char_offsets(doc) == expected, path


@pytest.mark.parametrize("text", [ENGLISH, SWEDISH, GERMAN])
def test_offsets_bytes_and_code_points(engine, text):
    doc = engine.extract(text)
    assert doc["quotes"], text
    raw = text.encode()
    for q in doc["quotes"]:
        assert text[q["char_start"]:q["char_end"]] == q["text"]
        assert raw[q["start"]:q["end"]].decode() == q["text"]
        s = q["speaker"]
        if s and s["start"] is not None:
            assert text[s["char_start"]:s["char_end"]] == s["mention"]
            assert raw[s["start"]:s["end"]].decode() == s["mention"]
    if text is not ENGLISH:
        assert any(q["char_start"] != q["start"] for q in doc["quotes"]), "non-ASCII text before a quote"


def test_languages(engine):
    assert [engine.extract(t)["lang"] for t in (ENGLISH, SWEDISH, GERMAN)] == ["en", "sv", "de"]
    assert quoth.detect_language(SWEDISH) == "sv"
    assert set(engine.languages) >= {"en", "sv", "de"}
    assert quoth.Engine(lang="sv").extract(ENGLISH)["lang"] == "sv"


def test_options(engine):
    assert [q["kind"] for q in engine.extract(SWEDISH)["quotes"]] == ["dialogue", "partial"]
    assert quoth.Engine(speech_only=True).options["keep_non_speech"] is False
    explained = quoth.Engine(explain=True).extract(ENGLISH)
    assert "evidence" in explained["quotes"][0]["speaker"]
    with pytest.raises(TypeError, match="unknown quoth engine option 'colour'"):
        quoth.Engine(colour=True)
    with pytest.raises(quoth.InputError, match="lang takes auto"):
        quoth.Engine(lang="fi")


def test_invalid_utf8_raises_input_error(engine):
    with pytest.raises(quoth.InputError) as error:
        engine.extract(b"Hello \xff\xfe world", id="bad.txt")
    assert "bad.txt" in str(error.value) and "UTF-8" in str(error.value)
    assert isinstance(error.value, ValueError) and error.value.code == "invalid_input"
    with pytest.raises(quoth.InputError, match="lone surrogate"):
        engine.extract("a \udcff b", id="surrogate")
    with pytest.raises(TypeError):
        engine.extract(42)


def test_extract_many_keeps_errors_in_place(engine):
    results = engine.extract_many([("good", ENGLISH), ("bad", b"\xff\xfe"), ("also good", SWEDISH)], errors="keep")
    assert results[0]["id"] == "good" and results[2]["id"] == "also good"
    assert isinstance(results[1], quoth.InputError) and "bad" in str(results[1])
    with pytest.raises(quoth.InputError):
        engine.extract_many([("good", ENGLISH), ("bad", b"\xff\xfe")])


def test_bad_rules_folder(tmp_path):
    with pytest.raises(quoth.Error) as missing:
        quoth.Engine(rules=str(tmp_path / "no-such-folder"))
    assert "no-such-folder" in str(missing.value)
    pack = tmp_path / "en"
    pack.mkdir()
    (pack / "broken.yaml").write_text("pack: broken\nlanguage: en\npatterns:\n  - id: en.broken\n    position: after\n"
                                      "    pattern: '^ {SPEAKER} {NO_SUCH_PLACEHOLDER}'\n")
    with pytest.raises(quoth.RuleError) as broken:
        quoth.Engine(rules=str(tmp_path))
    assert "broken.yaml" in str(broken.value) and broken.value.diagnostics
    with pytest.raises(quoth.RuleError) as as_text:  # the same pack as text, named as given
        quoth.Engine(rules={"en/broken.yaml": (pack / "broken.yaml").read_text()})
    assert "\nen/broken.yaml:" in str(as_text.value) and as_text.value.diagnostics[0].startswith("en/broken.yaml:")
    with pytest.raises(quoth.RuleError, match=str(tmp_path / "en" / "broken.yaml")):
        quoth.Engine(rules=quoth.PackText({"en/broken.yaml": (pack / "broken.yaml").read_text()}, origin=str(tmp_path)))


def test_extract_many_with_threads_is_sequential_extract(engine):
    """The GIL is released and documents are read on several threads: the same as one by one."""
    texts = [(path, read(path)) for path in project_files()] * 3
    sequential = [engine.extract(t, id=i, prefix=f"d{n}") for n, (i, t) in enumerate(texts)]
    for threads in (1, 4):
        assert engine.extract_many(texts, threads=threads, number_from=0) == sequential
    plain = engine.extract_many([t for _, t in texts[:3]], threads=2)
    assert [d["id"] for d in plain] == ["0", "1", "2"]


def test_engine_is_shared_across_python_threads(engine):
    texts = [read(p) for p in project_files()]
    expected = [engine.extract(t, id=str(n)) for n, t in enumerate(texts)]
    got = [None] * 4

    def work(k):
        got[k] = [engine.extract(t, id=str(n)) for n, t in enumerate(texts)]
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == expected for g in got)


def test_extract_many_releases_the_gil(engine):
    """While extract_many runs, another Python thread keeps running."""
    texts = [read(p) for p in project_files()] * 20
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        engine.extract_many(texts, threads=2)
    finally:
        done.set()
        ticker.join()
    assert len(ticks) > 100


def test_link_gives_the_cli_clusters(engine):
    files = project_files()
    cli = cli_json(*files)
    docs = engine.extract_many([(p, open(p, "rb").read()) for p in files], number_from=0)
    clusters = quoth.link(docs)
    assert cli["clusters"], "the samples link"
    assert clusters == cli["clusters"]
    assert [without_char_offsets(d) for d in docs] == cli["documents"]
    explained = quoth.link(copy.deepcopy(docs), explain=True)
    assert all(len(c["links"]) == len(c["quotes"]) - 1 for c in explained)


def test_link_needs_documents_from_the_engine(engine):
    doc = engine.extract(ENGLISH, id="a")
    with pytest.raises(quoth.Error, match="no link evidence"):
        quoth.link([dict(doc)])


def test_documents_and_engines_pickle(engine):
    files = project_files()
    docs = engine.extract_many([(p, open(p, "rb").read()) for p in files], number_from=0)
    copies = pickle.loads(pickle.dumps(docs))
    assert copies == docs and all(type(d) is quoth.Document for d in copies)
    assert quoth.link(copies) == cli_json(*files)["clusters"]
    assert pickle.loads(pickle.dumps(engine)) is pickle.loads(pickle.dumps(engine))  # built once per process
    packs = quoth.Engine(rules={"en/empty.yaml": "pack: empty\nlanguage: en\n"})
    assert pickle.loads(pickle.dumps(packs)).extract(ENGLISH) == packs.extract(ENGLISH)


def test_to_pandas(engine):
    pandas = pytest.importorskip("pandas")
    files = project_files()
    docs = engine.extract_many([(p, open(p, "rb").read()) for p in files], number_from=0)
    clusters = quoth.link(docs)
    frame = quoth.to_pandas(docs)
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == sum(len(d["quotes"]) for d in docs)
    assert list(frame.columns[:7]) == ["document", "quote", "kind", "text", "speaker", "confidence", "cluster"]
    assert set(frame["cluster"].dropna()) == {c["id"] for c in clusters}
    row = frame.iloc[0]
    assert row["quote"] == docs[0]["quotes"][0]["id"] and row["document"] == files[0]
    assert len(quoth.to_pandas(cli_json(*files))) == len(frame)  # the CLI's JSON too


def test_extract_partition_is_the_spark_function(engine):
    """quoth.dask.extract_partition on plain (id, text) rows, as mapPartitions hands them over."""
    from quoth.dask import Failure, extract_partition
    rows = ((p, read(p)) for p in project_files()[:4])
    out = extract_partition(rows, engine)
    assert [d["id"] for d in out] == project_files()[:4]
    assert out == [engine.extract(read(p), id=p) for p in project_files()[:4]]
    records = [{"n": 0, "path": project_files()[0]}, {"n": 1, "path": os.path.join(SOURCE, "missing.txt")}]
    out = extract_partition(records, engine)
    assert out[0]["quotes"][0]["id"].startswith("d0.q")
    assert isinstance(out[1], Failure) and "missing.txt: cannot open" in out[1]["error"]


def test_quote_keys_are_what_linked_quotes_share(engine):
    """Engine.link_keys: the linker's own link keys per quote. The English and German versions
    of each spoken utterance in the ferry samples share keys (English stems, the German words'
    translations); a scare quote has none (it links only through its aligned sentence)."""
    import quoth
    names = ("en-ferry-de.txt", "de-faehre.txt")
    texts = [(name, open(os.path.join(SOURCE, "samples", name), "rb").read()) for name in names]
    docs = engine.extract_many(texts, threads=1, number_from=0)
    clusters = quoth.link(docs, engine=engine)
    keys = engine.link_keys(docs)
    assert [len(k) for k in keys] == [len(d["quotes"]) for d in docs]
    by_id = {q["id"]: (q, set(k)) for d, per_quote in zip(docs, keys) for q, k in zip(d["quotes"], per_quote)}
    speech = [c for c in clusters if all(by_id[i][0]["kind"] in ("direct", "partial", "dialogue") for i in c["quotes"])]
    assert len(speech) >= 4
    for c in speech:
        assert set.intersection(*[by_id[i][1] for i in c["quotes"]]), c
    for q, k in by_id.values():
        assert bool(k) == (q["kind"] in ("direct", "partial", "dialogue")), q
    german = next(k for q, k in by_id.values() if q["id"].startswith("d1.") and k)
    assert any(key.startswith("de:") for key in german) and any(":" not in key for key in german)
    assert by_id["d0.q2"][1] >= {"ferri", "mowenholm", "winter"}
