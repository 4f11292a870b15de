"""quoth: who said what, in English, Swedish and German news.

    import quoth
    engine = quoth.Engine()                       # the built-in rule packs
    doc = engine.extract(text, id="a.txt")        # the document object of `quoth extract --format json`
    docs = engine.extract_many([("a.txt", a), ("b.txt", b)])   # threads, the GIL released
    clusters = quoth.link(docs)                   # the CLI's "clusters"; sets quote["cluster"]
    quoth.to_pandas(docs)                         # one row per quote

A document is a `quoth.Document`: a dict with exactly the keys of the CLI's JSON document
object, where each quote (and its speaker's mention) also has `char_start`/`char_end`, code-point
offsets into the text as Python indexes it: `text[q["char_start"]:q["char_end"]] == q["text"]`
(`start`/`end` stay UTF-8 byte offsets, as in the CLI). Beside the dict it carries what linking
compares and the JSON leaves out, so link the documents extract returned (pickling keeps it).

Errors raise `quoth.Error` with quoth's own text: `RuleError` (a rule pack that does not load, or
whose examples fail) and `InputError` (a document quoth cannot read: invalid UTF-8, binary, too
large) are also ValueErrors.
"""
import os
import tempfile
import threading
import weakref

from . import _data


from . import _quoth  # noqa: E402


def _use_installed_data():
    """An installed package reads the rules, tables and word tables of its own prefix, wherever it
    moved: its share/quoth is noted as the library's package data directory, found after
    $QUOTH_DATA_DIR (and the per-item variables), as the CLI and the C++ library find theirs."""
    if _data.DATA_FROM_PACKAGE is None:
        return
    data = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), _data.DATA_FROM_PACKAGE))
    if os.path.isdir(data):
        _quoth._note_package_data_directory(data)


_use_installed_data()

__all__ = ["Engine", "Document", "PackText", "Error", "RuleError", "InputError", "link", "to_pandas", "detect_language"]


class Error(Exception):
    """quoth's error: str(error) is quoth's text; `code` ("rule_error", "invalid_input", "io_error",
    ...) and `diagnostics` (each located problem, "FILE:LINE:COL: [rule] message") say more."""

    code = "internal"
    diagnostics = ()


class RuleError(Error, ValueError):
    """Rule packs that do not load or compile, or whose examples fail."""


class InputError(Error, ValueError):
    """A document quoth cannot read (not UTF-8, binary, too large), or a bad argument."""


class Document(dict):
    """One document's results: the dict of `quoth extract --format json` (plus code-point offsets).

    Its `_evidence` (bytes) is the whole C++ result, which quoth.link reads; a copy or a pickle
    keeps it, a dict built from JSON does not have it."""

    __slots__ = ("_evidence",)

    def __reduce__(self):
        return (_rebuild_document, (dict(self), getattr(self, "_evidence", None)))


def _rebuild_document(items, evidence):
    document = Document(items)
    if evidence is not None:
        document._evidence = evidence
    return document


_quoth._init(Error, RuleError, InputError, Document)

# The engine's options with the library's defaults (lang, resolve_speakers, keep_non_speech,
# keep_nested, explain, link_evidence, story_words, segment_bytes, max_document_bytes).
# link_evidence is on, as in the CLI: documents from Python are usually linked (off saves a fifth
# of extraction time when they will not be).
ENGINE_OPTIONS = dict(_quoth.engine_options(), link_evidence=True)
_ALIASES = {"speech_only": ("keep_non_speech", lambda v: not v), "nested": ("keep_nested", bool)}


