// Finding the built-in rules and the lexicon relative to where quoth is installed.
#include "engine/data_paths.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#ifndef QUOTH_BUILD_DIR
#define QUOTH_BUILD_DIR ""
#endif
#ifndef QUOTH_BIN_TO_DATA
#define QUOTH_BIN_TO_DATA "../share/quoth"
#endif
#ifndef QUOTH_LIB_TO_DATA
#define QUOTH_LIB_TO_DATA "../share/quoth"
#endif
#ifndef QUOTH_INSTALLED_DATA_DIR
#define QUOTH_INSTALLED_DATA_DIR ""
#endif

namespace quoth::detail {

namespace fs = std::filesystem;

namespace {

fs::path Canonical(const fs::path& p) {
  std::error_code ec;
  fs::path c = fs::canonical(p, ec);
  return ec ? fs::path() : c;
}

std::string ExecutablePath() { return Canonical("/proc/self/exe").string(); }

bool Inside(const fs::path& file, const fs::path& dir) {
  if (file.empty() || dir.empty()) return false;
  const fs::path rel = file.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

}  // namespace

std::string ModulePath() {
  Dl_info info{};
  link_map* map = nullptr;
  // The link map of the object holding this function: the shared library, or "" for the
  // main program (the static library linked into it).
  if (dladdr1(reinterpret_cast<void*>(&ModulePath), &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) &&
      map && map->l_name && map->l_name[0]) {
    const fs::path lib = Canonical(map->l_name);
    if (!lib.empty()) return lib.string();
  }
  return ExecutablePath();
}

DataLookup FindData(const char* env, const std::string& name, const std::string& build_tree_path) {
  DataLookup out;
  if (const char* value = std::getenv(env); value && *value) {
    out.path = value;
    out.candidates.push_back(value);
    out.from_environment = true;
    return out;
  }
  const fs::path module = ModulePath();
  const fs::path build_dir = Canonical(QUOTH_BUILD_DIR);
  if (!build_tree_path.empty() && Inside(module, build_dir)) {
    out.candidates.push_back(build_tree_path);
    if (Exists(build_tree_path)) {
      out.path = build_tree_path;
      return out;
    }
  }
  auto add = [&](const fs::path& dir, const char* to_data) {
    if (dir.empty()) return;
    const std::string c = (dir / to_data / name).lexically_normal().string();
    for (const auto& seen : out.candidates)
      if (seen == c) return;
    out.candidates.push_back(c);
  };
  const fs::path exe = ExecutablePath();
  if (exe == module) {  // static library: the program, usually in bin/
    add(module.parent_path(), QUOTH_BIN_TO_DATA);
    add(module.parent_path(), QUOTH_LIB_TO_DATA);
  } else {  // shared library in lib/, then the program using it
    add(module.parent_path(), QUOTH_LIB_TO_DATA);
    add(exe.parent_path(), QUOTH_BIN_TO_DATA);
  }
  if (*QUOTH_INSTALLED_DATA_DIR) {
    const std::string installed = (fs::path(QUOTH_INSTALLED_DATA_DIR) / name).lexically_normal().string();
    bool seen = false;
    for (const auto& c : out.candidates) seen = seen || c == installed;
    if (!seen) out.candidates.push_back(installed);
  }
  for (const auto& c : out.candidates)
    if (Exists(c)) {
      out.path = c;
      return out;
    }
  // Nothing found: name the installed place (the error message lists every candidate).
  out.path = out.candidates.empty() ? name : out.candidates.back();
  return out;
}

}  // namespace quoth::detail
