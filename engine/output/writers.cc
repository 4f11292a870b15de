// Writers for the CLI and for library users: table, json, jsonl, csv, tsv.
//
// JSON is built with nlohmann::ordered_json so keys keep the contract's order and the same
// input always gives the same bytes. The table measures text in code points (not bytes) so
// Swedish and curly quotes line up, cuts long quotes at the end (the start of a quote says what
// it is about) and file names in the middle (names differ at either end), the same way on
// every row. csv and tsv never emit invalid UTF-8 and never a cell a spreadsheet would run.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <ostream>

#include "engine/text/utf8.h"
#include "quoth/output.h"

namespace quoth {

using Json = nlohmann::ordered_json;

Result<Format> ParseFormat(std::string_view name) {
  if (name == "table") return Format::kTable;
  if (name == "json") return Format::kJson;
  if (name == "jsonl") return Format::kJsonl;
  if (name == "csv") return Format::kCsv;
  if (name == "tsv") return Format::kTsv;
  return Status(StatusCode::kInvalidArgument, "unknown format '" + std::string(name) + "' (table, json, jsonl, csv, tsv)");
}

namespace {

Json QuoteJson(const Quote& q, const WriteOptions& options) {
  Json j;
  j["id"] = q.id;
  j["start"] = q.span.start;
  j["end"] = q.span.end;
  j["text"] = q.text;
  j["kind"] = std::string(ToString(q.kind));
  if (q.speaker) {
    const SpeakerRef& s = *q.speaker;
    Json sp;
    sp["name"] = s.name;
    sp["mention"] = s.mention;
    if (s.mention_span.empty()) { sp["start"] = nullptr; sp["end"] = nullptr; }
    else { sp["start"] = s.mention_span.start; sp["end"] = s.mention_span.end; }
    sp["method"] = std::string(ToString(s.method));
    sp["confidence"] = std::round(s.confidence * 100) / 100;
    sp["entity"] = s.entity_id;
    if (options.explain) { sp["rule"] = s.rule; sp["sieve"] = s.sieve; sp["evidence"] = s.evidence; }
    j["speaker"] = sp;
  } else {
    j["speaker"] = nullptr;
    if (options.explain && !q.no_speaker_evidence.empty()) j["no_speaker"] = q.no_speaker_evidence;
  }
  j["confidence"] = std::round(q.confidence * 100) / 100;
  j["rule"] = q.rule;
  j["line"] = q.line;
  if (q.parts.size() > 1) {
    Json parts = Json::array();
    for (const auto& p : q.parts) parts.push_back({p.start, p.end});
    j["parts"] = parts;
  }
  if (!q.cluster_id.empty()) j["cluster"] = q.cluster_id;
  return j;
}

// JSON is written as it is made, one quote at a time: the bytes are those of the whole document
// tree dumped at once (nlohmann's layout, kept by re-indenting each part), but memory holds one
// quote's tree, not a tree of every quote of a document of a million quotes.
std::string Dump(const Json& j, int indent) { return j.dump(indent, ' ', false, Json::error_handler_t::replace); }

// `part` dumped at depth 0, placed at `depth` (indent 1 per level; compact when indent < 0).
void WriteAt(std::ostream& out, const std::string& part, int indent, int depth) {
  if (indent < 0 || depth == 0) { out << part; return; }
  const std::string pad(static_cast<size_t>(depth * indent), ' ');
  size_t from = 0;
  for (size_t nl = part.find('\n'); nl != std::string::npos; nl = part.find('\n', from)) {
    out.write(part.data() + from, static_cast<std::streamsize>(nl + 1 - from));
    out << pad;
    from = nl + 1;
  }
  out.write(part.data() + from, static_cast<std::streamsize>(part.size() - from));
}

// Writes one JSON object field by field, in the layout Dump would give it at `depth`.
class ObjectWriter {
 public:
  ObjectWriter(std::ostream& out, int indent, int depth) : out_(out), indent_(indent), depth_(depth) { out_ << '{'; }
  void Field(const char* key, const Json& value) {
    Key(key);
    WriteAt(out_, Dump(value, indent_), indent_, depth_ + 1);
  }
  // An array written element by element: `each(i)` gives element i.
  template <typename F>
  void Array(const char* key, size_t n, F each) {
    OpenArray(key);
    for (size_t i = 0; i < n; ++i) Element(each(i));
    CloseArray();
  }
  // The same, for elements that arrive over several calls.
  void OpenArray(const char* key) {
    Key(key);
    out_ << '[';
    elements_ = 0;
  }
  void Element(const Json& value) {
    BeginElement();
    WriteAt(out_, Dump(value, indent_), indent_, element_depth());
  }
  // An element the caller writes itself, at element_depth() (a large object, field by field).
  void BeginElement() {
    if (elements_++) out_ << ',';
    NewLine(depth_ + 2);
  }
  int element_depth() const { return depth_ + 2; }
  std::ostream& out() { return out_; }
  int indent() const { return indent_; }
  void CloseArray() {
    if (elements_) NewLine(depth_ + 1);
    out_ << ']';
  }
  void Close() {
    if (fields_) NewLine(depth_);
    out_ << '}';
  }