def _pack_folder(packs):
    """Rule packs given as text ({"en/extra.yaml": "..."}) written to a folder of their own, which
    lives as long as the process (the loaded rules name their files in errors)."""
    folder = tempfile.mkdtemp(prefix="quoth-rules-")
    weakref.finalize(_pack_folder, _remove_tree, folder)
    for name, text in packs.items():
        relative = os.path.normpath(str(name))
        if os.path.isabs(relative) or relative.startswith(".."):
            raise InputError(f"rule pack name {name!r} must be a relative path inside the pack folder")
        path = os.path.join(folder, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return folder


def _remove_tree(folder):
    import shutil
    shutil.rmtree(folder, ignore_errors=True)


class PackText(dict):
    """Rule packs as text, {relative path: YAML}, read from the folder `origin`: errors name
    their files there (a plain mapping's files are named by their relative paths)."""

    def __init__(self, packs=(), origin=""):
        super().__init__(packs)
        self.origin = origin


def _rule_folders(rules):
    """rules: None, a folder, pack text (a mapping of relative path to YAML), or a list of them.
    Returns the folders to load and, for pack text, what to call its folder in errors."""
    if rules is None:
        return [], {}
    if isinstance(rules, (str, bytes, os.PathLike)) or hasattr(rules, "items"):
        rules = [rules]
    folders, names = [], {}
    for r in rules:
        if hasattr(r, "items"):
            folders.append(_pack_folder(r))
            origin = getattr(r, "origin", "")
            names[folders[-1] + "/"] = origin.rstrip("/") + "/" if origin else ""
        else:
            folders.append(os.fsdecode(r))
    return folders, names


def _rename(text, names):
    """`text` with each pack-text folder written as the packs' own name."""
    for folder, name in names.items():
        text = text.replace(folder, name)
    return text


def _renamed(error, names):
    renamed = type(error)(_rename(str(error), names))
    renamed.code, renamed.diagnostics = error.code, [_rename(d, names) for d in error.diagnostics]
    return renamed


def _spec_key(rules):
    """A hashable form of the rules argument, for the per-process engine cache."""
    if rules is None:
        return None
    if isinstance(rules, (str, bytes, os.PathLike)) or hasattr(rules, "items"):
        rules = [rules]
    return tuple(("text", tuple(sorted((str(k), v) for k, v in r.items()))) if hasattr(r, "items")
                 else ("path", os.fsdecode(r)) for r in rules)


def _document_id(value):
    """A document id as the engine takes it: a str, or bytes. A file name that is not UTF-8 (a
    str from os.listdir with its bytes escaped as surrogates) goes as its bytes, as the CLI takes
    a file name: the id in the results then has U+FFFD for each byte that is not UTF-8, as in the
    CLI's JSON."""
    if isinstance(value, bytes):
        return value
    value = str(value)
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        pass
    try:
        return value.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raise InputError(f"document id {value!r} is not valid Unicode (a lone surrogate code point)") from None


class Engine:
    """Finds quotes and their speakers; immutable and safe to share across threads.

    rules: None (the built-in packs), a folder of packs layered over them (as `--rules`), pack
    text as a mapping {"en/extra.yaml": "..."}, or a list of these; builtin=False leaves out the
    built-in packs. lang: "auto" or a loaded language. options: the library's EngineOptions by
    name (see quoth.ENGINE_OPTIONS), plus speech_only and nested as the CLI's flags. Rule packs
    whose examples fail raise RuleError, as `quoth extract` refuses them, unless
    allow_failing_examples=True (then they are listed in `failing_examples`).

    Pickling an Engine sends its arguments, not its compiled form: a process that unpickles it
    builds it once and reuses it (what Dask workers do)."""

    def __init__(self, rules=None, lang="auto", *, builtin=True, allow_failing_examples=False, **options):
        self._arguments = (_spec_key(rules), lang, builtin, allow_failing_examples, tuple(sorted(options.items())))
        engine_options = {}
        for name, value in options.items():
            if name in _ALIASES:
                name, convert = _ALIASES[name]
                value = convert(value)
            if name not in ENGINE_OPTIONS or name == "lang":
                raise TypeError(f"unknown quoth engine option {name!r} (options: "
                                f"{', '.join(sorted(set(ENGINE_OPTIONS) - {'lang'} | set(_ALIASES)))})")
            engine_options[name] = value
        folders, names = _rule_folders(rules)
        try:
            self._rules = _quoth.Rules(folders, bool(builtin))
        except Error as e:
            raise _renamed(e, names) from None
        self.warnings = [_rename(w, names) for w in self._rules.warnings()]
        self.failing_examples = None
        failing = self._rules.check_examples()
        if failing is not None:
            failing = _renamed(failing, names)
            if not allow_failing_examples:
                error = type(failing)(str(failing) + "\n(extract refuses rule packs whose examples fail: fix them, "
                                      "or pass allow_failing_examples=True)")
                error.code, error.diagnostics = failing.code, failing.diagnostics
                raise error
            self.failing_examples = failing
        languages = self._rules.languages()
        if lang != "auto" and lang not in languages:
            raise InputError(f"lang takes auto or a language with rule packs ({', '.join(languages)}), not {lang!r}")
        engine_options["lang"] = lang
        self.options = {**ENGINE_OPTIONS, **engine_options}
        engine_options = self.options
        self._engine = _quoth.Engine(self._rules, engine_options)
        self._linkers = {}
        self.link_warnings = []
        self._lock = threading.Lock()

    @property
    def languages(self):
        return list(self._rules.languages())

    def extract(self, text, id=None, prefix=None):
        """One document (str, or UTF-8 bytes) -> quoth.Document. Quote and speaker ids are
        prefix + ".q0", ".s1"; the prefix defaults to the id (with no id, to "d" and a hash of the
        text). Raises InputError for text quoth cannot read."""
        return self._engine.extract(text, "" if id is None else _document_id(id), "" if prefix is None else str(prefix))

    def extract_many(self, documents, threads=None, *, number_from=None, errors="raise"):
        """Many documents on `threads` threads (default: one per core), the GIL released while
        they are read; the same results as extracting them one by one, in input order. With
        threads=1 the calling thread extracts (what a Dask worker does per partition): its memos
        stay warm from call to call.

        documents: an iterable of texts, of (id, text) pairs or of (id, text, prefix) triples;
        a bare text's id is its position ("0", "1", ...). number_from=N numbers the documents'
        quote ids d{N}, d{N+1}, ... as the CLI numbers a batch (d0.q0, d1.q0, ...). errors:
        "raise" (the first document that fails raises) or "keep" (its exception object takes
        its place in the list)."""
        if errors not in ("raise", "keep"):
            raise ValueError('errors takes "raise" or "keep"')
        items = []
        for position, document in enumerate(documents):
            if isinstance(document, (str, bytes)):
                doc_id, text, prefix = str(position), document, None
            elif len(document) == 2:
                (doc_id, text), prefix = document, None
            else:
                doc_id, text, prefix = document
            if number_from is not None:
                prefix = f"d{number_from + position}"
            items.append((_document_id(doc_id), text, "" if prefix is None else str(prefix)))
        threads = (os.cpu_count() or 1) if threads is None else max(1, int(threads))
        return self._engine.extract_many(items, threads, errors == "keep")

    def prepare_link(self, explain=False):
        """Loads what linking reads (the word tables), once; link() does it at its first call.
        Call it on a thread while documents are extracted to have it ready (the GIL is released)."""
        with self._lock:
            linker = self._linkers.get(bool(explain))
            if linker is None:
                linker = self._linkers[bool(explain)] = _quoth.Linker(self._rules, bool(explain))
                self.link_warnings = list(linker.warnings())
            return linker

    def link(self, documents, explain=False):
        """quoth.link with this engine's rules (their link words and word tables)."""
        return self.prepare_link(explain).link(list(documents))

    def link_keys(self, documents):
        """Each document's quotes' link keys, [[keys of quote 0, ...], ...]: what the linker's
        candidate stage files a quote's sentences under (content words' stems, "sv:"/"de:"
        stems, English stems of translated words); empty for quotes that are not speech. Two
        speech quotes become a sentence match only when they share one, so a runner that
        spreads linking over machines sends each quote where its keys are (quoth.dask)."""
        return self.prepare_link().quote_keys(list(documents))

    def __reduce__(self):
        return (_engine_for, self._arguments)


_ENGINES = {}
_ENGINES_LOCK = threading.Lock()


def _engine_for(rules_key, lang, builtin, allow_failing_examples, options):
    """The process's engine for these arguments, built at the first call (unpickling an Engine)."""
    key = (rules_key, lang, builtin, allow_failing_examples, options)
    with _ENGINES_LOCK:
        engine = _ENGINES.get(key)
        if engine is None:
            rules = None if rules_key is None else [dict(v) if kind == "text" else v for kind, v in rules_key]
            engine = _ENGINES[key] = Engine(rules, lang, builtin=builtin,
                                            allow_failing_examples=allow_failing_examples, **dict(options))
        return engine


def default_engine():
    """The built-in packs with the CLI's defaults, built once per process."""
    return _engine_for(None, "auto", True, False, ())


def link(documents, explain=False, engine=None):
    """Links quotes across `documents` (quoth.Document objects from extract/extract_many) as
    `quoth extract` does: sets each quote's "cluster" and each speaker's "global_id" in the
    documents, and returns the CLI's "clusters" (with explain=True, each with its "links").
    Give each document its own id (or quote id prefix). engine: whose rules to link with
    (default: the built-in packs)."""
    return (engine or default_engine()).link(documents, explain=explain)


def detect_language(text, engine=None):
    """The language whose packs would read `text` ("en", "sv", "de", ...)."""
    return _quoth.detect_language((engine or default_engine())._rules, text)


QUOTE_COLUMNS = ["document", "quote", "kind", "text", "speaker", "confidence", "cluster", "lang", "start", "end",
                 "char_start", "char_end", "line", "method", "mention", "speaker_confidence", "speaker_id",
                 "speaker_global_id"]


def quote_rows(results):
    """One tuple per quote (QUOTE_COLUMNS) of documents, or of the CLI's {"documents": [...]}."""
    if hasattr(results, "get") and "documents" in results:
        results = results["documents"]
    for d in results:
        if isinstance(d, Exception) or "quotes" not in d:  # an error, or quoth.dask's Failure
            continue
        global_ids = {s["id"]: s.get("global_id") for s in d.get("speakers", ())}
        for q in d["quotes"]:
            s = q.get("speaker")
            yield (d["id"], q["id"], q["kind"], q["text"], s["name"] if s else None, q["confidence"], q.get("cluster"),
                   d.get("lang"), q["start"], q["end"], q.get("char_start"), q.get("char_end"), q["line"],
                   s["method"] if s else None, s["mention"] if s else None, s["confidence"] if s else None,
                   s["entity"] if s else None, global_ids.get(s["entity"]) if s else None)


def to_pandas(results):
    """A pandas DataFrame with one row per quote (QUOTE_COLUMNS: document, quote id, kind, text,
    speaker, confidence, cluster, ...). Needs pandas (Debian: python3-pandas)."""
    try:
        import pandas
    except ImportError as e:
        raise ImportError("quoth.to_pandas needs pandas (Debian: apt-get install python3-pandas)") from e
    return pandas.DataFrame.from_records(list(quote_rows(results)), columns=QUOTE_COLUMNS)
