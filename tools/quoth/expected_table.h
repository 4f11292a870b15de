// The expected table an editor keeps next to an example article (`quoth check --articles`):
// `harbour.txt` is checked against `harbour.expected.tsv`, one quote per line, in order:
//
//   speaker<TAB>quote
//   Lena Holt	We will open the bridge in May,
//   ?	Nobody knows who said this.
//   (scare)	special operation
//
// The speaker is the name quoth reports (as in the table), `?` for a quote without a speaker,
// `(kind)` for a quote that is nobody's speech. Lines starting with `#` and blank lines are
// skipped, and so is the header line. In a cell, \t \n \r \\ stand for a tab, a line break,
// a carriage return and a backslash (as `--format tsv` writes them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "quoth/output.h"
#include "quoth/types.h"

namespace quoth_cli {

struct ExpectedRow {
  std::string speaker;
  std::string quote;
  size_t line = 0;  // in the expected table (1-based), or in the article for a found quote
};

// `harbour.txt` -> `harbour.expected.tsv`, in the same folder.
std::string ExpectedTablePath(const std::string& article_path);

// What quoth found in one article, as rows of the expected table.
std::vector<ExpectedRow> RowsOf(const quoth::DocumentResult& result);

// Reads an expected table; false with *error ("4: ...", the line first) when a line is not speaker<TAB>quote.
bool ParseExpectedTable(const std::string& text, std::vector<ExpectedRow>* rows, std::string* error);

// The expected table for `rows` (what `--update` writes), with a comment naming the article.
std::string FormatExpectedTable(const std::string& article_name, const std::vector<ExpectedRow>& rows);

// One difference between the expected table and what quoth found.
struct Difference {
  enum class Kind { kMissing, kExtra, kWrongSpeaker } kind;
  std::string quote;
  std::string expected_speaker;  // missing, wrong speaker
  std::string found_speaker;     // extra, wrong speaker
  size_t expected_line = 0;      // in the table: missing, wrong speaker
  size_t found_line = 0;         // in the article: extra, wrong speaker
};

// Quotes are paired by their text, in order (a quote may appear twice); a pair whose speakers
// differ is a wrong speaker, an expected quote without a pair is missing, a found one extra.
// Ordered as the table and the article read: missing and wrong speakers by table line, then
// extras by article line.
std::vector<Difference> Compare(const std::vector<ExpectedRow>& expected, const std::vector<ExpectedRow>& found);

// A cell as the table writes it (quoth::EscapeTsv: \t \n \r \\ escaped), read back.
std::string UnescapeCell(const std::string& cell);

}  // namespace quoth_cli
