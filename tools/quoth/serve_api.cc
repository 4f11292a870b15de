// The JSON API of `quoth serve`: extraction, checking and linking with the live edits of one
// rule pack, through the public library only.
//
// At start the built-in packs and those of --rules DIR are read into memory (path -> YAML), and
// compiled once as the CLI would (the base rules). A request that carries an edited pack
// ({"path": "en/lexicon.yaml", "yaml": "..."}) gets rules compiled from that snapshot with the one
// file replaced (or added): the snapshot's packs of that pack's language (all languages for
// linking) are written to a private temporary folder (built-in packs in one layer, DIR's in the
// next, in the CLI's order), loaded with RuleSet::Load under its usual
// limits (which refuse an exploding `define:` before compiling it), checked with CheckExamples,
// and the folder is removed. Diagnostics name the pack's own path, never the temporary folder.
// A document in another language than the edited pack's (as the base packs detect it) is read
// with the base packs, which an edit to this language's packs cannot change.
// The page's path is only ever a key of the snapshot or, for saving, a checked name inside DIR.
// One compile runs at a time (a pack can take a second); the last few compiled packs are kept,
// so typing in the editor and switching back are fast. Replies are the CLI's JSON (WriteDocument,
// Write) with "diagnostics" (and for an edited pack "examples") added before the closing brace.
#include "serve_api.h"

#include <malloc.h>
#include <stdlib.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <list>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace quoth_cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr size_t kCachedPacks = 4;
constexpr size_t kMaxIdBytes = 256;

ApiReply Reply(int status, const json& body) { return {status, body.dump(-1, ' ', false, json::error_handler_t::replace)}; }
ApiReply ErrorReply(int status, const std::string& message, const json& diagnostics = json()) {
  json body = {{"error", message}};
  if (!diagnostics.is_null()) body["diagnostics"] = diagnostics;
  return Reply(status, body);
}

// The request's JSON object, or why there is none. Nesting deeper than the API's own is dropped.
bool ParseRequest(const std::string& body, json* out, ApiReply* error) {
  *out = json::parse(body, [](int depth, json::parse_event_t, json&) { return depth <= 16; }, false);
  if (out->is_discarded() || !out->is_object()) {
    *error = ErrorReply(400, "the request body is not a JSON object (UTF-8)");
    return false;
  }
  return true;
}

bool OptionalString(const json& request, const char* key, std::string* out, ApiReply* error, size_t max_bytes = SIZE_MAX) {
  const auto it = request.find(key);
  if (it == request.end() || it->is_null()) return true;
  if (!it->is_string()) { *error = ErrorReply(400, std::string("\"") + key + "\" must be a string"); return false; }
  *out = it->get<std::string>();
  if (out->size() > max_bytes) { *error = ErrorReply(400, std::string("\"") + key + "\" is too long"); return false; }
  return true;
}

// Reads every *.yaml of a rules folder (LANG/*.yaml and *.yaml), by relative path.
std::map<std::string, std::string> ReadPacks(const std::string& dir) {
  std::map<std::string, std::string> packs;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return packs;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it.depth() > 1) { it.disable_recursion_pending(); continue; }
    if (!it->is_regular_file(ec) || it->path().extension() != ".yaml") continue;
    const std::string relative = fs::relative(it->path(), dir, ec).generic_string();
    if (!IsPackPath(relative)) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    packs[relative] = text.str();
  }
  return packs;
}

bool WriteText(const fs::path& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  return static_cast<bool>(out);
}

json DiagnosticJson(const quoth::Diagnostic& d, const std::string& severity) {
  return {{"severity", severity}, {"file", d.file}, {"line", d.line}, {"column", d.column},
          {"rule", d.rule},       {"message", d.message}, {"text", d.ToString()}};
}

// Each `examples:` item of a pack: its first and last line, its text.
struct Example {
  size_t line = 0, last_line = 0;
  std::string text;
};

