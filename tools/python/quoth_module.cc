// quoth._quoth: the C++ half of the Python module (tools/python/quoth/ is the Python half, and
// the only caller). A client of the public API, like the CLI.
//
// A document crosses into Python as the object `quoth extract --format json` prints for it,
// built as a dict straight from the structs (no JSON text in between), plus code-point offsets
// beside the byte offsets. Beside the dict, in its `_evidence` attribute, travels the whole
// DocumentResult in a compact binary form: linking reads what the JSON leaves out (each quote's
// context sentence, the story words, unrounded confidences), and bytes pickle cheaply to Dask
// workers and back. Linking rebuilds the DocumentResults from that, links them, and writes the
// cluster and global person ids back into the dicts.
//
// Extraction and linking run with the GIL released. extract_many's threads extract while the
// calling thread turns finished documents into dicts, in input order.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "quoth/quoth.h"

namespace py = pybind11;

namespace {

// UTF-8 as a Python str. Bytes that are not UTF-8 (in a document id made from a file name that
// is not) become U+FFFD, as the CLI's JSON writes them (its writer's error_handler_t::replace):
// the same id in both, where a strict conversion would raise.
py::str Utf8(std::string_view s) {
  PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

// ---------------------------------------------------------------------------------------------
// Errors: quoth's Status as the Python classes quoth/__init__.py defines (Error, RuleError,
// InputError), carrying quoth's own text, its code and its located diagnostics.

struct PythonTypes {
  py::object error, rule_error, input_error, document;
};
// Set once by quoth/__init__.py; never destroyed (Python may be gone when statics are).
PythonTypes& Types() {
  static auto* types = new PythonTypes();
  return *types;
}

const char* CodeName(quoth::StatusCode code) {
  switch (code) {
    case quoth::StatusCode::kOk: return "ok";
    case quoth::StatusCode::kInvalidArgument: return "invalid_argument";
    case quoth::StatusCode::kInvalidInput: return "invalid_input";
    case quoth::StatusCode::kRuleError: return "rule_error";
    case quoth::StatusCode::kIoError: return "io_error";
    case quoth::StatusCode::kInternal: return "internal";
  }
  return "internal";
}

// The exception object for `status` (not raised).
py::object ErrorObject(const quoth::Status& status) {
  const PythonTypes& t = Types();
  py::object type = t.error;
  if (status.code() == quoth::StatusCode::kRuleError && t.rule_error) type = t.rule_error;
  if ((status.code() == quoth::StatusCode::kInvalidInput || status.code() == quoth::StatusCode::kInvalidArgument) &&
      t.input_error)
    type = t.input_error;
  if (!type) type = py::reinterpret_borrow<py::object>(PyExc_RuntimeError);
  py::object error = type(Utf8(status.ToString()));
  py::list diagnostics;
  for (const auto& d : status.diagnostics()) diagnostics.append(Utf8(d.ToString()));
  error.attr("code") = CodeName(status.code());
  error.attr("diagnostics") = diagnostics;
  return error;
}

[[noreturn]] void Raise(const quoth::Status& status) {
  py::object error = ErrorObject(status);
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

// ---------------------------------------------------------------------------------------------
// The DocumentResult as bytes: every field, exactly (doubles bit for bit), so that linking in
// Python gives what linking in the CLI gives. Numbers are LEB128 varints, strings length-prefixed.

constexpr std::string_view kEvidenceMagic = "quoth-evidence-2";

class EvidenceWriter {
 public:
  void Number(uint64_t n) {
    do {
      unsigned char byte = n & 0x7f;
      n >>= 7;
      if (n) byte |= 0x80;
      out_.push_back(static_cast<char>(byte));
    } while (n);
  }
  void Real(double x) {
    char bytes[sizeof x];
    std::memcpy(bytes, &x, sizeof x);
    out_.append(bytes, sizeof x);
  }
  void Text(std::string_view s) {
    Number(s.size());
    out_.append(s);
  }
  void Texts(const std::vector<std::string>& list) {
    Number(list.size());
    for (const auto& s : list) Text(s);
  }
  void Range(const quoth::Span& span) {
    Number(span.start);
    Number(span.end);
  }
  void Raw(std::string_view s) { out_.append(s); }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

class EvidenceReader {
 public:
  explicit EvidenceReader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  uint64_t Number() {
    uint64_t n = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= in_.size()) return Fail();
      const unsigned char byte = static_cast<unsigned char>(in_[pos_++]);
      n |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return n;
    }
    return Fail();
  }
  double Real() {
    double x = 0;
    if (in_.size() - pos_ < sizeof x) return Fail();
    std::memcpy(&x, in_.data() + pos_, sizeof x);
    pos_ += sizeof x;
    return x;
  }
  std::string Text() {
    const uint64_t n = Number();
    if (!ok_ || in_.size() - pos_ < n) { Fail(); return {}; }
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::vector<std::string> Texts() {
    std::vector<std::string> list(Count());
    for (auto& s : list) s = Text();
    return list;
  }
  quoth::Span Range() {
    quoth::Span span;
    span.start = Number();
    span.end = Number();
    return span;
  }
  // A count of items that each take at least one byte: more than the bytes left is corrupt
  // (and would otherwise allocate without bound).
  size_t Count() {
    const uint64_t n = Number();
    if (n > in_.size() - pos_) { Fail(); return 0; }
    return n;
  }
  bool Expect(std::string_view s) {
    if (in_.substr(pos_, s.size()) != s) { Fail(); return false; }
    pos_ += s.size();
    return true;
  }
  bool AtEnd() const { return pos_ == in_.size(); }

 private:
  uint64_t Fail() {
    ok_ = false;
    pos_ = in_.size();
    return 0;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

void WriteDiagnostic(EvidenceWriter& w, const quoth::Diagnostic& d) {
  w.Text(d.file);
  w.Number(d.line);
  w.Number(d.column);
  w.Text(d.rule);
  w.Text(d.message);
}

quoth::Diagnostic ReadDiagnostic(EvidenceReader& r) {
  quoth::Diagnostic d;
  d.file = r.Text();
  d.line = r.Number();
  d.column = r.Number();
  d.rule = r.Text();
  d.message = r.Text();
  return d;
}

std::string EncodeEvidence(const quoth::DocumentResult& d) {
  EvidenceWriter w;
  w.Raw(kEvidenceMagic);
  w.Text(d.id);
  w.Text(d.lang);
  w.Number(d.bytes);
  w.Number(d.lines);
  w.Number(d.quotes.size());
  for (const quoth::Quote& q : d.quotes) {
    w.Text(q.id);
    w.Range(q.span);
    w.Text(q.text);
    w.Number(q.parts.size());
    for (const auto& p : q.parts) w.Range(p);
    w.Number(static_cast<uint64_t>(q.kind));
    w.Number(q.speaker.has_value());
    if (q.speaker) {
      const quoth::SpeakerRef& s = *q.speaker;
      w.Text(s.name);
      w.Text(s.mention);
      w.Range(s.mention_span);
      w.Number(static_cast<uint64_t>(s.method));
      w.Real(s.confidence);
      w.Text(s.entity_id);
      w.Text(s.rule);
      w.Text(s.sieve);
      w.Texts(s.evidence);
    }
    w.Real(q.confidence);
    w.Text(q.rule);
    w.Number(q.line);
    w.Range(q.context);
    w.Text(q.context_text);
    w.Text(q.cluster_id);
    w.Texts(q.no_speaker_evidence);
  }
  w.Number(d.speakers.size());
  for (const quoth::Entity& e : d.speakers) {
    w.Text(e.id);
    w.Text(e.name);
    w.Number(static_cast<uint64_t>(e.kind));
    w.Texts(e.roles);
    w.Texts(e.aliases);
    w.Texts(e.quote_ids);
    w.Text(e.global_id);
  }
  w.Texts(d.story_words);
  w.Number(d.warnings.size());
  for (const auto& x : d.warnings) WriteDiagnostic(w, x);
  return std::move(w.bytes());
}

std::optional<quoth::DocumentResult> DecodeEvidence(std::string_view bytes) {
  EvidenceReader r(bytes);
  if (!r.Expect(kEvidenceMagic)) return std::nullopt;
  quoth::DocumentResult d;
  d.id = r.Text();
  d.lang = r.Text();
  d.bytes = r.Number();
  d.lines = r.Number();
  d.quotes.resize(r.Count());
  for (quoth::Quote& q : d.quotes) {
    q.id = r.Text();
    q.span = r.Range();
    q.text = r.Text();
    q.parts.resize(r.Count());
    for (auto& p : q.parts) p = r.Range();
    q.kind = static_cast<quoth::QuoteKind>(std::min<uint64_t>(r.Number(), static_cast<uint64_t>(quoth::QuoteKind::kNested)));
    if (r.Number()) {
      quoth::SpeakerRef& s = q.speaker.emplace();
      s.name = r.Text();
      s.mention = r.Text();
      s.mention_span = r.Range();
      s.method = static_cast<quoth::AttributionMethod>(
          std::min<uint64_t>(r.Number(), static_cast<uint64_t>(quoth::AttributionMethod::kContinuation)));
      s.confidence = r.Real();
      s.entity_id = r.Text();
      s.rule = r.Text();
      s.sieve = r.Text();
      s.evidence = r.Texts();
    }
    q.confidence = r.Real();
    q.rule = r.Text();
    q.line = r.Number();
    q.context = r.Range();
    q.context_text = r.Text();
    q.cluster_id = r.Text();
    q.no_speaker_evidence = r.Texts();
  }
  d.speakers.resize(r.Count());
  for (quoth::Entity& e : d.speakers) {
    e.id = r.Text();
    e.name = r.Text();
    e.kind = r.Number() ? quoth::EntityKind::kOrganisation : quoth::EntityKind::kPerson;
    e.roles = r.Texts();
    e.aliases = r.Texts();
    e.quote_ids = r.Texts();
    e.global_id = r.Text();
  }
  d.story_words = r.Texts();
  d.warnings.resize(r.Count());
  for (auto& x : d.warnings) x = ReadDiagnostic(r);
  if (!r.ok() || !r.AtEnd()) return std::nullopt;
  return d;
}

// ---------------------------------------------------------------------------------------------
// Results as Python objects, in the JSON writer's key order and rounding (engine/output/writers.cc).

// The dict keys, made once (a key string per field per quote would cost more than the value).
struct Keys {
#define QUOTH_KEYS(X)                                                                                                  \
  X(id) X(lang) X(bytes) X(quotes) X(speakers) X(warnings) X(start) X(end) X(char_start) X(char_end) X(text) X(kind) \
  X(speaker) X(confidence) X(rule) X(line) X(parts) X(cluster) X(name) X(mention) X(method) X(entity) X(sieve) X(evidence)   \
  X(no_speaker) X(roles) X(aliases) X(global_id) X(languages) X(representative) X(links) X(from) X(to) X(score)     \
  X(relation) X(basis) X(_evidence)
#define QUOTH_KEY_FIELD(k) py::str k{#k};
  QUOTH_KEYS(QUOTH_KEY_FIELD)
#undef QUOTH_KEY_FIELD
};
const Keys& K() {
  static const Keys* keys = new Keys();
  return *keys;
}

void SetItem(py::handle dict, const py::str& key, py::handle value) {
  if (PyDict_SetItem(dict.ptr(), key.ptr(), value.ptr()) != 0) throw py::error_already_set();
}
template <typename T>
void Set(py::handle dict, const py::str& key, T&& value) {
  if constexpr (std::is_base_of_v<py::handle, std::decay_t<T>>) {
    SetItem(dict, key, value);
  } else if constexpr (std::is_same_v<std::decay_t<T>, std::string>) {
    SetItem(dict, key, Utf8(value));
  } else {
    const py::object object = py::cast(std::forward<T>(value));
    SetItem(dict, key, object);
  }
}

double Round2(double x) { return std::round(x * 100) / 100; }
double Round3(double x) { return std::round(x * 1000.0) / 1000.0; }

py::list StringList(const std::vector<std::string>& list) {
  py::list out(list.size());
  for (size_t i = 0; i < list.size(); ++i) out[i] = Utf8(list[i]);
  return out;
}

// Byte offsets into one text as code-point offsets (Python's str indices), for the offsets a
// document's results name: one pass over the text for all of them.
class CodePointOffsets {
 public:
  CodePointOffsets(std::string_view text, std::vector<size_t> bytes) : bytes_(std::move(bytes)) {
    std::sort(bytes_.begin(), bytes_.end());
    bytes_.erase(std::unique(bytes_.begin(), bytes_.end()), bytes_.end());
    chars_.reserve(bytes_.size());
    size_t at = 0, count = 0;
    for (size_t b : bytes_) {
      const size_t stop = std::min(b, text.size());
      for (; at < stop; ++at) count += (static_cast<unsigned char>(text[at]) & 0xC0) != 0x80;
      chars_.push_back(count);
    }
  }
  size_t operator()(size_t byte) const {
    const auto it = std::lower_bound(bytes_.begin(), bytes_.end(), byte);
    return chars_[static_cast<size_t>(it - bytes_.begin())];
  }

 private:
  std::vector<size_t> bytes_, chars_;
};

CodePointOffsets OffsetsOf(std::string_view text, const quoth::DocumentResult& d) {
  std::vector<size_t> bytes;
  bytes.reserve(d.quotes.size() * 4);
  for (const auto& q : d.quotes) {
    bytes.push_back(q.span.start);
    bytes.push_back(q.span.end);
    if (q.speaker && !q.speaker->mention_span.empty()) {
      bytes.push_back(q.speaker->mention_span.start);
      bytes.push_back(q.speaker->mention_span.end);
    }
  }
  return CodePointOffsets(text, std::move(bytes));
}

py::dict QuoteDict(const quoth::Quote& q, const CodePointOffsets& chars, bool explain) {
  const Keys& k = K();
  py::dict j;
  Set(j, k.id, q.id);
  Set(j, k.start, q.span.start);
  Set(j, k.end, q.span.end);
  Set(j, k.char_start, chars(q.span.start));
  Set(j, k.char_end, chars(q.span.end));
  Set(j, k.text, q.text);
  Set(j, k.kind, quoth::ToString(q.kind));
  if (q.speaker) {
    const quoth::SpeakerRef& s = *q.speaker;
    py::dict sp;
    Set(sp, k.name, s.name);
    Set(sp, k.mention, s.mention);
    if (s.mention_span.empty()) {
      for (const py::str* key : {&k.start, &k.end, &k.char_start, &k.char_end}) Set(sp, *key, py::none());
    } else {
      Set(sp, k.start, s.mention_span.start);
      Set(sp, k.end, s.mention_span.end);
      Set(sp, k.char_start, chars(s.mention_span.start));
      Set(sp, k.char_end, chars(s.mention_span.end));
    }
    Set(sp, k.method, quoth::ToString(s.method));
    Set(sp, k.confidence, Round2(s.confidence));
    Set(sp, k.entity, s.entity_id);
    if (explain) {
      Set(sp, k.rule, s.rule);
      Set(sp, k.sieve, s.sieve);
      Set(sp, k.evidence, StringList(s.evidence));
    }
    Set(j, k.speaker, sp);
  } else {
    Set(j, k.speaker, py::none());
    if (explain && !q.no_speaker_evidence.empty()) Set(j, k.no_speaker, StringList(q.no_speaker_evidence));
  }
  Set(j, k.confidence, Round2(q.confidence));
  Set(j, k.rule, q.rule);
  Set(j, k.line, q.line);
  if (q.parts.size() > 1) {
    py::list parts(q.parts.size());
    for (size_t i = 0; i < q.parts.size(); ++i) {
      py::list part(2);
      part[0] = py::int_(q.parts[i].start);
      part[1] = py::int_(q.parts[i].end);
      parts[i] = part;
    }
    Set(j, k.parts, parts);
  }
  if (!q.cluster_id.empty()) Set(j, k.cluster, q.cluster_id);
  return j;
}

py::dict SpeakerDict(const quoth::Entity& e) {
  const Keys& k = K();
  py::dict j;
  Set(j, k.id, e.id);
  Set(j, k.name, e.name);
  Set(j, k.kind, quoth::ToString(e.kind));
  Set(j, k.roles, StringList(e.roles));
  Set(j, k.aliases, StringList(e.aliases));
  Set(j, k.quotes, StringList(e.quote_ids));
  if (!e.global_id.empty()) Set(j, k.global_id, e.global_id);
  return j;
}

// The document object of `quoth extract --format json`, as a quoth.Document (a dict) with the
// whole result in its `_evidence`.
py::object DocumentObject(const quoth::DocumentResult& d, std::string_view text, bool explain) {
  const Keys& k = K();
  py::object doc = Types().document ? Types().document() : py::dict();
  Set(doc, k.id, d.id);
  Set(doc, k.lang, d.lang);
  Set(doc, k.bytes, d.bytes);
  const CodePointOffsets chars = OffsetsOf(text, d);
  py::list quotes(d.quotes.size());
  for (size_t i = 0; i < d.quotes.size(); ++i) quotes[i] = QuoteDict(d.quotes[i], chars, explain);
  Set(doc, k.quotes, quotes);
  py::list speakers(d.speakers.size());
  for (size_t i = 0; i < d.speakers.size(); ++i) speakers[i] = SpeakerDict(d.speakers[i]);
  Set(doc, k.speakers, speakers);
  if (!d.warnings.empty()) {
    py::list warnings;
    for (const auto& x : d.warnings) warnings.append(Utf8(x.ToString() + (x.line ? " (line " + std::to_string(x.line) + ")" : "")));
    Set(doc, k.warnings, warnings);
  }
  if (Types().document) {
    const std::string evidence = EncodeEvidence(d);
    doc.attr(k._evidence) = py::bytes(evidence);
  }
  return doc;
}

py::dict ClusterDict(const quoth::Cluster& c, bool explain) {
  const Keys& k = K();
  py::dict j;
  Set(j, k.id, c.id);
  Set(j, k.quotes, StringList(c.quote_ids));
  Set(j, k.languages, StringList(c.languages));
  Set(j, k.representative, c.representative);
  Set(j, k.confidence, Round3(c.confidence));
  if (explain) {
    py::list links;
    for (const auto& l : c.links) {
      py::dict lj;
      Set(lj, k.from, l.from);
      Set(lj, k.to, l.to);
      Set(lj, k.score, Round3(l.score));
      Set(lj, k.relation, l.relation);
      Set(lj, k.basis, l.basis);
      Set(lj, k.evidence, StringList(l.evidence));
      links.append(lj);
    }
    Set(j, k.links, links);
  }
  return j;
}

// A document's text as UTF-8 bytes that stay valid while the GIL is released: a str's cached
// UTF-8 form or a bytes object's own buffer (the caller keeps the object alive). A str that
// cannot be UTF-8 (a lone surrogate) is a document quoth cannot read, like invalid UTF-8.
quoth::Result<std::string_view> Utf8Of(py::handle text, std::string_view id) {
  if (PyUnicode_Check(text.ptr())) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
    if (data) return std::string_view(data, static_cast<size_t>(size));
    PyErr_Clear();
    return quoth::Status(quoth::StatusCode::kInvalidInput,
                         std::string(id) + ": text is not valid Unicode (a lone surrogate code point), not read");
  }
  if (PyBytes_Check(text.ptr())) {
    char* data = nullptr;
    Py_ssize_t size = 0;
    if (PyBytes_AsStringAndSize(text.ptr(), &data, &size) != 0) throw py::error_already_set();
    return std::string_view(data, static_cast<size_t>(size));
  }
  throw py::type_error("a document's text is str or bytes, not " + std::string(Py_TYPE(text.ptr())->tp_name));
}

// ---------------------------------------------------------------------------------------------
// The classes quoth/__init__.py wraps.

class Rules {
 public:
  Rules(std::vector<std::string> directories, bool include_builtin) {
    quoth::RuleOptions options;
    options.directories = std::move(directories);
    options.include_builtin = include_builtin;
    std::optional<quoth::Result<quoth::RuleSet>> loaded;
    {
      py::gil_scoped_release release;
      loaded.emplace(quoth::RuleSet::Load(options));
    }
    if (!loaded->ok()) Raise(loaded->status());
    rules_.emplace(std::move(**loaded));
  }
  const quoth::RuleSet& get() const { return *rules_; }
  std::vector<std::string> languages() const { return rules_->languages(); }
  std::vector<std::string> warnings() const {
    std::vector<std::string> out;
    for (const auto& d : rules_->warnings()) out.push_back(d.ToString());
    return out;
  }
  // None when every rule's examples pass, else the (unraised) RuleError listing the failures.
  py::object CheckExamples() const {
    quoth::Status status;
    {
      py::gil_scoped_release release;
      status = rules_->CheckExamples();
    }
    if (status.ok()) return py::none();
    return ErrorObject(quoth::Status(quoth::StatusCode::kRuleError, status.message(), status.diagnostics()));
  }

 private:
  std::optional<quoth::RuleSet> rules_;
};

class Engine {
 public:
  Engine(const Rules& rules, const quoth::EngineOptions& options) : engine_(rules.get(), options) {}

  py::object Extract(py::handle text, const std::string& id, const std::string& prefix) const {
    const quoth::Result<std::string_view> utf8 = Utf8Of(text, id);
    if (!utf8.ok()) Raise(utf8.status());
    std::optional<quoth::Result<quoth::DocumentResult>> result;
    {
      py::gil_scoped_release release;
      result.emplace(engine_.Extract(*utf8, id, prefix));
    }
    if (!result->ok()) Raise(result->status());
    return DocumentObject(**result, *utf8, engine_.options().explain);
  }

  // `items`: a sequence of (id, text, prefix). Returns one quoth.Document per item, in order; a
  // document that fails raises its error, or with keep_errors takes the error object's place.
  py::list ExtractMany(py::sequence items, size_t threads, bool keep_errors) const {
    const size_t n = py::len(items);
    std::vector<py::object> texts(n);  // kept alive (their UTF-8) while the GIL is released
    std::vector<std::string> ids(n), prefixes(n);
    std::vector<std::optional<quoth::Result<quoth::DocumentResult>>> results(n);
    std::vector<std::string_view> utf8(n);
    for (size_t i = 0; i < n; ++i) {
      py::tuple item = py::reinterpret_borrow<py::tuple>(items[i]);
      ids[i] = item[0].cast<std::string>();
      texts[i] = item[1];
      prefixes[i] = item[2].cast<std::string>();
      quoth::Result<std::string_view> text = Utf8Of(texts[i], ids[i]);
      if (text.ok()) utf8[i] = *text;
      else results[i].emplace(text.status());  // already answered: the workers pass it over
    }
    // Document i as the caller gets it: its dict, or its error (raised unless errors are kept).
    auto convert = [&](py::list& out, size_t i) {
      quoth::Result<quoth::DocumentResult>& r = *results[i];
      if (!r.ok()) {
        if (!keep_errors) Raise(r.status());
        out[i] = ErrorObject(r.status());
      } else {
        out[i] = DocumentObject(*r, utf8[i], engine_.options().explain);
      }
      results[i].reset();  // the dict holds it now
    };
    threads = std::max<size_t>(1, std::min(threads, n));
    // One thread: the calling thread extracts (the GIL released) and converts, document by
    // document. quoth's memos are per thread, and a thread started per call began every call
    // with empty ones: a Dask worker calls once per partition, and partitions of 50 documents
    // (997 distinct documents) went at 12.7-14.2 MB/s against 16.3-16.4 MB/s on the calling
    // thread, whose memos stay warm from call to call as the CLI's threads stay warm over its batch.
    if (threads == 1) {
      py::list out(n);
      for (size_t i = 0; i < n; ++i) {
        if (!results[i]) {
          py::gil_scoped_release release;
          results[i].emplace(ExtractOne(utf8[i], ids[i], prefixes[i]));
        }
        convert(out, i);
      }
      return out;
    }

    // Workers take documents in order; the calling thread waits for each in turn and converts it.
    std::mutex mutex;
    std::condition_variable done;
    std::vector<char> ready(n, 0);
    for (size_t i = 0; i < n; ++i) ready[i] = results[i].has_value();
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    auto work = [&] {
      for (size_t i; !stop && (i = next++) < n;) {
        if (ready[i]) continue;  // written before the threads started; read-only until joined
        std::optional<quoth::Result<quoth::DocumentResult>> r;
        r.emplace(ExtractOne(utf8[i], ids[i], prefixes[i]));
        std::lock_guard<std::mutex> lock(mutex);
        results[i] = std::move(r);
        ready[i] = 2;
        done.notify_all();
      }
    };
    std::vector<std::thread> pool;
    struct Join {  // also when converting raises: the workers stop and are joined, without the GIL
      std::vector<std::thread>& pool;
      std::atomic<bool>& stop;
      ~Join() {
        stop = true;
        py::gil_scoped_release release;
        for (auto& t : pool) t.join();
      }
    } join{pool, stop};
    for (size_t t = 0; t < threads; ++t) pool.emplace_back(work);

    py::list out(n);
    for (size_t i = 0; i < n; ++i) {
      {
        py::gil_scoped_release release;
        std::unique_lock<std::mutex> lock(mutex);
        done.wait(lock, [&] { return ready[i] != 0; });
      }
      convert(out, i);
    }
    return out;
  }

 private:
  // One document; an exception from the engine is its error (it must not cross a thread).
  quoth::Result<quoth::DocumentResult> ExtractOne(std::string_view text, const std::string& id,
                                                  const std::string& prefix) const {
    try {
      return engine_.Extract(text, id, prefix);
    } catch (const std::bad_alloc&) {
      return quoth::Status(quoth::StatusCode::kInternal, id + ": out of memory");
    } catch (const std::exception& e) {
      return quoth::Status(quoth::StatusCode::kInternal, id + ": " + e.what());
    }
  }

  quoth::Engine engine_;
};

class Linker {
 public:
  Linker(const Rules& rules, bool explain) : explain_(explain) {
    quoth::LinkOptions options;
    options.explain = explain;
    std::optional<quoth::Result<quoth::Linker>> created;
    {
      py::gil_scoped_release release;
      created.emplace(quoth::Linker::Create(rules.get(), options));
    }
    if (!created->ok()) Raise(created->status());
    linker_.emplace(std::move(**created));
  }

  std::vector<std::string> warnings() const {
    std::vector<std::string> out;
    for (const auto& d : linker_->warnings()) out.push_back(d.ToString());
    return out;
  }

  // Links the documents (quoth.Document objects from Engine.extract), sets each quote's
  // "cluster" and each speaker's "global_id" in them, and returns the clusters.
  py::list Link(py::list documents) const {
    const size_t n = documents.size();
    std::vector<quoth::DocumentResult> batch;
    batch.reserve(n);
    for (size_t i = 0; i < n; ++i) batch.push_back(Decoded(documents[i], i));
    std::vector<quoth::Cluster> clusters;
    {
      py::gil_scoped_release release;
      clusters = linker_->Link(batch);
    }
    for (size_t i = 0; i < n; ++i) WriteBack(documents[i], batch[i]);
    py::list out(clusters.size());
    for (size_t c = 0; c < clusters.size(); ++c) out[c] = ClusterDict(clusters[c], explain_);
    return out;
  }

  // Each document's quotes' link keys (quoth::Linker::QuoteKeys): a list per document of a list
  // of key texts per quote.
  py::list QuoteKeys(py::list documents) const {
    const size_t n = documents.size();
    std::vector<quoth::DocumentResult> batch;
    batch.reserve(n);
    for (size_t i = 0; i < n; ++i) batch.push_back(Decoded(documents[i], i));
    std::vector<std::vector<std::vector<std::string>>> keys(n);
    {
      py::gil_scoped_release release;
      for (size_t i = 0; i < n; ++i) keys[i] = linker_->QuoteKeys(batch[i]);
    }
    py::list out(n);
    for (size_t i = 0; i < n; ++i) {
      py::list quotes(keys[i].size());
      for (size_t q = 0; q < keys[i].size(); ++q) quotes[q] = StringList(keys[i][q]);
      out[i] = quotes;
    }
    return out;
  }

 private:
  // The DocumentResult a quoth.Document carries in its evidence bytes.
  static quoth::DocumentResult Decoded(py::handle doc, size_t i) {
    const Keys& k = K();
    const std::string id = PyDict_Check(doc.ptr()) && doc.contains(k.id) ? py::str(doc[k.id]).cast<std::string>() : "?";
    if (!py::hasattr(doc, k._evidence))
      Raise(quoth::Status(quoth::StatusCode::kInvalidArgument,
                          "document " + std::to_string(i) + " (" + id +
                              ") carries no link evidence: link the documents Engine.extract or extract_many returned "
                              "(a dict read back from JSON lacks the context sentences and story words linking compares)"));
    const std::string bytes = doc.attr(k._evidence).cast<std::string>();
    std::optional<quoth::DocumentResult> d = DecodeEvidence(bytes);
    if (!d) Raise(quoth::Status(quoth::StatusCode::kInvalidArgument, "document " + std::to_string(i) + " (" + id + "): its link evidence is corrupt"));
    return std::move(*d);
  }

  // The ids linking gave, into the document's dicts (a key removed when a new link gives none).
  static void WriteBack(py::handle doc, const quoth::DocumentResult& d) {
    const Keys& k = K();
    auto list_of = [&](const py::str& key, size_t expected) {
      py::object list = doc[key];
      if (!PyList_Check(list.ptr()) || py::len(list) != expected)
        Raise(quoth::Status(quoth::StatusCode::kInvalidArgument,
                            d.id + ": its \"" + key.cast<std::string>() + "\" no longer match what was extracted"));
      return py::reinterpret_borrow<py::list>(list);
    };
    auto put = [&](py::handle dict, const py::str& key, const std::string& value) {
      if (!value.empty()) Set(dict, key, value);
      else if (PyDict_Contains(dict.ptr(), key.ptr()) == 1) PyDict_DelItem(dict.ptr(), key.ptr());
    };
    py::list quotes = list_of(k.quotes, d.quotes.size());
    for (size_t q = 0; q < d.quotes.size(); ++q) put(quotes[q], k.cluster, d.quotes[q].cluster_id);
    py::list speakers = list_of(k.speakers, d.speakers.size());
    for (size_t s = 0; s < d.speakers.size(); ++s) put(speakers[s], k.global_id, d.speakers[s].global_id);
  }

  std::optional<quoth::Linker> linker_;
  bool explain_;
};

quoth::EngineOptions EngineOptionsFrom(const py::dict& given) {
  quoth::EngineOptions options;
  for (const auto& [key, value] : given) {
    const std::string name = key.cast<std::string>();
    if (name == "lang") options.lang = value.cast<std::string>();
    else if (name == "resolve_speakers") options.resolve_speakers = value.cast<bool>();
    else if (name == "max_document_bytes") options.max_document_bytes = value.cast<size_t>();
    else if (name == "keep_non_speech") options.keep_non_speech = value.cast<bool>();
    else if (name == "keep_nested") options.keep_nested = value.cast<bool>();
    else if (name == "explain") options.explain = value.cast<bool>();
    else if (name == "link_evidence") options.link_evidence = value.cast<bool>();
    else if (name == "story_words") options.story_words = value.cast<size_t>();
    else if (name == "segment_bytes") options.segment_bytes = value.cast<size_t>();
    else throw py::type_error("unknown engine option '" + name + "'");
  }
  return options;
}

}  // namespace

PYBIND11_MODULE(_quoth, m) {
  m.doc() = "quoth's C++ engine; use the quoth package (quoth.Engine, quoth.link), not this module";
  m.def("_init", [](py::object error, py::object rule_error, py::object input_error, py::object document) {
    PythonTypes& t = Types();
    t.error = std::move(error);
    t.rule_error = std::move(rule_error);
    t.input_error = std::move(input_error);
    t.document = std::move(document);
  });
  m.def("engine_options", [] {
    const quoth::EngineOptions o;
    py::dict d;
    d["lang"] = o.lang;
    d["resolve_speakers"] = o.resolve_speakers;
    d["max_document_bytes"] = o.max_document_bytes;
    d["keep_non_speech"] = o.keep_non_speech;
    d["keep_nested"] = o.keep_nested;
    d["explain"] = o.explain;
    d["link_evidence"] = o.link_evidence;
    d["story_words"] = o.story_words;
    d["segment_bytes"] = o.segment_bytes;
    return d;
  }, "The engine's options and their C++ defaults");
  m.def("default_rules_directory", &quoth::DefaultRulesDirectory);
  m.def("default_data_directory", &quoth::DefaultDataDirectory);
  m.def("_note_package_data_directory", [](const std::string& dir) { quoth::NotePackageDataDirectory(dir.c_str()); },
        "The installed package's share/quoth (found from its own place): the data directory after "
        "$QUOTH_DATA_DIR, as a program built against the CMake package or quoth.pc has its own");
  m.def("default_lexicon_path", &quoth::DefaultLexiconPath);
  m.def("detect_language", [](const Rules& rules, py::handle text) {
    const quoth::Result<std::string_view> utf8 = Utf8Of(text, "text");
    if (!utf8.ok()) Raise(utf8.status());
    return quoth::DetectLanguage(*utf8, rules.get());
  });

  py::class_<Rules>(m, "Rules")
      .def(py::init<std::vector<std::string>, bool>(), py::arg("directories"), py::arg("include_builtin"))
      .def("languages", &Rules::languages)
      .def("warnings", &Rules::warnings)
      .def("check_examples", &Rules::CheckExamples);
  py::class_<Engine>(m, "Engine")
      .def(py::init([](const Rules& rules, const py::dict& options) { return new Engine(rules, EngineOptionsFrom(options)); }),
           py::arg("rules"), py::arg("options"), py::keep_alive<1, 2>())
      .def("extract", &Engine::Extract, py::arg("text"), py::arg("id"), py::arg("prefix"))
      .def("extract_many", &Engine::ExtractMany, py::arg("items"), py::arg("threads"), py::arg("keep_errors"));
  py::class_<Linker>(m, "Linker")
      .def(py::init<const Rules&, bool>(), py::arg("rules"), py::arg("explain"))
      .def("warnings", &Linker::warnings)
      .def("link", &Linker::Link, py::arg("documents"))
      .def("quote_keys", &Linker::QuoteKeys, py::arg("documents"));
}
