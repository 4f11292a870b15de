// quoth_link_bench: linking at archive scale, scored on links it must make and links it must not.
//
// Generates N quotes (default 1,000,000) as news stories. A story has made-up people and places,
// a number and ~30 topic words drawn Zipf-like from the English words the Swedish-English lexicon
// translates; 1-3 English and 0-2 Swedish articles tell it, ~10 quotes each, every quote with its
// speaker and the sentence around it (context_text), every article with its own words
// (story_words). Planted links, scored per kind:
//   copy         the utterance in another English article, punctuation and case changed;
//   partial      a 3-5 word run of it in another English article;
//   translation  its word-by-word Swedish rendering in a Swedish article (quotes reordered);
//   split        a 2-3 sentence quote whose sentences another article quotes one by one;
//   short        a 1-2 word Swedish partial quote: only its translated sentence says where it is from.
// Planted negatives, pairs that must stay apart, because a linker that joins everything alike
// would otherwise score perfectly:
//   common phrase  "No comment", "Vi får se", ... in many unrelated articles, half unattributed;
//   same speaker   one person's two utterances on one topic, sharing three words;
//   long quote     5-8 sentence quotes that share 2-3 words with short quotes of unrelated stories;
//   shared words   quotes of unrelated stories that share 2-3 common words, half unattributed.
// Runs Linker::Link once and reports its time, peak memory (VmHWM), recall per kind, precision,
// the negatives linked, and the clusters: their largest, the quotes clustered with no other
// version of their own utterance, and the cluster links that join different utterances, by basis.
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_set>
#include <vector>

// quoth's public API only.
#include "quoth/engine.h"
#include "quoth/linker.h"
#include "quoth/log.h"
#include "quoth/rules.h"

namespace {

using quoth::QuoteKind;

constexpr uint32_t kUnset = UINT32_MAX;

long PeakRssKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}

using Vocab = std::vector<std::pair<std::string, std::string>>;  // (English, Swedish)

// English words with a Swedish counterpart, read backwards from the lexicon.
Vocab ReadVocabulary(const std::string& path, size_t limit) {
  std::ifstream in(path);
  Vocab out;
  std::set<std::string> seen;
  std::string line;
  while (std::getline(in, line) && out.size() < limit) {
    const size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find(' ') < tab) continue;
    const std::string sv = line.substr(0, tab);
    const size_t sp = line.find(' ', tab + 1);
    const std::string en = line.substr(tab + 1, sp == std::string::npos ? std::string::npos : sp - tab - 1);
    if (en.size() < 4 || sv.size() < 4 || !seen.insert(en).second) continue;
    bool alpha = true;
    for (char c : en) alpha &= c >= 'a' && c <= 'z';
    if (alpha) out.push_back({en, sv});
  }
  return out;
}

// Our own draws from the engine: the standard distributions differ between libraries, and the
// output must be the same for a seed everywhere.
class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  size_t Below(size_t k) { return k ? static_cast<size_t>(engine_() % k) : 0; }
  size_t Between(size_t lo, size_t hi) { return lo + Below(hi - lo + 1); }
  double Unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  bool Chance(double p) { return Unit() < p; }
  // A rank in [0, n) with P(r) ~ 1/(r + offset), by inverting the CDF.
  size_t Zipf(size_t n, double offset) {
    const double top = static_cast<double>(n) + offset;
    const double rank = offset * std::pow(top / offset, Unit()) - offset;
    return std::min(n - 1, static_cast<size_t>(rank));
  }
  template <typename T>
  void Shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[Below(i)]);
  }

 private:
  std::mt19937_64 engine_;
};

// A word of an utterance: a vocabulary entry, a function word (both have an English and a
// Swedish form), or one of the story's names (the same in both languages).
struct Word {
  enum Type : uint8_t { kVocab, kFunction, kName } type;
  uint32_t index;
};

// English and Swedish; the first kOpeners begin sentences. All are stopwords in both languages.
constexpr const char* kFunctionWords[][2] = {
    {"we", "vi"}, {"i", "jag"}, {"they", "de"}, {"this", "detta"},
    {"and", "och"}, {"of", "av"}, {"to", "att"}, {"for", "för"}, {"with", "med"}, {"on", "på"}, {"is", "är"}, {"not", "inte"}};
constexpr size_t kOpeners = 4;
constexpr size_t kFunctionWordCount = std::size(kFunctionWords);

// What every outlet prints about anything: (English, Swedish) renderings of one phrase.
constexpr const char* kCommonPhrases[][2] = {
    {"We'll see.", "Vi får se."}, {"No comment.", "Inga kommentarer."},
    {"It is what it is.", "Det är vad det är."}, {"Time will tell.", "Tiden får utvisa."}};
constexpr size_t kCommonPhraseCount = std::size(kCommonPhrases);

constexpr const char* kFirstNames[] = {"Anna", "Erik", "Maria", "Johan", "Karin", "Lars", "Sara", "Peter", "Emma", "Oskar",
                                       "Laura", "David", "Helen", "Mark", "Nina", "Victor", "Olga", "Ben", "Clara", "Frank",
                                       "Greta", "Hugo", "Ingrid", "Jonas", "Kate", "Leo", "Mona", "Ulf", "Rita", "Tom"};
