// Where quoth's data is: one data directory holding rules/ (the built-in packs), tables/
// (words/, places/: the name tables) and lexicon/ (the word tables into English). Each is found
// the same way by the CLI, the static and the shared library and the Python module:
//
//   1. RuleOptions::data_directory, when the caller gives one (nothing else is looked at);
//   2. the per-item variable ($QUOTH_RULES_DIR, $QUOTH_TABLES_DIR, $QUOTH_LEXICON), when set;
//   3. $QUOTH_DATA_DIR, when set (nothing else is looked at);
//   4. next to the installed code: the shared library, or the executable the static library
//      is linked into, at the install layout's relative path (lib/ or bin/ -> share/quoth/);
//   5. the share/quoth the program was built against: the CMake package or quoth.pc passes it
//      as a compile definition, and quoth/rules.h notes it (NotePackageDataDirectory);
//   6. the source and build trees, but only for binaries that run from the build tree;
//   7. the configured install prefix (CMAKE_INSTALL_PREFIX at configure time), last.
//
// So `cmake --install build --prefix P` gives a tree that works wherever P is moved, a program
// linked statically against P finds P's data wherever the program is, and an installed copy
// never reads the source tree.
#pragma once

#include <string>
#include <vector>

namespace quoth::detail {

// The file the running quoth code was loaded from: the shared library, or (static library)
// the executable. Absolute and canonical; empty if it cannot be told.
std::string ModulePath();

// The share/quoth noted by NotePackageDataDirectory (the package the program was built
// against), or "".
std::string PackageDataDirectory();

struct DataLookup {
  std::string path;                     // the answer (may not exist: then the last fallback)
  std::vector<std::string> candidates;  // everything looked at, in order (for error messages)
  bool from_environment = false;        // from $QUOTH_DATA_DIR or the item's own variable
  bool chosen = false;                  // the caller or the environment said where: no fallback
  std::string chosen_by;                // "RuleOptions::data_directory", "$QUOTH_DATA_DIR", "$QUOTH_RULES_DIR", ...
  // How the caller says where the data is, for error messages.
  static const char* HowToSet() {
    return "set RuleOptions::data_directory or $QUOTH_DATA_DIR to the installed share/quoth";
  }
};

// `name` is "rules", "tables" or "lexicon/sv-en.tsv" (under the data directory); `env` the
// item's own overriding variable; `build_tree_path` the source/build tree's copy;
// `data_directory` the caller's (RuleOptions::data_directory), "" for none.
DataLookup FindData(const std::string& data_directory, const char* env, const std::string& name,
                    const std::string& build_tree_path);

// Where the data directory itself is (the folder holding rules/, tables/, lexicon/), as above
// without the per-item variables; in the build tree, the build folder.
DataLookup FindDataDirectory(const std::string& data_directory);

}  // namespace quoth::detail
