// libFuzzer harness for the rule-pack loader: the input is an editor's YAML pack, loaded on its
// own (compiling the built-in packs for every input would allow one run a second). A pack
// that loads is then checked (its examples) and used on a short article in each language. Any
// input may be refused, with a Status that names the input's file in every diagnostic; none may
// crash, throw, or take unbounded memory or time (the seeds include anchors and aliases, and
// packs past max_patterns). max_total_pattern_bytes is an eighth of its default here: a pack
// at the default limit takes seconds to compile, longer under sanitizers, and what is fuzzed
// is the way to the limit and past it, not the cost of a pack within it.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "quoth/quoth.h"

namespace {

const std::string& PackDir() {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/quoth-rules-fuzz-XXXXXX";
    if (!mkdtemp(tmpl)) std::abort();
    return std::string(tmpl);
  }();
  return dir;
}

constexpr const char* kArticleEn =
    "Harbour deal in Norvik\n\n\"It is a good day for the town,\" Mayor Lena Holm said on Monday.\n\n"
    "Councillor Erik Dahl called it \"a gift\". \"We will appeal,\" he said.\n";
constexpr const char* kArticleSv =
    "Hamnavtal i Norvik\n\n– Det är en bra dag för staden, säger kommunalrådet Lena Holm.\n\n"
    "Erik Dahl kallar avtalet ”en gåva”.\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = PackDir() + "/fuzz.yaml";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  quoth::RuleOptions options;
  options.directories = {PackDir()};
  options.include_builtin = false;
  options.max_total_pattern_bytes = quoth::RuleOptions{}.max_total_pattern_bytes / 8;
  auto rules = quoth::RuleSet::Load(options);
  if (!rules.ok()) {
    if (rules.status().message().empty()) std::abort();  // a refusal must say why
    for (const auto& d : rules.status().diagnostics())
      if (d.file.rfind(PackDir(), 0) != 0 || d.message.empty()) std::abort();  // ... about the editor's file
    return 0;
  }
  (void)rules.value().CheckExamples();
  (void)rules.value().Summary();
  const quoth::Engine engine(rules.value());
  for (const char* article : {kArticleEn, kArticleSv}) {
    auto result = engine.Extract(article, "article", "d0");
    if (!result.ok()) continue;
    const std::string_view input(article);
    for (const auto& q : result.value().quotes)
      if (q.span.end > input.size() || input.substr(q.span.start, q.span.end - q.span.start) != q.text) std::abort();
  }
  return 0;
}