constexpr const char* kOnsets[] = {"b", "br", "d", "dr", "f", "g", "gr", "h", "k", "kr", "l", "m", "n", "p", "r", "s", "st", "t", "tr", "v"};
constexpr const char* kVowels[] = {"a", "e", "i", "o", "u", "ei", "au"};
constexpr const char* kCodas[] = {"", "l", "n", "r", "s", "nd", "rk", "lm"};
constexpr const char* kSurnameEnds[] = {"berg", "holt", "son", "strom", "man", "vik", "ley", "ton", "dal", "wick"};
constexpr const char* kPlaceEnds[] = {"by", "stad", "ford", "ham", "holm", "vale", "port", "ia", "mouth", "heim"};

enum Kind : uint8_t { kCopy, kPartial, kTranslation, kSplit, kShort, kCommonPhrase, kSameSpeaker, kLongQuote, kSharedWords, kKindCount };
constexpr size_t kPositiveKinds = kCommonPhrase;  // kinds before it are links, after it negatives
constexpr const char* kKindNames[] = {"copy", "partial", "translation", "split", "short",
                                      "common phrase", "same speaker", "long quote", "shared words"};

struct Pair {
  uint32_t a, b;  // global quote indices (documents' quotes in order)
  Kind kind;
};

struct Person {
  std::string first, surname;
};

struct Story {
  std::vector<std::string> names;  // places, then the number: the same in both languages
  size_t places = 0;
  std::vector<uint32_t> topic;     // vocabulary entries, the story's most used first
  std::vector<Person> speakers;
};

struct Utterance {
  uint32_t id;   // every version of it carries this id (evaluation)
  int speaker;   // into Story::speakers; -1: unattributed
  std::vector<std::vector<Word>> sentences;
};

// A quote as an article prints it, before it has a place among the documents.
struct Planned {
  uint32_t utterance = kUnset;  // into the story's utterances; kUnset for a common phrase
  uint32_t id = 0;              // evaluation id: Utterance::id, or a common phrase's own
  int speaker = -1;
  QuoteKind kind = QuoteKind::kDirect;
  bool original = false;        // a first report (the source of versions elsewhere)
  int phrase = -1;              // a common phrase: its index in kCommonPhrases
  uint16_t sentence = 0;        // the sentence and word run a partial quote took
  uint16_t begin = 0, end = 0;
  std::string text, context;
  size_t at = 0;                // text's offset in context
  Word context_topic{Word::kVocab, 0};  // what the context names besides the quote
  uint32_t place = 0;
  uint32_t global = kUnset;     // index among all quotes, once added
};

struct Article {
  bool swedish = false;
  std::vector<Planned> quotes;
};

// One end of a planted pair: a quote of the story in the making (article, slot), or an earlier one.
struct End {
  int article = -1;
  uint32_t slot = 0;
  uint32_t global = kUnset;
};

// A quote of a finished story whose words later stories' traps borrow.
struct Recent {
  uint32_t global;
  std::vector<uint32_t> words;  // vocabulary entries
};

class Generator {
 public:
  Generator(const Vocab& vocab, uint64_t seed) : vocab_(vocab), rng_(seed) {}

  void Generate(size_t quotes) {
    docs.reserve(quotes / 8);
    utterance_of.reserve(quotes);
    while (utterance_of.size() < quotes) MakeStory(quotes - utterance_of.size());
  }

  std::vector<quoth::DocumentResult> docs;
  std::vector<Pair> pairs;
  std::vector<uint32_t> utterance_of;  // by global quote index: the evaluation id
  size_t stories = 0;

 private:
  static constexpr size_t kRecent = 512;

  std::string Syllable() {
    return std::string(kOnsets[rng_.Below(std::size(kOnsets))]) + kVowels[rng_.Below(std::size(kVowels))] +
           kCodas[rng_.Below(std::size(kCodas))];
  }
  static std::string Capitalised(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
  }
  size_t GeneralWord() { return rng_.Zipf(vocab_.size(), 100.0); }

  Story NewStory() {
    Story s;
    s.places = rng_.Between(1, 3);
    for (size_t i = 0; i < s.places; ++i) s.names.push_back(Capitalised(Syllable() + Syllable() + kPlaceEnds[rng_.Below(std::size(kPlaceEnds))]));
    s.names.push_back(std::to_string(rng_.Between(100, 99999)));
    // Two or three syllables and an ending: few people in different stories share a surname key.
    for (size_t i = 0, n = rng_.Between(2, 4); i < n; ++i)
      s.speakers.push_back({kFirstNames[rng_.Below(std::size(kFirstNames))],
                            Capitalised(Syllable() + Syllable() + (rng_.Chance(0.5) ? Syllable() : "") + kSurnameEnds[rng_.Below(std::size(kSurnameEnds))])});
    for (size_t i = 0, n = rng_.Between(25, 35); i < n; ++i) s.topic.push_back(static_cast<uint32_t>(GeneralWord()));
    return s;
  }

  Word TopicWord(const Story& s) { return {Word::kVocab, s.topic[rng_.Zipf(s.topic.size(), 10.0)]}; }

