// quoth_bench: how fast is quote extraction, and how far is it from the cost of merely
// finding quote marks?
//
// It generates a deterministic news-like corpus in memory (invented English and Swedish
// text, ~85% English by bytes, split into ~4 KB documents, ~2.5 quotes per KB like real
// political news; --narrative changes the density), or reads the articles given on the
// command line, then measures on one thread, best of N runs, each on a fresh thread:
//   extraction  Engine::Extract (lang "auto": detection, quote finding, attribution) over
//               every document;
//   bare RE2    one RE2 scan for quote-mark spans over the same bytes, concatenated: the
//               ceiling that no extractor built on RE2 can beat.
// The ratio extraction/bare says how much of the time goes into everything beyond finding
// the marks. Peak RSS (VmHWM) is read after extraction, before the corpus is copied for the
// scan. MB means 2^20 bytes throughout.
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

// quoth's public API only; RE2 is used directly for the bare scan, the yardstick, not to reach
// quoth's internals.
#include "quoth/engine.h"
#include "quoth/rules.h"

namespace {

constexpr double kMB = 1 << 20;
constexpr uint32_t kSeed = 20240611;
constexpr double kSwedishShare = 0.15;  // of corpus bytes
// Share of paragraphs that are narrative only (no quote). Real news has them between its
// quotes: at the default the corpus holds ~2.5 quotes per KB, which is what quoth finds in
// the densest real set measured (political news; translated news ~1.9, Swedish news ~1.4).
constexpr double kDefaultNarrativeShare = 0.65;
constexpr size_t kMinDocBytes = 3 << 10, kMaxDocBytes = 5 << 10;

// ---------------------------------------------------------------------------------------
// Corpus: templates whose {keys} expand to words of one language (see Writer::Emit).

using Words = std::vector<std::string_view>;

struct Language {
  Words male_names, female_names, surnames, places, orgs, topics, roles, days;
  std::string_view he, she;
  Words headlines, paragraphs, narratives, fillers, quotes, questions, partials;
};

const Language& English() {
  static const Language lang{
      .male_names = {"Daniel", "Marcus", "Owen", "Victor", "Hugo", "Felix", "Tobias", "Declan"},
      .female_names = {"Clara", "Nadia", "Ruth", "Helen", "Imogen", "Tessa", "Priya", "Grace"},
      .surnames = {"Whitlock", "Marsh", "Okafor", "Brennan", "Halvorsen", "Pryce", "Castellan",
                   "Doyle", "Fairbairn", "Mendel", "Ashby", "Kowal"},
      .places = {"Eastmoor", "Calloway Bay", "Redfern Hollow", "Port Alder", "Millbrook", "Stanwick"},
      .orgs = {"Harbour Council", "Eastmoor Transit Authority", "Alder Valley Schools Board",
               "Regional Water Board", "Millbrook Chamber of Commerce"},
      .topics = {"bridge repairs", "ferry contract", "school merger", "rail extension",
                 "flood barrier", "housing plan", "budget"},
      .roles = {"mayor", "director", "spokesperson", "treasurer", "chief engineer", "councillor"},
      .days = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"},
      .he = "he",
      .she = "she",
      .headlines = {"{place} votes on {topic} as costs climb", "Delays hit {topic} in {place}",
                    R"({surname} on {topic}: "It has {partial}")", "{org} under pressure over {topic}"},
      .paragraphs = {
          R"("{quote}," {name} said. {filler})",
          R"("{quote}," said {name}, the {role} of the {org}.)",
          "{name} told reporters: “{quote}.”",
          R"({name}, the {org}'s {role}, said the {topic} has "{partial}." {filler})",
          "{name} spoke after the vote in {place}. “{quote},” {pron} said. “{quote}.”",
          R"("{quote}," {surname} added. "{quote}.")",
          R"({surname} said the plan had "{partial}" and that the {org} would review it by {day}.)",
          R"("{question}?" asked {name}, who has lived in {place} for {n} years.)",
      },
      .narratives = {"{filler} {filler}", "{filler} {filler} {filler}", "{filler} {filler} {filler} {filler}"},
      .fillers = {
          "The {org} has been under pressure since the ’90s, when the first plans were drawn up.",
          "Residents in {place} don't expect a decision before {day}.",
          "{other}'s office declined to comment on the {topic}.",
          "Turnout at the meeting was {n} percent higher than last year.",
          "Critics say the {topic} hasn't delivered what was promised.",
          "The vote is scheduled for {day}, and officials won't say how it will go.",
          "It's the third attempt to revive the {topic} in {n} years.",
          "Shops along the harbour front closed early on {day}.",
      },
      .quotes = {
          "We don't have the money for the {topic} this year",
          "Nobody in {place} asked for this",
          "I've spoken to families who can't wait another {n} months",
          "The {topic} is the right plan, and we intend to finish it",
          "This isn't about politics, it's about safety",
          "We were told the numbers would add up, and they didn't",
          "If the {org} won't act, then the town will",
          "People here remember the floods of the ’90s",
          "It's the {org}'s job to fix this, not ours",
          "We'll publish every figure by {day}",
      },
      .questions = {"Who is going to pay for the {topic}", "Why did nobody ask the people of {place}",
                    "What happens if the money runs out by {day}"},
      .partials = {"stalled", "gone nowhere", "fallen years behind", "run out of money",
                   "lost the public's trust", "been a serious mistake"},
  };
  return lang;
}

const Language& Swedish() {
  static const Language lang{
      .male_names = {"Erik", "Lars", "Johan", "Nils", "Olof", "Mattias", "Gustav"},
      .female_names = {"Anna", "Karin", "Elin", "Sara", "Maja", "Ingrid", "Linnea"},
      .surnames = {"Berg", "Holm", "Lindqvist", "Ek", "Sandberg", "Nyström", "Åkesson", "Lövgren", "Falk"},
      .places = {"Norrvik", "Åsby", "Storbacka", "Lillmora", "Västerhamn"},
      .orgs = {"kommunstyrelsen", "hamnbolaget", "regionen", "byggnadsnämnden"},
      .topics = {"bron", "färjeavtalet", "skolsammanslagningen", "järnvägsbygget", "budgeten"},
      .roles = {"kommunalrådet", "ordföranden", "presschefen", "projektledaren", "ekonomen"},
      .days = {"måndag", "tisdag", "onsdag", "torsdag", "fredag"},
      .he = "han",
      .she = "hon",
      .headlines = {"Nytt besked om {topic} i {place}", "Kritik mot {org} efter förseningar",
                    "{surname}: ”Arbetet har {partial}”"},
      .paragraphs = {
          "– {quote}, säger {name}.",
          "– {quote}. {quote}, säger {pron}.",
          "– {quote}, säger {role} {name}.",
          "– {question}? frågar {surname}.",
          "”{quote}”, skriver {name} i ett pressmeddelande.",
          "{name}, {role} i {place}, menar att arbetet har ”{partial}”.",
      },
      .narratives = {"{filler} {filler}", "{filler} {filler} {filler}"},
      .fillers = {
          "Beslutet om {topic} väntas komma på {day}.",
          "Invånarna i {place} har väntat i {n} år.",
          "{other} har inte velat kommentera uppgifterna.",
          "Kostnaderna har ökat med {n} procent sedan i fjol.",
          "Mötet i {place} drog ut på tiden och avslutades först sent på kvällen.",
          "Frågan har varit uppe i {org} flera gånger tidigare.",
      },
      .quotes = {
          "Vi har inte råd med det här i år",
          "Ingen i {place} har bett om det här",
          "Det här handlar inte om politik, det handlar om säkerhet",
          "Vi måste fatta ett beslut före sommaren",
          "Jag förstår att folk är oroliga",
          "Vi ska redovisa alla siffror på {day}",
          "Det har tagit {n} år och nu får det räcka",
      },
      .questions = {"Vem ska betala för {topic}", "Varför har ingen frågat folk i {place}",
                    "Vad händer om pengarna tar slut på {day}"},
      .partials = {"gått i stå", "dragit ut på tiden", "blivit ett misstag", "kommit på rätt spår"},
  };
  return lang;
}

struct Person {
  std::string_view first, last, role;
  bool female = false;
};

// Writes documents in one language: each has a headline, a cast of three people, and one
// place, organisation and topic; every paragraph gives the floor to one of the cast.
// Draws use `rng() % n` rather than std:: distributions, whose output varies between
// standard libraries, so the corpus is the same everywhere.
class Writer {
 public:
  Writer(const Language& lang, std::mt19937& rng, double narrative_share)
      : lang_(lang), rng_(rng), narrative_permille_(static_cast<uint32_t>(narrative_share * 1000)) {}