void FindExamples(const YAML::Node& node, std::vector<Example>* out, int depth = 0) {
  if (depth > 8) return;
  if (node.IsMap()) {
    for (const auto& kv : node) {
      if (kv.first.IsScalar() && kv.first.Scalar() == "examples" && kv.second.IsSequence()) {
        for (const auto& item : kv.second) {
          Example e;
          e.line = e.last_line = static_cast<size_t>(item.Mark().line) + 1;
          if (item.IsMap()) {
            for (const auto& field : item) {
              e.last_line = std::max(e.last_line, static_cast<size_t>(field.second.Mark().line) + 1);
              if (field.first.IsScalar() && field.first.Scalar() == "text" && field.second.IsScalar()) e.text = field.second.Scalar();
            }
          }
          out->push_back(std::move(e));
        }
      } else {
        FindExamples(kv.second, out, depth + 1);
      }
    }
  } else if (node.IsSequence()) {
    for (const auto& item : node) FindExamples(item, out, depth + 1);
  }
}

// The language a pack is for: its folder ("en/x.yaml"), else its `language:` key; "" when unknown.
std::string PackLanguage(const std::string& path, const std::string& yaml) {
  const size_t slash = path.find('/');
  if (slash != std::string::npos) return path.substr(0, slash);
  try {
    const YAML::Node node = YAML::Load(yaml);
    if (node.IsMap() && node["language"] && node["language"].IsScalar()) return node["language"].Scalar();
  } catch (const std::exception&) {
  }
  return "";
}

// Rules compiled from the snapshot with one edited pack.
struct Compiled {
  bool loaded = false;
  bool examples_pass = false;
  std::string message;  // why it did not load
  std::shared_ptr<const quoth::RuleSet> rules;
  json diagnostics = json::array();
  json examples = json::array();
  std::string language;  // the one language compiled ("": all)
  std::mutex linker_mutex;
  std::shared_ptr<const quoth::Linker> linker;  // made when first needed
};

}  // namespace

bool IsPackPath(const std::string& path) {
  if (path.size() < 6 || path.size() > 128 || path.compare(path.size() - 5, 5, ".yaml") != 0) return false;
  const size_t slash = path.find('/');
  std::string name = path;
  if (slash != std::string::npos) {
    const std::string lang = path.substr(0, slash);
    if (lang.empty() || lang.size() > 16) return false;
    for (char c : lang)
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_')) return false;
    name = path.substr(slash + 1);
  }
  if (name.size() < 6 || name[0] == '.' || name.find("..") != std::string::npos) return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'))
      return false;
  return true;
}

struct Playground::State {
  PlaygroundOptions options;
  std::string data_dir;
  std::map<std::string, std::string> builtin_packs;
  std::map<std::string, std::string> rules_packs;  // --rules DIR
  mutable std::mutex mutex;                        // the snapshot, the base rules, the cache
  std::shared_ptr<const quoth::RuleSet> base;
  std::shared_ptr<const quoth::Linker> base_linker;
  std::list<std::pair<std::string, std::shared_ptr<Compiled>>> cache;  // most recent first
  std::timed_mutex compiling;

  quoth::Status LoadBase() {
    quoth::RuleOptions options;
    if (!this->options.rules_dir.empty()) options.directories = {this->options.rules_dir};
    auto rules = quoth::RuleSet::Load(options);
    if (!rules.ok()) return rules.status();
    quoth::LinkOptions link_options;
    link_options.explain = true;
    auto linker = quoth::Linker::Create(*rules, link_options);
    if (!linker.ok()) return linker.status();
    std::lock_guard<std::mutex> lock(mutex);
    base = std::make_shared<const quoth::RuleSet>(std::move(*rules));
    base_linker = std::make_shared<const quoth::Linker>(std::move(*linker));
    return quoth::Status::Ok();
  }

