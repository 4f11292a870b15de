// YAML rule packs -> LanguageRules.
//
// yaml-cpp keeps each node's 0-based mark, so every diagnostic says FILE:LINE:COL (1-based)
// of the offending node and, inside a rule, the rule's id. Unknown keys are errors: a typo in
// a pack ("paterns:") must not silently disable rules.
#include "engine/rules/rule_loader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace quoth::detail {

namespace fs = std::filesystem;

namespace {

class PackReader {
 public:
  PackReader(std::string file, std::vector<Diagnostic>* diagnostics)
      : file_(std::move(file)), diagnostics_(diagnostics) {}

  void Error(const YAML::Node& node, const std::string& rule, const std::string& message) {
    Diagnostic d;
    d.file = file_;
    if (node.IsDefined()) {
      d.line = static_cast<size_t>(node.Mark().line) + 1;
      d.column = static_cast<size_t>(node.Mark().column) + 1;
    }
    d.rule = rule;
    d.message = message;
    diagnostics_->push_back(std::move(d));
  }

  SourceLocation Where(const YAML::Node& node) const {
    return {file_, static_cast<size_t>(node.Mark().line) + 1, static_cast<size_t>(node.Mark().column) + 1};
  }

  bool Scalar(const YAML::Node& node, const std::string& rule, const std::string& what, std::string* out) {
    if (!node.IsDefined() || node.IsNull()) { return false; }
    if (!node.IsScalar()) { Error(node, rule, what + " must be a string"); return false; }
    *out = node.Scalar();
    return true;
  }

  void StringList(const YAML::Node& node, const std::string& key, std::vector<std::string>* out) {
    if (!node.IsSequence()) { Error(node, "", "'" + key + "' must be a list of strings"); return; }
    for (const auto& item : node) {
      if (!item.IsScalar() || item.Scalar().empty()) { Error(item, "", "'" + key + "' entries must be non-empty strings"); continue; }
      out->push_back(item.Scalar());
    }
  }

  void Examples(const YAML::Node& node, const std::string& rule, std::vector<RuleExample>* out) {
    if (!node.IsDefined()) return;
    if (!node.IsSequence()) { Error(node, rule, "'examples' must be a list"); return; }
    for (const auto& ex : node) {
      RuleExample e;
      e.where = Where(ex);
      if (ex.IsScalar()) { e.text = ex.Scalar(); out->push_back(e); continue; }
      if (!ex.IsMap()) { Error(ex, rule, "an example must be a string or a map with 'text'"); continue; }
      for (const auto& kv : ex) {
        const std::string k = kv.first.Scalar();
        if (k != "text" && k != "speaker" && k != "quote")
          Error(kv.first, rule, "unknown example key '" + k + "' (expected text, speaker, quote)");
      }
      if (!Scalar(ex["text"], rule, "example 'text'", &e.text)) { Error(ex, rule, "an example needs 'text'"); continue; }
      Scalar(ex["speaker"], rule, "example 'speaker'", &e.speaker);
      Scalar(ex["quote"], rule, "example 'quote'", &e.quote);
      out->push_back(std::move(e));
    }
  }

  void Patterns(const YAML::Node& node, LanguageRules* lang) {
    if (!node.IsSequence()) { Error(node, "", "'patterns' must be a list"); return; }
    for (const auto& p : node) {
      if (!p.IsMap()) { Error(p, "", "a pattern must be a map with id, position, pattern"); continue; }
      AttributionPattern rule;
      rule.where = Where(p);
      if (!Scalar(p["id"], "", "'id'", &rule.id)) { Error(p, "", "pattern without an 'id'"); continue; }
      for (const auto& kv : p) {
        static const std::set<std::string> kKeys = {"id", "position", "pattern", "confidence", "examples", "note"};
        if (!kKeys.count(kv.first.Scalar()))
          Error(kv.first, rule.id, "unknown key '" + kv.first.Scalar() + "' (expected id, position, pattern, confidence, examples, note)");
      }
      std::string position;
      if (!Scalar(p["position"], rule.id, "'position'", &position)) { Error(p, rule.id, "missing 'position' (after, before, sentence or dialogue)"); continue; }
      if (position == "after") rule.position = Position::kAfter;
      else if (position == "before") rule.position = Position::kBefore;
      else if (position == "sentence") rule.position = Position::kSentence;
      else if (position == "dialogue") rule.position = Position::kDialogue;
      else { Error(p["position"], rule.id, "unknown position '" + position + "' (expected after, before, sentence or dialogue)"); continue; }
      if (!Scalar(p["pattern"], rule.id, "'pattern'", &rule.source) || rule.source.empty()) { Error(p, rule.id, "missing 'pattern'"); continue; }
      // Column of the pattern's first character, for placeholder errors inside it.
      rule.where = Where(p["pattern"]);
      if (p["pattern"].Tag() == "!") rule.where.column += 1;  // quoted scalar: skip the quote
      if (p["confidence"].IsDefined()) {
        try {
          rule.confidence = p["confidence"].as<double>();
          if (rule.confidence <= 0 || rule.confidence > 1) Error(p["confidence"], rule.id, "'confidence' must be in (0, 1]");
        } catch (const YAML::Exception&) { Error(p["confidence"], rule.id, "'confidence' must be a number"); }
      }
      Examples(p["examples"], rule.id, &rule.examples);
      auto same = std::find_if(lang->patterns.begin(), lang->patterns.end(), [&](const auto& r) { return r.id == rule.id; });
      if (same != lang->patterns.end()) *same = std::move(rule);
      else lang->patterns.push_back(std::move(rule));
    }
  }

