#include "engine/log/log.h"

#include <spdlog/sinks/base_sink.h>

#include <memory>
#include <mutex>
#include <string>

#include "quoth/log.h"

namespace quoth {
namespace {

spdlog::level::level_enum ToSpdlog(LogLevel level) {
  switch (level) {
    case LogLevel::kTrace: return spdlog::level::trace;
    case LogLevel::kDebug: return spdlog::level::debug;
    case LogLevel::kInfo: return spdlog::level::info;
    case LogLevel::kWarning: return spdlog::level::warn;
    case LogLevel::kError: return spdlog::level::err;
    case LogLevel::kOff: break;
  }
  return spdlog::level::off;
}

LogLevel FromSpdlog(spdlog::level::level_enum level) {
  switch (level) {
    case spdlog::level::trace: return LogLevel::kTrace;
    case spdlog::level::debug: return LogLevel::kDebug;
    case spdlog::level::info: return LogLevel::kInfo;
    case spdlog::level::warn: return LogLevel::kWarning;
    case spdlog::level::err:
    case spdlog::level::critical: return LogLevel::kError;
    default: return LogLevel::kOff;
  }
}

// Hands formatted messages (the text only: the host adds its own time and level) to the handler.
class HandlerSink : public spdlog::sinks::base_sink<std::mutex> {
 public:
  void Set(LogHandler handler) {
    std::lock_guard<std::mutex> lock(mutex_);
    handler_ = std::move(handler);
  }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    if (handler_) handler_(FromSpdlog(msg.level), std::string_view(msg.payload.data(), msg.payload.size()));
  }
  void flush_() override {}

 private:
  LogHandler handler_;
};

struct Logger {
  std::shared_ptr<HandlerSink> sink = std::make_shared<HandlerSink>();
  spdlog::logger logger{"quoth", sink};
  Logger() { logger.set_level(spdlog::level::off); }
};

Logger& TheLogger() {
  static Logger instance;
  return instance;
}

}  // namespace

void SetLogHandler(LogHandler handler, LogLevel level) {
  Logger& l = TheLogger();
  const bool on = static_cast<bool>(handler);
  l.sink->Set(std::move(handler));
  l.logger.set_level(on ? ToSpdlog(level) : spdlog::level::off);
}

bool ParseLogLevel(std::string_view name, LogLevel* level) {
  static constexpr std::pair<std::string_view, LogLevel> kNames[] = {
      {"trace", LogLevel::kTrace}, {"debug", LogLevel::kDebug}, {"info", LogLevel::kInfo},
      {"warning", LogLevel::kWarning}, {"warn", LogLevel::kWarning}, {"error", LogLevel::kError},
      {"off", LogLevel::kOff}};
  for (const auto& [n, l] : kNames)
    if (n == name) { *level = l; return true; }
  return false;
}

namespace detail {

spdlog::logger& Log() { return TheLogger().logger; }

}  // namespace detail
}  // namespace quoth