  // The rules with `path` holding `yaml`: only the pack's language unless `all_languages` (a
  // third of the time; the other languages' packs are the base ones); nullptr with *reply when
  // the compiler stays busy.
  std::shared_ptr<Compiled> Compile(const std::string& path, const std::string& yaml, bool all_languages, ApiReply* reply) {
    const std::string language = all_languages ? std::string() : PackLanguage(path, yaml);
    const std::string key = language + '\0' + path + '\0' + yaml;
    if (auto cached = Cached(key)) return cached;
    std::unique_lock<std::timed_mutex> busy(compiling, std::chrono::seconds(options.busy_seconds));
    if (!busy.owns_lock()) { *reply = ErrorReply(503, "the rule compiler is busy; try again"); return nullptr; }
    if (auto cached = Cached(key)) return cached;  // compiled while this request waited
    auto compiled = CompileNow(path, yaml, language);
    std::shared_ptr<Compiled> evicted;  // freed outside the lock
    {
      std::lock_guard<std::mutex> lock(mutex);
      cache.emplace_front(key, compiled);
      if (cache.size() > kCachedPacks) {
        evicted = std::move(cache.back().second);
        cache.pop_back();
      }
    }
    // A compiled pack is tens of MB in many small blocks: give what the evicted one held back to
    // the system, so that an editor typing for an hour does not leave the server's memory high.
    if (evicted && evicted.use_count() == 1) {
      evicted.reset();
      malloc_trim(0);
    }
    return compiled;
  }

  std::shared_ptr<Compiled> Cached(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = cache.begin(); it != cache.end(); ++it)
      if (it->first == key) {
        cache.splice(cache.begin(), cache, it);
        return cache.front().second;
      }
    return nullptr;
  }

  std::shared_ptr<Compiled> CompileNow(const std::string& path, const std::string& yaml, const std::string& language) {
    auto out = std::make_shared<Compiled>();
    out->language = language;
    std::map<std::string, std::string> builtin, rules;
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (const auto& [p, text] : builtin_packs)
        if (language.empty() || PackLanguage(p, text) == language) builtin[p] = text;
      for (const auto& [p, text] : rules_packs)
        if (language.empty() || PackLanguage(p, text) == language) rules[p] = text;
    }
    if (!rules.count(path) && builtin.count(path)) builtin[path] = yaml;
    else rules[path] = yaml;  // DIR's pack, or a new one (layered over the built-in ones)
    std::string pattern = (fs::temp_directory_path() / "quoth-serve-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      out->message = "cannot make a temporary folder";
      return out;
    }
    const fs::path root = pattern;
    bool written = true;
    for (const auto& [p, text] : builtin) written &= WriteText(root / "b" / p, text);
    for (const auto& [p, text] : rules) written &= WriteText(root / "r" / p, text);
    quoth::RuleOptions options;
    options.include_builtin = false;
    options.data_directory = data_dir;
    options.directories = {(root / "b").string()};
    if (!rules.empty()) options.directories.push_back((root / "r").string());
    // Diagnostics name the pack's own path.
    const std::string prefixes[] = {(root / "b").string() + "/", (root / "r").string() + "/"};
    auto rename = [&](quoth::Diagnostic d) {
      for (const auto& prefix : prefixes)
        if (d.file.compare(0, prefix.size(), prefix) == 0) d.file = d.file.substr(prefix.size());
      for (const auto& prefix : prefixes)  // also inside a message
        for (size_t at = d.message.find(prefix); at != std::string::npos; at = d.message.find(prefix, at))
          d.message.erase(at, prefix.size());
      return d;
    };
    if (!written) {
      out->message = "cannot write the packs to a temporary folder";
    } else if (auto loaded = quoth::RuleSet::Load(options); !loaded.ok()) {
      out->message = loaded.status().message();
      for (const auto& d : loaded.status().diagnostics()) out->diagnostics.push_back(DiagnosticJson(rename(d), "error"));
      if (out->diagnostics.empty()) out->diagnostics.push_back(DiagnosticJson(rename({path, 0, 0, "", out->message}), "error"));
    } else {
      out->loaded = true;
      out->rules = std::make_shared<const quoth::RuleSet>(std::move(*loaded));
      for (const auto& d : out->rules->warnings()) out->diagnostics.push_back(DiagnosticJson(rename(d), "warning"));
      const quoth::Status examples = out->rules->CheckExamples();
      out->examples_pass = examples.ok();
      std::vector<quoth::Diagnostic> failures;
      for (const auto& d : examples.diagnostics()) {
        failures.push_back(rename(d));
        out->diagnostics.push_back(DiagnosticJson(failures.back(), "example"));
      }
      std::vector<Example> found;
      try {
        FindExamples(YAML::Load(yaml), &found);
      } catch (const std::exception&) {
      }
      for (const auto& e : found) {
        std::string failure;
        for (const auto& d : failures)
          if (d.file == path && d.line >= e.line && d.line <= e.last_line) failure = d.ToString();
        out->examples.push_back({{"line", e.line}, {"text", e.text}, {"passed", failure.empty()}, {"message", failure}});
      }
    }
    std::error_code ec;
    fs::remove_all(root, ec);
    return out;
  }

  // The rules a request asks for: the base ones, or the snapshot with its edited pack. False
  // with *reply when the request is wrong or the pack does not load.
  bool RulesFor(const json& request, std::shared_ptr<const quoth::RuleSet>* rules, std::shared_ptr<Compiled>* compiled,
                ApiReply* reply, bool all_languages = false) {
    const auto pack = request.find("pack");
    if (pack == request.end() || pack->is_null()) {
      std::lock_guard<std::mutex> lock(mutex);
      *rules = base;
      return true;
    }
    if (!pack->is_object()) { *reply = ErrorReply(400, "\"pack\" must be an object {\"path\": ..., \"yaml\": ...}"); return false; }
    return PackRules(*pack, rules, compiled, reply, all_languages);
  }

  bool PackRules(const json& pack, std::shared_ptr<const quoth::RuleSet>* rules, std::shared_ptr<Compiled>* compiled,
                 ApiReply* reply, bool all_languages = false) {
    std::string path, yaml;
    if (!OptionalString(pack, "path", &path, reply) || !OptionalString(pack, "yaml", &yaml, reply)) return false;
    if (!IsPackPath(path)) {
      *reply = ErrorReply(400, "\"path\" must name a pack as LANG/NAME.yaml (letters, digits, - _ .; no folders, no ..)");
      return false;
    }
    *compiled = Compile(path, yaml, all_languages, reply);
    if (!*compiled) return false;
    if (!(*compiled)->loaded) {
      *reply = Reply(422, {{"error", (*compiled)->message}, {"diagnostics", (*compiled)->diagnostics}, {"examples", json::array()}});
      return false;
    }
    *rules = (*compiled)->rules;
    return true;
  }
};

