// Uses only the installed public headers: finds one quote and its speaker.
#include <quoth/quoth.h>

#include <iostream>

int main() {
  auto rules = quoth::RuleSet::Load();
  if (!rules.ok()) { std::cerr << rules.status().ToString() << "\n"; return 1; }
  quoth::Engine engine(*rules);
  auto doc = engine.Extract("\"The bridge opens in May,\" Mayor Lena Holt said.\n", "consumer");
  if (!doc.ok() || doc->quotes.size() != 1 || !doc->quotes[0].speaker || doc->quotes[0].speaker->name != "Lena Holt") {
    std::cerr << "unexpected result\n";
    return 1;
  }
  std::cout << doc->quotes[0].speaker->name << ": " << doc->quotes[0].text << "\n";
  return 0;
}
