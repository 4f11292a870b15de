// Where quoth's data (the built-in rule packs, the Swedish-English table) is, found at run time:
//
//   1. the environment variable ($QUOTH_RULES_DIR, $QUOTH_LEXICON, $QUOTH_TABLES_DIR), when set;
//   2. the source and build trees, but only for binaries that run from the build tree;
//   3. next to the installed code: the shared library, or the executable the static library
//      is linked into, at the install layout's relative path (bin/ or lib/ -> share/quoth/);
//   4. the configured install prefix (CMAKE_INSTALL_PREFIX at configure time), last.
//
// So `cmake --install build --prefix P` gives a tree that works wherever P is moved, and an
// installed copy never reads the source tree.
#pragma once

#include <string>
#include <vector>

namespace quoth::detail {

// The file the running quoth code was loaded from: the shared library, or (static library)
// the executable. Absolute and canonical; empty if it cannot be told.
std::string ModulePath();

struct DataLookup {
  std::string path;                     // the answer (may not exist: then the last fallback)
  std::vector<std::string> candidates;  // everything looked at, in order (for error messages)
  bool from_environment = false;
};

// `name` is "rules" or "lexicon/sv-en.tsv" (under share/quoth); `env` the overriding variable;
// `build_tree_path` the source/build tree's copy.
DataLookup FindData(const char* env, const std::string& name, const std::string& build_tree_path);

}  // namespace quoth::detail