Playground::Playground(std::unique_ptr<State> state) : state_(std::move(state)) {}
Playground::~Playground() = default;

quoth::Result<std::shared_ptr<Playground>> Playground::Create(const PlaygroundOptions& options) {
  auto state = std::make_unique<State>();
  state->options = options;
  state->data_dir = quoth::DefaultDataDirectory();
  state->builtin_packs = ReadPacks(quoth::DefaultRulesDirectory());
  state->rules_packs = ReadPacks(options.rules_dir);
  if (const quoth::Status loaded = state->LoadBase(); !loaded.ok()) return loaded;
  return std::shared_ptr<Playground>(new Playground(std::move(state)));
}

namespace {

// Appends `extra` (`"key": value, ...`) inside the last closing brace of a JSON object.
std::string WithFields(std::string object, const std::string& extra) {
  const size_t brace = object.rfind('}');
  if (brace == std::string::npos) return object;
  object.erase(brace);
  while (!object.empty() && (object.back() == '\n' || object.back() == ' ')) object.pop_back();
  return object + ",\"" + extra + "}";
}

std::string Extras(const std::shared_ptr<Compiled>& compiled) {
  json diagnostics = compiled ? compiled->diagnostics : json::array();
  std::string out = "diagnostics\":" + diagnostics.dump(-1, ' ', false, json::error_handler_t::replace);
  if (compiled) out += ",\"examples\":" + compiled->examples.dump(-1, ' ', false, json::error_handler_t::replace);
  return out;
}

quoth::EngineOptions PageOptions(bool link) {
  quoth::EngineOptions options;
  options.explain = true;
  options.link_evidence = link;
  options.max_document_bytes = 8u << 20;
  return options;
}

}  // namespace

