#include "engine/link/people.h"

#include <cctype>
#include <cstring>
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

void AssignGlobalIds(std::vector<DocumentResult>& docs) {
  struct Ref { size_t doc, entity; char initial; };
  std::map<std::string, std::vector<Ref>> groups;
  std::vector<std::string> order;
  for (size_t d = 0; d < docs.size(); ++d) {
    for (size_t e = 0; e < docs[d].speakers.size(); ++e) {
      const Entity& ent = docs[d].speakers[e];
      std::vector<std::string> tokens;
      for (size_t s = 0, p; s <= ent.name.size(); s = p + 1) {
        p = ent.name.find(' ', s);
        if (p == std::string::npos) p = ent.name.size();
        if (p > s) tokens.push_back(ent.name.substr(s, p - s));
      }
      if (tokens.empty()) continue;
      const std::string key = ent.kind == EntityKind::kOrganisation ? "org:" + AsciiFold(ent.name)
                                                                    : "person:" + SurnameKey(tokens.back());
      const std::string first = tokens.size() > 1 ? AsciiFold(tokens.front()) : "";
      if (!groups.count(key)) order.push_back(key);
      groups[key].push_back({d, e, first.empty() ? '\0' : first[0]});
    }
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
