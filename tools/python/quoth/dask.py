"""quoth on a Dask cluster: extraction on the workers, linking on the client.

    /usr/bin/python3 -m quoth.dask INPUT... [--scheduler ADDRESS | --workers N] [--format json|jsonl] [--out FILE]

INPUT is a file (one document, its path as given is its id, as `quoth extract` names it), a
folder (its *.txt files in name order, as the CLI reads a folder) or a JSONL archive (a file
ending in .jsonl: one {"id": ..., "text": ...} object per line). The output is what
`quoth extract --format json` (or jsonl) prints for the same documents: the same quotes,
speakers, ids and clusters.

How it runs: the client lists the documents (a JSONL archive only as line offsets) and cuts the
batch into partitions of consecutive documents; each partition is read and extracted on a worker
by `extract_partition`, with the worker process's one engine, built from the engine's
arguments (rule packs travel as their text, never as compiled C++ objects); the documents come
back to the client, which links them with the CLI's linker (`link_batch`) and writes them.
Files are read where the workers run: with --scheduler, the inputs must be on a file system the
workers share.

Seams for other runners: `extract_partition(records, engine)` is one partition's work on any
engine of partitions (Spark's mapPartitions takes it as it is), and `link_batch` is the one place
the client links.

Linking, and what is distributed of it. The clusters are the CLI's because the client links with
the CLI's linker (`link_batch`): the documents' results come back to the client (pickled, 0.72 KB
a quote on en-news + sv-news, of which the evidence bytes linking reads 0.46 KB; the input text
was 0.58 KB a quote), and the client needs them all to write the batch's JSON anyway. A distributed link is designed as a shuffle, and its first stage exists and is
measured (`link_key_shuffle`, tools/bench/dask_scaling.py), but does not yet decide links:

  1. keys and frequencies (done): each worker gives each quote its link keys, the linker's own
     (`Engine.link_keys`: the stems and English stems its piece search files sentences under),
     and partial key frequencies, summed in a tree of reduces and broadcast;
  2. shuffle (done): each quote's postings go to the worker that owns the key (by hash), marked
     where the quote looks the key up (its rarest keys, as the piece search picks them, here
     over the quote's keys together, not sentence by sentence). On the dev mixed batch every
     link the CLI makes on shared words (33) or a translation (92 + 3 partial) joins quotes
     that meet this way; of the 123 links of aligned sentences 75 do, and none of the 6 links
     of identical non-speech texts: those come from comparing related documents as a whole,
     which needs each document sent to where its story partners are;
  3. decide where they meet (not done): score the quotes that meet with the linker's evidence
     and decision code, and send the accepted links to the client;
  4. clusters on the client from the links (the linker's cluster stage: links best first, no
     chaining; it reads only the links).

Stage 3 must give the single process's decisions exactly, and what those read is batch-wide:
IDF weights over all sentences and stories, key frequencies that choose which keys a sentence
looks up and break ties by the key's number in one batch-wide vocabulary (numbered in the
order a canonical reading of the whole batch meets the words), the story relation between
documents (each document keeps its best 12 partners, batch-wide), slogans counted across
documents, one person id across documents, each quote's best 24 partners, and the alignment of
every pair of related documents (which compares quotes that share no key). Each of these is a
statistic or a stage that can be made distributed (summed counts, a global word numbering,
documents replicated to where their partners' keys are), but the linker's stages would have to
take them from outside instead of computing them over the batch they hold, and identity with
the CLI has to be proved stage by stage. Until then the link stays on the client.
"""
import argparse
import json
import os
import re
import sys
import threading
import time

import quoth

# ---------------------------------------------------------------------------------------------
# The batch: which documents, in the CLI's order


def _listed_text(entry):
    """A folder entry that the shell's FOLDER/*.txt lists, as the CLI reads folders."""
    name = entry.name
    if len(name) <= 4 or name.startswith(".") or not name.endswith(".txt"):
        return False
    try:
        if entry.is_file():
            return True
        return entry.is_symlink() and not os.path.isdir(entry.path)
    except OSError:
        return False