ApiReply Playground::Extract(const std::string& body) {
  json request;
  ApiReply reply;
  if (!ParseRequest(body, &request, &reply)) return reply;
  std::string text, id = "pasted", lang = "auto";
  const auto t = request.find("text");
  if (t == request.end() || !t->is_string()) return ErrorReply(400, "\"text\" (a string) is required");
  text = t->get<std::string>();
  if (!OptionalString(request, "id", &id, &reply, kMaxIdBytes) || !OptionalString(request, "lang", &lang, &reply, 16)) return reply;
  std::shared_ptr<const quoth::RuleSet> rules;
  std::shared_ptr<Compiled> compiled;
  if (!state_->RulesFor(request, &rules, &compiled, &reply)) return reply;
  std::shared_ptr<const quoth::RuleSet> base;
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    base = state_->base;
  }
  const auto languages = base->languages();
  if (lang != "auto" && std::find(languages.begin(), languages.end(), lang) == languages.end())
    return ErrorReply(400, "\"lang\" must be auto or a loaded language");
  // An edited pack was compiled for its language only: the document is read with it when it is
  // in that language (as the base packs detect it), else with the base packs.
  if (compiled && !compiled->language.empty()) {
    if (lang == "auto") lang = quoth::DetectLanguage(text, *base);
    if (lang != compiled->language) rules = base;
  }
  quoth::EngineOptions options = PageOptions(false);
  options.lang = lang;
  const quoth::Engine engine(*rules, options);
  auto document = engine.Extract(text, id, "d0");
  if (!document.ok()) return ErrorReply(422, document.status().message());
  std::ostringstream out;
  quoth::WriteOptions write;
  write.explain = true;
  quoth::WriteDocument(*document, quoth::Format::kJsonl, out, true, write);
  return {200, WithFields(out.str(), Extras(compiled))};
}

ApiReply Playground::Check(const std::string& body) {
  json request;
  ApiReply reply;
  if (!ParseRequest(body, &request, &reply)) return reply;
  std::shared_ptr<const quoth::RuleSet> rules;
  std::shared_ptr<Compiled> compiled;
  if (!state_->PackRules(request, &rules, &compiled, &reply)) return reply;
  json summary = json::array();
  for (const auto& s : rules->Summary())
    summary.push_back({{"language", s.language}, {"files", s.files}, {"patterns", s.patterns}, {"verbs", s.verbs}, {"examples", s.examples}});
  return Reply(200, {{"ok", compiled->examples_pass}, {"diagnostics", compiled->diagnostics}, {"examples", compiled->examples},
                     {"summary", summary}});
}

ApiReply Playground::Link(const std::string& body) {
  json request;
  ApiReply reply;
  if (!ParseRequest(body, &request, &reply)) return reply;
  const auto docs = request.find("documents");
  if (docs == request.end() || !docs->is_array() || docs->empty())
    return ErrorReply(400, "\"documents\" must be a list of {\"id\": ..., \"text\": ...}");
  if (docs->size() > state_->options.max_link_documents)
    return ErrorReply(400, "at most " + std::to_string(state_->options.max_link_documents) + " documents");
  std::shared_ptr<const quoth::RuleSet> rules;
  std::shared_ptr<Compiled> compiled;
  if (!state_->RulesFor(request, &rules, &compiled, &reply, /*all_languages=*/true)) return reply;
  std::shared_ptr<const quoth::Linker> linker;
  if (compiled) {
    std::lock_guard<std::mutex> lock(compiled->linker_mutex);
    if (!compiled->linker) {
      quoth::LinkOptions link_options;
      link_options.explain = true;
      auto made = quoth::Linker::Create(*rules, link_options);
      if (!made.ok()) return ErrorReply(422, made.status().message());
      compiled->linker = std::make_shared<const quoth::Linker>(std::move(*made));
    }
    linker = compiled->linker;
  } else {
    std::lock_guard<std::mutex> lock(state_->mutex);
    linker = state_->base_linker;
  }
  const quoth::Engine engine(*rules, PageOptions(true));
  std::vector<quoth::DocumentResult> results;
  std::set<std::string> ids;
  for (size_t i = 0; i < docs->size(); ++i) {
    const json& d = (*docs)[i];
    if (!d.is_object() || !d.contains("text") || !d["text"].is_string())
      return ErrorReply(400, "documents[" + std::to_string(i) + "] must be {\"id\": ..., \"text\": ...}");
    std::string id = "document " + std::to_string(i + 1);
    if (!OptionalString(d, "id", &id, &reply, kMaxIdBytes)) return reply;
    if (!ids.insert(id).second) return ErrorReply(400, "two documents have the id \"" + id + "\"");
    auto result = engine.Extract(d["text"].get<std::string>(), id, "d" + std::to_string(i));
    if (!result.ok()) return ErrorReply(422, id + ": " + result.status().message());
    results.push_back(std::move(*result));
  }
  const std::vector<quoth::Cluster> clusters = linker->Link(results);
  std::ostringstream out;
  quoth::WriteOptions write;
  write.explain = true;
  quoth::Write(results, clusters, quoth::Format::kJson, out, write);
  return {200, WithFields(out.str(), Extras(compiled))};
}

