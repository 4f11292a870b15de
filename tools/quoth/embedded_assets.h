// The files of tools/quoth/serve/ and tools/quoth/report/, compiled into the binary
// (tools/cmake/embed_assets.cmake): the page and the report need nothing at run time.
#pragma once

#include <cstddef>
#include <string_view>

namespace quoth_cli {

struct EmbeddedAsset {
  const char* name;  // the path under tools/quoth/ ("serve/index.html"); nullptr ends the table
  const char* data;
  size_t size;
};
extern const EmbeddedAsset kEmbeddedAssets[];

// The asset `name` names, or nullptr.
inline const EmbeddedAsset* FindAsset(std::string_view name) {
  for (const EmbeddedAsset* a = kEmbeddedAssets; a->name; ++a)
    if (name == a->name) return a;
  return nullptr;
}

}  // namespace quoth_cli