def _jsonl_records(path):
    """A JSONL archive as records of where each line is (the lines are read on the workers)."""
    records, offset, line = [], 0, 0
    with open(path, "rb") as f:
        for raw in f:
            line += 1
            if raw.strip():
                records.append({"archive": path, "offset": offset, "length": len(raw), "line": line})
            offset += len(raw)
    return records


def list_documents(inputs):
    """The batch's records, in the CLI's order, and the errors of inputs that give none.

    A record is {"n": its number in the batch, and "path" (a file) | "archive", "offset",
    "length", "line" (a JSONL line) | "id", "text" (text in hand)}."""
    records, errors = [], []
    for argument in inputs:
        if argument == "-":
            records.append({"id": "-", "text": sys.stdin.buffer.read()})
        elif os.path.isdir(argument):
            try:
                with os.scandir(argument) as entries:
                    # In byte order, as the CLI sorts them (a name that is not UTF-8 too).
                    names = sorted((e.name for e in entries if _listed_text(e)), key=os.fsencode)
            except OSError as e:
                errors.append(f"{shown(argument)}: cannot list the folder: {e.strerror}")
                continue
            if not names:
                errors.append(f"{shown(argument)}: is a folder with no *.txt files")
                continue
            prefix = argument if argument.endswith("/") else argument + "/"
            records.extend({"path": prefix + name} for name in names)
        elif argument.endswith(".jsonl") and os.path.isfile(argument):
            records.extend(_jsonl_records(argument))
        else:
            records.append({"path": argument})
    for n, record in enumerate(records):
        record["n"] = n
    return records, errors


def shown(path):
    """A path as quoth's messages and JSON name it: a file name that is not UTF-8 with U+FFFD
    for each byte that is not (Python keeps those bytes as surrogates in a str)."""
    return os.fsencode(path).decode("utf-8", "replace") if isinstance(path, (str, bytes)) else path


def _read(record, max_bytes):
    """A record's (id, text): a file's bytes as the CLI reads them, or a JSONL line's object."""
    if "text" in record:
        return (record["id"] if "id" in record else str(record.get("n"))), record["text"]
    if "path" in record:
        path = record["path"]
        if os.path.isfile(path) and os.path.getsize(path) > max_bytes:
            raise quoth.InputError(f"{shown(path)}: document of {os.path.getsize(path)} bytes exceeds the limit of "
                                   f"{max_bytes} (not read)")
        try:
            with open(path, "rb") as f:
                return path, f.read()
        except IsADirectoryError:
            raise quoth.InputError(f"{shown(path)}: read error: Is a directory") from None
        except OSError as e:
            raise quoth.InputError(f"{shown(path)}: cannot open: {e.strerror}") from None
    where = f"{record['archive']}:{record['line']}"
    with open(record["archive"], "rb") as f:
        f.seek(record["offset"])
        raw = f.read(record["length"])
    try:
        line = json.loads(raw)
        return str(line.get("id", where)), line["text"]
    except (ValueError, KeyError, TypeError, AttributeError):
        raise quoth.InputError(f"{where}: not a JSON object with a \"text\"") from None


# ---------------------------------------------------------------------------------------------
# One partition, on a worker


class Failure(dict):
    """A document that could not be read or extracted: {"n", "id", "error"} (quoth's message)."""

    __slots__ = ()


def extract_partition(records, engine=None, threads=1):
    """Extracts one partition: `records` (dicts as list_documents makes them, or (id, text)
    pairs) -> a list of quoth.Document, or of Failure where a document could not be read, in
    order. A record's "n" numbers its quote ids as the CLI numbers its batch (d{n}.q0, ...).

    `engine` is a quoth.Engine (pickled, it travels as its arguments and each process builds it
    once) or None for the built-in packs. This is the whole of a worker's job, in Dask, Spark
    (rdd.mapPartitions(lambda rows: extract_partition(rows, engine))) or anything else."""
    engine = engine or quoth.default_engine()
    max_bytes = engine.options["max_document_bytes"]
    out, items, where = [], [], []
    for position, record in enumerate(records):
        if not isinstance(record, dict):
            doc_id, text = record
            record = {"id": doc_id, "text": text}
        try:
            doc_id, text = _read(record, max_bytes)
        except quoth.Error as e:
            out.append(Failure(n=record.get("n"), id=shown(record.get("id") or record.get("path")), error=str(e)))
            continue
        prefix = f"d{record['n']}" if record.get("n") is not None else None
        items.append((doc_id, text, prefix))
        where.append((len(out), record.get("n")))
        out.append(None)
    results = engine.extract_many(items, threads=threads, errors="keep")
    for (slot, n), (doc_id, _, _), result in zip(where, items, results):
        out[slot] = Failure(n=n, id=shown(doc_id), error=str(result)) if isinstance(result, Exception) else result
    return out


