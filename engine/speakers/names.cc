// Names, speaker phrases and entities.
//
// A name is a run of capitalised words (with particles such as "von"), read after any titles
// and role words in front of it: "Belgorod Oblast Gov. Vyacheslav Gladkov" is the name
// "Vyacheslav Gladkov" with roles {belgorod, oblast, gov.}. A possessive inside a run cuts it
// ("ABC News' George Stephanopoulos": the owner is not part of the name). Runs that follow
// "the" are places and institutions ("the United States"), not people. Entities group the
// forms of one name by suffix: "Lukashenko" joins "Alexander Lukashenko".
#include "engine/speakers/names.h"

#include <algorithm>
#include <map>

#include "engine/text/text_cache.h"
#include "engine/text/utf8.h"

namespace quoth::detail {

namespace {

inline bool IsTrimPunct(char32_t c) {
  if (c < 0x80 && ((c | 0x20) - 'a' < 26 || c - '0' < 10)) return false;
  return c == ',' || c == ';' || c == ':' || c == '!' || c == '?' || c == '(' || c == ')' ||
         c == '"' || c == 0x201C || c == 0x201D || c == 0x2018 || c == 0xAB || c == 0xBB ||
         c == '[' || c == ']' || c == 0x2026;
}

bool StartsUpper(const std::string& s) {
  if (s.empty()) return false;
  size_t len = 0;
  return IsUpper(DecodeAt(s, 0, &len));
}

bool IsPossessive(std::string_view s) {
  auto ends = [&](std::string_view suf) { return s.size() > suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0; };
  return ends("'s") || ends("\xE2\x80\x99s") || ends("'") || ends("\xE2\x80\x99");
}

std::string StripPossessive(std::string s) {
  for (std::string_view suf : {std::string_view("'s"), std::string_view("\xE2\x80\x99s"), std::string_view("'"), std::string_view("\xE2\x80\x99")})
    if (s.size() > suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0) return s.substr(0, s.size() - suf.size());
  return s;
}

bool IsParticle(std::string_view w) {
  static const char* kParticles[] = {"von", "van", "der", "de", "af", "al", "bin", "da", "di", "du", "le", "la", "ibn", "el"};
  for (const char* p : kParticles) if (w == p) return true;
  return false;
}

bool IsRoleOrTitle(const std::string& lower, const LanguageRules& rules) {
  return rules.title_words.count(lower) || rules.role_words.count(lower);
}

}  // namespace

std::string JoinName(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

bool EndsWithName(const std::vector<std::string>& full, const std::vector<std::string>& part) {
  return full.size() >= part.size() && std::equal(part.rbegin(), part.rend(), full.rbegin());
}

void TokenSpansInto(std::string_view text, Span s, std::vector<Span>* out) {
  out->clear();
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  // ASCII is decided by the byte; only non-ASCII bytes are decoded (a no-break space is white).
  auto space_at = [&](size_t k, size_t* len) {
    const unsigned char b = p[k];
    *len = 1;
    if (b < 0x80) return b == ' ' || (b >= '\t' && b <= '\r');
    return IsSpace(DecodeMultibyte(text, k, len));
  };
  size_t i = s.start, len = 1;
  while (i < s.end) {
    while (i < s.end && space_at(i, &len)) i += len;
    if (i >= s.end) break;
    size_t j = i;
    while (j < s.end && !space_at(j, &len)) j += len;
    Span t{i, j};
    size_t st = 0;
    while (t.start < t.end && IsTrimPunct(DecodeAt(text, t.start, &len))) t.start += len;
    while (t.end > t.start && IsTrimPunct(DecodeBefore(text, t.end, &st))) t.end = st;
    // A final full stop belongs to the sentence unless the word has inner dots ("U.S.") or is
    // an initial ("W."); titles such as "Gov." are known without their dot as well.
    if (t.end > t.start && p[t.end - 1] == '.') {
      const std::string_view w = text.substr(t.start, t.size() - 1);
      const bool inner_dot = w.find('.') != std::string_view::npos;
      const bool initial = w.size() == 1;
      if (!inner_dot && !initial) --t.end;
    }
    if (t.end > t.start) out->push_back(t);
    i = j;
  }
}

std::vector<Span> TokenSpans(std::string_view text, Span s) {
  std::vector<Span> out;
  TokenSpansInto(text, s, &out);
  return out;
}

std::vector<Token> Tokenize(std::string_view text, Span s) {
  std::vector<Token> out;
  for (const Span& t : TokenSpans(text, s)) out.push_back({t, std::string(text.substr(t.start, t.size()))});
  return out;
}

// A word in capitals of five letters or more is a dateline or a headline word, not a name.
bool IsShouted(const std::string& w) {
  size_t letters = 0;
  for (unsigned char c : w) {
    if (c >= 'a' && c <= 'z') return false;
    letters += (c >= 'A' && c <= 'Z') || c >= 0x80;
  }
  return letters >= 5;
}

namespace {
SpeakerPhrase ParsePhrase(std::string_view text, Span s, const LanguageRules& rules, bool sentence_initial);
}  // namespace

// Names recur within and across articles ("Anna Berg", "Berg said"): parses are remembered per
// thread by (rules, position in sentence, words), with spans kept relative to the phrase.
SpeakerPhrase ParseSpeakerPhrase(std::string_view text, Span s, const LanguageRules& rules, bool sentence_initial) {
  thread_local TextCache<SpeakerPhrase> cache;  // core span relative to the phrase
  auto shifted = [](SpeakerPhrase p, size_t from, size_t to) {
    if (!p.core.empty() || p.core.start) p.core = {p.core.start - from + to, p.core.end - from + to};
    return p;
  };
  const std::string_view words = text.substr(s.start, s.size());
  if (const SpeakerPhrase* hit = cache.Find(&rules, sentence_initial, words)) return shifted(*hit, 0, s.start);
  SpeakerPhrase phrase = ParsePhrase(text, s, rules, sentence_initial);
  cache.Insert(&rules, sentence_initial, words, shifted(phrase, s.start, 0));
  return phrase;
}

namespace {

SpeakerPhrase ParsePhrase(std::string_view text, Span s, const LanguageRules& rules, bool sentence_initial) {
  SpeakerPhrase out;
  std::vector<Token> tokens = Tokenize(text, s);
  // "… if President Joe Biden said so": a phrase that opens with a conjunction is no speaker.
  if (!tokens.empty() && rules.phrase_breaks.count(tokens[0].text)) return out;
  // "säger X till TT": the phrase ends before a preposition or relative word.
  for (size_t i = 1; i < tokens.size(); ++i)
    if (rules.phrase_breaks.count(tokens[i].text)) { tokens.resize(i); break; }
  if (tokens.empty()) return out;
  if (tokens.size() == 1) {
    auto g = rules.pronoun_gender.find(ToLower(tokens[0].text));
    if (g != rules.pronoun_gender.end()) {
      out.type = PhraseType::kPronoun;
      out.core = tokens[0].span;
      out.gender = g->second;
      return out;
    }
  }
  if (tokens.size() <= 5) {
    std::string org = ToLower(text.substr(tokens.front().span.start, tokens.back().span.end - tokens.front().span.start));
    if (org.rfind("the ", 0) == 0) org = org.substr(4);
    if (rules.organisation_names.count(org)) {
      out.type = PhraseType::kOrganisation;
      out.core = {tokens.front().span.start, tokens.back().span.end};
      size_t first = ToLower(tokens[0].text) == "the" ? 1 : 0;
      for (size_t i = first; i < tokens.size(); ++i) out.name.push_back(tokens[i].text);
      return out;
    }
  }
  // Leading determiners and sentence words.
  size_t begin = 0;
  while (begin < tokens.size() && (rules.determiner_words.count(ToLower(tokens[begin].text)) ||
                                   rules.not_names.count(tokens[begin].text))) {
    if (rules.determiner_words.count(ToLower(tokens[begin].text))) out.definite = true;
    ++begin;
  }
  // The name is the trailing run of capitalised words after the last title or role word.
  size_t name_begin = tokens.size();
  while (name_begin > begin) {
    const std::string& w = tokens[name_begin - 1].text;
    const std::string lower = ToLower(w);
    if (IsRoleOrTitle(lower, rules)) break;
    if (!(StartsUpper(w) || IsParticle(w)) || rules.not_names.count(w) || IsShouted(w)) break;
    if (name_begin < tokens.size() && IsPossessive(w)) break;  // "ABC News' George …"
    --name_begin;
  }
  while (name_begin < tokens.size() && IsParticle(tokens[name_begin].text)) ++name_begin;
  // "Treasurer Omar Diallo" at the start of a sentence: three capitalised words there are more
  // often an unlisted role and a name than a three-part name.
  if (sentence_initial && name_begin == begin && begin == 0 && tokens.size() - name_begin >= 3 &&
      tokens[name_begin].text.size() > 2 && tokens[name_begin + 1].text.size() > 2)
    ++name_begin;
  for (size_t i = begin; i < name_begin; ++i) out.roles.push_back(ToLower(StripPossessive(tokens[i].text)));
  // "the National Weather Service": a capitalised name after "the", with no title or role, is
  // an institution.
  if (name_begin < tokens.size() && out.definite && out.roles.empty() && begin > 0 &&
      ToLower(tokens[begin - 1].text) == "the") {
    out.type = PhraseType::kOrganisation;
    out.core = {tokens[name_begin].span.start, tokens.back().span.end};
    for (size_t i = name_begin; i < tokens.size(); ++i) out.name.push_back(tokens[i].text);
    return out;
  }
  if (name_begin < tokens.size()) {
    out.type = PhraseType::kName;
    out.core = {tokens[name_begin].span.start, tokens.back().span.end};
    for (size_t i = name_begin; i < tokens.size(); ++i) out.name.push_back(tokens[i].text);
    out.name.back() = StripPossessive(out.name.back());
    return out;
  }
  for (const auto& r : out.roles) {
    if (rules.role_words.count(r) || rules.title_words.count(r)) {
      out.type = PhraseType::kDescription;
      out.core = {tokens.front().span.start, tokens.back().span.end};
      // A Swedish definite noun ("presidenten") is definite without a determiner.
      if (!out.definite && begin == 0 && rules.language == "sv") out.definite = true;
      return out;
    }
  }
  return out;
}

}  // namespace

std::vector<NameMention> FindNameMentions(const Document& doc, const LanguageRules& rules,
                                          const std::vector<QuoteCandidate>& quotes) {
  // Names start with a capital, and most words do not: find capitalised words first (a byte
  // test for ASCII), and tokenise only around them.
  std::vector<NameMention> out;
  std::string_view text = doc.text();
  std::vector<Span> quoted;  // speech quotes, outermost, in order: their words are not mentions
  for (const auto& q : quotes)
    if (IsSpeech(q.kind) && (quoted.empty() || q.span.start >= quoted.back().end)) quoted.push_back(q.span);
  size_t qi = 0;
  auto upper = [&](const Span& t) {
    const unsigned char b = static_cast<unsigned char>(text[t.start]);
    if (b < 0x80) return b >= 'A' && b <= 'Z';
    size_t len = 0;
    return IsUpper(DecodeAt(text, t.start, &len));
  };
  auto word = [&](const Span& t) { return text.substr(t.start, t.size()); };
  auto role_or_title = [&](const Span& t) {
    const unsigned char b = static_cast<unsigned char>(text[t.start]);
    return b >= 'a' && b <= 'z' && IsRoleOrTitle(ToLower(word(t)), rules);
  };
  auto has_capital = [&](Span s) {
    for (size_t i = s.start; i < s.end; ++i) {
      const unsigned char b = static_cast<unsigned char>(text[i]);
      if ((b >= 'A' && b <= 'Z') || b >= 0xC3) return true;
    }
    return false;
  };
  const auto& sentences = doc.sentences();
  std::vector<Span> tokens;
  for (size_t si = 0; si < sentences.size(); ++si) {
    if (!has_capital(sentences[si].span)) continue;
    TokenSpansInto(text, sentences[si].span, &tokens);
    size_t i = 0;
    while (i < tokens.size()) {
      if (!upper(tokens[i])) { ++i; continue; }
      while (qi < quoted.size() && quoted[qi].end <= tokens[i].start) ++qi;
      if (qi < quoted.size() && quoted[qi].start <= tokens[i].start) { ++i; continue; }
      // A lone sentence word ("The", "But") is never a name: skip it without parsing.
      const bool next_upper = i + 1 < tokens.size() && upper(tokens[i + 1]);
      if (!next_upper && rules.not_names.count(word(tokens[i]))) { ++i; continue; }
      // A lower-case title or role just before the run belongs to it ("spokesman Dmitry Peskov").
      size_t first = i;
      if (i > 0 && role_or_title(tokens[i - 1])) first = i - 1;
      size_t j = i;
      while (j < tokens.size()) {
        const Span& t = tokens[j];
        const bool ok = upper(t) || IsParticle(word(t)) || (j + 1 < tokens.size() && upper(tokens[j + 1]) && role_or_title(t));
        if (!ok) break;
        ++j;
        if (IsPossessive(word(t)) && j < tokens.size() && upper(tokens[j])) break;  // the owner ends the run
        // Punctuation between two words ends the run (a comma, a bracket); a title's dot does not.
        if (j < tokens.size()) {
          bool punct = false;
          for (size_t g = t.end; g < tokens[j].start; ++g) punct |= text[g] != ' ' && text[g] != '.';
          if (punct) break;
        }
      }
      const bool after_the = first > 0 && ToLower(word(tokens[first - 1])) == "the";
      SpeakerPhrase phrase = ParseSpeakerPhrase(text, {tokens[first].start, tokens[j - 1].end}, rules, first == 0);
      if (phrase.type == PhraseType::kName) {
        NameMention m;
        m.span = phrase.core;
        m.name = std::move(phrase.name);
        m.roles = std::move(phrase.roles);
        m.sentence = si;
        m.paragraph = sentences[si].paragraph;
        const bool titled = std::any_of(m.roles.begin(), m.roles.end(), [&](const std::string& r) { return IsRoleOrTitle(r, rules); });
        m.person_like = !after_the && (titled || m.name.size() >= 2);
        out.push_back(std::move(m));
      }
      i = j;
    }
  }
  return out;
}

// Forms are found through hash indexes (joined form, last token), so a document with many
// names costs linear time rather than comparing every mention with every form.
EntityTable::EntityTable(const std::vector<NameMention>& mentions) {
  for (const auto& m : mentions)
    if (m.person_like) ++full_counts_[AddFullName(m.name)];
  for (const auto& m : mentions) {
    // Mentions of a known person, by any of its forms, count towards it and lend their roles.
    if (!m.person_like && !EndsSomeFullName(m.name)) continue;
    size_t e = Resolve(m.name, EntityKind::kPerson, m.span.start);
    for (const auto& r : m.roles)
      if (std::find(entities_[e].roles.begin(), entities_[e].roles.end(), r) == entities_[e].roles.end()) entities_[e].roles.push_back(r);
  }
}

size_t EntityTable::AddFullName(const std::vector<std::string>& name) {
  auto [it, added] = full_index_.try_emplace(JoinName(name), full_names_.size());
  if (added) {
    full_names_.push_back(name);
    full_counts_.push_back(0);
    full_by_last_[name.empty() ? std::string() : name.back()].push_back(it->second);
  }
  return it->second;
}

bool EntityTable::EndsSomeFullName(const std::vector<std::string>& name) const {
  auto it = full_by_last_.find(name.empty() ? std::string() : name.back());
  if (it == full_by_last_.end()) return name.empty() && !full_names_.empty();
  for (size_t i : it->second)
    if (EndsWithName(full_names_[i], name)) return true;
  return false;
}

size_t EntityTable::Resolve(const std::vector<std::string>& name, EntityKind kind, size_t offset) {
  // The fullest person-like form that ends with this name; the most frequent among equals
  // (the first of those in document order).
  const std::vector<std::string>* canonical = &name;
  size_t best_count = 0;
  if (kind == EntityKind::kPerson && !name.empty()) {
    auto it = full_by_last_.find(name.back());
    if (it != full_by_last_.end()) {
      for (size_t i : it->second) {
        const auto& f = full_names_[i];
        if (f.size() < canonical->size() || !EndsWithName(f, name)) continue;
        if (f.size() > canonical->size() || full_counts_[i] > best_count) {
          canonical = &f;
          best_count = full_counts_[i];
        }
      }
    }
  }
  const bool is_alias = name != *canonical;
  auto [it, added] = entity_index_.try_emplace(JoinName(*canonical), entities_.size());
  if (!added) {
    auto& e = entities_[it->second];
    ++e.mentions;
    if (kind == EntityKind::kOrganisation) e.kind = kind;  // "the National Weather Service said" settles it
    if (is_alias) {
      std::string form = JoinName(name);
      if (std::find(e.aliases.begin(), e.aliases.end(), form) == e.aliases.end()) e.aliases.push_back(std::move(form));
    }
    return it->second;
  }
  EntityRecord e;
  e.name = *canonical;
  e.kind = kind;
  e.mentions = 1;
  e.first_offset = offset;
  if (is_alias) e.aliases.push_back(JoinName(name));
  entities_.push_back(std::move(e));
  return entities_.size() - 1;
}

size_t EntityTable::ByRoles(const std::vector<std::string>& roles) const {
  size_t best = static_cast<size_t>(-1);
  size_t best_score = 0;
  for (size_t i = 0; i < entities_.size(); ++i) {
    size_t score = 0;
    for (const auto& r : roles)
      if (std::find(entities_[i].roles.begin(), entities_[i].roles.end(), r) != entities_[i].roles.end()) ++score;
    if (score > best_score || (score == best_score && score > 0 && entities_[i].mentions > entities_[best].mentions)) {
      best = i;
      best_score = score;
    }
  }
  return best;
}

size_t EntityTable::MostMentioned() const {
  size_t best = static_cast<size_t>(-1);
  for (size_t i = 0; i < entities_.size(); ++i) {
    if (entities_[i].kind != EntityKind::kPerson) continue;
    if (best == static_cast<size_t>(-1) || entities_[i].mentions > entities_[best].mentions) best = i;
  }
  return best;
}

}  // namespace quoth::detail
