// Status and Result<T>: how every public quoth call reports failure.
//
// A Status is ok or carries a code, a one-line message and, for rule packs, the
// diagnostics that located each problem (FILE:LINE:COL, rule id).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace quoth {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // bad options or arguments
  kInvalidInput,     // a document that cannot be processed (binary, bad UTF-8, too large)
  kRuleError,        // a rule pack that does not load or compile
  kIoError,          // a file that cannot be read
  kInternal,
};

// One located problem, e.g. in a rule pack: "rules/en/tags.yaml:12:7: [en.after] unknown placeholder {VRB}".
struct Diagnostic {
  std::string file;  // empty when not about a file
  size_t line = 0;   // 1-based; 0 = unknown
  size_t column = 0; // 1-based; 0 = unknown
  std::string rule;  // id of the offending rule, if any
  std::string message;

  std::string ToString() const;
};

class Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message, std::vector<Diagnostic> diagnostics = {})
      : code_(code), message_(std::move(message)), diagnostics_(std::move(diagnostics)) {}

  static Status Ok() { return {}; }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  // The message followed by each diagnostic on its own line.
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
  std::vector<Diagnostic> diagnostics_;
};

// A value or the Status that explains why there is none.
template <typename T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}            // NOLINT: implicit by design
  Result(Status status) : data_(std::move(status)) {}     // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(data_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(data_);
  }
  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> data_;
};

}  // namespace quoth