  // An opener, then `content` words: mostly the story's topic, some general, a few of its names;
  // a sentence rarely says a content word twice.
  std::vector<Word> NewSentence(const Story& s, size_t content) {
    std::vector<Word> w{{Word::kFunction, static_cast<uint32_t>(rng_.Below(kOpeners))}};
    auto has = [&](Word x) {
      return std::any_of(w.begin(), w.end(), [&](Word y) { return y.type == x.type && y.index == x.index; });
    };
    for (size_t i = 0; i < content; ++i) {
      if (i > 0 && rng_.Chance(0.25)) w.push_back({Word::kFunction, static_cast<uint32_t>(kOpeners + rng_.Below(kFunctionWordCount - kOpeners))});
      Word x{};
      for (size_t tries = 0; tries < 4 && (tries == 0 || has(x)); ++tries) {
        const double r = rng_.Unit();
        if (r < 0.6) x = TopicWord(s);
        else if (r < 0.95) x = {Word::kVocab, static_cast<uint32_t>(GeneralWord())};
        else x = {Word::kName, static_cast<uint32_t>(rng_.Below(s.names.size()))};
      }
      w.push_back(x);
    }
    return w;
  }

  // Puts `words` in place of content words of `sentence` at random positions (not the opener).
  void Plant(std::vector<Word>& sentence, const std::vector<uint32_t>& words) {
    std::vector<size_t> slots;
    for (size_t i = 1; i < sentence.size(); ++i)
      if (sentence[i].type != Word::kFunction) slots.push_back(i);
    rng_.Shuffle(slots);
    for (size_t i = 0; i < words.size() && i < slots.size(); ++i) sentence[slots[i]] = {Word::kVocab, words[i]};
  }

  const std::string& Form(const Story& s, Word w, bool swedish) const {
    if (w.type == Word::kName) return s.names[w.index];
    if (w.type == Word::kFunction) return function_forms_[w.index][swedish];
    return swedish ? vocab_[w.index].second : vocab_[w.index].first;
  }

  // Words [begin, end) joined; `sentence` capitalises the first and ends with a full stop.
  std::string Render(const Story& s, const std::vector<Word>& words, bool swedish, size_t begin, size_t end, bool sentence) const {
    std::string out;
    for (size_t i = begin; i < end; ++i) {
      if (!out.empty()) out += ' ';
      out += Form(s, words[i], swedish);
    }
    if (sentence) {
      out = Capitalised(std::move(out));
      out += '.';
    }
    return out;
  }
  std::string Render(const Story& s, const Utterance& u, bool swedish) const {
    std::string out;
    for (const auto& sentence : u.sentences) {
      if (!out.empty()) out += ' ';
      out += Render(s, sentence, swedish, 0, sentence.size(), true);
    }
    return out;
  }

  std::string Who(const Story& s, int speaker, bool swedish) const {
    return speaker < 0 ? (swedish ? "en talesperson" : "a spokesperson") : s.speakers[speaker].surname;
  }

  // The sentence around a direct quote: the quote, the speaker, a topic word and a place.
  void DirectContext(const Story& s, Planned& p, bool swedish) {
    p.context_topic = TopicWord(s);
    p.place = static_cast<uint32_t>(rng_.Below(s.places));
    const std::string who = Who(s, p.speaker, swedish);
    if (swedish) {  // a dash paragraph: "– Vi får se, säger Lind."
      static const char* const kVerbs[] = {"säger", "sa", "skriver"};
      if (!p.text.empty() && p.text.back() == '.') p.text.pop_back();
      p.context = "– " + p.text + ", " + kVerbs[rng_.Below(3)] + " " + who + " om " + Form(s, p.context_topic, true) + " i " + s.names[p.place] + ".";
      p.at = std::string_view("– ").size();
    } else {
      static const char* const kVerbs[] = {"said", "says", "told reporters"};
      p.context = "\"" + p.text + "\" " + who + " " + kVerbs[rng_.Below(3)] + " about the " + Form(s, p.context_topic, false) + " in " + s.names[p.place] + ".";
      p.at = 1;
    }
  }

  uint32_t NewUtterance(std::vector<Utterance>& utts, int speaker, std::vector<std::vector<Word>> sentences) {
    utts.push_back({next_utterance_++, speaker, std::move(sentences)});
    return static_cast<uint32_t>(utts.size() - 1);
  }

  // A report of utterance `u`, its text and context still to write.
  static Planned VersionOf(const std::vector<Utterance>& utts, uint32_t u) {
    Planned p;
    p.utterance = u;
    p.id = utts[u].id;
    p.speaker = utts[u].speaker;
    return p;
  }

  // A direct quote of a whole utterance, as an article in one language prints it.
  Planned Direct(const Story& s, const std::vector<Utterance>& utts, uint32_t u, bool swedish) {
    Planned p = VersionOf(utts, u);
    p.text = Render(s, utts[u], swedish);
    DirectContext(s, p, swedish);
    return p;
  }

  // A new utterance of the story and its first report; now and then it shares a few common
  // words with a quote of an unrelated story (a planted negative).
  Planned Fresh(const Story& s, std::vector<Utterance>& utts, size_t sentences, bool swedish, int article, uint32_t slot,
                std::vector<std::pair<End, End>>& negatives) {
    int speaker = static_cast<int>(rng_.Below(s.speakers.size()));
    std::vector<std::vector<Word>> words;
    for (size_t i = 0; i < sentences; ++i) words.push_back(NewSentence(s, sentences > 1 ? rng_.Between(6, 10) : rng_.Between(8, 14)));
    const Recent* borrowed = nullptr;
    if (!recent_quotes_.empty() && rng_.Chance(0.05)) {
      borrowed = &recent_quotes_[rng_.Below(recent_quotes_.size())];
      std::vector<uint32_t> common = borrowed->words;  // lowest vocabulary index: the most frequent (Zipf rank)
      std::sort(common.begin(), common.end());
      common.erase(std::unique(common.begin(), common.end()), common.end());
      common.resize(std::min(common.size(), rng_.Between(2, 3)));
      Plant(words[0], common);
      if (rng_.Chance(0.5)) speaker = -1;
    }
    Planned p = Direct(s, utts, NewUtterance(utts, speaker, std::move(words)), swedish);
    p.original = true;
    if (borrowed) negatives.push_back({End{-1, 0, borrowed->global}, End{article, slot, kUnset}});
    return p;
  }

