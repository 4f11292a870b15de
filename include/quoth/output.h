// Writers: table, json, jsonl, csv, tsv. The JSON object is the contract tools read.
#pragma once

#include <iosfwd>
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

struct WriteOptions {
  Grouping group_by = Grouping::kNone;  // table only
  bool explain = false;                 // add rule and evidence (table: extra lines; json: "evidence")
  size_t table_width = 100;             // total width the table aims for
};

// Writes everything at once (json needs the clusters at the end).
QUOTH_API void Write(const std::vector<DocumentResult>& documents, const std::vector<Cluster>& clusters,
           Format format, std::ostream& out, const WriteOptions& options = {});

// Streams one document: jsonl, csv and tsv rows. `first` prints the csv/tsv header.
QUOTH_API void WriteDocument(const DocumentResult& document, Format format, std::ostream& out,
                   bool first, const WriteOptions& options = {});

}  // namespace quoth