  std::string Document(size_t target_bytes) {
    place_ = Pick(lang_.places);
    org_ = Pick(lang_.orgs);
    topic_ = Pick(lang_.topics);
    for (Person& person : cast_) person = NewPerson();
    speaker_ = cast_[0];
    std::string doc;
    Expand(Pick(lang_.headlines), doc);
    while (doc.size() < target_bytes) {
      speaker_ = cast_[rng_() % cast_.size()];
      doc += "\n\n";
      if (rng_() % 1000 < narrative_permille_) Expand(Pick(lang_.narratives), doc);
      else Expand(Pick(lang_.paragraphs), doc);
    }
    doc += '\n';
    return doc;
  }

 private:
  std::string_view Pick(const Words& words) { return words[rng_() % words.size()]; }

  Person NewPerson() {
    bool female = rng_() % 2;
    return {Pick(female ? lang_.female_names : lang_.male_names), Pick(lang_.surnames),
            Pick(lang_.roles), female};
  }

  void Expand(std::string_view text, std::string& out) {
    for (size_t open; (open = text.find('{')) != std::string_view::npos;) {
      size_t close = text.find('}', open);
      out.append(text.substr(0, open));
      Emit(text.substr(open + 1, close - open - 1), out);
      text.remove_prefix(close + 1);
    }
    out.append(text);
  }

