// Finding the built-in rules and the lexicon relative to where quoth is installed.
#include "engine/data_paths.h"
#include "quoth/rules.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <system_error>

#ifndef QUOTH_BUILD_DIR
#define QUOTH_BUILD_DIR ""
#endif
#ifndef QUOTH_SOURCE_RULES_DIR
#define QUOTH_SOURCE_RULES_DIR ""
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

namespace {

std::mutex& PackageMutex() {
  static std::mutex m;
  return m;
}
std::string& PackageDirectory() {
  static std::string dir;
  return dir;
}

// The candidates of steps 4-7 (data_paths.h) for `name` under a data directory.
void Implicit(const std::string& name, const std::string& build_tree_path, DataLookup* out) {
  auto add = [&](const fs::path& c) {
    if (c.empty()) return;
    const std::string s = c.lexically_normal().string();
    for (const auto& seen : out->candidates)
      if (seen == s) return;
    out->candidates.push_back(s);
  };
  const fs::path module = ModulePath();
  const fs::path exe = ExecutablePath();
  auto under = [&](const fs::path& dir, const char* to_data) {
    if (!dir.empty()) add(dir / to_data / name);
  };
  if (exe == module) {  // static library: the program, usually in bin/
    under(module.parent_path(), QUOTH_BIN_TO_DATA);
    under(module.parent_path(), QUOTH_LIB_TO_DATA);
  } else {  // shared library in lib/, then the program using it
    under(module.parent_path(), QUOTH_LIB_TO_DATA);
    under(exe.parent_path(), QUOTH_BIN_TO_DATA);
  }
  if (const std::string package = PackageDataDirectory(); !package.empty()) add(fs::path(package) / name);
  const fs::path build_dir = Canonical(QUOTH_BUILD_DIR);
  if (!build_tree_path.empty() && Inside(module, build_dir)) add(build_tree_path);
  if (*QUOTH_INSTALLED_DATA_DIR) add(fs::path(QUOTH_INSTALLED_DATA_DIR) / name);
  for (const auto& c : out->candidates)
    if (Exists(c)) {
      out->path = c;
      return;
    }
  // Nothing found: name the installed place (the error message lists every candidate).
  out->path = out->candidates.empty() ? name : out->candidates.back();
}

}  // namespace

std::string PackageDataDirectory() {
  std::lock_guard<std::mutex> lock(PackageMutex());
  return PackageDirectory();
}

DataLookup FindData(const std::string& data_directory, const char* env, const std::string& name,
                    const std::string& build_tree_path) {
  DataLookup out;
  auto chosen = [&](const std::string& path, const std::string& by, bool environment) {
    out.path = path;
    out.candidates.push_back(path);
    out.chosen = true;
    out.chosen_by = by;
    out.from_environment = environment;
    return out;
  };
  if (!data_directory.empty())
    return chosen((fs::path(data_directory) / name).lexically_normal().string(), "RuleOptions::data_directory", false);
  if (env && *env)
    if (const char* value = std::getenv(env); value && *value) return chosen(value, std::string("$") + env, true);
  if (const char* value = std::getenv("QUOTH_DATA_DIR"); value && *value)
    return chosen((fs::path(value) / name).lexically_normal().string(), "$QUOTH_DATA_DIR", true);
  Implicit(name, build_tree_path, &out);
  return out;
}

DataLookup FindDataDirectory(const std::string& data_directory) {
  DataLookup out = FindData(data_directory, nullptr, "rules", QUOTH_SOURCE_RULES_DIR);
  // Each candidate's folder; the build tree's data directory is the build folder (its tables/
  // and lexicon/; the rules are the source tree's).
  for (auto& c : out.candidates)
    c = c == QUOTH_SOURCE_RULES_DIR ? std::string(QUOTH_BUILD_DIR) : fs::path(c).parent_path().string();
  out.path = out.path == QUOTH_SOURCE_RULES_DIR ? std::string(QUOTH_BUILD_DIR) : fs::path(out.path).parent_path().string();
  return out;
}

}  // namespace quoth::detail

namespace quoth {

void NotePackageDataDirectory(const char* directory) {
  std::lock_guard<std::mutex> lock(detail::PackageMutex());
  detail::PackageDirectory() = directory ? directory : "";
}

}  // namespace quoth
