// Writers: table, json, jsonl, csv, tsv. The JSON object is the contract tools read.
//
//   json   one object: {"documents": [...], "clusters": [...]}.
//   jsonl  one document object per line (the same objects as json's "documents"), then one
//          final line {"clusters": [...]} (the same as json's "clusters"; empty when unlinked).
//   csv    RFC 4180, a header row, one row per quote. Text is exact except that a cell starting
//          with = + - @ (or a tab or CR) gets a leading ' so spreadsheets do not run it as a
//          formula (OWASP "CSV injection"); json and jsonl are the exact forms.
//   tsv    as csv, tab separated; a backslash, tab, newline or CR inside a cell is written as
//          \\ \t \n \r, so every row is one line and the text can be restored exactly.
// csv, tsv, and the table's file names: bytes that are not UTF-8 become U+FFFD.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "quoth/export.h"
#include "quoth/status.h"
#include "quoth/types.h"

namespace quoth {

enum class Format { kTable, kJson, kJsonl, kCsv, kTsv };
QUOTH_API Result<Format> ParseFormat(std::string_view name);

enum class Grouping { kNone, kSpeaker, kCluster };

// The table is laid out for a width in this range; a width outside it is taken as its nearest end.
inline constexpr size_t kMinTableWidth = 40;
inline constexpr size_t kMaxTableWidth = 1000;

struct WriteOptions {
  Grouping group_by = Grouping::kNone;  // table only
  bool explain = false;                 // add rule and evidence (table: extra lines; json, jsonl: "evidence")
  size_t table_width = 100;             // total width of the table's rows (see kMinTableWidth)
};

// Writes everything at once, after linking (json needs the clusters at the end).
QUOTH_API void Write(const std::vector<DocumentResult>& documents, const std::vector<Cluster>& clusters,
           Format format, std::ostream& out, const WriteOptions& options = {});

// Writes one document: jsonl, csv and tsv rows. `first` prints the csv/tsv header.
QUOTH_API void WriteDocument(const DocumentResult& document, Format format, std::ostream& out,
                   bool first, const WriteOptions& options = {});
// Writes one document as Engine::Extract hands out its quotes (see QuoteHandler): jsonl, csv
// and tsv, the same bytes as WriteDocument writes for the whole document. Call Quotes for each
// batch, then Finish with the document Extract returned (its speakers and warnings).
class QUOTH_API DocumentWriter {
 public:
  DocumentWriter(Format format, std::ostream& out, bool header, const WriteOptions& options = {});
  ~DocumentWriter();
  DocumentWriter(const DocumentWriter&) = delete;
  DocumentWriter& operator=(const DocumentWriter&) = delete;
  void Quotes(const DocumentResult& document, const std::vector<Quote>& quotes);
  void Finish(const DocumentResult& document);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The table's speaker column for a quote: the speaker's name, "?" for speech with no speaker,
// "(kind)" for a quote that is nobody's speech.
QUOTH_API std::string SpeakerLabel(const Quote& quote);
// A TSV cell on one line, nothing lost: backslash, tab, newline and CR as \\ \t \n \r.
QUOTH_API std::string EscapeTsv(std::string_view text);

// Ends a stream of WriteDocument calls: jsonl's final {"clusters": [...]} line; nothing for csv, tsv.
QUOTH_API void WriteClusters(const std::vector<Cluster>& clusters, Format format, std::ostream& out,
                   const WriteOptions& options = {});

}  // namespace quoth