# ---------------------------------------------------------------------------------------------
# The client


def link_batch(documents, engine=None, explain=False):
    """Links the gathered documents on the client with the CLI's linker; returns the clusters.
    (The seam where a distributed link will go.)"""
    return (engine or quoth.default_engine()).link(documents, explain=explain)


# ---------------------------------------------------------------------------------------------
# The link-key shuffle: the first stage of a distributed link (measured, not yet used by main)


STOCK_KEY = 1000  # a key in more quotes than this is a stock phrase's word: the linker never blocks on it


def partition_keys(documents, engine=None):
    """One partition's link keys: ({key: quotes with it}, [(quote ref, [keys])]). A quote ref is
    document number << 16 | quote index (the CLI's d{n}.q{i}). The counts are the partial
    document frequencies the map-reduce sums; the postings what the shuffle sends by key."""
    engine = engine or quoth.default_engine()
    documents = [d for d in documents if not isinstance(d, Failure)]
    keys = engine.link_keys(documents)
    counts, postings = {}, []
    for d, per_quote in zip(documents, keys):
        numbered = re.fullmatch(r"d(\d+)\.q\d+", d["quotes"][0]["id"]) if d["quotes"] else None
        if d["quotes"] and not numbered:
            raise ValueError(f"{d['id']}: quote ids must be numbered by batch (d0.q0, ...; extract_partition "
                             f"and extract_many(number_from=...) number them), not {d['quotes'][0]['id']!r}")
        n = int(numbered.group(1)) if numbered else 0
        for q, quote_keys in enumerate(per_quote):
            if not quote_keys:
                continue
            postings.append(((n << 16) | q, quote_keys))
            for k in quote_keys:
                counts[k] = counts.get(k, 0) + 1
    return counts, postings


def sum_counts(parts):
    """The reduce of the partial frequencies: {key: quotes with it} over the batch."""
    total = {}
    for counts in parts:
        for k, c in counts.items():
            total[k] = total.get(k, 0) + c
    return total


def _bucket(key, buckets):
    import zlib
    return zlib.crc32(key.encode("utf-8")) % buckets


def lookup_keys(keys, frequencies):
    """The keys a quote looks its partners up by, as the linker's piece search picks them
    (piece_match.cc, RarestKeys; here for the quote's keys together, not per sentence): the two
    rarest always, more while they are rare (in at most 16 quotes) or cheap (up to six, each in
    at most 200, at most 800 postings visited in all); none when its rarest is a stock phrase's
    (in more than STOCK_KEY)."""
    ranked = sorted(keys, key=lambda k: (frequencies.get(k, 0), k))
    if not ranked or frequencies.get(ranked[0], 0) > STOCK_KEY:
        return []
    kept, visited = [], 0
    for k in ranked:
        df = frequencies.get(k, 0)
        if not (len(kept) < 2 or df <= 16 or (len(kept) < 6 and df <= 200 and visited + df <= 800)):
            break
        visited += df
        kept.append(k)
    return kept


def shuffle_out(postings, frequencies, buckets):
    """The map side of the shuffle: each quote's postings (quote ref, looks it up) under its keys
    that can pair it (in at least two quotes, at most STOCK_KEY), cut into `buckets` by the key's
    hash; returns the buckets as pickled bytes (what crosses the network)."""
    import pickle
    out = [[] for _ in range(buckets)]
    for ref, keys in postings:
        looked = set(lookup_keys(keys, frequencies))
        for k in keys:
            if 2 <= frequencies.get(k, 0) <= STOCK_KEY:
                out[_bucket(k, buckets)].append((k, ref, k in looked))
    return [pickle.dumps(b, protocol=pickle.HIGHEST_PROTOCOL) for b in out]