  void Emit(std::string_view key, std::string& out) {
    if (key == "name") out.append(speaker_.first).append(" ").append(speaker_.last);
    else if (key == "surname") out.append(speaker_.last);
    else if (key == "pron") out.append(speaker_.female ? lang_.she : lang_.he);
    else if (key == "role") out.append(speaker_.role);
    else if (key == "other") { Person other = NewPerson(); out.append(other.first).append(" ").append(other.last); }
    else if (key == "place") out.append(place_);
    else if (key == "org") out.append(org_);
    else if (key == "topic") out.append(topic_);
    else if (key == "day") out.append(Pick(lang_.days));
    else if (key == "n") out.append(std::to_string(2 + rng_() % 97));
    else if (key == "quote") Expand(Pick(lang_.quotes), out);
    else if (key == "question") Expand(Pick(lang_.questions), out);
    else if (key == "partial") Expand(Pick(lang_.partials), out);
    else if (key == "filler") Expand(Pick(lang_.fillers), out);
    else throw std::logic_error("bench template uses unknown key {" + std::string(key) + "}");
  }

  const Language& lang_;
  std::mt19937& rng_;
  uint32_t narrative_permille_;
  std::array<Person, 3> cast_;
  Person speaker_;
  std::string_view place_, org_, topic_;
};

struct Corpus {
  std::vector<std::string> en, sv;
  size_t en_bytes = 0, sv_bytes = 0;
  size_t bytes() const { return en_bytes + sv_bytes; }
};

// Adds documents, Swedish whenever Swedish is below its share, until `target_bytes`.
Corpus MakeCorpus(size_t target_bytes, double narrative_share) {
  std::mt19937 rng(kSeed);
  Writer english(English(), rng, narrative_share), swedish(Swedish(), rng, narrative_share);
  Corpus corpus;
  while (corpus.bytes() < target_bytes) {
    bool sv = corpus.sv_bytes < kSwedishShare * corpus.bytes();
    std::string doc = (sv ? swedish : english).Document(kMinDocBytes + rng() % (kMaxDocBytes - kMinDocBytes));
    (sv ? corpus.sv_bytes : corpus.en_bytes) += doc.size();
    (sv ? corpus.sv : corpus.en).push_back(std::move(doc));
  }
  return corpus;
}

// ---------------------------------------------------------------------------------------
// Measurements.

// Each run starts on a fresh thread: quoth's memos are per thread, so every run begins with
// them empty, as a process that reads a batch once does, and a later run cannot profit from
// the texts an earlier run already saw.
template <typename F>
double BestSeconds(int runs, F&& run) {
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < runs; ++i) {
    double seconds = 0;
    std::thread([&] {
      auto start = std::chrono::steady_clock::now();
      run();
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }).join();
    best = std::min(best, seconds);
  }
  return best;
}

struct Extraction {
  size_t quotes = 0;
  size_t attributed = 0;   // quotes with a speaker
  size_t misdetected = 0;  // documents whose detected language is not the one written
};

quoth::Status ExtractDocs(const quoth::Engine& engine, const std::vector<std::string>& docs,
                          std::string_view lang, Extraction& totals) {
  for (const std::string& doc : docs) {
    auto result = engine.Extract(doc, "bench", "d0");
    if (!result.ok()) return result.status();
    totals.quotes += result->quotes.size();
    for (const quoth::Quote& quote : result->quotes) totals.attributed += quote.speaker.has_value();
    totals.misdetected += result->lang != lang;
  }
  return quoth::Status::Ok();
}

