// Where quoth's own messages go. The library never writes to stderr: by default its messages
// (rules loaded, the lexicon missing, how long linking took) go nowhere. A host routes them into
// its own logger by passing a handler.
#pragma once

#include <functional>
#include <string_view>

#include "quoth/export.h"

namespace quoth {

enum class LogLevel { kTrace, kDebug, kInfo, kWarning, kError, kOff };

// Called for each message at `level` or above, from any thread, one call at a time.
using LogHandler = std::function<void(LogLevel level, std::string_view message)>;

// Replaces the handler (an empty one: messages go nowhere again) and the level it receives.
QUOTH_API void SetLogHandler(LogHandler handler, LogLevel level = LogLevel::kInfo);

// "trace", "debug", "info", "warning" (or "warn"), "error", "off".
QUOTH_API bool ParseLogLevel(std::string_view name, LogLevel* level);

}  // namespace quoth
