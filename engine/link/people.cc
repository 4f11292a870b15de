#include "engine/link/people.h"

#include <cctype>
#include <cstring>
#include <algorithm>
#include <functional>
#include <map>

#include "engine/text/utf8.h"

namespace quoth::detail {

std::string SurnameKey(const std::string& name) {
  std::string f = AsciiFold(name);
  auto replace = [&](const std::string& from, const std::string& to) {
    for (size_t p = f.find(from); p != std::string::npos; p = f.find(from, p + to.size())) f.replace(p, from.size(), to);
  };
  replace("sj", "sh");
  replace("tj", "ch");
  replace("zj", "zh");
  replace("j", "y");
  replace("w", "v");
  replace("ck", "k");
  std::string out;
  for (char c : f) {
    if (!std::isalpha(static_cast<unsigned char>(c))) continue;
    const bool vowel = std::strchr("aeiouy", c) != nullptr;
    if (!out.empty() && vowel) continue;
    if (!out.empty() && out.back() == c) continue;
    out.push_back(c);
  }
  return out;
}

namespace {

bool IsTitle(const std::string& token, const WordSet& titles) {
  // Short capitals before a name are titles too ("PM Zoran Zaev", "MP").
  if (token.size() <= 3 && std::all_of(token.begin(), token.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) return true;
  const std::string lower = ToLower(token);
  if (titles.count(lower)) return true;
  const size_t dash = lower.find('-');  // "president-elect", "vice-president"
  return dash != std::string::npos && (titles.count(lower.substr(0, dash)) || titles.count(lower.substr(dash + 1)));
}

constexpr size_t kMinFuzzyKey = 5;  // surname keys this long may differ by one letter

// Surname keys one edit apart are one surname spelt two ways ("Kavadarkov" ~ "Kavardarkov"):
// keys that share a one-letter deletion (or where one is a deletion of the other) are joined.
// Deletion neighbourhoods find them in linear time, without comparing all pairs.
std::map<std::string, std::string> FuzzySurnames(const std::vector<std::string>& keys) {
  std::map<std::string, std::string> parent;
  for (const auto& k : keys) parent.emplace(k, k);
  std::function<std::string(const std::string&)> find = [&](const std::string& k) -> std::string {
    std::string r = k;
    while (parent[r] != r) r = parent[r];
    return r;
  };
  std::map<std::string, std::string> by_variant;  // deletion variant (or the key itself) -> first key
  for (const auto& k : keys) {
    if (k.size() < kMinFuzzyKey) continue;
    std::vector<std::string> variants{k};
    for (size_t i = 0; i < k.size(); ++i) variants.push_back(k.substr(0, i) + k.substr(i + 1));
    for (const auto& v : variants) {
      auto [it, added] = by_variant.emplace(v, k);
      if (added) continue;
      const std::string a = find(it->second), b = find(k);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
  }
  std::map<std::string, std::string> out;
  for (const auto& k : keys) out[k] = find(k);
  return out;
}

}  // namespace

void AssignGlobalIds(std::vector<DocumentResult>& docs, const WordSet& titles) {
  struct Ref { size_t doc, entity; char initial; };
  std::map<std::string, std::vector<Ref>> groups;
  std::vector<std::string> order;
  std::vector<std::string> entity_keys;
  std::vector<std::pair<std::string, Ref>> refs_in_order;
  for (size_t d = 0; d < docs.size(); ++d) {
    for (size_t e = 0; e < docs[d].speakers.size(); ++e) {
      const Entity& ent = docs[d].speakers[e];
      std::vector<std::string> tokens;
      for (size_t s = 0, p; s <= ent.name.size(); s = p + 1) {
        p = ent.name.find(' ', s);
        if (p == std::string::npos) p = ent.name.size();
        if (p > s) tokens.push_back(ent.name.substr(s, p - s));
      }
      while (tokens.size() > 1 && IsTitle(tokens.front(), titles)) tokens.erase(tokens.begin());
      if (tokens.empty()) continue;
      const std::string key = ent.kind == EntityKind::kOrganisation ? "org:" + AsciiFold(ent.name)
                                                                    : "person:" + SurnameKey(tokens.back());
      entity_keys.push_back(key);
      const std::string first = tokens.size() > 1 ? AsciiFold(tokens.front()) : "";
      refs_in_order.push_back({key, {d, e, first.empty() ? '\0' : first[0]}});
    }
  }
  std::vector<std::string> person_keys;
  for (const auto& k : entity_keys)
    if (k.rfind("person:", 0) == 0) person_keys.push_back(k.substr(7));
  std::sort(person_keys.begin(), person_keys.end());
  person_keys.erase(std::unique(person_keys.begin(), person_keys.end()), person_keys.end());
  const std::map<std::string, std::string> canonical = FuzzySurnames(person_keys);
  for (auto& [key, ref] : refs_in_order) {
    const std::string group = key.rfind("person:", 0) == 0 ? "person:" + canonical.at(key.substr(7)) : key;
    if (!groups.count(group)) order.push_back(group);
    groups[group].push_back(ref);
  }
  size_t next = 0;
  for (const auto& key : order) {
    auto& refs = groups[key];
    std::map<char, std::string> by_initial;
    std::map<char, size_t> counts;
    for (const auto& r : refs)
      if (r.initial) ++counts[r.initial];
    char dominant = '\0';
    for (const auto& [c, n] : counts)
      if (!dominant || n > counts[dominant]) dominant = c;
    for (const auto& r : refs) {
      const char initial = r.initial ? r.initial : dominant;
      auto it = by_initial.find(initial);
      if (it == by_initial.end()) it = by_initial.emplace(initial, "p" + std::to_string(next++)).first;
      docs[r.doc].speakers[r.entity].global_id = it->second;
    }
  }
}

}  // namespace quoth::detail
