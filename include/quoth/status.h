// Status and Result<T>: how every public quoth call reports failure.
//
// A Status is ok or carries a code, a one-line message and, for rule packs, the
// diagnostics that located each problem (FILE:LINE:COL, rule id).
#pragma once

#include <cstddef>
#include <exception>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "quoth/export.h"

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
struct QUOTH_API Diagnostic {
  std::string file;  // empty when not about a file
  size_t line = 0;   // 1-based; 0 = unknown
  size_t column = 0; // 1-based; 0 = unknown
  std::string rule;  // id of the offending rule, if any
  std::string message;

  std::string ToString() const;
};

class QUOTH_API Status {
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

// Thrown by Result<T>::value() (and * and ->) on a Result that holds an error: what() is
// the status text. Check ok() first; this is for callers that treat an error as a bug.
class QUOTH_API BadResultAccess : public std::exception {
 public:
  explicit BadResultAccess(Status status);
  const char* what() const noexcept override;
  const Status& status() const { return status_; }

 private:
  Status status_;
  std::string what_;
};

// A value or the (never OK) Status that explains why there is none.
template <typename T>
class [[nodiscard]] Result {
  static_assert(!std::is_same<std::decay_t<T>, Status>::value, "Result<Status>: return a Status instead");

 public:
  Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design
  // A Result built from an OK Status has no value to give: that is the caller's bug, and the
  // Result holds a kInternal error saying so instead of pretending to succeed.
  Result(Status status)  // NOLINT: implicit by design
      : data_(status.ok() ? Status(StatusCode::kInternal, "a Result was built from an OK Status (a Result holds a value or an error)")
                          : std::move(status)) {}

  bool ok() const { return data_.index() == 0; }
  // OK when there is a value, else the error.
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<1>(data_);
  }
  // The value; throws BadResultAccess with the status text when there is none.
  T& value() & { Check(); return std::get<0>(data_); }
  const T& value() const& { Check(); return std::get<0>(data_); }
  T&& value() && { Check(); return std::get<0>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }

 private:
  void Check() const {
    if (!ok()) throw BadResultAccess(std::get<1>(data_));
  }
  std::variant<T, Status> data_;
};

}  // namespace quoth