// Every span between a pair of quote marks on one line.
size_t CountQuoteSpans(const RE2& spans, const std::string& text) {
  re2::StringPiece input(text);
  size_t count = 0;
  while (RE2::FindAndConsume(&input, spans)) ++count;
  return count;
}

// Peak resident set size in kB (VmHWM), or 0 when /proc/self/status has none.
long PeakRssKb() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}

// ---------------------------------------------------------------------------------------
// Command line and report.

struct Args {
  size_t mb = 16;
  int runs = 3;
  double narrative = kDefaultNarrativeShare;
  std::vector<std::string> files;  // measure on these instead of the generated corpus
  bool link_evidence = false;  // EngineOptions::link_evidence: extraction as done for linking
  bool json = false;
  bool help = false;
};

constexpr const char* kUsage =
    "usage: quoth_bench [--mb N] [--narrative S] [--runs N] [--link-evidence] [--json] [FILE...]\n"
    "\n"
    "Generates an N MB news-like corpus (85% English, 15% Swedish, ~4 KB documents) and\n"
    "measures, single-threaded and best of N runs: quoth extraction throughput (lang auto) and\n"
    "a bare RE2 quote-mark scan over the same bytes, the ceiling for comparison. With FILEs,\n"
    "measures on those articles instead (each file one document, language detected).\n"
    "\n"
    "  --mb N    corpus size in MB (2^20 bytes), 1 to 4096; default 16\n"
    "  --narrative S  share of paragraphs without quotes, 0 to 0.95; default 0.65\n"
    "  --runs N  timed runs, the best is kept; 1 to 100, default 3\n"
    "  --link-evidence  also collect what linking compares (the sentence around each quote, each\n"
    "            article's story words), as the CLI does when it links\n"
    "  --json    print the figures as one JSON line\n"
    "  --help    print this text\n";

// Reads `text` as a whole number in [lo, hi] into *out; else says so for `flag` and fails.
template <typename T>
bool ParseWhole(const char* flag, const char* text, T lo, T hi, T* out) {
  const std::string_view value = text;
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), *out);
  if (error == std::errc() && end == value.data() + value.size() && *out >= lo && *out <= hi) return true;
  std::fprintf(stderr, "quoth_bench: %s takes a whole number from %lld to %lld, not '%s'\n", flag,
               static_cast<long long>(lo), static_cast<long long>(hi), text);
  return false;
}

std::optional<Args> ParseArgs(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      args.help = true;
    } else if (arg == "--json") {
      args.json = true;
    } else if (arg == "--mb" && i + 1 < argc) {
      if (!ParseWhole<size_t>("--mb", argv[++i], 1, 4096, &args.mb)) return std::nullopt;
    } else if (arg == "--narrative" && i + 1 < argc) {
      char* end = nullptr;
      args.narrative = std::strtod(argv[++i], &end);
      if (*end != '\0' || !(args.narrative >= 0 && args.narrative <= 0.95)) {
        std::fprintf(stderr, "quoth_bench: --narrative takes a share from 0 to 0.95, not '%s'\n", argv[i]);
        return std::nullopt;
      }
    } else if (arg == "--link-evidence") {
      args.link_evidence = true;
    } else if (arg == "--runs" && i + 1 < argc) {
      if (!ParseWhole<int>("--runs", argv[++i], 1, 100, &args.runs)) return std::nullopt;
    } else if (!arg.empty() && arg[0] != '-') {
      args.files.emplace_back(arg);
    } else {
      std::fprintf(stderr, "quoth_bench: unknown or incomplete argument '%s'\n%s", argv[i], kUsage);
      return std::nullopt;
    }
  }
  return args;
}

struct Figures {
  size_t bytes = 0, en_bytes = 0, sv_bytes = 0;
  size_t docs_en = 0, docs_sv = 0;
  int runs = 0;
  Extraction extraction;
  double extract_seconds = 0;
  size_t bare_spans = 0;
  double bare_seconds = 0;
  long peak_rss_kb = 0;

  double extract_mb_s() const { return bytes / kMB / extract_seconds; }
  double bare_mb_s() const { return bytes / kMB / bare_seconds; }
  double ratio() const { return extract_mb_s() / bare_mb_s(); }
};