  Planned CommonPhrase(const Story& s, size_t family, bool swedish) {
    Planned p;
    p.id = next_utterance_++;
    p.speaker = rng_.Chance(0.5) ? static_cast<int>(rng_.Below(s.speakers.size())) : -1;
    p.phrase = static_cast<int>(family);
    p.text = kCommonPhrases[family][swedish];
    DirectContext(s, p, swedish);
    return p;
  }

  // A 5-8 sentence quote; each sentence shares 2-3 words with a short quote of an unrelated story.
  Planned LongQuote(const Story& s, std::vector<Utterance>& utts, int article, uint32_t slot, std::vector<std::pair<End, End>>& negatives) {
    std::vector<std::vector<Word>> sentences;
    for (size_t i = 0, n = rng_.Between(5, 8); i < n; ++i) {
      std::vector<Word> w = NewSentence(s, rng_.Between(8, 10));
      if (!recent_partials_.empty()) {
        const Recent& r = recent_partials_[rng_.Below(recent_partials_.size())];
        std::vector<uint32_t> words = r.words;
        rng_.Shuffle(words);
        words.resize(std::min(words.size(), rng_.Between(2, 3)));
        Plant(w, words);
        negatives.push_back({End{-1, 0, r.global}, End{article, slot, kUnset}});
      }
      sentences.push_back(std::move(w));
    }
    return Direct(s, utts, NewUtterance(utts, static_cast<int>(rng_.Below(s.speakers.size())), std::move(sentences)), false);
  }

  // Content-word positions of a sentence.
  static std::vector<size_t> ContentPositions(const std::vector<Word>& sentence) {
    std::vector<size_t> out;
    for (size_t i = 1; i < sentence.size(); ++i)
      if (sentence[i].type != Word::kFunction) out.push_back(i);
    return out;
  }

