// A language's rule pack as loaded: what the YAML files said, merged over layers
// (rule_loader.cc), before anything is compiled. CompileLanguage (pattern_compiler.h) turns it
// into LanguageRules (compiled_rules.h).
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/rules/position.h"
#include "engine/rules/sieve.h"
#include "engine/text/word_set.h"
#include "quoth/types.h"

namespace quoth::detail {

struct SourceLocation {
  std::string file;
  size_t line = 0;    // 1-based
  size_t column = 0;  // 1-based
};

struct QuoteMarkPair {
  std::string open;
  std::string close;
  std::string family;  // marks of one family pair with each other ("double", "single", ...)
};

struct RuleExample {
  std::string text;
  std::string speaker;  // the expected speaker mention, or empty
  std::string quote;    // the expected quote text, or empty
  SourceLocation where;
};

struct AttributionPattern {
  std::string id;
  Position position = Position::kAfter;
  std::string source;  // as the editor wrote it; compiled: RuleMatcher::pattern()
  double confidence = 0.9;
  std::vector<RuleExample> examples;
  SourceLocation where;
  size_t loaded = 0;  // 1 for the first rule the load read, 2 for the next, ...: later layers count later
};

struct NotSpeechRule {
  std::string id;
  QuoteKind kind = QuoteKind::kScare;
  std::string before_source;
  std::string quote_source;
  std::string after_source;  // optional: must match the text after the closing mark
  std::vector<RuleExample> examples;
  SourceLocation where;
  size_t loaded = 0;  // as AttributionPattern::loaded
};

// How much of one pattern word list (verbs, titles, ...) the packs have loaded.
struct WordListUse {
  size_t entries = 0;
  size_t bytes = 0;     // upper bound of its size as an alternation in a pattern
  SourceLocation last;  // the last entry added: the editor's, when their pack extends the list
};
struct LanguagePack {
  std::string language;
  std::vector<std::string> files;
  std::vector<QuoteMarkPair> marks;
  std::vector<std::string> dialogue_dashes;
  WordSet abbreviations;
  WordSet hints;          // lower-case function words
  std::vector<std::string> hint_letters;  // letters that tell this language (each one seen is a hint)
  // Whether the language capitalises every noun (German): then a capital alone does not make
  // a word a name.
  bool capitalises_nouns = false;
  // Whether nouns take the definite article as an ending (Swedish "presidenten"): then a role
  // word without a determiner is definite.
  bool definite_endings_on_nouns = false;
  // Whether a main clause's verb comes second (Swedish, German): then an adverb or adjective may
  // open the sentence before the verb and its subject ("Darin heißt es", "Därför säger hon").
  bool verb_second = false;
  // A role word with one of `plural_endings` and none of `singular_endings` names a group
  // ("officials", not "boss").
  std::vector<std::string> plural_endings;
  std::vector<std::string> singular_endings;
  std::string language_name;  // in English, for messages: "Swedish"
  // Linking: the Snowball stemmer, and the table that translates the language's words into
  // another's ("sv-en.tsv" into "en", built at build time), with what the table's lookups need.
  std::string stemmer;
  std::string lexicon;
  std::string lexicon_into;
  std::vector<std::string> definite_endings;  // "et", "n": a definite form the table lists bare
  // A paragraph without final punctuation is a headline up to this many words ("Voss: „Diese
  // Schule wird nicht geschlossen, solange ich Bürgermeisterin bin“").
  size_t headline_words = 8;
  bool compound_roles = false;  // a role word is the last part of its compounds ("Gesundheitsminister" is a "Minister")
  // Whether a name takes the genitive as a bare "s" ("Grahams Stimme", "Anderssons bil"): then a
  // name word that is a known surname plus "s" is its owner, not a name of its own.
  bool genitive_s = false;
  std::vector<std::string> compound_joints;   // "s": what may join the parts of a compound
  std::vector<std::string> verbs;
  std::vector<std::string> titles;
  std::vector<std::string> roles;
  std::vector<std::string> organisations;
  std::vector<std::string> determiners;
  std::vector<std::string> indefinite_determiners;  // "a", "en": a description that names no one in particular
  WordSet not_names;      // exact spelling
  // Words that make a name of two or more words a place, exact spelling: ending it ("Lake",
  // "Road") or opening it ("Fort", "Mount"). A place never speaks and is no person.
  WordSet place_words;
  WordSet place_openers;
  // Words that open an organisation's name of two or more words, exact spelling: the sports
  // clubs' "FC", "VfL", "IFK" ("FC Rheinstetten", "IFK Norrvik"). Such a name never speaks as a
  // person, and no age or pronoun refers to it.
  WordSet organisation_openers;
  WordSet name_particles;  // "von", "af", "bin": lower-case words inside names (exact spelling)
  WordSet non_person_articles;  // "the": a name after one is a place or institution ("the United States"); lower case
  WordSet phrase_breaks;  // lower-case words that end a speaker phrase
  WordSet speaker_follows;  // phrase breaks after which the speaker comes ("footage of X")
  WordSet clause_joiners;  // "and", "but": a new clause, with a subject of its own, may start after one
  // Roles whose unnamed holder speaks for an organisation ("a spokesperson for the council",
  // "a Prison Service spokesman", "eine Sprecherin des Ministeriums"), lower case; and the words
  // that join such a role to the organisation ("for", "för", "des").
  WordSet speaks_for_roles;
  // Lower-case words inside an organisation's name, after an organisation word ("Bank of
  // Harle", "Office of Emergency Response").
  WordSet organisation_joiners;
  // Words that cite a source before a name ("enligt", "according" to, "laut"), lower case: the
  // name after them is the sentence's source, not an object.
  WordSet source_words;
  // Words after a hyphen that make a capitalised word an adjective, no name: "Milwaukee-based".
  WordSet adjective_endings;
  // Verb forms that mark reported speech (the German Konjunktiv: "sei", "habe", "werde"): a
  // partial quote in a sentence that holds one goes on with the paragraph's speaker.
  WordSet reported_speech_words;
  // Phrases of one or two words, lower case, that report speech without naming who spoke ("hieß
  // es"): a sentence holding one is its own tag that names no one, so reported speech does not
  // run on into it or back past it.
  WordSet unnamed_report_phrases;
  // Endings a noun takes in the genitive after a determiner ("des Landratsamts"), longest first.
  std::vector<std::string> genitive_endings;
  // Endings that make a number an age used as a role ("-year-old": "the 74-year-old"), lower case.
  std::vector<std::string> age_roles;
  WordSet speaks_for_links;
  // Nouns for a person that no role list may hold, being other words too ("man": also the
  // pronoun "one"): after an indefinite determiner they bring in someone the text does not name.
  WordSet person_nouns;
  // Phrases, lower case with single spaces, by which a text says it withholds someone's name
  // ("asked not to be named", "seinen Namen nicht"): a description in a tag whose sentence
  // holds one is someone the text does not name. Kept with a space either side, so a
  // search in words joined by spaces matches whole words.
  std::vector<std::string> withheld_name_phrases;
  // Words, lower case, for things that carry words no one is named as saying, and verbs that
  // show them: a sign, a banner, a shout ("Auf einem Schild stand: „…“", "A chalkboard read:
  // “…”", "kam der Zwischenruf:"). A quote whose lead-in holds one and names no person has no
  // speaker. Where nouns join (`compound_roles`), a compound ending in one counts ("Pappschild").
  WordSet carrier_words;
  // Endings, lower case, that no noun for a person has ("-ung", "-heit"): a definite description
  // whose noun ends in one ("die Entscheidung") is no speaker, unless the noun is a role.
  std::vector<std::string> abstract_noun_endings;
  // Words that open a relative clause as its subject, lower case, with what they refer back to
  // ("person" or "organisation"): "…, who told the session that “…”" is the name before it's.
  std::unordered_map<std::string, std::string, WordHash, std::equal_to<>> relative_subjects;
  WordSet own_voice;        // first- and second-person words: a dash turn runs on past its tag with one
  // Words that carry a speaker's point on ("Men", "Det", "Så"): a dash turn's words after its
  // tag's sentence that open with one are more of the turn too.
  WordSet run_on_openers;
  WordSet stopwords;      // lower-case words linking ignores
  std::unordered_map<std::string, std::vector<std::string>> translations;  // editors' word -> English words
  std::unordered_map<std::string, std::string, WordHash, std::equal_to<>> pronoun_gender;  // lower-case pronoun -> male/female/plural/speaker
  // The first word of each pronoun group, the form that can be a subject ("han", not "honom").
  WordSet subject_pronouns;
  // First names that tell a person's gender ("Anna" -> female), as written: a pronoun of the
  // other gender never refers to the person (`first_names:`).
  std::unordered_map<std::string, std::string, WordHash, std::equal_to<>> first_name_gender;
  // Lower-case titles and words for kin that tell the gender of the person they stand before or
  // beside ("Ms Dunstall", "his daughter, Síle Geraghty", "hans fru Anna"): of two people with
  // one surname, "Ms Dunstall" is the woman (`gendered_words:`).
  std::unordered_map<std::string, std::string, WordHash, std::equal_to<>> word_gender;
  // Role words that name the same office (`role_synonyms`: "skipper" and "captain"): a role word,
  // lower case, to the others of its groups.
  std::unordered_map<std::string, std::vector<std::string>, WordHash, std::equal_to<>> role_synonyms;
  std::map<std::string, std::string> defines;     // placeholder name -> RE2 fragment (from `define:`)
  std::map<std::string, SourceLocation> define_where;  // placeholder name -> where it was (last) defined
  std::map<std::string, WordListUse> word_lists;  // "verbs", "titles", ... -> what was loaded
  // The attribution sieve's steps in the pack's order of trust (`attribution_sieves:`); empty:
  // kDefaultSieveOrder. A step the pack leaves out is never asked.
  std::vector<Sieve> sieves;

  // Tables built from Debian's data at build time, by name (`common_words:`, `places:`;
  // engine/rules/name_tables.h); empty when the packs name none.
  std::string common_words_table;  // "american-english": tables/words/american-english.txt
  std::string places_table;        // "iso-3166-en": tables/places/iso-3166-en.txt
  SourceLocation common_words_where, places_where;
  // Last words that make a name an organisation ("Agency", "Inc."; "kommun" after "Malmö"); an
  // entry written "-verket" is an ending ("Läkemedelsverket"), compared in lower case.
  WordSet organisation_words;
  std::vector<std::string> organisation_endings;  // the "-" entries, lower case, without the "-"
  bool organisation_words_after_name = false;  // some entry is lower case ("kommun" of "Malmö kommun")
  // Nouns for what an organisation publishes: "the IMF report said" is the IMF speaking, and a
  // report alone is no one.
  WordSet document_words;
  std::vector<std::string> documents;  // the same, in pack order: the {DOCUMENT} placeholder

  std::vector<AttributionPattern> patterns;       // priority order
  std::vector<NotSpeechRule> not_speech;
};

}  // namespace quoth::detail