  void NotSpeech(const YAML::Node& node, LanguageRules* lang) {
    if (!node.IsSequence()) { Error(node, "", "'not_speech' must be a list"); return; }
    for (const auto& p : node) {
      if (!p.IsMap()) { Error(p, "", "a not_speech rule must be a map with id, kind, before"); continue; }
      NotSpeechRule rule;
      rule.where = Where(p);
      if (!Scalar(p["id"], "", "'id'", &rule.id)) { Error(p, "", "not_speech rule without an 'id'"); continue; }
      for (const auto& kv : p) {
        static const std::set<std::string> kKeys = {"id", "kind", "before", "quote", "examples", "note"};
        if (!kKeys.count(kv.first.Scalar()))
          Error(kv.first, rule.id, "unknown key '" + kv.first.Scalar() + "' (expected id, kind, before, quote, examples, note)");
      }
      std::string kind;
      Scalar(p["kind"], rule.id, "'kind'", &kind);
      if (kind == "title") rule.kind = QuoteKind::kTitle;
      else if (kind == "epithet") rule.kind = QuoteKind::kEpithet;
      else if (kind == "scare") rule.kind = QuoteKind::kScare;
      else if (kind == "headline") rule.kind = QuoteKind::kHeadline;
      else { Error(p["kind"].IsDefined() ? p["kind"] : p, rule.id, "'kind' must be title, epithet, scare or headline"); continue; }
      if (!Scalar(p["before"], rule.id, "'before'", &rule.before_source) || rule.before_source.empty()) { Error(p, rule.id, "missing 'before' pattern"); continue; }
      Scalar(p["quote"], rule.id, "'quote'", &rule.quote_source);
      rule.where = Where(p["before"]);
      Examples(p["examples"], rule.id, &rule.examples);
      auto same = std::find_if(lang->not_speech.begin(), lang->not_speech.end(), [&](const auto& r) { return r.id == rule.id; });
      if (same != lang->not_speech.end()) *same = std::move(rule);
      else lang->not_speech.push_back(std::move(rule));
    }
  }