 private:
  void Key(const char* key) {
    if (fields_++) out_ << ',';
    NewLine(depth_ + 1);
    out_ << Dump(Json(key), -1) << (indent_ < 0 ? ":" : ": ");
  }
  void NewLine(int depth) {
    if (indent_ >= 0) out_ << '\n' << std::string(static_cast<size_t>(depth * indent_), ' ');
  }
  std::ostream& out_;
  const int indent_, depth_;
  size_t fields_ = 0;
  size_t elements_ = 0;  // of the open array
};

// A speaker, field by field: its list of quote ids can run to millions in a long document,
// and is never made into one JSON tree.
void WriteSpeakerJson(const Entity& s, std::ostream& out, int indent, int depth) {
  ObjectWriter e(out, indent, depth);
  e.Field("id", s.id);
  e.Field("name", s.name);
  e.Field("kind", std::string(ToString(s.kind)));
  e.Field("roles", s.roles);
  e.Field("aliases", s.aliases);
  e.Array("quotes", s.quote_ids.size(), [&](size_t i) { return Json(s.quote_ids[i]); });
  if (!s.global_id.empty()) e.Field("global_id", s.global_id);
  e.Close();
}

// A document object in three steps, so that its quotes can be written as they arrive.
void OpenDocumentJson(ObjectWriter& doc, const DocumentResult& d) {
  doc.Field("id", d.id);
  doc.Field("lang", d.lang);
  doc.Field("bytes", d.bytes);
  doc.OpenArray("quotes");
}

void CloseDocumentJson(ObjectWriter& doc, const DocumentResult& d) {
  doc.CloseArray();
  doc.OpenArray("speakers");
  for (const Entity& speaker : d.speakers) {
    doc.BeginElement();
    WriteSpeakerJson(speaker, doc.out(), doc.indent(), doc.element_depth());
  }
  doc.CloseArray();
  if (!d.warnings.empty())
    doc.Array("warnings", d.warnings.size(), [&](size_t i) {
      const auto& x = d.warnings[i];
      return Json(x.ToString() + (x.line ? " (line " + std::to_string(x.line) + ")" : ""));
    });
  doc.Close();
}

void WriteDocumentJson(const DocumentResult& d, const WriteOptions& options, std::ostream& out, int indent, int depth) {
  ObjectWriter doc(out, indent, depth);
  OpenDocumentJson(doc, d);
  for (const Quote& q : d.quotes) doc.Element(QuoteJson(q, options));
  CloseDocumentJson(doc, d);
}

// Length of the well-formed UTF-8 sequence at s[i] (no overlong forms, surrogates or code
// points past U+10FFFF), or 0 when the byte there does not start one.
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  const unsigned char lead = static_cast<unsigned char>(s[i]);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead == 0xE0) { length = 3; low = 0xA0; }
  else if (lead == 0xED) { length = 3; high = 0x9F; }
  else if (lead >= 0xE1 && lead <= 0xEF) length = 3;
  else if (lead == 0xF0) { length = 4; low = 0x90; }
  else if (lead == 0xF4) { length = 4; high = 0x8F; }
  else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
  else return 0;
  if (i + length > s.size()) return 0;
  for (size_t k = 1; k < length; ++k) {
    const unsigned char b = static_cast<unsigned char>(s[i + k]);
    if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) return 0;
  }
  return length;
}

constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";  // U+FFFD

// s with every byte that is not part of well-formed UTF-8 replaced by U+FFFD. Document text
// is checked on input, but a file name (the document id) can hold any bytes.
std::string ValidUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t length = Utf8SequenceLength(s, i);
    if (length == 0) { out += kReplacementCharacter; ++i; continue; }
    out.append(s, i, length);
    i += length;
  }
  return out;
}

// Code points, for column widths.
size_t Width(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// The first `n` code points of s.
std::string_view Prefix(std::string_view s, size_t n) {
  size_t i = 0;
  while (i < s.size() && n > 0) {
    size_t len = 0;
    detail::DecodeAt(s, i, &len);
    i += len;
    --n;
  }
  return s.substr(0, i);
}

// Text for one table cell: valid UTF-8 on one line, runs of white space as one space, other
// control characters (which a file name may hold) shown as U+FFFD.
std::string OneLine(std::string_view s) {
  const std::string valid = ValidUtf8(s);
  std::string out;
  bool space = false;
  for (char c : valid) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') { space = true; continue; }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) out += kReplacementCharacter;
    else out.push_back(c);
  }
  return out;
}

// s in at most `width` code points: cut at the end, with an ellipsis.
std::string CutEnd(std::string_view s, size_t width) {
  if (Width(s) <= width) return std::string(s);
  if (width == 0) return "";
  std::string_view kept = Prefix(s, width - 1);
  while (!kept.empty() && kept.back() == ' ') kept.remove_suffix(1);
  return std::string(kept) + "…";
}

