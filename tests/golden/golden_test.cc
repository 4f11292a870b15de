// Golden end-to-end tests: each article in samples/ in, its JSON out, byte for byte.
//
// Regenerate after an intended change with QUOTH_UPDATE_GOLDEN=1 and review the diff.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/rules.h"

namespace fs = std::filesystem;
using namespace quoth;

namespace {

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> Samples() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(QUOTH_SAMPLES))
    if (e.path().extension() == ".txt") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Documents are named by file name so the output does not depend on where the tree is.
std::vector<DocumentResult> ExtractAll(const std::vector<fs::path>& files) {
  Engine engine(testing::BuiltinRules());
  std::vector<DocumentResult> docs;
  for (size_t i = 0; i < files.size(); ++i) {
    auto r = engine.Extract(ReadFile(files[i]), files[i].filename().string(), "d" + std::to_string(i));
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    docs.push_back(std::move(*r));
  }
  return docs;
}

void CompareOrUpdate(const std::string& actual, const fs::path& expected_path) {
  if (std::getenv("QUOTH_UPDATE_GOLDEN")) {
    std::ofstream(expected_path, std::ios::binary) << actual;
    MESSAGE("updated " << expected_path.string());
    return;
  }
  REQUIRE_MESSAGE(fs::exists(expected_path), "missing golden file " << expected_path.string() << " (run with QUOTH_UPDATE_GOLDEN=1)");
  const std::string expected = ReadFile(expected_path);
  CHECK_MESSAGE(actual == expected, "output differs from " << expected_path.string()
                                                           << " (QUOTH_UPDATE_GOLDEN=1 rewrites it; review the diff)");
}

}  // namespace

TEST_CASE("samples: there are at least six, in both languages") {
  const auto files = Samples();
  CHECK(files.size() >= 6);
  auto docs = ExtractAll(files);
  size_t en = 0, sv = 0;
  for (const auto& d : docs) (d.lang == "en" ? en : sv)++;
  CHECK(en >= 3);
  CHECK(sv >= 3);
}

TEST_CASE("samples: every quote and speaker span points into the original bytes") {
  for (const auto& f : Samples()) {
    const std::string text = ReadFile(f);
    auto docs = ExtractAll({f});
    for (const auto& q : docs[0].quotes) {
      CHECK(text.substr(q.span.start, q.span.size()) == q.text);
      for (const auto& p : q.parts) CHECK(p.end <= text.size());
      if (q.speaker && !q.speaker->mention_span.empty())
        CHECK(text.substr(q.speaker->mention_span.start, q.speaker->mention_span.size()) == q.speaker->mention);
    }
  }
}

TEST_CASE("samples: JSON per article matches its golden file") {
  for (const auto& f : Samples()) {
    CAPTURE(f.filename().string());
    auto docs = ExtractAll({f});
    std::ostringstream out;
    Write(docs, {}, Format::kJson, out);
    CompareOrUpdate(out.str(), fs::path(QUOTH_TEST_DATA) / "golden" / "expected" / (f.stem().string() + ".json"));
  }
}

TEST_CASE("samples: the same input gives the same bytes") {
  const auto files = Samples();
  auto a = ExtractAll(files), b = ExtractAll(files);
  std::ostringstream ja, jb;
  auto linker = Linker::Create(testing::BuiltinRules());
  REQUIRE(linker.ok());
  auto ca = linker->Link(a), cb = linker->Link(b);
  Write(a, ca, Format::kJson, ja);
  Write(b, cb, Format::kJson, jb);
  CHECK(ja.str() == jb.str());
}
