// libFuzzer harness for the text entry point: Engine::Extract under option combinations, every
// writer, and Linker::Link over the documents of one input. The first byte picks the options;
// the rest is split at the first 0x1E byte (if any) into two documents, so that linking sees
// two articles. Checks what must always hold: every span is a byte range of the input whose
// text is the quote's text, streamed output is the collected output's bytes, and no call
// throws or crashes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "quoth/quoth.h"

namespace {

const quoth::RuleSet& Rules() {
  static const quoth::RuleSet rules = [] {
    auto loaded = quoth::RuleSet::Load();
    if (!loaded.ok()) {  // the built-in packs must load (from the build tree, or $QUOTH_RULES_DIR)
      std::fprintf(stderr, "extract_fuzz: %s\n", loaded.status().ToString().c_str());
      std::abort();
    }
    return std::move(loaded).value();
  }();
  return rules;
}

const quoth::Linker& TheLinker() {
  static const quoth::Linker linker = [] {
    quoth::LinkOptions options;
    options.threads = 1;
    options.explain = true;
    auto made = quoth::Linker::Create(Rules(), options);
    if (!made.ok()) std::abort();
    return std::move(made).value();
  }();
  return linker;
}

void CheckSpans(std::string_view input, const quoth::DocumentResult& doc) {
  for (const auto& q : doc.quotes) {
    if (q.span.start > q.span.end || q.span.end > input.size()) std::abort();
    if (input.substr(q.span.start, q.span.end - q.span.start) != q.text) std::abort();
    if (q.speaker && q.speaker->mention_span.end > input.size()) std::abort();
    if (q.speaker && input.substr(q.speaker->mention_span.start, q.speaker->mention_span.size()) != q.speaker->mention &&
        !q.speaker->mention.empty())
      std::abort();
    if (q.context.end > input.size() || input.substr(q.context.start, q.context.size()) != q.context_text) std::abort();
    for (const auto& part : q.parts)
      if (part.start < q.span.start || part.end > q.span.end) std::abort();
  }
}

// Reading in segments must find the quotes of reading the text whole: a cut never loses or
// changes a quote (their kinds may differ, so this holds when every kind is kept).
void CheckSegmentedQuotes(std::string_view text, quoth::EngineOptions options, const quoth::DocumentResult& segmented) {
  options.segment_bytes = 0;
  const quoth::Engine whole_engine(Rules(), options);
  auto whole = whole_engine.Extract(text, "doc0", "d0");
  if (!whole.ok() || whole->quotes.size() != segmented.quotes.size()) std::abort();
  for (size_t i = 0; i < segmented.quotes.size(); ++i)
    if (!(whole->quotes[i].span == segmented.quotes[i].span)) std::abort();
}

// Streaming must write the bytes writing the collected document writes.
void CheckStreamedOutput(const quoth::Engine& engine, std::string_view text, const quoth::DocumentResult& collected) {
  std::ostringstream streamed, whole;
  quoth::DocumentWriter writer(quoth::Format::kJsonl, streamed, true);
  auto result = engine.Extract(text, "doc0", "d0", [&](const quoth::DocumentResult& d, std::vector<quoth::Quote>& quotes) {
    writer.Quotes(d, quotes);
  });
  if (!result.ok()) std::abort();
  writer.Finish(*result);
  quoth::WriteDocument(collected, quoth::Format::kJsonl, whole, true);
  if (streamed.str() != whole.str()) std::abort();
}

}  // namespace

// The rules and the linker are built once, before the first input: compiling them is not a
// finding of the first input's (-timeout would count it as one).
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  Rules();
  TheLinker();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const size_t cut = rest.find('\x1e');
  std::vector<std::string_view> texts = {rest.substr(0, cut)};
  if (cut != std::string_view::npos) texts.push_back(rest.substr(cut + 1));

  quoth::EngineOptions options;
  static const char* const kLangs[] = {"auto", "en", "sv", "auto"};
  options.lang = kLangs[flags & 3];
  options.keep_non_speech = flags & 4;
  options.keep_nested = flags & 8;
  options.explain = flags & 16;
  options.link_evidence = flags & 32;
  options.resolve_speakers = !(flags & 64);
  // Lang index 3 also reads the text in small segments (64 to 1084 bytes), so that cutting,
  // the windows' context and gathering speakers over segments are fuzzed too.
  if ((flags & 3) == 3) options.segment_bytes = 64 + static_cast<size_t>(data[size - 1]) * 4;
  const quoth::Engine engine(Rules(), options);

  std::vector<quoth::DocumentResult> docs;
  for (size_t i = 0; i < texts.size(); ++i) {
    auto result = engine.Extract(texts[i], "doc" + std::to_string(i), "d" + std::to_string(i));
    if (!result.ok()) continue;  // invalid UTF-8, binary: a clear error is the right answer
    CheckSpans(texts[i], result.value());
    if (i == 0) CheckStreamedOutput(engine, texts[i], result.value());
    if (options.segment_bytes > 0 && texts[i].size() > options.segment_bytes && options.keep_non_speech)
      CheckSegmentedQuotes(texts[i], options, result.value());
    docs.push_back(std::move(result).value());
  }
  std::vector<quoth::Cluster> clusters;
  if (flags & 128) clusters = TheLinker().Link(docs);
  for (const auto format : {quoth::Format::kTable, quoth::Format::kJson, quoth::Format::kJsonl, quoth::Format::kCsv,
                            quoth::Format::kTsv}) {
    std::ostringstream out;
    quoth::Write(docs, clusters, format, out);
  }
  return 0;
}