std::string Pad(const std::string& s, size_t width) {
  const size_t w = Width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::string Basename(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string Fixed2(double x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

double Round3(double x) { return std::round(x * 1000.0) / 1000.0; }

// Each link that joined the cluster: the two quotes, how strong, on what, and why.
void WriteLinkEvidence(const Cluster& c, std::ostream& out) {
  for (const auto& l : c.links) {
    out << "    " << l.from << " ~ " << l.to << "  " << Fixed2(l.score) << " (" << l.basis << ", " << l.relation << ")\n";
    for (const auto& e : l.evidence) out << "      - " << e << "\n";
  }
}

// Column widths of the table, shared by every row and every grouping so that a file name is
// cut the same way on each row.
struct TableColumns {
  size_t width = 0;     // the whole row
  size_t speaker = 0;
  size_t quote = 0;
  size_t where = 0;     // "name:line"
  size_t name = 0;      // the file name's share of `where`: names longer than this are cut at the end
  size_t link = 0;      // the cluster id ("c12"); 0 when nothing is linked
  bool drop_extension = false;  // when names do not fit, ".txt" goes first, from every name alike
};

std::string WithoutExtension(const std::string& name) {
  const size_t dot = name.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

std::string DisplayName(const DocumentResult& d, bool drop_extension) {
  const std::string name = OneLine(Basename(d.id));
  return drop_extension ? WithoutExtension(name) : name;
}

TableColumns LayOutTable(const std::vector<DocumentResult>& docs, size_t requested_width) {
  TableColumns c;
  c.width = std::clamp(requested_width, kMinTableWidth, kMaxTableWidth);
  size_t speaker = 0, name = 0, name_without_extension = 0, digits = 1, link = 0;
  for (const auto& d : docs) {
    name = std::max(name, Width(DisplayName(d, false)));
    name_without_extension = std::max(name_without_extension, Width(DisplayName(d, true)));
    for (const auto& q : d.quotes) {
      speaker = std::max(speaker, Width(SpeakerLabel(q)));
      digits = std::max(digits, std::to_string(q.line).size());
      link = std::max(link, Width(q.cluster_id));
    }
  }
  // The link column ("LINK", then ids) only when something is linked, and at most a tenth.
  if (link > 0) c.link = std::clamp<size_t>(link, 4, std::max<size_t>(4, c.width / 10));
  const size_t link_gap = c.link ? c.link + 2 : 0;
  // The quote gets what the speaker (at most a fifth), the link and the place leave; the place
  // takes what the file names need while the quote keeps two fifths of the row.
  c.speaker = std::clamp<size_t>(speaker, 7, std::max<size_t>(7, std::min<size_t>(28, c.width / 5)));
  // (Half of a narrow one.)
  const size_t quote_keeps = std::max(c.width * 2 / 5, std::min<size_t>(c.width / 2, 48));
  const size_t taken = c.speaker + 4 + link_gap + quote_keeps;
  const size_t max_where = std::max<size_t>(8, c.width > taken ? c.width - taken : 0);
  c.drop_extension = name + 1 + digits > max_where;
  if (c.drop_extension) name = name_without_extension;
  c.where = std::clamp<size_t>(name + 1 + digits, 8, max_where);
  c.name = c.where > digits + 1 ? c.where - digits - 1 : 1;
  c.quote = c.width - c.speaker - c.where - 4 - link_gap;  // gaps of two spaces
  return c;
}

// The file name cut at its end (an outlet's names start with what tells them apart: the outlet,
// the date, the story), and the line number whole.
std::string WhereCell(const DocumentResult& d, const Quote& q, const TableColumns& columns) {
  return CutEnd(DisplayName(d, columns.drop_extension), columns.name) + ":" + std::to_string(q.line);
}

// The batch in one line: documents, quotes, how many have a speaker, the people and
// organisations that speak (one per person across documents), and what linking found.
std::string BatchSummary(const std::vector<DocumentResult>& docs, const std::vector<Cluster>& clusters) {
  size_t quotes = 0, attributed = 0;
  std::set<std::string> speakers;
  std::map<std::string, std::string> document_of_quote;
  for (const auto& d : docs) {
    std::map<std::string, const Entity*> entities;
    for (const auto& e : d.speakers) entities[e.id] = &e;
    for (const auto& q : d.quotes) {
      ++quotes;
      document_of_quote[q.id] = d.id;
      if (!q.speaker) continue;
      ++attributed;
      const auto e = entities.find(q.speaker->entity_id);
      if (e != entities.end() && !e->second->global_id.empty()) speakers.insert(e->second->global_id);
      else speakers.insert(d.id + "\n" + q.speaker->entity_id);
    }
  }
  auto plural = [](size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  std::string out = plural(docs.size(), "document", "documents") + ", " + plural(quotes, "quote", "quotes") + ", " +
                    std::to_string(attributed) + " attributed, " + plural(speakers.size(), "speaker", "speakers");
  if (clusters.empty()) return out;
  size_t across_documents = 0, across_languages = 0;
  for (const auto& c : clusters) {
    std::set<std::string> documents;
    for (const auto& id : c.quote_ids) {
      const auto found = document_of_quote.find(id);
      if (found != document_of_quote.end()) documents.insert(found->second);
    }
    across_documents += documents.size() > 1;
    across_languages += c.languages.size() > 1;
  }
  return out + "; " + plural(clusters.size(), "linked utterance", "linked utterances") + ": " + std::to_string(across_documents) +
         " across documents, " + std::to_string(across_languages) + " across languages";
}

// Text in lines of at most `width` code points, broken after a comma or semicolon where it can
// be (the summary under a narrow table stays as narrow as the table).
std::string Folded(const std::string& text, size_t width) {
  std::string out, line;
  size_t from = 0;
  while (from < text.size()) {
    size_t end = text.find_first_of(",;", from);
    end = end == std::string::npos ? text.size() : end + 1;
    std::string piece = text.substr(from, end - from);
    from = end;
    if (!line.empty() && Width(line) + Width(piece) > width) {
      out += line + "\n";
      line.clear();
      piece.erase(0, piece.find_first_not_of(' '));
    }
    line += piece;
  }
  return out + line;
}

std::string ClusterHeading(const Cluster& c, const TableColumns& columns) {
  std::string heading = c.id + "  (confidence " + Fixed2(c.confidence) + ")  ";
  const size_t used = Width(heading);
  return heading + CutEnd(OneLine(c.representative), columns.width > used ? columns.width - used : 0);
}

// Each linked utterance once: its versions side by side (language, place, text).
void WriteClusterTable(const std::vector<DocumentResult>& docs, const std::vector<Cluster>& clusters,
                       const TableColumns& columns, std::ostream& out, const WriteOptions& options) {
  std::map<std::string, std::pair<const DocumentResult*, const Quote*>> quote_by_id;
  for (const auto& d : docs) for (const auto& q : d.quotes) quote_by_id[q.id] = {&d, &q};
  // Each version: language, place, who said it there, and its words.
  const size_t fixed = 2 + 3 + columns.where + 2 + columns.speaker + 2;
  const size_t text_w = columns.width > fixed ? columns.width - fixed : 1;
  out << Folded(BatchSummary(docs, clusters), columns.width) << "\n";
  for (const auto& c : clusters) {
    out << "\n" << ClusterHeading(c, columns) << "\n";
    for (const auto& id : c.quote_ids) {
      const auto found = quote_by_id.find(id);
      if (found == quote_by_id.end()) continue;  // a cluster of other documents
      const auto [d, q] = found->second;
      out << "  " << Pad(d->lang, 3) << Pad(WhereCell(*d, *q, columns), columns.where) << "  "
          << Pad(CutEnd(OneLine(SpeakerLabel(*q)), columns.speaker), columns.speaker) << "  "
          << CutEnd(OneLine(q->text), text_w) << "\n";
    }
    if (options.explain) WriteLinkEvidence(c, out);
  }
}

// One block per person, with counts.
void WriteSpeakerTable(const std::vector<DocumentResult>& docs, const TableColumns& columns, std::ostream& out) {
  // One block per person: by the id linking gave them across documents (else per document's
  // entity), under their fullest name with their other forms; quotes without a speaker last.
  struct Group {
    std::string name;
    std::vector<std::string> forms;          // every name seen, in order of first use
    std::map<std::string, size_t> quoted;    // full name -> quotes under it
    bool person = false;
    std::vector<std::pair<const DocumentResult*, const Quote*>> quotes;
  };
  std::map<std::string, Group> groups;
  auto add_form = [](Group& g, const std::string& form) {
    if (!form.empty() && std::find(g.forms.begin(), g.forms.end(), form) == g.forms.end()) g.forms.push_back(form);
  };
  for (const auto& d : docs) {
    std::map<std::string, const Entity*> entities;
    for (const auto& e : d.speakers) entities[e.id] = &e;
    for (const auto& q : d.quotes) {
      const Entity* e = q.speaker ? entities[q.speaker->entity_id] : nullptr;
      std::string key;
      if (!e) key.assign(1, '\x7f').append(SpeakerLabel(q));  // sorts after every person
      else if (e->global_id.empty()) key.assign(d.id).append(1, '\n').append(e->id);
      else key = e->global_id;
      Group& g = groups[key];
      g.quotes.push_back({&d, &q});
      if (!e) {
        g.name = SpeakerLabel(q);
        continue;
      }
      g.person = true;
      ++g.quoted[e->name];
      add_form(g, e->name);
      for (const auto& a : e->aliases) add_form(g, a);
    }
  }
  // A person is shown under the full name most of their quotes carry (a longer one may hold a
  // title or a party: "Republican Donald Trump"), with the other forms after it.
  for (auto& [key, g] : groups) {
    if (!g.person) continue;
    size_t best = 0;
    for (const auto& [name, n] : g.quoted) {
      const bool full = name.find(' ') != std::string::npos, best_full = g.name.find(' ') != std::string::npos;
      if (g.name.empty() || (full && !best_full) || (full == best_full && n > best)) {
        g.name = name;
        best = n;
      }
    }
    g.forms.erase(std::remove(g.forms.begin(), g.forms.end(), g.name), g.forms.end());
  }
  std::vector<const Group*> order;
  for (const auto& [k, g] : groups) order.push_back(&g);
  std::stable_sort(order.begin(), order.end(), [](const Group* a, const Group* b) {
    if (a->person != b->person) return a->person;
    return a->quotes.size() > b->quotes.size();
  });
  const size_t text_w = columns.speaker + columns.quote;
  for (const Group* g : order) {
    out << g->name << " (" << g->quotes.size() << ")";
    if (!g->forms.empty()) {
      out << "  also:";
      for (size_t i = 0; i < g->forms.size(); ++i) out << (i ? ", " : " ") << g->forms[i];
    }
    out << "\n";
    for (const auto& [d, q] : g->quotes)
      out << "  " << Pad(CutEnd(OneLine(q->text), text_w), text_w) << "  " << WhereCell(*d, *q, columns) << "\n";
  }
}

// One row per quote: speaker, quote, place; with --explain the rule and evidence under each.
void WriteQuoteTable(const std::vector<DocumentResult>& docs, const std::vector<Cluster>& clusters,
                     const TableColumns& columns, std::ostream& out, const WriteOptions& options) {
  auto row = [&](const std::string& speaker, const std::string& quote, const std::string& link, const std::string& where) {
    out << Pad(CutEnd(speaker, columns.speaker), columns.speaker) << "  " << Pad(CutEnd(quote, columns.quote), columns.quote) << "  ";
    if (columns.link) out << Pad(CutEnd(link, columns.link), columns.link) << "  ";
    out << where << "\n";
  };
  auto rule = [&] {
    out << std::string(columns.speaker, '-') << "  " << std::string(columns.quote, '-') << "  ";
    if (columns.link) out << std::string(columns.link, '-') << "  ";
    out << std::string(columns.where, '-') << "\n";
  };
  row("SPEAKER", "QUOTE", "LINK", "WHERE");
  rule();
  for (const auto& d : docs) {
    for (const auto& q : d.quotes) {
      row(OneLine(SpeakerLabel(q)), OneLine(q.text), q.cluster_id, WhereCell(d, q, columns));
      if (options.explain) {
        out << "    kind " << ToString(q.kind) << ", found by " << q.rule << "\n";
        if (q.speaker) {
          out << "    speaker " << q.speaker->name << " (" << ToString(q.speaker->method) << ", step " << q.speaker->sieve
              << ", rule " << q.speaker->rule << ")\n";
          for (const auto& e : q.speaker->evidence) out << "      - " << e << "\n";
        } else if (!q.no_speaker_evidence.empty()) {
          out << "    no speaker:\n";
          for (const auto& e : q.no_speaker_evidence) out << "      - " << e << "\n";
        }
      }
    }
  }
  rule();
  out << Folded(BatchSummary(docs, clusters), columns.width) << "\n";
  if (options.explain && !clusters.empty()) {
    out << "\n" << clusters.size() << " linked utterance" << (clusters.size() == 1 ? "" : "s") << "\n";
    for (const auto& c : clusters) {
      out << ClusterHeading(c, columns) << "\n";
      WriteLinkEvidence(c, out);
    }
  }
}

void WriteTable(const std::vector<DocumentResult>& docs, const std::vector<Cluster>& clusters,
                std::ostream& out, const WriteOptions& options) {
  const TableColumns columns = LayOutTable(docs, options.table_width);
  switch (options.group_by) {
    case Grouping::kCluster: WriteClusterTable(docs, clusters, columns, out, options); return;
    case Grouping::kSpeaker: WriteSpeakerTable(docs, columns, out); return;
    case Grouping::kNone: WriteQuoteTable(docs, clusters, columns, out, options); return;
  }
}

// Spreadsheets run a cell that starts with = + - @ (or a tab or CR) as a formula: a quote or a
// file name could then read or send data (OWASP "CSV injection"). A leading apostrophe makes it
// text, and spreadsheets do not show it.
std::string NeutraliseFormula(std::string cell) {
  if (!cell.empty() && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos) cell.insert(0, 1, '\'');
  return cell;
}

// RFC 4180: quoted when it holds a comma, a quote mark or a line break; quote marks doubled.
std::string CsvCell(std::string_view text) {
  std::string cell = NeutraliseFormula(ValidUtf8(text));
  if (cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) { if (c == '"') out += "\"\""; else out.push_back(c); }
  return out + "\"";
}

// One line per row, nothing lost (EscapeTsv), no invalid UTF-8, no formula.
std::string TsvCell(std::string_view text) { return NeutraliseFormula(EscapeTsv(ValidUtf8(text))); }

const std::vector<std::string>& RowHeader() {
  // New columns go at the end, so that readers of the first twelve by position keep working.
  static const std::vector<std::string> header = {
      "document", "quote_id", "start", "end", "line", "kind", "speaker", "method", "mention", "confidence", "cluster",
      "text", "lang", "rule", "speaker_rule", "speaker_id", "speaker_global_id"};
  return header;
}

std::vector<std::string> QuoteRow(const DocumentResult& d, const Quote& q, const std::map<std::string, const Entity*>& entities) {
  const Entity* entity = nullptr;
  if (q.speaker) {
    const auto found = entities.find(q.speaker->entity_id);
    if (found != entities.end()) entity = found->second;
  }
  return {d.id, q.id, std::to_string(q.span.start), std::to_string(q.span.end), std::to_string(q.line),
          std::string(ToString(q.kind)), q.speaker ? q.speaker->name : "", q.speaker ? std::string(ToString(q.speaker->method)) : "",
          q.speaker ? q.speaker->mention : "", Fixed2(q.confidence), q.cluster_id, q.text,
          d.lang, q.rule, q.speaker ? q.speaker->rule : "", q.speaker ? q.speaker->entity_id : "", entity ? entity->global_id : ""};
}

void WriteRow(const std::vector<std::string>& cells, std::ostream& out, char sep) {
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i) out << sep;
    out << (sep == '\t' ? TsvCell(cells[i]) : CsvCell(cells[i]));
  }
  out << "\n";
}

// The rows of some of a document's quotes. A speaker's entity is looked up only for its
// global id, which linking sets: unlinked (streamed) documents need no lookup.
void WriteRows(const DocumentResult& d, const std::vector<Quote>& quotes, std::ostream& out, char sep) {
  std::map<std::string, const Entity*> entities;
  for (const auto& e : d.speakers)
    if (!e.global_id.empty()) entities[e.id] = &e;
  for (const auto& q : quotes) WriteRow(QuoteRow(d, q, entities), out, sep);
}

Json ClustersJson(const std::vector<Cluster>& clusters, const WriteOptions& options) {
  Json cl = Json::array();
  for (const auto& c : clusters) {
    Json j;
    j["id"] = c.id;
    j["quotes"] = c.quote_ids;
    j["languages"] = c.languages;
    j["representative"] = c.representative;
    j["confidence"] = Round3(c.confidence);
    if (options.explain) {
      Json links = Json::array();
      for (const auto& l : c.links) {
        Json lj;
        lj["from"] = l.from;
        lj["to"] = l.to;
        lj["score"] = Round3(l.score);
        lj["relation"] = l.relation;
        lj["basis"] = l.basis;
        lj["evidence"] = l.evidence;
        links.push_back(lj);
      }
      j["links"] = links;
    }
    cl.push_back(j);
  }
  return cl;
}

}  // namespace

std::string SpeakerLabel(const Quote& q) {
  if (q.speaker) return q.speaker->name;
  if (IsSpeech(q.kind)) return "?";
  std::string label(1, '(');
  return label.append(ToString(q.kind)).append(1, ')');
}

std::string EscapeTsv(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

struct DocumentWriter::State {
  State(Format f, std::ostream& o, bool h, const WriteOptions& w) : format(f), out(o), header(h), options(w) {}
  const Format format;
  std::ostream& out;
  bool header;  // csv/tsv: still to print
  const WriteOptions options;
  std::optional<ObjectWriter> json;  // jsonl: the open document object
  bool finished = false;
};

DocumentWriter::DocumentWriter(Format format, std::ostream& out, bool header, const WriteOptions& options)
    : state_(std::make_unique<State>(format, out, header, options)) {}

DocumentWriter::~DocumentWriter() = default;

void DocumentWriter::Quotes(const DocumentResult& document, const std::vector<Quote>& quotes) {
  State& s = *state_;
  if (s.finished) return;
  switch (s.format) {
    case Format::kJsonl:
      if (!s.json) OpenDocumentJson(s.json.emplace(s.out, -1, 0), document);
      for (const Quote& q : quotes) s.json->Element(QuoteJson(q, s.options));
      break;
    case Format::kCsv:
    case Format::kTsv: {
      const char sep = s.format == Format::kCsv ? ',' : '\t';
      if (s.header) WriteRow(RowHeader(), s.out, sep);
      s.header = false;
      WriteRows(document, quotes, s.out, sep);
      break;
    }
    default: break;  // table and json are written whole, by Write
  }
}

void DocumentWriter::Finish(const DocumentResult& document) {
  State& s = *state_;
  if (s.finished) return;
  if (s.format == Format::kJsonl || s.format == Format::kCsv || s.format == Format::kTsv) Quotes(document, {});
  if (s.json) {
    CloseDocumentJson(*s.json, document);
    s.out << "\n";
  }
  s.finished = true;
}

void WriteDocument(const DocumentResult& document, Format format, std::ostream& out, bool first, const WriteOptions& options) {
  if (format != Format::kJsonl && format != Format::kCsv && format != Format::kTsv) {
    Write({document}, {}, format, out, options);
    return;
  }
  DocumentWriter writer(format, out, first, options);
  writer.Quotes(document, document.quotes);
  writer.Finish(document);
}

void WriteClusters(const std::vector<Cluster>& clusters, Format format, std::ostream& out, const WriteOptions& options) {
  if (format != Format::kJsonl) return;
  Json line;
  line["clusters"] = ClustersJson(clusters, options);
  out << line.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
}

void Write(const std::vector<DocumentResult>& documents, const std::vector<Cluster>& clusters, Format format,
           std::ostream& out, const WriteOptions& options) {
  switch (format) {
    case Format::kTable: WriteTable(documents, clusters, out, options); return;
    case Format::kJson: {
      // {"documents": [...], "clusters": [...]}, indented by one space per level.
      out << "{\n \"documents\": ";
      if (documents.empty()) out << "[]";
      for (size_t i = 0; i < documents.size(); ++i) {
        out << (i ? ",\n  " : "[\n  ");
        WriteDocumentJson(documents[i], options, out, 1, 2);
      }
      if (!documents.empty()) out << "\n ]";
      out << ",\n \"clusters\": ";
      WriteAt(out, Dump(ClustersJson(clusters, options), 1), 1, 1);
      out << "\n}\n";
      return;
    }
    case Format::kJsonl:
    case Format::kCsv:
    case Format::kTsv: {
      bool first = true;
      for (const auto& d : documents) { WriteDocument(d, format, out, first, options); first = false; }
      WriteClusters(clusters, format, out, options);
      return;
    }
  }
}

}  // namespace quoth
