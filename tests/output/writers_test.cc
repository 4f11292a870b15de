// Writers through the public API: any table width is safe, tsv is lossless, csv/tsv never emit
// invalid UTF-8 or a spreadsheet formula, jsonl ends with the clusters.
#include <doctest/doctest.h>

#include <limits>
#include <sstream>

#include "quoth/output.h"

using namespace quoth;

namespace {

// One document with one attributed quote whose text and file name are given.
DocumentResult OneQuote(const std::string& document_id, const std::string& text) {
  DocumentResult d;
  d.id = document_id;
  d.lang = "en";
  Quote q;
  q.id = "d0.q0";
  q.text = text;
  q.span = {1, 1 + text.size()};
  q.rule = "marks.double";
  q.line = 3;
  q.confidence = 0.95;
  SpeakerRef s;
  s.name = "Lena Holt";
  s.mention = "Holt";
  s.entity_id = "d0.s0";
  s.rule = "en.after.speaker-verb";
  q.speaker = s;
  d.quotes.push_back(q);
  Entity e;
  e.id = "d0.s0";
  e.name = "Lena Holt";
  e.global_id = "p7";
  d.speakers.push_back(e);
  return d;
}

std::string Written(const std::vector<DocumentResult>& docs, Format format, const WriteOptions& options = {},
                    const std::vector<Cluster>& clusters = {}) {
  std::ostringstream out;
  Write(docs, clusters, format, out, options);
  return out.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> Split(const std::string& line, char separator) {
  std::vector<std::string> cells(1);
  for (char c : line) {
    if (c == separator) cells.emplace_back();
    else cells.back().push_back(c);
  }
  return cells;
}

size_t CodePoints(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

bool IsValidUtf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    const size_t length = b < 0x80 ? 1 : b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    if (length == 0 || i + length > s.size()) return false;
    for (size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += length;
  }
  return true;
}

}  // namespace

TEST_CASE("any table width is safe: outside 40..1000 it is taken as the nearest end") {
  const std::vector<DocumentResult> docs = {OneQuote("harbour.txt", std::string(3000, 'x'))};
  for (size_t width : {size_t{0}, size_t{5}, size_t{39}, std::numeric_limits<size_t>::max(), size_t{100000000}}) {
    for (Grouping grouping : {Grouping::kNone, Grouping::kSpeaker, Grouping::kCluster}) {
      WriteOptions options;
      options.table_width = width;
      options.group_by = grouping;
      std::string table;
      CHECK_NOTHROW(table = Written(docs, Format::kTable, options));
      for (const auto& line : Lines(table)) CHECK(CodePoints(line) <= kMaxTableWidth);
    }
  }
  WriteOptions narrow;
  narrow.table_width = 0;
  for (const auto& line : Lines(Written(docs, Format::kTable, narrow))) CHECK(CodePoints(line) <= kMinTableWidth);
}

TEST_CASE("the table cuts a long quote at its end and keeps the line number whole") {
  WriteOptions options;
  options.table_width = 60;
  const std::string table = Written({OneQuote("harbour.txt", "We will keep the details of her meeting under wraps for now.")}, Format::kTable, options);
  const auto lines = Lines(table);
  REQUIRE(lines.size() >= 3);
  CHECK(lines[2].find("We will keep the details") != std::string::npos);
  CHECK(lines[2].find("…") != std::string::npos);
  CHECK(lines[2].find("for now.") == std::string::npos);
  CHECK(lines[2].substr(lines[2].size() - 13) == "harbour.txt:3");
}

TEST_CASE("tsv escapes backslash, tab, newline and CR, so each row is one line and nothing is lost") {
  const std::string text = "It is\tfine,\na \\ and\r a return,";
  const auto lines = Lines(Written({OneQuote("a\tb.txt", text)}, Format::kTsv));
  REQUIRE(lines.size() == 2);
  const auto header = Split(lines[0], '\t');
  const auto row = Split(lines[1], '\t');
  REQUIRE(row.size() == header.size());
  CHECK(row[0] == "a\\tb.txt");
  CHECK(row[11] == "It is\\tfine,\\na \\\\ and\\r a return,");
}

TEST_CASE("csv and tsv carry language, rule and person id columns after the first twelve") {
  const auto lines = Lines(Written({OneQuote("a.txt", "We are ready,")}, Format::kCsv));
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] ==
        "document,quote_id,start,end,line,kind,speaker,method,mention,confidence,cluster,text,lang,rule,speaker_rule,speaker_id,speaker_global_id");
  CHECK(lines[1] == "a.txt,d0.q0,1,14,3,direct,Lena Holt,explicit,Holt,0.95,,\"We are ready,\",en,marks.double,en.after.speaker-verb,d0.s0,p7");
}

