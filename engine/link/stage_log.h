// Each linking stage's time and memory, for `--log-level debug`.
#pragma once

#include <chrono>
#include <cstddef>

namespace quoth::detail {

class StageLog {
 public:
  // Logs "link: <name> (<count>) in <ms> ms, <MB> resident (peak <MB>)" since the last stage.
  void Done(const char* name, size_t count);

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace quoth::detail
