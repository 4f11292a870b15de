#include "engine/link/people.h"

#include <cctype>
#include <cstring>
#include <algorithm>
#include <map>
#include <vector>

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

constexpr size_t kMinFuzzyKey = 5;    // surname keys this long may differ by one letter,
constexpr size_t kMaxSpellingEdits = 2;  // when the names themselves, vowels kept, differ this little

// A surname as written, transliterations folded as in SurnameKey but its vowels kept: the key
// drops them, so two keys one letter apart may be names far apart ("McDonnell" and
// "MacDougall" are "mcdnl" and "mcdgl").
std::string Spelling(const std::string& name) {
  std::string f = AsciiFold(name);
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (!std::isalpha(static_cast<unsigned char>(c))) continue;
    if (c == 'j') c = 'y';
    if (c == 'w') c = 'v';
    if (c == 's' && i + 1 < f.size() && f[i + 1] == 'j') { out.append("sh"); ++i; continue; }
    if (!out.empty() && out.back() == c) continue;
    out.push_back(c);
  }
  return out;
}

// Edit distance of `a` and `b`, or `limit + 1` when it is larger (rows of the DP table).
size_t BoundedEditDistance(const std::string& a, const std::string& b, size_t limit) {
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit) return limit + 1;
  std::vector<size_t> row(b.size() + 1), next(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    next[0] = i;
    size_t best = next[0];
    for (size_t j = 1; j <= b.size(); ++j) {
      next[j] = std::min({row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      best = std::min(best, next[j]);
    }
    if (best > limit) return limit + 1;
    row.swap(next);
  }
  return row[b.size()];
}

// Surname keys one edit apart are one surname spelt two ways ("Kavadarkov" ~ "Kavardarkov"):
// keys that share a one-letter deletion (or where one is a deletion of the other) are joined,
// when two of their spellings are also close. Deletion neighbourhoods find the candidates in
// linear time, without comparing all pairs.
std::map<std::string, std::string> FuzzySurnames(const std::map<std::string, std::vector<std::string>>& spellings) {
  std::map<std::string, std::string> parent;
  for (const auto& [k, unused] : spellings) parent.emplace(k, k);
  auto find = [&](const std::string& k) {
    std::string r = k;
    while (parent[r] != r) r = parent[r];
    return r;
  };
  auto close = [&](const std::string& x, const std::string& y) {
    for (const auto& a : spellings.at(x))
      for (const auto& b : spellings.at(y))
        if (BoundedEditDistance(a, b, kMaxSpellingEdits) <= kMaxSpellingEdits) return true;
    return false;
  };
  std::map<std::string, std::vector<std::string>> by_variant;  // deletion variant (or the key itself) -> keys
  for (const auto& [k, unused] : spellings) {
    if (k.size() < kMinFuzzyKey) continue;
    std::vector<std::string> variants{k};
    for (size_t i = 0; i < k.size(); ++i) variants.push_back(k.substr(0, i) + k.substr(i + 1));
    for (const auto& v : variants) {
      auto& seen = by_variant[v];
      for (const auto& other : seen) {
        const std::string a = find(other), b = find(k);
        if (a != b && close(other, k)) parent[std::max(a, b)] = std::min(a, b);
      }
      if (std::find(seen.begin(), seen.end(), k) == seen.end()) seen.push_back(k);
    }
  }
  std::map<std::string, std::string> out;
  for (const auto& [k, unused] : spellings) out[k] = find(k);
  return out;
}

// "p0", "p1", ... (built by appending: GCC 12 warns falsely on "p" + std::to_string).
std::string PersonId(size_t n) {
  std::string id(1, 'p');
  return id.append(std::to_string(n));
}

// The given names of a person's name (every token but the surname, titles dropped) as spelling
// keys ("Aleksandr" ~ "Alexander"), ending in '+'; an initial ("J.") is its letter alone.
std::vector<std::string> GivenKeys(const std::vector<std::string>& tokens) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    std::string t = tokens[i];
    while (!t.empty() && t.back() == '.') t.pop_back();
    const std::string folded = AsciiFold(t);
    if (folded.size() == 1) {
      out.push_back(folded);
      continue;
    }
    std::string key = SurnameKey(t);
    for (size_t p = key.find('x'); p != std::string::npos; p = key.find('x', p + 2)) key.replace(p, 1, "ks");
    if (!key.empty()) out.push_back(key + "+");
  }
  return out;
}

