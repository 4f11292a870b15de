// Writers for the CLI and for library users: table, json, jsonl, csv, tsv.
//
// JSON is built with nlohmann::ordered_json so keys keep the contract's order and the same
// input always gives the same bytes. The table measures text in code points (not bytes) so
// Swedish and curly quotes line up, and elides long quotes in the middle.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
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
    if (options.explain) { sp["rule"] = s.rule; sp["evidence"] = s.evidence; }
    j["speaker"] = sp;
  } else {
    j["speaker"] = nullptr;
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

Json DocumentJson(const DocumentResult& d, const WriteOptions& options) {
  Json j;
  j["id"] = d.id;
  j["lang"] = d.lang;
  j["bytes"] = d.bytes;
  Json quotes = Json::array();
  for (const auto& q : d.quotes) quotes.push_back(QuoteJson(q, options));
  j["quotes"] = quotes;
  Json speakers = Json::array();
  for (const auto& s : d.speakers) {
    Json e;
    e["id"] = s.id;
    e["name"] = s.name;
    e["kind"] = std::string(ToString(s.kind));
    e["roles"] = s.roles;
    e["aliases"] = s.aliases;
    e["quotes"] = s.quote_ids;
    if (!s.global_id.empty()) e["global_id"] = s.global_id;
    speakers.push_back(e);
  }
  j["speakers"] = speakers;
  if (!d.warnings.empty()) {
    Json w = Json::array();
    for (const auto& x : d.warnings) w.push_back(x.ToString() + (x.line ? " (line " + std::to_string(x.line) + ")" : ""));
    j["warnings"] = w;
  }
  return j;
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

std::string_view Suffix(std::string_view s, size_t n) {
  size_t i = s.size();
  while (i > 0 && n > 0) {
    size_t st = 0;
    detail::DecodeBefore(s, i, &st);
    i = st;
    --n;
  }
  return s.substr(i);
}

std::string OneLine(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') { space = true; continue; }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

std::string Elide(std::string_view s, size_t width) {
  std::string one = OneLine(s);
  if (Width(one) <= width) return one;
  if (width < 5) return std::string(Prefix(one, width));
  const size_t head = (width - 1) * 2 / 3, tail = width - 1 - head;
  return std::string(Prefix(one, head)) + "…" + std::string(Suffix(one, tail));
}

std::string Pad(const std::string& s, size_t width) {
  const size_t w = Width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::string SpeakerLabel(const Quote& q) {
  if (q.speaker) return q.speaker->name;
  if (IsSpeech(q.kind)) return "?";
  std::string label(1, '(');
  return label.append(ToString(q.kind)).append(1, ')');
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

void WriteTable(const std::vector<DocumentResult>& docs, const std::vector<Cluster>& clusters,
                std::ostream& out, const WriteOptions& options) {
  size_t speaker_w = 7, where_w = 8;
  for (const auto& d : docs)
    for (const auto& q : d.quotes) {
      speaker_w = std::max(speaker_w, std::min<size_t>(28, Width(SpeakerLabel(q))));
      where_w = std::max(where_w, std::min<size_t>(36, Width(Basename(d.id)) + 1 + std::to_string(q.line).size()));
    }
  const size_t quote_w = options.table_width > speaker_w + where_w + 6 ? options.table_width - speaker_w - where_w - 6 : 40;
  auto row = [&](const std::string& a, const std::string& b, const std::string& c) {
    out << Pad(Elide(a, speaker_w), speaker_w) << "  " << Pad(Elide(b, quote_w), quote_w) << "  " << Elide(c, where_w) << "\n";
  };
  auto rule = [&] { out << std::string(speaker_w, '-') << "  " << std::string(quote_w, '-') << "  " << std::string(where_w, '-') << "\n"; };

  if (options.group_by == Grouping::kCluster) {
    std::map<std::string, const Quote*> by_id;
    std::map<std::string, const DocumentResult*> doc_of;
    for (const auto& d : docs) for (const auto& q : d.quotes) { by_id[q.id] = &q; doc_of[q.id] = &d; }
    out << clusters.size() << " linked utterance" << (clusters.size() == 1 ? "" : "s") << "\n";
    for (const auto& c : clusters) {
      out << "\n" << c.id << "  (confidence " << Fixed2(c.confidence) << ")  " << Elide(c.representative, options.table_width - 26) << "\n";
      for (const auto& id : c.quote_ids) {
        const Quote* q = by_id[id];
        const DocumentResult* d = doc_of[id];
        out << "  " << Pad(d->lang, 3) << Pad(Elide(Basename(d->id) + ":" + std::to_string(q->line), 30), 31)
            << Elide(q->text, options.table_width > 40 ? options.table_width - 36 : 40) << "\n";
      }
      if (options.explain) WriteLinkEvidence(c, out);
    }
    return;
  }
  if (options.group_by == Grouping::kSpeaker) {
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
    for (const Group* g : order) {
      out << g->name << " (" << g->quotes.size() << ")";
      if (!g->forms.empty()) {
        out << "  also:";
        for (size_t i = 0; i < g->forms.size(); ++i) out << (i ? ", " : " ") << g->forms[i];
      }
      out << "\n";
      for (const auto& [d, q] : g->quotes)
        out << "  " << Pad(Elide(OneLine(q->text), quote_w + speaker_w - 2), quote_w + speaker_w) << Elide(Basename(d->id) + ":" + std::to_string(q->line), where_w) << "\n";
    }
    return;
  }
  row("SPEAKER", "QUOTE", "WHERE");
  rule();
  size_t total = 0, attributed = 0;
  for (const auto& d : docs) {
    for (const auto& q : d.quotes) {
      row(SpeakerLabel(q), OneLine(q.text), Basename(d.id) + ":" + std::to_string(q.line));
      ++total;
      attributed += q.speaker.has_value();
      if (options.explain) {
        out << "    kind " << ToString(q.kind) << ", found by " << q.rule << "\n";
        if (q.speaker) {
          out << "    speaker " << q.speaker->name << " (" << ToString(q.speaker->method) << ", rule " << q.speaker->rule << ")\n";
          for (const auto& e : q.speaker->evidence) out << "      - " << e << "\n";
        }
      }
    }
  }
  rule();
  out << total << " quote" << (total == 1 ? "" : "s") << ", " << attributed << " attributed, " << docs.size() << " document"
      << (docs.size() == 1 ? "" : "s") << "\n";
  if (options.explain && !clusters.empty()) {
    out << "\n" << clusters.size() << " linked utterance" << (clusters.size() == 1 ? "" : "s") << "\n";
    for (const auto& c : clusters) {
      out << c.id << "  (confidence " << Fixed2(c.confidence) << ")  " << OneLine(Elide(c.representative, options.table_width - 26)) << "\n";
      WriteLinkEvidence(c, out);
    }
  }
}

std::string CsvField(const std::string& s, char sep) {
  if (sep == '\t') {
    std::string out;
    for (char c : s) out.push_back(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
    return out;
  }
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) { if (c == '"') out += "\"\""; else out.push_back(c); }
  return out + "\"";
}

void WriteRows(const DocumentResult& d, std::ostream& out, bool header, char sep) {
  auto line = [&](const std::vector<std::string>& f) {
    for (size_t i = 0; i < f.size(); ++i) out << (i ? std::string(1, sep) : "") << CsvField(f[i], sep);
    out << "\n";
  };
  if (header) line({"document", "quote_id", "start", "end", "line", "kind", "speaker", "method", "mention", "confidence", "cluster", "text"});
  for (const auto& q : d.quotes) {
    char conf[16];
    std::snprintf(conf, sizeof conf, "%.2f", q.confidence);
    line({d.id, q.id, std::to_string(q.span.start), std::to_string(q.span.end), std::to_string(q.line),
          std::string(ToString(q.kind)), q.speaker ? q.speaker->name : "", q.speaker ? std::string(ToString(q.speaker->method)) : "",
          q.speaker ? q.speaker->mention : "", conf, q.cluster_id, q.text});
  }
}

}  // namespace

void WriteDocument(const DocumentResult& document, Format format, std::ostream& out, bool first, const WriteOptions& options) {
  switch (format) {
    case Format::kJsonl: out << DocumentJson(document, options).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n"; break;
    case Format::kCsv: WriteRows(document, out, first, ','); break;
    case Format::kTsv: WriteRows(document, out, first, '\t'); break;
    default: Write({document}, {}, format, out, options); break;
  }
}

void Write(const std::vector<DocumentResult>& documents, const std::vector<Cluster>& clusters, Format format,
           std::ostream& out, const WriteOptions& options) {
  switch (format) {
    case Format::kTable: WriteTable(documents, clusters, out, options); return;
    case Format::kJson: {
      Json root;
      Json docs = Json::array();
      for (const auto& d : documents) docs.push_back(DocumentJson(d, options));
      root["documents"] = docs;
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
      root["clusters"] = cl;
      out << root.dump(1, ' ', false, Json::error_handler_t::replace) << "\n";
      return;
    }
    default: {
      bool first = true;
      for (const auto& d : documents) { WriteDocument(d, format, out, first, options); first = false; }
    }
  }
}

}  // namespace quoth