def shuffle_in(pieces):
    """The reduce side: one bucket's postings from every map partition, grouped by key; returns
    (keys, postings, meetings: a quote that looks a key up and a quote of another document that
    holds it, counted per key)."""
    import pickle
    by_key = {}
    for piece in pieces:
        for k, ref, looks in pickle.loads(piece):
            by_key.setdefault(k, []).append((ref, looks))
    meetings = 0
    for refs in by_key.values():
        docs = {}
        for ref, _ in refs:
            docs[ref >> 16] = docs.get(ref >> 16, 0) + 1
        meetings += sum(len(refs) - docs[ref >> 16] for ref, looks in refs if looks)
    return len(by_key), sum(len(v) for v in by_key.values()), meetings


def link_key_shuffle(client, document_futures, engine, buckets=None):
    """Runs the link-key shuffle over documents held on the workers (futures of partitions of
    quoth.Document): partial key frequencies summed (map-reduce), then every quote's postings
    sent by key to `buckets` reducers (default: one per worker, times four). Returns the figures:
    {"quotes with keys", "keys", "keys shuffled", "postings", "meetings", "bytes", "seconds": {...}}.
    Stage one of a distributed link (see the module's docstring): quotes that can be sentence
    matches meet at their keys; deciding them there with the linker's evidence code is not done."""
    from distributed import wait
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    buckets = buckets or 4 * workers
    times = {}
    started = time.monotonic()
    keyed = client.map(partition_keys, document_futures, engine=engine, pure=False)
    counts = client.map(lambda part: part[0], keyed, pure=False)
    postings = client.map(lambda part: part[1], keyed, pure=False)
    # A tree of sums on the workers; the batch's frequencies then go to every worker once.
    while len(counts) > 1:
        counts = [client.submit(sum_counts, counts[i:i + 8], pure=False) for i in range(0, len(counts), 8)]
    frequencies = counts[0].result()
    times["keys and frequencies"] = time.monotonic() - started
    started = time.monotonic()
    [shared] = client.scatter([frequencies], broadcast=True)
    outs = client.map(shuffle_out, postings, frequencies=shared, buckets=buckets, pure=False)
    wait(outs)
    sizes = client.map(lambda pieces: [len(p) for p in pieces], outs, pure=False)
    bytes_out = sum(sum(s) for s in client.gather(sizes))
    times["map"] = time.monotonic() - started
    started = time.monotonic()
    reduced = [client.submit(shuffle_in, [client.submit(lambda pieces, b=b: pieces[b], o, pure=False) for o in outs],
                             pure=False) for b in range(buckets)]
    results = client.gather(reduced)
    times["shuffle and reduce"] = time.monotonic() - started
    quotes = sum(client.gather(client.map(lambda part: len(part), postings, pure=False)))
    return {"quotes with keys": quotes, "keys": len(frequencies),
            "keys shuffled": sum(r[0] for r in results), "postings": sum(r[1] for r in results),
            "meetings": sum(r[2] for r in results), "bytes": bytes_out, "seconds": times}


def _cli_document(d):
    """A document as the CLI's JSON has it: without the code-point offsets the module adds."""
    quotes = []
    for q in d["quotes"]:
        q = {k: v for k, v in q.items() if k not in ("char_start", "char_end")}
        if q.get("speaker"):
            q["speaker"] = {k: v for k, v in q["speaker"].items() if k not in ("char_start", "char_end")}
        quotes.append(q)
    out = dict(d)
    out["quotes"] = quotes
    return out