// Two names with one surname are one person unless both give first names and none agree: a
// shared given name ("Hillary Rodham Clinton" ~ "Hillary Clinton"; "Liverpools Daniel
// Sturridge" ~ "Daniel Sturridge"), or an initial that fits ("Donald J. Trump" ~ "J. Trump").
// "Ivana Trump" and "Ivanka Trump", "Anna Berg" and "Per Berg" stay two.
bool GivenNamesAgree(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() || b.empty()) return true;
  for (const auto& x : a)
    for (const auto& y : b) {
      if (x == y) return true;
      if ((x.size() == 1 || y.size() == 1) && x[0] == y[0]) return true;  // an initial that fits
    }
  return false;
}

}  // namespace

namespace {

// One speaker entity of one document, under its surname or organisation key.
struct NameRef { size_t doc, entity; std::vector<std::string> given; std::string spelling; };
using KeyedRefs = std::vector<std::pair<std::string, NameRef>>;  // (surname or organisation key, entity)
// Where a name stands in the numbering order: (its document's rank, its entity).
using Place = std::pair<uint32_t, size_t>;
struct Person { std::vector<std::string> given; size_t count = 0; Place first; std::vector<const NameRef*> refs; };
struct Surname { Place first; std::vector<Person> people; };

// A name one document knows as an organisation is that organisation wherever it appears: one
// language's pack may know "Society" or "Council" as an organisation word, another's not.
std::vector<std::string> KnownOrganisations(const std::vector<DocumentResult>& docs) {
  std::vector<std::string> organisations;
  for (const auto& doc : docs)
    for (const auto& ent : doc.speakers)
      if (ent.kind == EntityKind::kOrganisation) organisations.push_back("org:" + AsciiFold(ent.name));
  std::sort(organisations.begin(), organisations.end());
  return organisations;
}

std::vector<std::string> NameTokens(const std::string& name, const WordSet& titles) {
  std::vector<std::string> tokens;
  for (size_t s = 0, p; s <= name.size(); s = p + 1) {
    p = name.find(' ', s);
    if (p == std::string::npos) p = name.size();
    if (p > s) tokens.push_back(name.substr(s, p - s));
  }
  while (tokens.size() > 1 && IsTitle(tokens.front(), titles)) tokens.erase(tokens.begin());
  return tokens;
}

KeyedRefs KeyedNames(const std::vector<DocumentResult>& docs, const WordSet& titles) {
  const std::vector<std::string> organisations = KnownOrganisations(docs);
  KeyedRefs refs;
  for (size_t d = 0; d < docs.size(); ++d) {
    for (size_t e = 0; e < docs[d].speakers.size(); ++e) {
      const Entity& ent = docs[d].speakers[e];
      const std::vector<std::string> tokens = NameTokens(ent.name, titles);
      if (tokens.empty()) continue;
      const std::string as_organisation = "org:" + AsciiFold(ent.name);
      if (ent.kind == EntityKind::kOrganisation ||
          std::binary_search(organisations.begin(), organisations.end(), as_organisation))
        refs.push_back({as_organisation, {d, e, {}, {}}});
      else refs.push_back({"person:" + SurnameKey(tokens.back()), {d, e, GivenKeys(tokens), Spelling(tokens.back())}});
    }
  }
  return refs;
}

// The refs by surname (spellings one edit apart joined) or organisation, and the groups in the
// order first met.
struct NameGroups {
  std::map<std::string, std::vector<const NameRef*>> members;
  std::vector<std::string> order;
};
NameGroups GroupNames(const KeyedRefs& refs) {
  // A key's spellings are few; the first few in sorted order are compared, whatever the input order.
  constexpr size_t kSpellingsPerKey = 6;
  std::map<std::string, std::vector<std::string>> spellings;  // surname key -> its spellings
  for (const auto& [key, ref] : refs)
    if (key.rfind("person:", 0) == 0) spellings[key.substr(7)].push_back(ref.spelling);
  for (auto& [key, v] : spellings) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (v.size() > kSpellingsPerKey) v.resize(kSpellingsPerKey);
  }
  const std::map<std::string, std::string> canonical = FuzzySurnames(spellings);
  NameGroups groups;
  for (const auto& [key, ref] : refs) {
    const std::string group = key.rfind("person:", 0) == 0 ? "person:" + canonical.at(key.substr(7)) : key;
    if (!groups.members.count(group)) groups.order.push_back(group);
    groups.members[group].push_back(&ref);
  }
  return groups;
}

// The name groups each document speaks of: who a bare surname is, is read from the company it keeps.
std::vector<std::vector<std::string>> GroupsOfDocuments(const NameGroups& groups, size_t documents) {
  std::vector<std::vector<std::string>> groups_of_doc(documents);
  for (const auto& [group, members] : groups.members)
    for (const NameRef* r : members) groups_of_doc[r->doc].push_back(group);
  for (auto& g : groups_of_doc) {
    std::sort(g.begin(), g.end());
    g.erase(std::unique(g.begin(), g.end()), g.end());
  }
  return groups_of_doc;
}