void PrintText(const Figures& f) {
  const Extraction& e = f.extraction;
  std::printf("corpus       %.1f MB (%.1f en, %.1f sv), %zu docs (%zu en, %zu sv)\n", f.bytes / kMB,
              f.en_bytes / kMB, f.sv_bytes / kMB, f.docs_en + f.docs_sv, f.docs_en, f.docs_sv);
  std::printf("quotes       %zu found (%.2f per KB), %zu with speaker (%.1f%%)\n", e.quotes,
              e.quotes / (f.bytes / 1024.0), e.attributed, e.quotes ? 100.0 * e.attributed / e.quotes : 0.0);
  if (e.misdetected) std::printf("warning      %zu documents detected as the wrong language\n", e.misdetected);
  std::printf("extraction   %8.2f MB/s  (lang auto, 1 thread, best of %d)\n", f.extract_mb_s(), f.runs);
  std::printf("bare RE2     %8.2f MB/s  (%zu quote-mark spans)\n", f.bare_mb_s(), f.bare_spans);
  std::printf("ratio        %.4f (extraction / bare)\n", f.ratio());
  std::printf("peak RSS     %.1f MB (after extraction)\n", f.peak_rss_kb / 1024.0);
}

void PrintJson(const Figures& f) {
  const Extraction& e = f.extraction;
  std::printf(
      "{\"corpus_mb\":%.2f,\"docs\":%zu,\"docs_en\":%zu,\"docs_sv\":%zu,\"quotes\":%zu,\"quotes_per_kb\":%.3f,"
      "\"quotes_with_speaker\":%zu,\"lang_misdetected\":%zu,\"extract_mb_s\":%.3f,"
      "\"bare_re2_mb_s\":%.3f,\"bare_re2_spans\":%zu,\"ratio\":%.5f,\"peak_rss_mb\":%.1f}\n",
      f.bytes / kMB, f.docs_en + f.docs_sv, f.docs_en, f.docs_sv, e.quotes, e.quotes / (f.bytes / 1024.0), e.attributed, e.misdetected,
      f.extract_mb_s(), f.bare_mb_s(), f.bare_spans, f.ratio(), f.peak_rss_kb / 1024.0);
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<Args> args = ParseArgs(argc, argv);
  if (!args) return 2;
  if (args->help) {
    std::fputs(kUsage, stdout);
    return 0;
  }

  auto rules = quoth::RuleSet::Load();
  if (!rules.ok()) {
    std::fprintf(stderr, "quoth_bench: %s\n", rules.status().ToString().c_str());
    return 1;
  }
  quoth::EngineOptions options;
  options.lang = "auto";
  options.link_evidence = args->link_evidence;
  const quoth::Engine engine(*rules, options);

  Corpus corpus;
  if (args->files.empty()) {
    corpus = MakeCorpus(args->mb << 20, args->narrative);
  } else {
    for (const std::string& path : args->files) {
      std::ifstream in(path, std::ios::binary);
      if (!in) {
        std::fprintf(stderr, "quoth_bench: cannot read %s\n", path.c_str());
        return 1;
      }
      std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const bool sv = quoth::DetectLanguage(doc, *rules) == "sv";
      (sv ? corpus.sv_bytes : corpus.en_bytes) += doc.size();
      (sv ? corpus.sv : corpus.en).push_back(std::move(doc));
    }
  }
  Figures f{.bytes = corpus.bytes(), .en_bytes = corpus.en_bytes, .sv_bytes = corpus.sv_bytes,
            .docs_en = corpus.en.size(), .docs_sv = corpus.sv.size(), .runs = args->runs};

  quoth::Status status;
  f.extract_seconds = BestSeconds(args->runs, [&] {
    f.extraction = {};
    status = ExtractDocs(engine, corpus.en, "en", f.extraction);
    if (status.ok()) status = ExtractDocs(engine, corpus.sv, "sv", f.extraction);
  });
  if (!status.ok()) {
    std::fprintf(stderr, "quoth_bench: extraction failed: %s\n", status.ToString().c_str());
    return 1;
  }
  f.peak_rss_kb = PeakRssKb();

  std::string joined;
  joined.reserve(corpus.bytes());
  for (const auto* docs : {&corpus.en, &corpus.sv})
    for (const std::string& doc : *docs) joined += doc;
  const RE2 spans(R"("[^"\n]*"|[“”][^”\n]*”|‘[^’\n]*’|«[^»\n]*»)");
  f.bare_seconds = BestSeconds(args->runs, [&] { f.bare_spans = CountQuoteSpans(spans, joined); });

  (args->json ? PrintJson : PrintText)(f);
  return 0;
}