def write(documents, clusters, out, fmt="json"):
    """Writes the batch as `quoth extract --format json|jsonl` does, byte for byte."""
    documents = [_cli_document(d) for d in documents]
    if fmt == "json":
        out.write(json.dumps({"documents": documents, "clusters": clusters}, indent=1, ensure_ascii=False))
        out.write("\n")
        return
    for d in documents:
        out.write(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
    out.write(json.dumps({"clusters": clusters}, ensure_ascii=False, separators=(",", ":")) + "\n")


def summary(documents, clusters):
    """The batch in one line, as the CLI's table ends."""
    quotes = attributed = 0
    speakers, document_of = set(), {}
    for d in documents:
        global_ids = {s["id"]: s.get("global_id") for s in d["speakers"]}
        for q in d["quotes"]:
            quotes += 1
            document_of[q["id"]] = d["id"]
            if q["speaker"]:
                attributed += 1
                speakers.add(global_ids.get(q["speaker"]["entity"]) or (d["id"], q["speaker"]["entity"]))

    def plural(n, one, many):
        return f"{n} {one if n == 1 else many}"
    line = (f"{plural(len(documents), 'document', 'documents')}, {plural(quotes, 'quote', 'quotes')}, "
            f"{attributed} attributed, {plural(len(speakers), 'speaker', 'speakers')}")
    if clusters:
        across_documents = sum(len({document_of.get(i) for i in c["quotes"]}) > 1 for c in clusters)
        across_languages = sum(len(c["languages"]) > 1 for c in clusters)
        line += (f"; {plural(len(clusters), 'linked utterance', 'linked utterances')}: {across_documents} across "
                 f"documents, {across_languages} across languages")
    return line


class _Progress:
    """A progress line on stderr while partitions come back, when stderr is a terminal."""

    def __init__(self, partitions, documents):
        self.partitions, self.documents = partitions, documents
        self.done_partitions = self.done_documents = self.bytes = 0
        self.started = time.monotonic()
        self.shown = False
        self.enabled = sys.stderr.isatty()

    def done(self, results):
        self.done_partitions += 1
        self.done_documents += len(results)
        self.bytes += sum(d.get("bytes", 0) for d in results if not isinstance(d, Failure))
        self.show(f"{self.done_partitions}/{self.partitions} partitions, {self.done_documents}/{self.documents} "
                  f"documents, {self.bytes / 1e6:.1f} MB, {self.bytes / 1e6 / max(time.monotonic() - self.started, 1e-9):.1f} MB/s")

    def show(self, text):
        if self.enabled:
            sys.stderr.write(f"\rquoth.dask: {text}\033[K")
            sys.stderr.flush()
            self.shown = True

    def finish(self):
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
            self.shown = False


def partitions_of(records, workers, size=None):
    """Consecutive records cut into partitions: `size` documents each, or by default about eight
    partitions per worker (at most 200 documents each), so a slow partition does not hold up the end."""
    if size is None:
        size = min(200, max(1, -(-len(records) // (8 * max(1, workers)))))
    return [records[i:i + size] for i in range(0, len(records), size)]


def run(records, client, engine, partition_size=None, progress=None):
    """Extracts `records` on the cluster behind `client`; returns the results in batch order."""
    from distributed import as_completed
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    parts = partitions_of(records, workers, partition_size)
    # The engine travels as its arguments; each worker process builds it at the first partition.
    futures = client.map(extract_partition, parts, engine=engine, pure=False)
    index = {f.key: i for i, f in enumerate(futures)}
    results = [None] * len(parts)
    for future in as_completed(futures):
        results[index[future.key]] = future.result()
        if progress:
            progress.done(results[index[future.key]])
    return [d for part in results for d in part]


def _rule_packs(folder):
    """A --rules folder as pack text ({relative path: YAML}), to travel to the workers."""
    packs = quoth.PackText(origin=folder)
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith((".yaml", ".yml")):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    packs[os.path.relpath(path, folder)] = f.read()
    if not packs:
        raise quoth.RuleError(f"{folder}: no rule packs (*.yaml) in it")
    return packs


def _count_warning(warnings, doc_id, text):
    """A document's warning ("unterminated quote mark at byte 812, ignored (line 9)"), counted by
    kind: its message with each number as N, as the CLI counts them."""
    found = re.fullmatch(r"(.*) \(line (\d+)\)", text, re.S)
    message, line = (found.group(1), found.group(2)) if found else (text, None)
    kind = warnings.setdefault(re.sub(r"\d+", "N", message), {"times": 0, "documents": set()})
    if not kind["times"]:
        kind["first"], kind["message"] = f"{doc_id}:{line}" if line else doc_id, message
    kind["times"] += 1
    kind["documents"].add(doc_id)


def _report_warnings(warnings):
    """One line per kind of warning, as the CLI sums them up at the end of a batch."""
    for kind, seen in sorted(warnings.items()):
        if seen["times"] == 1:
            print(f"quoth: {seen['first']}: warning: {seen['message']}", file=sys.stderr)
        else:
            n = len(seen["documents"])
            print(f"quoth: warning: {kind}: {seen['times']} times in {n} document{'s' if n != 1 else ''} "
                  f"(first {seen['first']})", file=sys.stderr)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m quoth.dask", description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="files, folders of *.txt, or JSONL archives (*.jsonl)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler (tcp://host:8786)")
    where.add_argument("--workers", type=int, metavar="N", help="a local cluster of N worker processes (default: one per core)")
    parser.add_argument("--format", choices=("json", "jsonl"), default="json")
    parser.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    parser.add_argument("--rules", action="append", default=[], metavar="DIR", help="rule packs layered over the built-in ones (repeat for more)")
    parser.add_argument("--lang", default="auto")
    parser.add_argument("--speech-only", action="store_true")
    parser.add_argument("--nested", action="store_true")
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--no-link", action="store_true")
    parser.add_argument("--partition-size", type=int, metavar="DOCS", help="documents per partition")
    args = parser.parse_args(argv)

    def error(message):
        print(f"quoth: {message}", file=sys.stderr)

    started = time.monotonic()
    try:
        rules = [_rule_packs(d) for d in args.rules] or None
        engine = quoth.Engine(rules, args.lang, speech_only=args.speech_only, nested=args.nested,
                              explain=args.explain, link_evidence=not args.no_link)
    except (quoth.Error, OSError) as e:
        error(str(e))
        return 2
    # The word tables load on the client while the workers extract (as the CLI loads them while
    # it reads): linking waits for them only if they are slower than extraction.
    linker = None
    if not args.no_link:
        linker = threading.Thread(target=engine.prepare_link, args=(args.explain,), daemon=True)
        linker.start()
    records, input_errors = list_documents(args.inputs)
    failed = bool(input_errors)
    for message in input_errors:
        error(message)
    times = {"rules": time.monotonic() - started}

    from distributed import Client, LocalCluster
    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        workers = args.workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        times["cluster start"] = time.monotonic() - started - sum(times.values())
        workers = len(client.scheduler_info().get("workers", {}))
        progress = _Progress(len(partitions_of(records, workers, args.partition_size)), len(records))
        results = run(records, client, engine, args.partition_size, progress)
        times[f"extraction on {workers} worker{'s' if workers != 1 else ''}"] = time.monotonic() - started - sum(times.values())

        documents, warnings = [], {}
        for r in results:
            if isinstance(r, Failure):
                error(r["error"])
                failed = True
                continue
            documents.append(r)
            for w in r.get("warnings", ()):
                _count_warning(warnings, r["id"], w)
        _report_warnings(warnings)
        clusters = []
        if not args.no_link:
            progress.show(f"linking {sum(len(d['quotes']) for d in documents)} quotes of {len(documents)} documents")
            linker.join()
            clusters = link_batch(documents, engine, explain=args.explain)
        progress.finish()
        times["linking"] = time.monotonic() - started - sum(times.values())

        if args.out:
            with open(args.out, "w", encoding="utf-8") as out:
                write(documents, clusters, out, args.format)
        else:
            write(documents, clusters, sys.stdout, args.format)
            sys.stdout.flush()
        times["writing"] = time.monotonic() - started - sum(times.values())
        print(f"quoth.dask: {summary(documents, clusters)}; {sum(times.values()):.1f} s: "
              + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in times.items()), file=sys.stderr)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 1 if failed else 0


if __name__ == "__main__":
    # Run as quoth.dask, not __main__: the workers import the functions they are sent by that name.
    from quoth.dask import main as _main
    sys.exit(_main())
