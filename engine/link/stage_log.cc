#include "engine/link/stage_log.h"

#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>

#include "engine/log/log.h"

namespace quoth::detail {

namespace {

// Resident memory now and at its peak, in MB (Linux /proc/self/status; 0 elsewhere).
std::pair<long, long> ResidentMegabytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  long now = 0, peak = 0;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) now = std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
    if (line.rfind("VmHWM:", 0) == 0) peak = std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
  }
  return {now, peak};
}

}  // namespace

void StageLog::Done(const char* name, size_t count) {
  if (!Log().should_log(spdlog::level::debug)) return;
  const auto now = std::chrono::steady_clock::now();
  const auto [resident, peak] = ResidentMegabytes();
  Log().debug("link: {} ({}) in {} ms, {} MB resident (peak {} MB)", name, count,
              std::chrono::duration_cast<std::chrono::milliseconds>(now - last_).count(), resident, peak);
  last_ = now;
}

}  // namespace quoth::detail
