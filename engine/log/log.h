// The library's logger: spdlog, with one sink that hands each message to the host's LogHandler
// (quoth/log.h). With no handler set, the logger's level is off and a call costs one compare.
#pragma once

#include <spdlog/spdlog.h>

namespace quoth::detail {

spdlog::logger& Log();

}  // namespace quoth::detail