TEST_CASE("csv and tsv cells that a spreadsheet would run as a formula start with an apostrophe") {
  for (const std::string text : {"=HYPERLINK(\"http://x\")", "+1", "-5 degrees", "@SUM(A1)", "\tcell", "\rcell"}) {
    const auto csv = Lines(Written({OneQuote("a.txt", text)}, Format::kCsv));
    REQUIRE(csv.size() >= 2);
    const std::string neutralised = "'" + text.substr(0, 1);  // the cell itself may be in quote marks
    CHECK((csv[1].find("," + neutralised) != std::string::npos || csv[1].find(",\"" + neutralised) != std::string::npos));
    const auto tsv = Split(Lines(Written({OneQuote("a.txt", text)}, Format::kTsv))[1], '\t');
    CHECK(tsv[11][0] != '=');
    CHECK(tsv[11][0] != '+');
    CHECK(tsv[11][0] != '-');
    CHECK(tsv[11][0] != '@');
  }
  // Only the first character counts: a minus inside a cell is text.
  CHECK(Lines(Written({OneQuote("a.txt", "a-b")}, Format::kCsv))[1].find(",a-b,") != std::string::npos);
}

TEST_CASE("csv, tsv and table replace bytes that are not UTF-8 (from file names) with U+FFFD") {
  const std::string name = "caf\xE9-\xC0\xAF-\xED\xA0\x80-\xF4\x90\x80\x80.txt";  // Latin-1, overlong, surrogate, past U+10FFFF
  for (Format format : {Format::kCsv, Format::kTsv, Format::kTable}) {
    const std::string out = Written({OneQuote(name, "We are ready,")}, format);
    CHECK(IsValidUtf8(out));
    CHECK(out.find("caf\xEF\xBF\xBD-") != std::string::npos);
  }
}

TEST_CASE("jsonl: one line per document, then one {\"clusters\": [...]} line") {
  Cluster c;
  c.id = "c0";
  c.quote_ids = {"d0.q0", "d1.q0"};
  c.languages = {"en"};
  c.representative = "We are ready,";
  c.confidence = 1.0;
  const auto lines = Lines(Written({OneQuote("a.txt", "We are ready,"), OneQuote("b.txt", "We are ready,")}, Format::kJsonl, {}, {c}));
  REQUIRE(lines.size() == 3);
  CHECK(lines[2] == R"({"clusters":[{"id":"c0","quotes":["d0.q0","d1.q0"],"languages":["en"],"representative":"We are ready,","confidence":1.0}]})");
  std::ostringstream csv;
  WriteClusters({c}, Format::kCsv, csv);
  CHECK(csv.str().empty());
  std::ostringstream none;
  WriteClusters({}, Format::kJsonl, none);
  CHECK(none.str() == "{\"clusters\":[]}\n");
}

TEST_CASE("the table shows each quote's cluster, the summary counts speakers and links, --by cluster shows who said each version") {
  DocumentResult en = OneQuote("harbour-en.txt", "We will open the bridge in May,");
  DocumentResult sv = OneQuote("hamnen-sv.txt", "Vi öppnar bron i maj");
  sv.lang = "sv";
  sv.quotes[0].id = "d1.q0";
  sv.speakers[0].id = sv.quotes[0].speaker->entity_id = "d1.s0";
  en.quotes[0].cluster_id = sv.quotes[0].cluster_id = "c0";
  Cluster c;
  c.id = "c0";
  c.quote_ids = {"d0.q0", "d1.q0"};
  c.languages = {"en", "sv"};
  c.representative = en.quotes[0].text;
  c.confidence = 0.8;
  WriteOptions options;
  options.table_width = 100;
  std::ostringstream table;
  Write({en, sv}, {c}, Format::kTable, table, options);
  const auto lines = Lines(table.str());
  REQUIRE(lines.size() >= 6);
  CHECK(lines[0].find("LINK") != std::string::npos);
  CHECK(lines[2].find("c0") != std::string::npos);
  CHECK(lines[2].find("harbour-en.txt:3") != std::string::npos);
  // One person across the two documents (one global id): one speaker.
  CHECK(lines[lines.size() - 2] == "2 documents, 2 quotes, 2 attributed, 1 speaker; 1 linked utterance: 1 across documents,");
  CHECK(lines.back() == "1 across languages");
  options.group_by = Grouping::kCluster;
  std::ostringstream by_cluster;
  Write({en, sv}, {c}, Format::kTable, by_cluster, options);
  const auto rows = Lines(by_cluster.str());
  size_t with_speaker = 0;
  for (const auto& row : rows) with_speaker += row.find("Lena Holt") != std::string::npos && row.find(":3") != std::string::npos;
  CHECK(with_speaker == 2);
  for (const auto& row : rows) CHECK(CodePoints(row) <= 100);
  // Nothing linked: no link column.
  std::ostringstream unlinked;
  WriteOptions plain;
  Write({OneQuote("harbour.txt", "We will open the bridge in May,")}, {}, Format::kTable, unlinked, plain);
  CHECK(unlinked.str().find("LINK") == std::string::npos);
  CHECK(Lines(unlinked.str()).back() == "1 document, 1 quote, 1 attributed, 1 speaker");
}
