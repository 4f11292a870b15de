// `quoth report --format html`: one self-contained HTML page for a batch (no external assets).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "quoth/types.h"

namespace quoth_cli {

// Writes the report of `documents` (extracted and linked; texts[i] is documents[i]'s input)
// and their `clusters` to `out`: speakers ranked with an inline SVG bar chart, each speaker's
// quotes with their documents, clusters side by side, a per-language and per-kind summary and
// each document's text highlighted on its own anchor (#doc-N). The page's script renders the
// long sections only when they are opened, so it stays usable at thousands of documents. The
// same input always gives the same bytes.
void WriteHtmlReport(const std::vector<quoth::DocumentResult>& documents, const std::vector<std::string>& texts,
                     const std::vector<quoth::Cluster>& clusters, std::ostream& out);

// `text` with & < > " ' as HTML entities.
std::string EscapeHtml(const std::string& text);

}  // namespace quoth_cli
