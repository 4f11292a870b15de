// Where the verb comes second and nouns are capitalised (German), on sentences written for the
// test: a capitalised word that opens a tag's sentence and that the dictionary lists only in
// lower case is an adverb or adjective, no speaker; a surname that is also a common word still
// speaks; a pronoun right after the verb is the subject, not a noun after it.
#include <doctest/doctest.h>

#include "support/mentions.h"
#include "support/rules.h"

namespace quoth {
namespace {

TEST_CASE("German: 'Darin heißt es:' names no one called Darin") {
  const auto doc = testing::Extract(
      "Der Angeklagte Dennis K. äußerte sich über eine schriftliche Erklärung, die sein Anwalt verlas. "
      "Darin heißt es: „Ich habe Fehler gemacht und schäme mich dafür.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Ich habe Fehler gemacht und schäme mich dafür.") != "Darin");
}

TEST_CASE("German: a pronoun after the verb is the subject, not the noun after it") {
  const auto doc = testing::Extract(
      "Die Autorin Ilse Brenner starb am Montag.\n\n"
      "„Ich schreibe, weil ich muss“, sagte Anna Roth, ihre Lektorin.\n\n"
      "Über das späte Debüt sprach sie ohne Bitterkeit. In einem Gespräch sagte sie: „Ich hatte vorher nichts zu erzählen.“\n",
      "de");
  CHECK(testing::SpeakerOf(doc, "Ich hatte vorher nichts zu erzählen.") != "Bitterkeit");
}

}  // namespace
}  // namespace quoth