  // The source's whole text, with its case and final punctuation changed.
  Planned Copy(const Story& s, const std::vector<Utterance>& utts, const Planned& source) {
    Planned p = VersionOf(utts, source.utterance);
    p.text = Render(s, utts[source.utterance], false);
    p.text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(p.text[0])));
    switch (rng_.Below(3)) {
      case 0: p.text.back() = '!'; break;
      case 1: p.text += ".."; break;
      default: p.text.pop_back(); break;
    }
    DirectContext(s, p, false);
    return p;
  }

  // A 3-5 word run of the source, in a sentence of the writer's own.
  Planned Partial(const Story& s, const std::vector<Utterance>& utts, const Planned& source) {
    const Utterance& u = utts[source.utterance];
    Planned p = VersionOf(utts, source.utterance);
    p.kind = QuoteKind::kPartial;
    p.sentence = static_cast<uint16_t>(rng_.Below(u.sentences.size()));
    const auto& sentence = u.sentences[p.sentence];
    const std::vector<size_t> content = ContentPositions(sentence);
    const size_t run = std::min(content.size(), rng_.Between(3, 5));
    const size_t first = rng_.Below(content.size() - run + 1);
    p.begin = static_cast<uint16_t>(content[first]);
    p.end = static_cast<uint16_t>(content[first + run - 1] + 1);
    p.text = Render(s, sentence, false, p.begin, p.end, false);
    p.context_topic = TopicWord(s);
    p.place = static_cast<uint32_t>(rng_.Below(s.places));
    const std::string head = Who(s, p.speaker, false) + " called the " + Form(s, p.context_topic, false) + " in " + s.names[p.place] + " \"";
    p.at = head.size();
    p.context = head + p.text + "\".";
    return p;
  }

  // 1-2 Swedish words of an English quote; the sentence around them translates the English one.
  Planned Short(const Story& s, const std::vector<Utterance>& utts, const Planned& source) {
    Planned p = VersionOf(utts, source.utterance);
    p.kind = QuoteKind::kPartial;
    const auto& sentence = utts[source.utterance].sentences[0];
    const std::vector<size_t> content = ContentPositions(sentence);
    const size_t run = rng_.Between(1, 2);
    const size_t first = rng_.Below(content.size() - run + 1);
    const size_t begin = content[first], end = content[first + run - 1] + 1;
    p.text = Render(s, sentence, true, begin, end, false);
    std::string head = Who(s, p.speaker, true) + " sa att " + Render(s, sentence, true, 1, begin, false);
    head += head.back() == ' ' ? "”" : " ”";
    p.at = head.size();
    std::string tail = "” " + Render(s, sentence, true, end, sentence.size(), false);
    if (tail.back() != ' ') tail += ' ';
    p.context = head + p.text + tail + "om " + Form(s, source.context_topic, true) + " i " + s.names[source.place] + ".";
    return p;
  }

  // Another utterance of the source's speaker on the story's topic, sharing three of its words.
  Planned SameSpeaker(const Story& s, std::vector<Utterance>& utts, const Planned& source, bool swedish) {
    std::vector<uint32_t> shared;
    for (const Word& w : utts[source.utterance].sentences[0])
      if (w.type == Word::kVocab) shared.push_back(w.index);
    rng_.Shuffle(shared);
    shared.resize(std::min<size_t>(shared.size(), 3));
    std::vector<Word> sentence = NewSentence(s, rng_.Between(8, 14));
    Plant(sentence, shared);
    return Direct(s, utts, NewUtterance(utts, utts[source.utterance].speaker, {std::move(sentence)}), swedish);
  }

  // Plans a story's articles and adds at most `budget` quotes of them to the documents.
  void MakeStory(size_t budget) {
    const Story s = NewStory();
    ++stories;
    std::vector<Utterance> utts;
    std::vector<Article> articles;
    std::vector<std::pair<End, End>> positives, negatives;
    std::vector<Kind> positive_kinds, negative_kinds;
    // English first reports that later articles take versions of, and those of 2-3 sentences.
    std::vector<std::pair<int, uint32_t>> sources, multi;
    const size_t english = rng_.Between(1, 3);
    const double r = rng_.Unit();
    const size_t swedish = r < 0.5 ? 0 : r < 0.8 ? 1 : 2;
    auto label_new_negatives = [&](Kind kind) { negative_kinds.resize(negatives.size(), kind); };
    unsigned phrases_used = 0;  // bit per kCommonPhrases entry

    for (size_t ai = 0; ai < english + swedish; ++ai) {
      const bool sv = ai >= english;
      const int art = static_cast<int>(ai);
      articles.push_back({sv, {}});
      Article& a = articles[ai];  // stable: no article is added until this one is done
      std::vector<std::pair<int, uint32_t>> new_sources, new_multi;  // sources for later articles only
      std::set<uint32_t> reported;  // utterances this article has a version of
      const size_t slots = rng_.Between(8, 12);
      while (a.quotes.size() < slots) {
        const uint32_t slot = static_cast<uint32_t>(a.quotes.size());
        const double roll = rng_.Unit();
        // An article reports an utterance once: a source it already has is no source.
        std::pair<int, uint32_t> src{-1, 0};
        for (size_t tries = 0; tries < 3 && src.first < 0 && !sources.empty(); ++tries) {
          src = sources[rng_.Below(sources.size())];
          if (reported.count(articles[src.first].quotes[src.second].utterance)) src = {-1, 0};
        }
        const Planned* source = src.first < 0 ? nullptr : &articles[src.first].quotes[src.second];
        if (source) reported.insert(source->utterance);
        auto link = [&](Kind kind) {
          positives.push_back({End{src.first, src.second, kUnset}, End{art, slot, kUnset}});
          positive_kinds.push_back(kind);
        };
        if (!source) {
          const size_t sentences = rng_.Chance(0.08) ? rng_.Between(2, 3) : 1;
          a.quotes.push_back(Fresh(s, utts, sentences, sv, art, slot, negatives));
          label_new_negatives(kSharedWords);
          if (!sv) new_sources.push_back({art, slot});
          if (!sv && sentences > 1) new_multi.push_back({art, slot});
        } else if (!sv && roll < 0.30) {
          a.quotes.push_back(Copy(s, utts, *source));
          link(kCopy);
        } else if (!sv && roll < 0.45) {
          a.quotes.push_back(Partial(s, utts, *source));
          link(kPartial);
        } else if (!sv && roll < 0.55 && !multi.empty() && !reported.count(articles[multi.back().first].quotes[multi.back().second].utterance)) {
          const auto [from_art, from_slot] = multi.back();
          multi.pop_back();
          const Planned& whole = articles[from_art].quotes[from_slot];
          reported.insert(whole.utterance);
          for (const auto& sentence : utts[whole.utterance].sentences) {
            Planned p = VersionOf(utts, whole.utterance);
            p.text = Render(s, sentence, false, 0, sentence.size(), true);
            DirectContext(s, p, false);
            positives.push_back({End{from_art, from_slot, kUnset}, End{art, static_cast<uint32_t>(a.quotes.size()), kUnset}});
            positive_kinds.push_back(kSplit);
            a.quotes.push_back(std::move(p));
          }
        } else if (sv && roll < 0.40) {
          a.quotes.push_back(Direct(s, utts, source->utterance, true));
          link(kTranslation);
        } else if (sv && roll < 0.55) {
          a.quotes.push_back(Short(s, utts, *source));
          link(kShort);
        } else if (roll < 0.65 && source->speaker >= 0) {
          a.quotes.push_back(SameSpeaker(s, utts, *source, sv));
          negatives.push_back({End{src.first, src.second, kUnset}, End{art, slot, kUnset}});
          label_new_negatives(kSameSpeaker);
        } else {
          a.quotes.push_back(Fresh(s, utts, 1, sv, art, slot, negatives));
          label_new_negatives(kSharedWords);
        }
      }
      sources.insert(sources.end(), new_sources.begin(), new_sources.end());
      multi.insert(multi.end(), new_multi.begin(), new_multi.end());
      if (ai == 0 && rng_.Chance(0.1)) {
        a.quotes.push_back(LongQuote(s, utts, art, static_cast<uint32_t>(a.quotes.size()), negatives));
        label_new_negatives(kLongQuote);
      }
      // One use of a phrase per story: two in one story could be one utterance reported twice.
      if (rng_.Chance(0.25)) {
        const size_t family = rng_.Below(kCommonPhraseCount);
        if (!(phrases_used & (1u << family))) a.quotes.push_back(CommonPhrase(s, family, sv));
        phrases_used |= 1u << family;
      }
    }

    // Into the documents, each article's quotes in its own order (outlets reorder a story).
    for (size_t ai = 0; ai < articles.size() && budget > 0; ++ai) {
      Article& a = articles[ai];
      std::vector<uint32_t> order(a.quotes.size());
      for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
      if (ai > 0) rng_.Shuffle(order);
      if (order.size() > budget) order.resize(budget);
      budget -= order.size();
      AddDocument(s, a, order);
    }

    auto resolve = [&](const End& e) {
      return e.article < 0 ? e.global : articles[e.article].quotes[e.slot].global;
    };
    for (size_t i = 0; i < positives.size(); ++i) {
      const uint32_t a = resolve(positives[i].first), b = resolve(positives[i].second);
      if (a != kUnset && b != kUnset) pairs.push_back({a, b, positive_kinds[i]});
    }
    for (size_t i = 0; i < negatives.size(); ++i) {
      const uint32_t a = resolve(negatives[i].first), b = resolve(negatives[i].second);
      if (a != kUnset && b != kUnset) pairs.push_back({a, b, negative_kinds[i]});
    }
    // Common phrases: each pairs with the phrase's last use in an earlier story, in either language.
    uint32_t last_here[kCommonPhraseCount];
    std::copy(std::begin(last_phrase_), std::end(last_phrase_), std::begin(last_here));
    for (const Article& a : articles)
      for (const Planned& p : a.quotes) {
        if (p.phrase < 0 || p.global == kUnset) continue;
        if (last_phrase_[p.phrase] != kUnset) pairs.push_back({last_phrase_[p.phrase], p.global, kCommonPhrase});
        last_here[p.phrase] = p.global;
      }
    std::copy(std::begin(last_here), std::end(last_here), std::begin(last_phrase_));

    // Words later stories' traps borrow: English partial quotes, and first reports.
    for (const Article& a : articles)
      for (const Planned& p : a.quotes) {
        if (p.global == kUnset || p.phrase >= 0) continue;
        const bool partial = p.kind == QuoteKind::kPartial && !a.swedish;
        if (!partial && !p.original) continue;
        Recent r{p.global, {}};
        const auto& sentence = utts[p.utterance].sentences[p.sentence];
        for (size_t i = partial ? p.begin : 0; i < (partial ? p.end : sentence.size()); ++i)
          if (sentence[i].type == Word::kVocab) r.words.push_back(sentence[i].index);
        if (r.words.size() < 2) continue;
        auto& ring = partial ? recent_partials_ : recent_quotes_;
        size_t& next = partial ? next_partial_ : next_quote_;
        if (ring.size() < kRecent) ring.push_back(std::move(r));
        else ring[next++ % kRecent] = std::move(r);
      }
  }

  // Appends the article's quotes in `order` as a document. Its story words are, as the engine
  // gives them, the article's words outside quotes: the lead's (the story's names, number and
  // people, topic words and a few general ones), then those of the sentences around its quotes.
  void AddDocument(const Story& s, Article& a, const std::vector<uint32_t>& order) {
    if (order.empty()) return;
    quoth::DocumentResult d;
    d.id = "d" + std::to_string(docs.size());
    d.lang = a.swedish ? "sv" : "en";
    std::vector<int> entity_of(s.speakers.size(), -1);
    size_t pos = 0;
    d.quotes.reserve(order.size());
    for (uint32_t slot : order) {
      Planned& p = a.quotes[slot];
      quoth::Quote q;
      q.id = d.id + ".q" + std::to_string(d.quotes.size());
      q.kind = p.kind;
      q.context = {pos, pos + p.context.size()};
      q.span = {pos + p.at, pos + p.at + p.text.size()};
      q.line = d.quotes.size() + 1;
      q.confidence = 0.9;
      pos += p.context.size() + 1;
      if (p.speaker >= 0) {
        int& e = entity_of[p.speaker];
        if (e < 0) {
          e = static_cast<int>(d.speakers.size());
          quoth::Entity entity;
          entity.id = d.id + ".s" + std::to_string(e);
          entity.name = s.speakers[p.speaker].first + " " + s.speakers[p.speaker].surname;
          d.speakers.push_back(std::move(entity));
        }
        quoth::SpeakerRef ref;
        ref.name = d.speakers[e].name;
        ref.mention = s.speakers[p.speaker].surname;
        ref.method = quoth::AttributionMethod::kExplicit;
        ref.confidence = 0.9;
        ref.entity_id = d.speakers[e].id;
        q.speaker = std::move(ref);
      }
      // Built by appending, the strings hold spare capacity: at a million quotes that is hundreds of MB.
      p.text.shrink_to_fit();
      p.context.shrink_to_fit();
      q.text = std::move(p.text);
      q.context_text = std::move(p.context);
      p.global = static_cast<uint32_t>(utterance_of.size());
      utterance_of.push_back(p.id);
      d.quotes.push_back(std::move(q));
    }
    d.bytes = pos;
    d.lines = d.quotes.size();

    std::vector<std::string> lead;
    for (const auto& name : s.names) lead.push_back(name);
    for (const auto& person : s.speakers) {
      lead.push_back(person.first);
      lead.push_back(person.surname);
    }
    for (size_t i = 0; i < 16; ++i) lead.push_back(Form(s, TopicWord(s), a.swedish));
    for (size_t i = 0; i < 4; ++i) lead.push_back(Form(s, {Word::kVocab, static_cast<uint32_t>(GeneralWord())}, a.swedish));
    auto add_word = [&](std::string_view w) {
      if (w.size() < 2 || d.story_words.size() >= 400) return;
      std::string lower(w);
      for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (stopwords_.count(lower) || !seen_words_.insert(lower).second) return;
      d.story_words.push_back(std::move(lower));
    };
    seen_words_.clear();
    for (const auto& w : lead) add_word(w);
    // Words: letters, digits, UTF-8 letters (not the punctuation block E2 80 xx), inner apostrophes.
    auto add_words = [&](std::string_view t) {
      size_t start = 0;
      for (size_t i = 0; i <= t.size(); ++i) {
        const unsigned char c = i < t.size() ? static_cast<unsigned char>(t[i]) : ' ';
        const bool punct_block = c == 0xE2 && i + 1 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x80;
        if (punct_block) {
          if (i > start) add_word(t.substr(start, i - start));
          i += 2;
          start = i + 1;
          continue;
        }
        const bool letter = std::isalnum(c) || c >= 0x80 || (c == '\'' && i > start && i + 1 < t.size() && std::isalpha(static_cast<unsigned char>(t[i + 1])));
        if (!letter) {
          if (i > start) add_word(t.substr(start, i - start));
          start = i + 1;
        }
      }
    };
    for (const auto& q : d.quotes) {
      const std::string_view t = q.context_text;
      const size_t at = q.span.start - q.context.start;
      add_words(t.substr(0, at));
      add_words(t.substr(at + q.text.size()));
    }
    d.story_words.shrink_to_fit();
    docs.push_back(std::move(d));
  }

  const Vocab& vocab_;
  Random rng_;
  uint32_t next_utterance_ = 0;
  std::vector<Recent> recent_quotes_, recent_partials_;
  size_t next_quote_ = 0, next_partial_ = 0;
  uint32_t last_phrase_[kCommonPhraseCount] = {kUnset, kUnset, kUnset, kUnset};
  std::unordered_set<std::string> seen_words_;
  // The function words we write, left out of story words as the engine leaves out stopwords.
  const std::unordered_set<std::string> stopwords_ = [] {
    std::unordered_set<std::string> out{"the", "about", "in", "om", "en"};
    for (const auto& f : kFunctionWords) out.insert({f[0], f[1]});
    return out;
  }();
  const std::vector<std::array<std::string, 2>> function_forms_ = [] {
    std::vector<std::array<std::string, 2>> out;
    for (const auto& f : kFunctionWords) out.push_back({f[0], f[1]});
    return out;
  }();
};

