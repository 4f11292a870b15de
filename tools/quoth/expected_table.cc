// The expected tables of `quoth check --articles`: reading, writing, comparing.
#include "expected_table.h"

#include <algorithm>

namespace quoth_cli {

namespace {

constexpr char kHeader[] = "speaker\tquote";
constexpr char kExtension[] = ".txt";

bool Skipped(const std::string& line) { return line.empty() || line[0] == '#' || line == kHeader; }

}  // namespace

std::string ExpectedTablePath(const std::string& article_path) {
  const size_t n = sizeof kExtension - 1;
  const bool txt = article_path.size() > n && article_path.compare(article_path.size() - n, n, kExtension) == 0;
  return (txt ? article_path.substr(0, article_path.size() - n) : article_path) + ".expected.tsv";
}

std::vector<ExpectedRow> RowsOf(const quoth::DocumentResult& result) {
  std::vector<ExpectedRow> rows;
  // The speaker column as the table writes it, so that an editor reads the file as `quoth extract`.
  for (const auto& q : result.quotes) rows.push_back({quoth::SpeakerLabel(q), q.text, q.line});
  return rows;
}


std::string UnescapeCell(const std::string& cell) {
  std::string out;
  for (size_t i = 0; i < cell.size(); ++i) {
    if (cell[i] != '\\' || i + 1 == cell.size()) { out.push_back(cell[i]); continue; }
    switch (cell[++i]) {
      case 't': out.push_back('\t'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case '\\': out.push_back('\\'); break;
      default: out.push_back('\\'); out.push_back(cell[i]);  // not an escape: kept as written
    }
  }
  return out;
}

bool ParseExpectedTable(const std::string& text, std::vector<ExpectedRow>* rows, std::string* error) {
  size_t line_number = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();  // saved with Windows line ends
    if (Skipped(line)) continue;
    const size_t tab = line.find('\t');
    if (tab == std::string::npos) {
      *error = std::to_string(line_number) + ": expected the speaker, a tab, then the quote (no tab in this line: has an editor turned it into spaces?)";
      return false;
    }
    rows->push_back({UnescapeCell(line.substr(0, tab)), UnescapeCell(line.substr(tab + 1)), line_number});
  }
  return true;
}

std::string FormatExpectedTable(const std::string& article_name, const std::vector<ExpectedRow>& rows) {
  std::string out = "# The quotes quoth should find in " + article_name + ", in order: the speaker, a tab, the quote.\n"
                    "# ? is a quote without a speaker; (scare), (title), (epithet), (headline) are not speech.\n"
                    "# Written by quoth check --update from what quoth found: correct what it got wrong.\n";
  out += std::string(kHeader) + "\n";
  for (const auto& row : rows) out += quoth::EscapeTsv(row.speaker) + "\t" + quoth::EscapeTsv(row.quote) + "\n";
  return out;
}

std::vector<Difference> Compare(const std::vector<ExpectedRow>& expected, const std::vector<ExpectedRow>& found) {
  std::vector<Difference> differences;
  std::vector<bool> paired(found.size(), false);
  for (const auto& want : expected) {
    size_t k = 0;
    while (k < found.size() && (paired[k] || found[k].quote != want.quote)) ++k;
    if (k == found.size()) {
      differences.push_back({Difference::Kind::kMissing, want.quote, want.speaker, "", want.line, 0});
      continue;
    }
    paired[k] = true;
    if (found[k].speaker != want.speaker)
      differences.push_back({Difference::Kind::kWrongSpeaker, want.quote, want.speaker, found[k].speaker, want.line, found[k].line});
  }
  for (size_t k = 0; k < found.size(); ++k)
    if (!paired[k]) differences.push_back({Difference::Kind::kExtra, found[k].quote, "", found[k].speaker, 0, found[k].line});
  return differences;
}

}  // namespace quoth_cli