// A bare surname ("säger Lind") where two people share it goes to the one whose articles quote
// the same other people as its own (the mayor's ferry story names the captain too); with no
// such company, to the one named most often (`dominant`).
size_t OwnerOfBareSurname(const NameRef& r, const std::string& key, const std::vector<Person>& people, size_t dominant,
                          const std::vector<std::vector<std::string>>& groups_of_doc) {
  size_t best = dominant, best_company = 0;
  if (people.size() < 2) return best;
  const auto& own = groups_of_doc[r.doc];
  for (size_t p = 0; p < people.size(); ++p) {
    std::vector<std::string> company;
    for (const NameRef* named : people[p].refs)
      if (!named->given.empty())
        for (const auto& g : groups_of_doc[named->doc])
          if (g != key && std::binary_search(own.begin(), own.end(), g)) company.push_back(g);
    std::sort(company.begin(), company.end());
    const size_t shared = static_cast<size_t>(std::unique(company.begin(), company.end()) - company.begin());
    if (shared > best_company || (shared == best_company && shared > 0 && people[p].count > people[best].count)) {
      best = p;
      best_company = shared;
    }
  }
  return best;
}

// Within a surname: people by their given names, first come first; a bare surname goes to
// OwnerOfBareSurname. A person is numbered where any of their names first stands.
template <typename PlaceOf>
Surname PeopleOfSurname(const std::string& key, const std::vector<const NameRef*>& refs, const PlaceOf& place,
                        const std::vector<std::vector<std::string>>& groups_of_doc) {
  Surname surname{place(refs.front()), {}};
  std::vector<Person>& people = surname.people;
  std::vector<std::pair<const NameRef*, size_t>> placed;  // ref -> person, for named refs
  for (const NameRef* r : refs) {
    surname.first = std::min(surname.first, place(r));
    if (r->given.empty()) continue;
    size_t p = 0;
    while (p < people.size() && !GivenNamesAgree(people[p].given, r->given)) ++p;
    if (p == people.size()) people.push_back({r->given, 0, place(r), {}});
    ++people[p].count;
    people[p].first = std::min(people[p].first, place(r));
    placed.push_back({r, p});
  }
  if (people.empty()) people.push_back({{}, 0, surname.first, {}});
  size_t dominant = 0;
  for (size_t p = 1; p < people.size(); ++p)
    if (people[p].count > people[dominant].count) dominant = p;
  for (const auto& [r, p] : placed) people[p].refs.push_back(r);
  for (const NameRef* r : refs)
    if (r->given.empty()) people[OwnerOfBareSurname(*r, key, people, dominant, groups_of_doc)].refs.push_back(r);
  for (Person& person : people)
    for (const NameRef* r : person.refs) person.first = std::min(person.first, place(r));
  return surname;
}

// Numbered surname by surname, each where it is first named, and within one, its people by
// their first given names: ids that do not change when the grouping reads another order.
void NumberPeople(std::vector<Surname>& surnames, std::vector<DocumentResult>& docs) {
  std::sort(surnames.begin(), surnames.end(), [](const Surname& x, const Surname& y) { return x.first < y.first; });
  size_t next = 0;
  for (auto& surname : surnames) {
    std::sort(surname.people.begin(), surname.people.end(), [](const Person& x, const Person& y) { return x.first < y.first; });
    for (const Person& person : surname.people) {
      const std::string id = PersonId(next++);
      for (const NameRef* r : person.refs) docs[r->doc].speakers[r->entity].global_id = id;
    }
  }
}

}  // namespace

void AssignGlobalIds(std::vector<DocumentResult>& docs, const WordSet& titles, const std::vector<uint32_t>& numbering_rank) {
  const KeyedRefs refs = KeyedNames(docs, titles);
  const NameGroups groups = GroupNames(refs);
  const auto groups_of_doc = GroupsOfDocuments(groups, docs.size());
  auto place = [&](const NameRef* r) {
    return Place{numbering_rank.empty() ? static_cast<uint32_t>(r->doc) : numbering_rank[r->doc], r->entity};
  };
  std::vector<Surname> surnames;
  for (const auto& key : groups.order) surnames.push_back(PeopleOfSurname(key, groups.members.at(key), place, groups_of_doc));
  NumberPeople(surnames, docs);
}

}  // namespace quoth::detail