double Ratio(size_t a, size_t b) { return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0; }

}  // namespace

int main(int argc, char** argv) {
  size_t n = 1000000;
  uint64_t seed = 7;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quotes" && i + 1 < argc) n = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--stages") {
      quoth::SetLogHandler([](quoth::LogLevel, std::string_view m) { std::fprintf(stderr, "%.*s\n", static_cast<int>(m.size()), m.data()); },
                           quoth::LogLevel::kDebug);
    } else if (a == "--help") {
      std::printf("usage: quoth_link_bench [--quotes N] [--seed S] [--stages]\n"
                  "  --quotes N  quotes to generate (default 1000000)\n"
                  "  --seed S    random seed (default 7); one seed, one set of documents and counts\n"
                  "  --stages    print each linking stage's time and memory (the linker's debug log)\n"
                  "QUOTH_BENCH_SHOW=1 prints the largest cluster.\n");
      return 0;
    } else {
      std::fprintf(stderr, "quoth_link_bench: unknown argument %s (try --help)\n", a.c_str());
      return 2;
    }
  }
  auto rules = quoth::RuleSet::Load();
  if (!rules.ok()) { std::fprintf(stderr, "%s\n", rules.status().ToString().c_str()); return 1; }
  auto linker = quoth::Linker::Create(*rules);
  if (!linker.ok()) { std::fprintf(stderr, "%s\n", linker.status().ToString().c_str()); return 1; }
  const Vocab vocab = ReadVocabulary(quoth::DefaultLexiconPath(), 40000);
  if (vocab.size() < 1000) { std::fprintf(stderr, "quoth_link_bench: the lexicon is missing or too small\n"); return 1; }

  const auto generation_start = std::chrono::steady_clock::now();
  Generator gen(vocab, seed);
  gen.Generate(n);
  const double generation_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - generation_start).count();
  std::vector<quoth::DocumentResult>& docs = gen.docs;
  const long generated_kb = PeakRssKb();  // the documents (and the lexicon), before linking

  const auto start = std::chrono::steady_clock::now();
  const auto clusters = linker->Link(docs);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // Quotes by global index: "d12.q3" is quote 3 of the 13th document.
  std::vector<uint32_t> first_quote(docs.size() + 1, 0);
  for (size_t d = 0; d < docs.size(); ++d) first_quote[d + 1] = first_quote[d] + static_cast<uint32_t>(docs[d].quotes.size());
  auto global_of = [&](const std::string& id) {
    const char* dot = std::strchr(id.c_str(), '.');
    return first_quote[std::strtoul(id.c_str() + 1, nullptr, 10)] + static_cast<uint32_t>(std::strtoul(dot + 2, nullptr, 10));
  };
  auto quote_at = [&](uint32_t global) -> const quoth::Quote& {
    const size_t d = static_cast<size_t>(std::upper_bound(first_quote.begin(), first_quote.end(), global) - first_quote.begin()) - 1;
    return docs[d].quotes[global - first_quote[d]];
  };
  std::vector<uint32_t> cluster_of(gen.utterance_of.size(), kUnset);
  for (uint32_t c = 0; c < clusters.size(); ++c)
    for (const auto& id : clusters[c].quote_ids) cluster_of[global_of(id)] = c;
  size_t found[kKindCount] = {}, total[kKindCount] = {};
  for (const Pair& p : gen.pairs) {
    ++total[p.kind];
    found[p.kind] += cluster_of[p.a] != kUnset && cluster_of[p.a] == cluster_of[p.b];
  }
  size_t positives = 0, positives_found = 0, negatives = 0, negatives_linked = 0;
  for (size_t k = 0; k < kKindCount; ++k) {
    (k < kPositiveKinds ? positives : negatives) += total[k];
    (k < kPositiveKinds ? positives_found : negatives_linked) += found[k];
  }
  // A clustered quote has a planted reason when another version of its utterance is in its
  // cluster; pairs of members that say different things are false links, planted or not.
  std::vector<std::pair<uint32_t, uint32_t>> members;  // (cluster, utterance)
  for (size_t i = 0; i < cluster_of.size(); ++i)
    if (cluster_of[i] != kUnset) members.push_back({cluster_of[i], gen.utterance_of[i]});
  std::sort(members.begin(), members.end());
  size_t no_reason = 0, false_pairs = 0;
  for (size_t i = 0, j; i < members.size(); i = j) {
    size_t size = 0, same = 0;
    for (j = i; j < members.size() && members[j].first == members[i].first;) {
      size_t k = j;
      while (k < members.size() && members[k] == members[j]) ++k;
      const size_t run = k - j;
      no_reason += run == 1;
      same += run * (run - 1) / 2;
      size += run;
      j = k;
    }
    false_pairs += size * (size - 1) / 2 - same;
  }
  // The cluster links that join different utterances, by what they rest on.
  std::map<std::string, std::pair<size_t, size_t>> links_by_basis;  // basis -> (false, all)
  for (const auto& c : clusters)
    for (const auto& l : c.links) {
      auto& [wrong, all] = links_by_basis[l.relation + ", " + l.basis];
      ++all;
      wrong += gen.utterance_of[global_of(l.from)] != gen.utterance_of[global_of(l.to)];
    }
  size_t largest = 0;
  for (const auto& c : clusters) largest = std::max(largest, c.quote_ids.size());

  std::printf("quotes        %zu in %zu documents, %zu stories (generated in %.1f s)\n", gen.utterance_of.size(), docs.size(),
              gen.stories, generation_seconds);
  std::printf("planted       %zu links, %zu negative pairs\n", positives, negatives);
  std::printf("link time     %.1f s (%u hardware threads)\n", seconds, std::thread::hardware_concurrency());
  std::printf("peak RSS      %.0f MB (%.0f MB before Link)\n", static_cast<double>(PeakRssKb()) / 1024.0,
              static_cast<double>(generated_kb) / 1024.0);
  std::printf("recall        %.3f of planted links (%zu of %zu)\n", Ratio(positives_found, positives), positives_found, positives);
  for (size_t k = 0; k < kPositiveKinds; ++k)
    std::printf("  %-13s %.3f (%zu of %zu)\n", kKindNames[k], Ratio(found[k], total[k]), found[k], total[k]);
  std::printf("precision     %.3f (planted links found / (found + negative pairs linked))\n",
              Ratio(positives_found, positives_found + negatives_linked));
  std::printf("negative pairs linked: %zu of %zu\n", negatives_linked, negatives);
  for (size_t k = kPositiveKinds; k < kKindCount; ++k)
    std::printf("  %-13s %zu of %zu\n", kKindNames[k], found[k], total[k]);
  std::printf("clusters      %zu (largest %zu quotes); quotes clustered without a planted reason: %zu;\n"
              "              member pairs of different utterances: %zu\n",
              clusters.size(), largest, no_reason, false_pairs);
  std::printf("false links   (joining different utterances, of all cluster links)\n");
  for (const auto& [basis, counts] : links_by_basis) std::printf("  %-24s %zu of %zu\n", basis.c_str(), counts.first, counts.second);
  if (std::getenv("QUOTH_BENCH_SHOW"))
    for (const auto& c : clusters)
      if (c.quote_ids.size() == largest) {
        for (size_t i = 0; i < c.quote_ids.size() && i < 12; ++i)
          std::printf("  %-12s %s\n", c.quote_ids[i].c_str(), quote_at(global_of(c.quote_ids[i])).text.c_str());
        for (size_t i = 0; i < c.links.size() && i < 12; ++i)
          std::printf("  link %s %s %.2f %s, %s\n", c.links[i].from.c_str(), c.links[i].to.c_str(), c.links[i].score,
                      c.links[i].relation.c_str(), c.links[i].basis.c_str());
        break;
      }
  return 0;
}