  void Read(std::map<std::string, LanguageRules>* languages, const std::string& dir_language) {
    YAML::Node root;
    try {
      root = YAML::LoadFile(file_);
    } catch (const YAML::ParserException& e) {
      Diagnostic d{file_, static_cast<size_t>(e.mark.line) + 1, static_cast<size_t>(e.mark.column) + 1, "", e.msg};
      diagnostics_->push_back(std::move(d));
      return;
    } catch (const YAML::Exception& e) {
      diagnostics_->push_back({file_, 0, 0, "", std::string("cannot read: ") + e.what()});
      return;
    }
    if (root.IsNull()) return;  // an empty pack is allowed
    if (!root.IsMap()) { Error(root, "", "a rule pack must be a map (pack:, language:, ...)"); return; }
    std::string language = dir_language;
    if (root["language"].IsDefined()) Scalar(root["language"], "", "'language'", &language);
    if (language.empty()) { Error(root, "", "missing 'language' (and the folder does not name one)"); return; }
    LanguageRules& lang = (*languages)[language];
    lang.language = language;
    lang.files.push_back(file_);

    for (const auto& kv : root) {
      const std::string key = kv.first.Scalar();
      const YAML::Node& v = kv.second;
      std::vector<std::string> list;
      if (key == "pack" || key == "language" || key == "description") continue;
      if (key == "quote_marks") {
        if (!v.IsSequence()) { Error(v, "", "'quote_marks' must be a list of {open, close, family}"); continue; }
        for (const auto& m : v) {
          QuoteMarkPair pair;
          if (!m.IsMap() || !Scalar(m["open"], "", "'open'", &pair.open) || !Scalar(m["close"], "", "'close'", &pair.close)) {
            Error(m, "", "a quote mark needs 'open' and 'close'");
            continue;
          }
          if (!Scalar(m["family"], "", "'family'", &pair.family)) pair.family = pair.open + pair.close;
          lang.marks.push_back(pair);
        }
      } else if (key == "dialogue_dashes") { StringList(v, key, &lang.dialogue_dashes);
      } else if (key == "abbreviations") { StringList(v, key, &list); lang.abbreviations.insert(list.begin(), list.end());
      } else if (key == "language_hints") { StringList(v, key, &list); lang.hints.insert(list.begin(), list.end());
      } else if (key == "verbs") { StringList(v, key, &lang.verbs);
      } else if (key == "titles") { StringList(v, key, &lang.titles);
      } else if (key == "roles") { StringList(v, key, &lang.roles);
      } else if (key == "organisations") { StringList(v, key, &lang.organisations);
      } else if (key == "determiners") { StringList(v, key, &lang.determiners);
      } else if (key == "indefinite_determiners") { StringList(v, key, &lang.indefinite_determiners);
      } else if (key == "phrase_breaks") { StringList(v, key, &list); lang.phrase_breaks.insert(list.begin(), list.end());
      } else if (key == "speaker_follows") { StringList(v, key, &list); lang.speaker_follows.insert(list.begin(), list.end());
      } else if (key == "stopwords") { StringList(v, key, &list); for (auto& w : list) lang.stopwords.insert(w);
      } else if (key == "translations") {
        if (!v.IsMap()) { Error(v, "", "'translations' must map a word to a list of English words"); continue; }
        for (const auto& t : v) {
          std::vector<std::string> words;
          StringList(t.second, "translations." + t.first.Scalar(), &words);
          auto& slot = lang.translations[t.first.Scalar()];
          slot.insert(slot.end(), words.begin(), words.end());
        }
      } else if (key == "not_names") { StringList(v, key, &list); lang.not_names.insert(list.begin(), list.end());
      } else if (key == "pronouns") {
        if (!v.IsMap()) { Error(v, "", "'pronouns' must map male/female/plural/speaker to lists"); continue; }
        for (const auto& g : v) {
          const std::string gender = g.first.Scalar();
          if (gender != "male" && gender != "female" && gender != "plural" && gender != "speaker" && gender != "neutral")
            Error(g.first, "", "unknown pronoun group '" + gender + "' (expected male, female, plural, neutral, speaker)");
          std::vector<std::string> words;
          StringList(g.second, "pronouns." + gender, &words);
          for (auto& w : words) lang.pronoun_gender[w] = gender;
        }
      } else if (key == "define") {
        if (!v.IsMap()) { Error(v, "", "'define' must map placeholder names to patterns"); continue; }
        for (const auto& d : v) {
          const std::string name = d.first.Scalar();
          bool upper = !name.empty();
          for (char c : name) upper &= (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9');
          if (!upper) { Error(d.first, "", "placeholder names are UPPER_CASE: '" + name + "'"); continue; }
          std::string text;
          if (Scalar(d.second, name, "a definition", &text)) lang.defines[name] = text;
        }
      } else if (key == "patterns") { Patterns(v, &lang);
      } else if (key == "not_speech") { NotSpeech(v, &lang);
      } else {
        Error(kv.first, "", "unknown key '" + key + "'");
      }
    }
  }

 private:
  std::string file_;
  std::vector<Diagnostic>* diagnostics_;
};

bool IsYaml(const fs::path& p) { return p.extension() == ".yaml" || p.extension() == ".yml"; }

}  // namespace

void LoadRulePacks(const std::vector<std::string>& directories,
                   std::map<std::string, LanguageRules>* languages,
                   std::vector<Diagnostic>* diagnostics) {
  for (const auto& dir : directories) {
    std::error_code ec;
    if (fs::is_regular_file(dir, ec)) {  // a single pack file is accepted too
      PackReader(dir, diagnostics).Read(languages, "");
      continue;
    }
    if (!fs::is_directory(dir, ec)) {
      diagnostics->push_back({dir, 0, 0, "", "rule directory does not exist"});
      continue;
    }
    std::vector<std::pair<fs::path, std::string>> files;  // path, language implied by folder
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.is_regular_file() && IsYaml(entry.path())) files.emplace_back(entry.path(), "");
      if (entry.is_directory()) {
        for (const auto& sub : fs::directory_iterator(entry.path(), ec))
          if (sub.is_regular_file() && IsYaml(sub.path())) files.emplace_back(sub.path(), entry.path().filename().string());
      }
    }
    std::sort(files.begin(), files.end());
    for (const auto& [path, lang] : files) PackReader(path.string(), diagnostics).Read(languages, lang);
  }
}

}  // namespace quoth::detail
