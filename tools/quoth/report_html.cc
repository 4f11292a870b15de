// The HTML report of a batch: one file, nothing fetched.
//
// The parts that are small whatever the batch (the totals, the per-language and per-kind table,
// the bar chart of the most quoted speakers as inline SVG) are written here as HTML, so they show
// even without scripts. Everything that grows with the batch (each speaker's quotes, the
// clusters, the documents' texts with their highlights) is written once as compact JSON inside
// the page (<script type="application/json">) and turned into HTML by the embedded report.js only
// when a section is opened or an anchor (#doc-N, #speaker-N, #cluster-N) is visited: a report of
// 2,000 documents opens as a page of a few hundred elements. A speaker across documents is the
// linker's global id (one person), else the document's own entity. Offsets stay UTF-8 byte
// offsets in the JSON; shared/highlight.js converts them to the browser's UTF-16 indices.
#include "report_html.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <unordered_map>

#include "embedded_assets.h"

namespace quoth_cli {

namespace {

// The kinds in the order the summary shows them.
constexpr quoth::QuoteKind kKinds[] = {quoth::QuoteKind::kDirect,   quoth::QuoteKind::kPartial, quoth::QuoteKind::kDialogue,
                                       quoth::QuoteKind::kHeadline, quoth::QuoteKind::kTitle,   quoth::QuoteKind::kEpithet,
                                       quoth::QuoteKind::kScare,    quoth::QuoteKind::kNested};

std::string Asset(const char* name) {
  const EmbeddedAsset* a = FindAsset(name);
  return a ? std::string(a->data, a->size) : std::string();
}

// JSON inside <script>: every "<" (only ever inside a string) written \u003c, so no text can
// end the element or open a comment (<!--) that would change how the parser reads it.
std::string ScriptSafe(const std::string& json) {
  std::string out;
  out.reserve(json.size() + json.size() / 64);
  for (char c : json) {
    if (c == '<') out += "\\u003c";
    else out += c;
  }
  return out;
}

struct Speaker {
  std::string name;
  std::string kind;
  size_t quotes = 0;
  std::vector<std::pair<size_t, size_t>> members;  // (document, quote)
  std::vector<std::string> languages;
};

}  // namespace

std::string EscapeHtml(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

void WriteHtmlReport(const std::vector<quoth::DocumentResult>& documents, const std::vector<std::string>& texts,
                     const std::vector<quoth::Cluster>& clusters, std::ostream& out) {
  // Speakers across the batch, in order of first quote; ranked below.
  std::vector<Speaker> speakers;
  std::map<std::string, size_t> speaker_of_key;
  std::unordered_map<std::string, std::pair<size_t, size_t>> quote_at;  // quote id -> (document, quote)
  std::map<std::string, std::map<std::string, size_t>> by_language;     // lang -> kind -> quotes
  std::map<std::string, size_t> documents_of_language;
  size_t quotes = 0, attributed = 0;
  nlohmann::json docs = nlohmann::json::array();
  std::unordered_map<std::string, size_t> cluster_index;
  for (size_t c = 0; c < clusters.size(); ++c) cluster_index[clusters[c].id] = c;
  for (size_t d = 0; d < documents.size(); ++d) {
    const quoth::DocumentResult& doc = documents[d];
    ++documents_of_language[doc.lang];
    std::unordered_map<std::string, const quoth::Entity*> entity;
    for (const auto& e : doc.speakers) entity[e.id] = &e;
    nlohmann::json qs = nlohmann::json::array();
    for (size_t q = 0; q < doc.quotes.size(); ++q) {
      const quoth::Quote& quote = doc.quotes[q];
      ++quotes;
      ++by_language[doc.lang][std::string(quoth::ToString(quote.kind))];
      quote_at[quote.id] = {d, q};
      long long speaker = -1;
      if (quote.speaker) {
        ++attributed;
        const auto it = entity.find(quote.speaker->entity_id);
        const quoth::Entity* e = it == entity.end() ? nullptr : it->second;
        const std::string key = e && !e->global_id.empty() ? "g:" + e->global_id : "d:" + doc.id + "\n" + quote.speaker->entity_id;
        auto [at, added] = speaker_of_key.emplace(key, speakers.size());
        if (added) speakers.push_back({quote.speaker->name, e ? std::string(quoth::ToString(e->kind)) : "person", 0, {}, {}});
        Speaker& s = speakers[at->second];
        ++s.quotes;
        s.members.emplace_back(d, q);
        if (std::find(s.languages.begin(), s.languages.end(), doc.lang) == s.languages.end()) s.languages.push_back(doc.lang);
        speaker = static_cast<long long>(at->second);
      }
      const auto cluster = cluster_index.find(quote.cluster_id);
      nlohmann::json row = {quote.span.start, quote.span.end, std::string(quoth::ToString(quote.kind)), speaker};
      if (quote.speaker && !quote.speaker->mention_span.empty())
        row.insert(row.end(), {quote.speaker->mention_span.start, quote.speaker->mention_span.end});
      else
        row.insert(row.end(), {nullptr, nullptr});
      row.push_back(cluster == cluster_index.end() ? -1 : static_cast<long long>(cluster->second));
      row.push_back(quote.speaker ? std::string(quoth::ToString(quote.speaker->method)) : std::string());
      qs.push_back(std::move(row));
    }
    docs.push_back({{"id", doc.id}, {"lang", doc.lang}, {"text", d < texts.size() ? texts[d] : std::string()}, {"q", std::move(qs)}});
  }
  // Ranked: most quotes first, then by name, then by first quote (deterministic).
  std::vector<size_t> rank(speakers.size());
  for (size_t i = 0; i < rank.size(); ++i) rank[i] = i;
  std::stable_sort(rank.begin(), rank.end(), [&](size_t a, size_t b) {
    if (speakers[a].quotes != speakers[b].quotes) return speakers[a].quotes > speakers[b].quotes;
    return speakers[a].name < speakers[b].name;
  });
  std::vector<size_t> position(speakers.size());
  for (size_t i = 0; i < rank.size(); ++i) position[rank[i]] = i;
  nlohmann::json speaker_json = nlohmann::json::array();
  for (size_t i : rank) {
    nlohmann::json members = nlohmann::json::array();
    for (const auto& [d, q] : speakers[i].members) members.push_back({d, q});
    speaker_json.push_back({{"name", speakers[i].name}, {"kind", speakers[i].kind}, {"langs", speakers[i].languages},
                            {"m", std::move(members)}});
  }
  // The documents' speaker indices follow the ranking.
  for (auto& doc : docs)
    for (auto& q : doc["q"])
      if (q[3].get<long long>() >= 0) q[3] = position[q[3].get<size_t>()];
  nlohmann::json cluster_json = nlohmann::json::array();
  size_t across_languages = 0, across_documents = 0;
  for (const auto& c : clusters) {
    nlohmann::json members = nlohmann::json::array();
    std::vector<size_t> in_documents;
    for (const auto& id : c.quote_ids) {
      const auto it = quote_at.find(id);
      if (it == quote_at.end()) continue;
      members.push_back({it->second.first, it->second.second});
      if (std::find(in_documents.begin(), in_documents.end(), it->second.first) == in_documents.end())
        in_documents.push_back(it->second.first);
    }
    if (c.languages.size() > 1) ++across_languages;
    if (in_documents.size() > 1) ++across_documents;
    cluster_json.push_back({{"id", c.id}, {"langs", c.languages}, {"conf", std::round(c.confidence * 1000) / 1000}, {"m", std::move(members)}});
  }
  const nlohmann::json data = {{"documents", std::move(docs)}, {"speakers", std::move(speaker_json)}, {"clusters", std::move(cluster_json)}};

  out << "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>quoth report: "
      << documents.size() << " documents</title>\n<style>\n"
      << Asset("report/report.css") << "</style>\n</head>\n<body>\n<header>\n<h1>Who said what</h1>\n<p id=\"totals\">"
      << documents.size() << " documents, " << quotes << " quotes, " << attributed << " attributed, " << speakers.size()
      << " speakers; " << clusters.size() << " linked utterances: " << across_documents << " across documents, "
      << across_languages << " across languages</p>\n"
      << "<nav><a href=\"#speakers\">Speakers</a> <a href=\"#summary\">Languages and kinds</a> "
         "<a href=\"#clusters\">Linked quotes</a> <a href=\"#documents\">Documents</a></nav>\n</header>\n";

  // The bar chart: the 30 most quoted speakers.
  const size_t shown = std::min<size_t>(rank.size(), 30);
  const size_t most = shown ? speakers[rank[0]].quotes : 1;
  constexpr int kBar = 22, kLabel = 220, kWidth = 760;
  out << "<section id=\"speakers\">\n<h2>Speakers, by number of quotes</h2>\n";
  out << "<svg id=\"speaker-chart\" role=\"img\" aria-label=\"speakers by number of quotes\" width=\"" << kWidth
      << "\" height=\"" << (shown * kBar + 4) << "\" viewBox=\"0 0 " << kWidth << " " << (shown * kBar + 4)
      << "\" xmlns=\"http://www.w3.org/2000/svg\">\n";
  for (size_t i = 0; i < shown; ++i) {
    const Speaker& s = speakers[rank[i]];
    const int length = static_cast<int>(1 + (kWidth - kLabel - 60) * s.quotes / most);
    const size_t y = i * kBar;
    out << "<a href=\"#speaker-" << i << "\" class=\"bar\" data-speaker=\"" << i << "\"><title>" << EscapeHtml(s.name)
        << ": " << s.quotes << " quotes</title>"
        << "<text x=\"" << (kLabel - 6) << "\" y=\"" << (y + 15) << "\" text-anchor=\"end\">" << EscapeHtml(s.name)
        << "</text><rect x=\"" << kLabel << "\" y=\"" << (y + 3) << "\" width=\"" << length << "\" height=\"" << (kBar - 6)
        << "\" fill=\"var(--s" << (i % 12) << ")\"/><text x=\"" << (kLabel + length + 5) << "\" y=\"" << (y + 15)
        << "\" class=\"count\">" << s.quotes << "</text></a>\n";
  }
  out << "</svg>\n<p class=\"hint\">Each speaker's quotes, with their documents (open one):</p>\n"
         "<div id=\"speaker-list\" class=\"lazy\"></div>\n</section>\n";

  // Per language and kind.
  out << "<section id=\"summary\">\n<h2>Languages and kinds</h2>\n<table class=\"summary\">\n<thead><tr><th>language</th><th>documents</th>";
  for (auto kind : kKinds) out << "<th>" << quoth::ToString(kind) << "</th>";
  out << "<th>all</th></tr></thead>\n<tbody>\n";
  for (const auto& [lang, kinds] : by_language) {
    size_t all = 0;
    out << "<tr><td>" << EscapeHtml(lang) << "</td><td>" << documents_of_language[lang] << "</td>";
    for (auto kind : kKinds) {
      const auto it = kinds.find(std::string(quoth::ToString(kind)));
      const size_t n = it == kinds.end() ? 0 : it->second;
      all += n;
      out << "<td>" << n << "</td>";
    }
    out << "<td>" << all << "</td></tr>\n";
  }
  out << "</tbody>\n</table>\n</section>\n";
  out << "<section id=\"clusters\">\n<h2>Linked quotes</h2>\n<p class=\"hint\">" << clusters.size()
      << " utterances quoted in more than one place, their versions side by side.</p>\n"
         "<div id=\"cluster-list\" class=\"lazy\"></div>\n</section>\n"
         "<section id=\"documents\">\n<h2>Documents</h2>\n<div id=\"document-list\" class=\"lazy\"></div>\n</section>\n"
         "<noscript><p>The speakers' quotes, the linked quotes and the documents need JavaScript.</p></noscript>\n";
  out << "<script type=\"application/json\" id=\"quoth-data\">" << ScriptSafe(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
      << "</script>\n<script>\n"
      << Asset("shared/highlight.js") << "\n" << Asset("report/report.js") << "</script>\n</body>\n</html>\n";
}

}  // namespace quoth_cli