ApiReply Playground::Save(const std::string& body) {
  json request;
  ApiReply reply;
  if (!ParseRequest(body, &request, &reply)) return reply;
  if (state_->options.rules_dir.empty())
    return ErrorReply(403, "saving needs a rules folder: start quoth serve --rules DIR (the rules are edited in memory only)");
  std::string path;
  if (!OptionalString(request, "path", &path, &reply)) return reply;
  if (!IsPackPath(path)) return ErrorReply(400, "\"path\" must name a pack as LANG/NAME.yaml (letters, digits, - _ .; no folders, no ..)");
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    if (state_->builtin_packs.count(path) && !state_->rules_packs.count(path))
      return ErrorReply(403, path + " is a built-in pack: it is not saved (put your rules in a pack of your own)");
  }
  std::shared_ptr<const quoth::RuleSet> rules;
  std::shared_ptr<Compiled> compiled;
  if (!state_->PackRules(request, &rules, &compiled, &reply)) return reply;
  if (!compiled->examples_pass)
    return Reply(422, {{"error", "not saved: the pack's examples fail (quoth check would refuse it)"}, {"diagnostics", compiled->diagnostics},
                       {"examples", compiled->examples}});
  // Only inside DIR: the path is a checked name, and its folder must resolve inside DIR.
  std::error_code ec;
  const fs::path dir = fs::canonical(state_->options.rules_dir, ec);
  if (ec) return ErrorReply(500, "the rules folder is gone");
  const fs::path target = dir / path;
  fs::create_directory(target.parent_path(), ec);
  const fs::path parent = fs::canonical(target.parent_path(), ec);
  const std::string inside = parent.string() + "/";
  if (ec || inside.compare(0, dir.string().size() + 1, dir.string() + "/") != 0 || fs::is_symlink(target, ec))
    return ErrorReply(403, "not saved: " + path + " does not lead to a file inside the rules folder");
  const std::string yaml = request["yaml"].get<std::string>();
  const fs::path temporary = parent / ("." + target.filename().string() + ".saving");
  if (!WriteText(temporary, yaml)) return ErrorReply(500, "not saved: cannot write in the rules folder");
  fs::rename(temporary, parent / target.filename(), ec);
  if (ec) return ErrorReply(500, "not saved: " + ec.message());
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->rules_packs[path] = yaml;
  }
  const quoth::Status reloaded = state_->LoadBase();
  return Reply(200, {{"saved", path}, {"bytes", yaml.size()}, {"reloaded", reloaded.ok()}});
}

ApiReply Playground::Packs() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  json packs = json::array();
  for (const auto& [path, text] : state_->rules_packs) packs.push_back({{"path", path}, {"source", "rules"}, {"editable", true}});
  for (const auto& [path, text] : state_->builtin_packs)
    if (!state_->rules_packs.count(path)) packs.push_back({{"path", path}, {"source", "built-in"}, {"editable", false}});
  json languages = json::array();
  for (const auto& l : state_->base->languages()) languages.push_back(l);
  return Reply(200, {{"packs", packs}, {"save", !state_->options.rules_dir.empty()}, {"languages", languages}});
}

ApiReply Playground::Pack(const std::string& path) const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  for (const auto* packs : {&state_->rules_packs, &state_->builtin_packs}) {
    const auto it = packs->find(path);
    if (it != packs->end())
      return Reply(200, {{"path", path}, {"yaml", it->second}, {"editable", packs == &state_->rules_packs}});
  }
  return ErrorReply(404, "no pack " + path);
}

}  // namespace quoth_cli
