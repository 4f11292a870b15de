// quoth: command-line client of the quoth library (public API only).
//
//   quoth extract [options] FILE|FOLDER...   find quotes and speakers, print them
//   quoth report [--format html] OUT.html FILE|FOLDER...   one HTML page for a batch
//   quoth serve [--port N] [--rules DIR] [--host 127.0.0.1]  the editors' playground (a local web page)
//   quoth check [--rules DIR]... [--articles FOLDER [--update]]
//                                            validate rule packs and run their examples; with
//                                            --articles, compare extraction on an editor's own
//                                            articles with the tables they keep next to them
//
// Nothing is lost silently: a document that cannot be read (a missing file, a read error, a
// closed standard input, a folder without *.txt files) is reported by name and the batch goes
// on (exit 1), and output that does not reach standard output (a full disk, /dev/full, a closed
// stdout) is reported with exit 1.
#ifndef QUOTH_LANGUAGE_NAMES
#define QUOTH_LANGUAGE_NAMES "English, German, Swedish"
#endif
#include <CLI/CLI.hpp>
#include <fcntl.h>
#include <sched.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <map>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "expected_table.h"
#include "quoth/quoth.h"
#include "report_html.h"
#ifdef QUOTH_SERVE
#include "serve.h"
#endif

namespace {

constexpr int kExitOk = 0;
constexpr int kExitDocumentFailed = 1;
constexpr int kExitUsage = 2;  // also rule errors and unexpected internal errors

// The table's width when stdout is not a terminal: fixed, so piped output is the same everywhere.
constexpr size_t kDefaultTableWidth = 110;

// Every diagnostic goes through one spdlog logger on stderr; --log-level and --quiet set what
// reaches it, and the library's own messages are routed into it (quoth::SetLogHandler).
spdlog::logger& Log() {
  static spdlog::logger logger = [] {
    spdlog::logger l("quoth", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    l.set_pattern("%v");
    l.set_level(spdlog::level::warn);
    l.flush_on(spdlog::level::trace);  // stderr lines in order with everything else
    return l;
  }();
  return logger;
}

void Error(const std::string& message) { Log().error("quoth: {}", message); }
void Warn(const std::string& message) { Log().warn("quoth: warning: {}", message); }
void Info(const std::string& message) { Log().info("quoth: {}", message); }

// The library's messages join ours, marked as its own.
void EmitLibraryMessage(quoth::LogLevel l, std::string_view m) {
  switch (l) {
    case quoth::LogLevel::kError: Log().error("quoth: {}", m); break;
    case quoth::LogLevel::kWarning: Log().warn("quoth: warning: {}", m); break;
    case quoth::LogLevel::kInfo: Log().info("quoth: {}", m); break;
    default: Log().debug("quoth: {}", m); break;
  }
}

// The library's messages about a document extracted ahead of its turn (extract -j) are kept
// and shown in its turn, so stderr reads the same for any number of jobs.
struct LogLine {
  quoth::LogLevel level;
  std::string message;
};
thread_local std::vector<LogLine>* t_log_capture = nullptr;

class LogCapture {
 public:
  LogCapture() { t_log_capture = &lines; }
  ~LogCapture() { t_log_capture = nullptr; }
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;
  std::vector<LogLine> lines;
};

void SetLogLevel(quoth::LogLevel level) {
  static constexpr spdlog::level::level_enum kLevels[] = {spdlog::level::trace, spdlog::level::debug, spdlog::level::info,
                                                          spdlog::level::warn, spdlog::level::err, spdlog::level::off};
  Log().set_level(kLevels[static_cast<int>(level)]);
  quoth::SetLogHandler(
      [](quoth::LogLevel l, std::string_view m) {
        if (t_log_capture) {
          t_log_capture->push_back({l, std::string(m)});
          return;
        }
        EmitLibraryMessage(l, m);
      },
      level);
}

bool Verbose() { return Log().should_log(spdlog::level::info); }

// ---------------------------------------------------------------------------------------------
// Standard streams

bool IsClosed(int fd) { return fcntl(fd, F_GETFD) == -1 && errno == EBADF; }

// Which standard streams the caller closed (`quoth extract - <&-`). Each closed one is re-opened
// on /dev/null, so that no file opened later (a rule pack, the lexicon) takes its number and is
// read as the input or receives the output; reading "-" or writing then fails and says so.
struct StandardStreams {
  bool stdin_closed = false;
  bool stdout_closed = false;
};

StandardStreams GuardStandardStreams() {
  StandardStreams streams;
  streams.stdin_closed = IsClosed(STDIN_FILENO);
  streams.stdout_closed = IsClosed(STDOUT_FILENO);
  // open() takes the lowest free number: going up from 0 fills exactly the closed ones.
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; ++fd)
    if (IsClosed(fd)) open("/dev/null", O_RDWR);
  return streams;
}

// Records the first failure to write standard output, with its reason, while errno still holds it.
class OutputCheck {
 public:
  explicit OutputCheck(bool closed) : closed_(closed) {}
  // False once anything written to std::cout has failed.
  bool ok() {
    if (closed_ || !failure_.empty()) return false;
    if (std::cout) return true;
    failure_ = errno ? std::strerror(errno) : "write failed";
    return false;
  }
  bool Flush() {
    errno = 0;
    std::cout.flush();
    return ok();
  }
  std::string failure() const { return closed_ ? "it is closed" : failure_; }

 private:
  bool closed_;
  std::string failure_;
};

// ---------------------------------------------------------------------------------------------
// Reading documents

constexpr size_t kReadChunk = 256 * 1024;

std::string TooLarge(const std::string& size, size_t max_bytes) {
  return "document of " + size + " bytes exceeds the limit of " + std::to_string(max_bytes) + " (not read)";
}

// Appends everything `fd` yields to *out with read(2), so that a read error (EIO, EISDIR, a bad
// descriptor) is an error and never a short or empty document. More than `max_bytes` is an
// error as soon as it is seen: a document too large to extract is not held whole first.
// `failure` opens the message of a read error ("read error", "cannot read standard input").
bool ReadDescriptor(int fd, std::string* out, std::string* error, size_t max_bytes, const char* failure) {
  constexpr size_t kChunk = kReadChunk;
  for (;;) {
    const size_t used = out->size();
    if (used > max_bytes) {
      *error = TooLarge("more than " + std::to_string(max_bytes), max_bytes);
      out->clear();
      out->shrink_to_fit();
      return false;
    }
    out->resize(used + kChunk);
    const ssize_t n = read(fd, out->data() + used, kChunk);
    out->resize(used + (n > 0 ? static_cast<size_t>(n) : 0));
    if (n > 0) continue;
    if (n == 0) return true;
    if (errno == EINTR) continue;
    *error = std::string(failure) + ": " + std::strerror(errno);
    return false;
  }
}

// Reads the document `path` names ("-": standard input) into *text; false with *error when it
// cannot be read or is longer than `max_bytes`.
bool ReadDocument(const std::string& path, const StandardStreams& streams, std::string* text, std::string* error,
                  size_t max_bytes = static_cast<size_t>(-1)) {
  if (path == "-") {
    if (streams.stdin_closed) { *error = "standard input is closed"; return false; }
    return ReadDescriptor(STDIN_FILENO, text, error, max_bytes, "cannot read standard input");
  }
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) { *error = "cannot open: " + std::string(std::strerror(errno)); return false; }
  struct stat info {};
  const bool regular = fstat(fd, &info) == 0 && S_ISREG(info.st_mode);
  if (regular && static_cast<unsigned long long>(info.st_size) > max_bytes) {
    close(fd);
    *error = TooLarge(std::to_string(info.st_size), max_bytes);
    return false;
  }
  // Room for the file and the last (empty) read, so a large document is never copied to grow.
  if (regular) text->reserve(static_cast<size_t>(info.st_size) + kReadChunk);
  const bool read_all = ReadDescriptor(fd, text, error, max_bytes, "read error");
  close(fd);
  return read_all;
}

// A folder's *.txt entry that stands for a document: a file, or a link that does not lead to
// one (dangling, looping): the shell's FOLDER/*.txt lists it too, and reading it then says
// what is wrong instead of the batch passing over it in silence. Subfolders are not documents.
bool IsListedText(const std::filesystem::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  if (name.size() <= 4 || name[0] == '.' || name.compare(name.size() - 4, 4, ".txt") != 0) return false;
  std::error_code ec;
  if (entry.is_regular_file(ec)) return true;
  std::error_code link_ec;
  const bool link = entry.is_symlink(link_ec);
  return link && !link_ec && !std::filesystem::is_directory(entry.path(), ec);
}

// What one FILE argument stands for: itself, or for a folder the *.txt files in it (as the shell's
// FOLDER/*.txt: not hidden ones, not in subfolders), sorted by name so every machine gives the
// same batch. A folder that cannot be listed or holds no *.txt file is an error on that argument.
bool ExpandArgument(const std::string& argument, std::vector<std::string>* paths, std::string* error) {
  std::error_code ec;
  if (argument == "-" || !std::filesystem::is_directory(argument, ec)) {
    paths->push_back(argument);
    return true;
  }
  std::vector<std::string> names;
  std::filesystem::directory_iterator it(argument, ec), end;
  for (; !ec && it != end; it.increment(ec))
    if (IsListedText(*it)) names.push_back(it->path().filename().string());
  if (ec) { *error = "cannot list the folder: " + ec.message(); return false; }
  if (names.empty()) { *error = "is a folder with no *.txt files"; return false; }
  std::sort(names.begin(), names.end());
  const std::string prefix = argument.back() == '/' ? argument : argument + "/";
  for (const auto& name : names) paths->push_back(prefix + name);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Options

// The table's width from --width: refused outside the range the writer lays out (a negative or
// huge width used to abort the program or pad 1.9 KB of input into 1.2 GB of spaces).
std::optional<size_t> ParseWidth(const std::string& text) {
  unsigned long long value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || stop != end || value < quoth::kMinTableWidth || value > quoth::kMaxTableWidth) return std::nullopt;
  return static_cast<size_t>(value);
}

// The documents extracted at a time by default: one per core this process may run on.
size_t DefaultJobs() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0) return static_cast<size_t>(CPU_COUNT(&cpus));
  return std::max<size_t>(1, std::thread::hardware_concurrency());
}

constexpr size_t kMaxJobs = 1024;

// -j N: 1 to kMaxJobs; empty: DefaultJobs().
std::optional<size_t> ParseJobs(const std::string& text) {
  if (text.empty()) return DefaultJobs();
  unsigned long long value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || stop != end || value < 1 || value > kMaxJobs) return std::nullopt;
  return static_cast<size_t>(value);
}

// The terminal's width when stdout is one, else a fixed width.
size_t DefaultTableWidth() {
  winsize size{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    return std::clamp<size_t>(size.ws_col, quoth::kMinTableWidth, quoth::kMaxTableWidth);
  return kDefaultTableWidth;
}

struct ExtractArgs {
  std::vector<std::string> inputs;
  std::string format = "table";
  std::string lang = "auto";
  std::vector<std::string> rule_dirs;
  bool no_builtin = false;
  bool allow_failing_examples = false;
  std::string by;
  bool explain = false;
  bool no_link = false;
  bool speech_only = false;
  bool nested = false;
  std::string width;  // empty: the terminal's width, or kDefaultTableWidth
  std::string jobs;   // empty: one per core
};

// Options a format does not use are named on stderr instead of being dropped silently.
void WarnAboutIgnoredOptions(const ExtractArgs& args, quoth::Format format) {
  const bool table = format == quoth::Format::kTable;
  if (!table && !args.by.empty()) Warn("--by arranges the table only; --format " + args.format + " ignores it");
  if (!table && !args.width.empty()) Warn("--width sets the table's width only; --format " + args.format + " ignores it");
  if (args.explain && (format == quoth::Format::kCsv || format == quoth::Format::kTsv))
    Warn("--explain adds nothing to --format " + args.format + " (the table, json and jsonl show it)");
  if (table && args.explain && args.by == "speaker") Warn("--explain adds nothing to the table --by speaker");
  if (args.no_link && args.by == "cluster") Warn("--by cluster with --no-link: nothing is linked, so there are no clusters to show");
}

// ---------------------------------------------------------------------------------------------
// Commands

quoth::Result<quoth::RuleSet> LoadRules(const std::vector<std::string>& dirs, bool no_builtin) {
  quoth::RuleOptions options;
  options.directories = dirs;
  options.include_builtin = !no_builtin;
  return quoth::RuleSet::Load(options);
}

// A pack whose examples fail does not do what its editor wrote it for (or a `define:` broke a
// built-in pattern), so extract refuses it, as the rules guide says, unless told to go on.
bool ExamplesAllowExtraction(const quoth::RuleSet& rules, bool allow_failing_examples) {
  const quoth::Status examples = rules.CheckExamples();
  if (examples.ok()) return true;
  if (allow_failing_examples) {
    Warn(examples.message() + "; extracting anyway (--allow-failing-examples)");
    for (const auto& d : examples.diagnostics()) Log().warn("{}", d.ToString());
    return true;
  }
  Error(examples.message() + ": extract refuses rule packs whose examples fail (fix them, or pass "
        "--allow-failing-examples to extract anyway)");
  for (const auto& d : examples.diagnostics()) Log().error("{}", d.ToString());
  return false;
}

// The linker's dictionary loads while the documents are read (it is needed only at the end).
std::future<quoth::Result<quoth::Linker>> StartLinker(const quoth::RuleSet& rules, bool explain) {
  quoth::LinkOptions link_options;
  link_options.explain = explain;
  auto create = [&rules, link_options] { return quoth::Linker::Create(rules, link_options); };
  try {
    return std::async(std::launch::async, create);
  } catch (const std::system_error&) {  // no thread to be had: load it at the end
    return std::async(std::launch::deferred, create);
  }
}

// The writer's options from the command line; false (with the message given) on a usage error.
bool ParseWriteOptions(const ExtractArgs& args, quoth::WriteOptions* write) {
  write->explain = args.explain;
  write->table_width = DefaultTableWidth();
  if (!args.width.empty()) {
    const auto width = ParseWidth(args.width);
    if (!width) {
      Error("--width takes a number from " + std::to_string(quoth::kMinTableWidth) + " to " +
            std::to_string(quoth::kMaxTableWidth) + " (got '" + args.width + "')");
      return false;
    }
    write->table_width = *width;
  }
  if (args.by == "speaker") write->group_by = quoth::Grouping::kSpeaker;
  else if (args.by == "cluster") write->group_by = quoth::Grouping::kCluster;
  else if (!args.by.empty() && args.by != "quote") { Error("--by takes quote, speaker or cluster"); return false; }
  return true;
}

quoth::EngineOptions MakeEngineOptions(const ExtractArgs& args) {
  quoth::EngineOptions options;
  options.lang = args.lang;
  options.keep_non_speech = !args.speech_only;
  options.keep_nested = args.nested;
  options.explain = args.explain;
  options.link_evidence = !args.no_link;  // what the linker compares
  return options;
}

// Reads and extracts the documents: each result is streamed out or kept for linking, in the
// order of the batch. With jobs > 1, worker threads read and extract the documents a few ahead
// of the one being written; each result (its streamed rows, warnings and the library's messages)
// is handed on in batch order, so every byte of output and every message is the same as with
// one job. A document that fails is reported by name and the batch goes on; a failed write stops it.
class Batch {
 public:
  Batch(const quoth::Engine& engine, const StandardStreams& streams, OutputCheck& output, quoth::Format format,
        const quoth::WriteOptions& write, bool streaming, size_t jobs)
      : engine_(engine), streams_(streams), output_(output), format_(format), write_(write), streaming_(streaming),
        jobs_(std::max<size_t>(1, jobs)) {}

  void Run(const std::vector<std::string>& arguments) {
    // Each argument expanded once (a folder listed once), before the first document: the
    // progress line needs the whole batch's size; errors are still reported in argument order.
    std::vector<Entry> entries;
    bool read_standard_input = false;
    for (const auto& argument : arguments) {
      std::vector<std::string> paths;
      std::string error;
      if (argument == "-" && std::exchange(read_standard_input, true)) {  // it is read to its end once
        error = "standard input is already read as an earlier document of this batch";
      } else if (ExpandArgument(argument, &paths, &error)) {
        for (auto& path : paths) {
          Entry entry;
          entry.path = std::move(path);
          entry.number = document_count_++;
          entries.push_back(std::move(entry));
        }
        continue;
      }
      Entry failed;
      failed.path = argument;
      failed.error = argument + ": " + error;
      entries.push_back(std::move(failed));
    }
    if (Progress::Wanted()) {
      std::vector<std::string> all;
      for (const auto& e : entries)
        if (e.error.empty()) all.push_back(e.path);
      progress_.Start(all);
    }
    struct Finish {
      Progress& p;
      ~Finish() { p.Finish(); }
    } finish{progress_};
    size_t parallel = 0;
    if (jobs_ > 1)
      for (auto& e : entries)
        if (e.error.empty() && (e.parallel = CanRunAhead(e))) ++parallel;
    if (parallel > 1) {
      RunAhead(entries, std::min(jobs_, parallel));
      return;
    }
    for (const auto& e : entries) {
      if (!e.error.empty()) { Fail(e.error); continue; }
      ProcessInOrder(e);
      if (!output_.ok()) return;  // nothing more can be written: stop reading
    }
  }

  int status() const { return status_; }
  std::vector<quoth::DocumentResult>& results() { return results_; }

  // While the batch is linked (most of a long batch's time after reading), the progress line
  // says so instead of standing at "about 0 s left".
  void ShowLinking() {
    size_t quotes = 0;
    for (const auto& d : results_) quotes += d.quotes.size();
    progress_.Linking(quotes, results_.size());
  }
  void HideProgress() { progress_.Finish(); }

  // One line per kind of document warning, instead of one per document ("unterminated quote
  // mark" in 89 articles); --log-level info lists each as it comes.
  void SummariseWarnings() const {
    for (const auto& [message, kind] : warnings_) {
      if (kind.times == 1) {
        if (!Verbose()) Log().warn("quoth: {}: warning: {}", kind.first, kind.first_message);
        continue;
      }
      Log().warn("quoth: warning: {}: {} times in {} document{} (first {}){}", message, kind.times, kind.documents,
                 kind.documents == 1 ? "" : "s", kind.first, Verbose() ? "" : "; --log-level info lists each");
    }
  }

 private:
  // One item of the batch, in order: a document, or an argument that stands for none (its error).
  struct Entry {
    std::string path;
    std::string error;      // not empty: the argument gave no document (reported in its place)
    size_t number = 0;      // the document's place in the batch: its id is "d" + number
    size_t bytes = 0;       // its size, when a regular file
    bool parallel = false;  // may be read and extracted by a worker, ahead of its turn
  };

  // What extracting one document gave, kept until its turn to be written.
  struct Outcome {
    std::string error;  // not empty: reported (by name) instead of a result
    std::optional<quoth::DocumentResult> result;
    size_t bytes = 0;
    std::unique_ptr<quoth::DocumentWriter> writer;  // streamed, in order: writes to std::cout
    std::string rows;                             // streamed by a worker: what the writer wrote,
    size_t rows_before_finish = 0;                //   and how much of it before Finish
    std::vector<LogLine> log;                     // the library's messages while it was extracted
    std::exception_ptr exception;                 // anything unforeseen, rethrown in its turn
  };

  // Streamed documents larger than this are read in their turn (the engine streams their rows
  // segment by segment), so a worker never holds a long document's output.
  static constexpr size_t kMaxBufferedDocument = 1u << 20;
  // Documents (and bytes) read ahead of the one being written, per worker.
  static constexpr size_t kAheadPerJob = 3;
  static constexpr size_t kMaxBytesAhead = 64u << 20;

  bool CanRunAhead(Entry& e) const {
    if (e.path == "-") return false;  // standard input is read in its turn
    struct stat st {};
    if (stat(e.path.c_str(), &st) != 0) return true;  // fails fast, with the same message either way
    if (!S_ISREG(st.st_mode)) return false;           // a pipe, a device: read in its turn
    e.bytes = static_cast<size_t>(st.st_size);
    return !streaming_ || e.bytes <= kMaxBufferedDocument;
  }

  void Fail(const std::string& message) {
    Error(message);
    status_ = kExitDocumentFailed;
  }

  // A warning's kind: its message with numbers as N ("unterminated quote mark at byte N").
  static std::string WarningKindOf(const std::string& message) {
    std::string kind;
    for (size_t i = 0; i < message.size(); ++i) {
      if (message[i] >= '0' && message[i] <= '9') {
        if (i == 0 || message[i - 1] < '0' || message[i - 1] > '9') kind += 'N';
        continue;
      }
      kind += message[i];
    }
    return kind;
  }

  // A progress line on stderr for long batches, when stderr is a terminal: files, MB/s, time left.
  class Progress {
   public:
    static bool Wanted() { return isatty(STDERR_FILENO) && Log().should_log(spdlog::level::warn); }
    // `paths`: every document of the batch.
    void Start(const std::vector<std::string>& paths) {
      for (const auto& p : paths) {
        struct stat st {};
        if (p != "-" && stat(p.c_str(), &st) == 0) total_bytes_ += static_cast<size_t>(st.st_size);
        ++total_files_;
      }
      enabled_ = total_files_ > 1;
      started_ = last_ = std::chrono::steady_clock::now();
    }
    void Done(size_t bytes) {
      ++files_;
      bytes_ += bytes;
      if (!enabled_) return;
      const auto now = std::chrono::steady_clock::now();
      if (now - last_ < std::chrono::milliseconds(250) && files_ < total_files_) return;
      last_ = now;
      const double seconds = std::chrono::duration<double>(now - started_).count();
      const double rate = seconds > 0 ? bytes_ / seconds : 0;
      const double left = rate > 0 && total_bytes_ > bytes_ ? (total_bytes_ - bytes_) / rate : 0;
      char line[160];
      std::snprintf(line, sizeof line, "\rquoth: %zu/%zu files, %.1f MB, %.1f MB/s, about %.0f s left\033[K", files_,
                    total_files_, bytes_ / 1e6, rate / 1e6, left);
      std::fputs(line, stderr);
      shown_ = true;
    }
    void Linking(size_t quotes, size_t documents) {
      if (!enabled_) return;
      char line[160];
      std::snprintf(line, sizeof line, "\rquoth: linking %zu quotes of %zu documents\033[K", quotes, documents);
      std::fputs(line, stderr);
      shown_ = true;
    }
    void Finish() {
      if (shown_) std::fputs("\r\033[K", stderr);  // the line goes: it was for watching, not for the record
      shown_ = false;
    }

   private:
    bool enabled_ = false, shown_ = false;
    size_t files_ = 0, bytes_ = 0, total_files_ = 0, total_bytes_ = 0;
    std::chrono::steady_clock::time_point started_, last_;
  };

  // Reads and extracts one document. In its turn, streamed rows go straight to std::cout as the
  // engine reads each segment (a long document's quotes are never all held at once); ahead of
  // its turn (`buffered`), into the outcome.
  Outcome ExtractDocument(const Entry& e, bool buffered) const {
    Outcome o;
    std::string text;
    if (!ReadDocument(e.path, streams_, &text, &o.error, engine_.options().max_document_bytes)) {
      o.error = e.path + ": " + o.error;
      return o;
    }
    o.bytes = text.size();
    const std::string id = "d" + std::to_string(e.number);
    std::optional<std::ostringstream> rows;
    if (streaming_) {
      if (buffered) rows.emplace();
      // csv/tsv: a worker leaves the header out; it is written in the first document's turn.
      o.writer = std::make_unique<quoth::DocumentWriter>(format_, rows ? static_cast<std::ostream&>(*rows) : std::cout,
                                                          !buffered && first_, write_);
    }
    auto result = streaming_ ? engine_.Extract(text, e.path, id,
                                               [&](const quoth::DocumentResult& document, std::vector<quoth::Quote>& quotes) {
                                                 o.writer->Quotes(document, quotes);
                                               })
                             : engine_.Extract(text, e.path, id);
    if (!result.ok()) {
      o.error = result.status().message();
    } else {
      o.result = std::move(*result);
    }
    if (rows) {
      o.rows_before_finish = static_cast<size_t>(rows->tellp());
      if (o.result) o.writer->Finish(*o.result);
      o.rows = std::move(*rows).str();
      o.writer.reset();
    }
    return o;
  }

  // The outcome handed on in its turn: messages, warnings, progress, then the result kept or
  // its rows written.
  void Commit(const Entry& e, Outcome& o) {
    if (o.exception) std::rethrow_exception(o.exception);
    const bool buffered = streaming_ && !o.writer;
    if (buffered && first_ && (o.result || !o.rows.empty()) && (format_ == quoth::Format::kCsv || format_ == quoth::Format::kTsv))
      std::cout << CsvHeader();
    if (buffered) std::cout.write(o.rows.data(), static_cast<std::streamsize>(o.rows_before_finish));
    for (const auto& line : o.log) EmitLibraryMessage(line.level, line.message);
    if (!o.error.empty()) { Fail(o.error); return; }
    for (const auto& w : o.result->warnings) {
      const std::string where = e.path + (w.line ? ":" + std::to_string(w.line) : "");
      Info(where + ": warning: " + w.message);
      auto& kind = warnings_[WarningKindOf(w.message)];
      if (kind.times++ == 0) { kind.first = where; kind.first_message = w.message; }
      if (kind.last_document != e.number) { ++kind.documents; kind.last_document = e.number; }
    }
    progress_.Done(o.bytes);
    if (!streaming_) { results_.push_back(std::move(*o.result)); return; }
    if (buffered) {
      std::cout.write(o.rows.data() + o.rows_before_finish, static_cast<std::streamsize>(o.rows.size() - o.rows_before_finish));
    } else {
      o.writer->Finish(*o.result);
    }
    first_ = false;
  }

  // The csv/tsv header row, as a document's writer prints it before its first row.
  std::string CsvHeader() const {
    std::ostringstream header;
    quoth::WriteDocument(quoth::DocumentResult{}, format_, header, true, write_);
    return std::move(header).str();
  }

  void ProcessInOrder(const Entry& e) {
    try {
      Outcome o = ExtractDocument(e, false);
      Commit(e, o);
    } catch (const std::bad_alloc&) {  // one huge document must not end the batch
      Fail(e.path + ": out of memory");
    }
  }

  // Worker threads extract the documents that may run ahead (at most kAheadPerJob per worker
  // and kMaxBytesAhead ahead of the one in its turn); this thread takes each entry in order,
  // extracting in place those that may not run ahead.
  void RunAhead(std::vector<Entry>& entries, size_t jobs) {
    const size_t n = entries.size();
    std::vector<std::unique_ptr<Outcome>> done(n);
    std::mutex mutex;
    std::condition_variable work, finished;
    std::deque<size_t> queue;
    bool stop = false;
    auto worker = [&] {
      for (;;) {
        size_t i = 0;
        {
          std::unique_lock<std::mutex> lock(mutex);
          work.wait(lock, [&] { return stop || !queue.empty(); });
          if (stop) return;
          i = queue.front();
          queue.pop_front();
        }
        auto o = std::make_unique<Outcome>();
        try {
          LogCapture capture;
          *o = ExtractDocument(entries[i], true);
          o->log = std::move(capture.lines);
        } catch (const std::bad_alloc&) {
          o = std::make_unique<Outcome>();
          o->error = entries[i].path + ": out of memory";
        } catch (...) {
          o->exception = std::current_exception();
        }
        {
          std::lock_guard<std::mutex> lock(mutex);
          done[i] = std::move(o);
        }
        finished.notify_all();
      }
    };
    std::vector<std::thread> pool;
    struct Stop {  // on every way out: the workers finish the document in hand and end
      std::mutex& mutex;
      std::condition_variable& work;
      bool& stop;
      std::vector<std::thread>& pool;
      ~Stop() {
        {
          std::lock_guard<std::mutex> lock(mutex);
          stop = true;
        }
        work.notify_all();
        for (auto& t : pool) t.join();
      }
    } stopper{mutex, work, stop, pool};
    try {
      for (size_t t = 0; t < jobs; ++t) pool.emplace_back(worker);
    } catch (const std::system_error&) {  // fewer threads to be had: the ones there are do the work
    }
    const bool in_order_only = pool.empty();
    size_t next = 0, bytes_ahead = 0;
    for (size_t head = 0; head < n; ++head) {
      if (!in_order_only) {
        bool queued = false;
        {
          std::lock_guard<std::mutex> lock(mutex);
          for (; next < n && next < head + jobs * kAheadPerJob; ++next) {
            if (!entries[next].parallel) continue;
            if (next > head && bytes_ahead + entries[next].bytes > kMaxBytesAhead) break;
            bytes_ahead += entries[next].bytes;
            queue.push_back(next);
            queued = true;
          }
        }
        if (queued) work.notify_all();
      }
      Entry& e = entries[head];
      if (!e.error.empty()) {
        Fail(e.error);
        continue;
      }
      if (!e.parallel || in_order_only) {
        ProcessInOrder(e);
      } else {
        std::unique_ptr<Outcome> o;
        {
          std::unique_lock<std::mutex> lock(mutex);
          finished.wait(lock, [&] { return done[head] != nullptr; });
          o = std::move(done[head]);
          bytes_ahead -= e.bytes;
        }
        try {
          Commit(e, *o);
        } catch (const std::bad_alloc&) {
          Fail(e.path + ": out of memory");
        }
      }
      if (!output_.ok()) return;  // nothing more can be written: stop reading
    }
  }

  const quoth::Engine& engine_;
  const StandardStreams& streams_;
  OutputCheck& output_;
  const quoth::Format format_;
  const quoth::WriteOptions& write_;
  const bool streaming_;
  const size_t jobs_;
  std::vector<quoth::DocumentResult> results_;
  int status_ = kExitOk;
  struct WarningKind {
    size_t times = 0, documents = 0, last_document = static_cast<size_t>(-1);
    std::string first;  // where it was first seen
    std::string first_message;
  };
  std::map<std::string, WarningKind> warnings_;  // by message, in message order (deterministic)
  Progress progress_;
  size_t document_count_ = 0;
  bool first_ = true;  // csv/tsv print their header before the first document
};

int Extract(const ExtractArgs& args, const StandardStreams& streams) {
  auto format = quoth::ParseFormat(args.format);
  if (!format.ok()) { Error(format.status().message()); return kExitUsage; }
  quoth::WriteOptions write;
  if (!ParseWriteOptions(args, &write)) return kExitUsage;
  WarnAboutIgnoredOptions(args, *format);

  const std::optional<size_t> jobs = ParseJobs(args.jobs);
  if (!jobs) {
    Error("-j/--jobs takes a number of documents to extract at a time, 1 to " + std::to_string(kMaxJobs) + " (got '" +
          args.jobs + "')");
    return kExitUsage;
  }

  auto rules = LoadRules(args.rule_dirs, args.no_builtin);
  if (!rules.ok()) { Error(rules.status().ToString()); return kExitUsage; }
  // --lang takes exactly the languages whose packs are loaded: a document is never read with
  // another language's rules.
  if (const std::vector<std::string> langs = rules->languages();
      args.lang != "auto" && std::find(langs.begin(), langs.end(), args.lang) == langs.end()) {
    std::string known;
    for (const auto& l : langs) known += ", " + l;
    Error("--lang takes auto or a language with rule packs (" + known.substr(2) + "), not '" + args.lang + "'");
    return kExitUsage;
  }
  if (!ExamplesAllowExtraction(*rules, args.allow_failing_examples)) return kExitUsage;
  // Linking needs the whole batch, so output waits for it; --no-link lets jsonl, csv and tsv
  // stream one document at a time, in memory that does not grow with the batch.
  const bool link = !args.no_link;
  const bool streaming = !link && *format != quoth::Format::kTable && *format != quoth::Format::kJson;
  const quoth::Engine engine(*rules, MakeEngineOptions(args));
  std::future<quoth::Result<quoth::Linker>> linker_future;
  if (link) linker_future = StartLinker(*rules, args.explain);

  OutputCheck output(streams.stdout_closed);
  Batch batch(engine, streams, output, *format, write, streaming, *jobs);
  batch.Run(args.inputs.empty() ? std::vector<std::string>{"-"} : args.inputs);
  batch.SummariseWarnings();
  if (output.ok() && streaming) {
    quoth::WriteClusters({}, *format, std::cout, write);  // jsonl's final line: nothing linked
  } else if (output.ok()) {
    std::vector<quoth::Cluster> clusters;
    if (link) {
      auto linker = linker_future.get();
      if (!linker.ok()) { Error(linker.status().ToString()); return kExitUsage; }
      batch.ShowLinking();
      clusters = linker->Link(batch.results());
      batch.HideProgress();
    }
    errno = 0;
    quoth::Write(batch.results(), clusters, *format, std::cout, write);
  }
  if (!output.Flush()) { Error("cannot write standard output: " + output.failure()); return kExitDocumentFailed; }
  return batch.status();
}

struct ReportArgs {
  std::string format = "html";
  std::string output;
  std::vector<std::string> inputs;
  std::vector<std::string> rule_dirs;
  bool no_builtin = false;
  bool allow_failing_examples = false;
  std::string lang = "auto";
};

// `quoth report`: the batch extracted and linked as `extract` does, written as one HTML page
// (report_html.cc) with the documents' texts, for their highlights.
int Report(const ReportArgs& args, const StandardStreams& streams) {
  if (args.format != "html") { Error("report --format takes html (got '" + args.format + "')"); return kExitUsage; }
  if (args.inputs.empty()) { Error("report: give the output file and at least one FILE or FOLDER"); return kExitUsage; }
  auto rules = LoadRules(args.rule_dirs, args.no_builtin);
  if (!rules.ok()) { Error(rules.status().ToString()); return kExitUsage; }
  if (const std::vector<std::string> langs = rules->languages();
      args.lang != "auto" && std::find(langs.begin(), langs.end(), args.lang) == langs.end()) {
    Error("--lang takes auto or a language with rule packs, not '" + args.lang + "'");
    return kExitUsage;
  }
  if (!ExamplesAllowExtraction(*rules, args.allow_failing_examples)) return kExitUsage;
  quoth::EngineOptions options;
  options.lang = args.lang;
  options.link_evidence = true;
  const quoth::Engine engine(*rules, options);
  auto linker_future = StartLinker(*rules, false);
  std::vector<quoth::DocumentResult> results;
  std::vector<std::string> texts;
  int status = kExitOk;
  bool read_standard_input = false;
  for (const auto& argument : args.inputs) {
    std::vector<std::string> paths;
    std::string error;
    if (argument == "-" && std::exchange(read_standard_input, true)) {
      Error("-: standard input is already read as an earlier document of this batch");
      status = kExitDocumentFailed;
      continue;
    }
    if (!ExpandArgument(argument, &paths, &error)) { Error(argument + ": " + error); status = kExitDocumentFailed; continue; }
    for (const auto& path : paths) {
      std::string text;
      if (!ReadDocument(path, streams, &text, &error, options.max_document_bytes)) { Error(path + ": " + error); status = kExitDocumentFailed; continue; }
      auto result = engine.Extract(text, path, "d" + std::to_string(results.size()));
      if (!result.ok()) { Error(result.status().message()); status = kExitDocumentFailed; continue; }
      results.push_back(std::move(*result));
      texts.push_back(std::move(text));
    }
  }
  auto linker = linker_future.get();
  if (!linker.ok()) { Error(linker.status().ToString()); return kExitUsage; }
  const std::vector<quoth::Cluster> clusters = linker->Link(results);
#ifdef QUOTH_CLI_FUZZING
  const std::string output = "/dev/null";  // the fuzzed command line names files at random: none is written
#else
  const std::string& output = args.output;
#endif
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  if (!out) { Error(args.output + ": cannot write: " + std::strerror(errno)); return kExitDocumentFailed; }
  quoth_cli::WriteHtmlReport(results, texts, clusters, out);
  out.close();
  if (!out) { Error(args.output + ": cannot write: " + std::strerror(errno)); return kExitDocumentFailed; }
  Info("wrote " + args.output + " (" + std::to_string(results.size()) + " documents)");
  return status;
}

struct CheckArgs {
  std::vector<std::string> rule_dirs;
  bool no_builtin = false;
  std::string articles;  // a folder of example articles, each with its expected table
  bool update = false;   // write the expected tables from the current output
};

// One difference between an article's expected table and what quoth found, as a FILE:LINE
// line under the article's name: the line of the table for what was expected, of the article
// for what was found.
// "(speaker Lena Holt)", "(no speaker)", "(scare)": a speaker column's label in words.
std::string SpeakerNote(const std::string& label) {
  if (label == "?") return "(no speaker)";
  if (!label.empty() && label.front() == '(') return label;
  return "(speaker " + label + ")";
}

void ReportDifference(const std::string& article, const std::string& table, const quoth_cli::Difference& d) {
  using Kind = quoth_cli::Difference::Kind;
  const std::string quote = "\"" + quoth::EscapeTsv(d.quote) + "\"";
  switch (d.kind) {
    case Kind::kMissing:
      Log().error("  {}:{}: missing quote {} {}", table, d.expected_line, quote, SpeakerNote(d.expected_speaker));
      break;
    case Kind::kExtra:
      Log().error("  {}:{}: extra quote {} {}", article, d.found_line, quote, SpeakerNote(d.found_speaker));
      break;
    case Kind::kWrongSpeaker:
      Log().error("  {}:{}: wrong speaker for {}: found {}, expected {} ({}:{})", article, d.found_line, quote,
                  d.found_speaker, d.expected_speaker, table, d.expected_line);
      break;
  }
}

// Writes `text` to `path` whole; false with *error.
bool WriteFile(const std::string& path, const std::string& text, std::string* error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (out) return true;
  *error = std::strerror(errno);
  return false;
}

// One example article against its expected table, or with --update the table written from
// what quoth finds. True when nothing is wrong.
bool CheckArticle(const quoth::Engine& engine, const std::string& path, bool update, const StandardStreams& streams) {
  std::string text, error;
  if (!ReadDocument(path, streams, &text, &error, engine.options().max_document_bytes)) { Error(path + ": " + error); return false; }
  auto result = engine.Extract(text, path);
  if (!result.ok()) { Error(result.status().message()); return false; }
  const std::vector<quoth_cli::ExpectedRow> found = quoth_cli::RowsOf(*result);
  const std::string table = quoth_cli::ExpectedTablePath(path);
  const std::string counted = std::to_string(found.size()) + (found.size() == 1 ? " quote" : " quotes");
  if (update) {
    const std::string name = std::filesystem::path(path).filename().string();
    if (!WriteFile(table, quoth_cli::FormatExpectedTable(name, found), &error)) { Error(table + ": cannot write: " + error); return false; }
    std::cout << "wrote " << table << " (" << counted << ")\n";
    return true;
  }
  std::string expected_text;
  std::error_code ec;
  if (!std::filesystem::exists(table, ec)) {
    Error(path + ": no expected table " + table + " (quoth check --articles FOLDER --update writes it from what quoth finds)");
    return false;
  }
  if (!ReadDocument(table, streams, &expected_text, &error)) { Error(table + ": " + error); return false; }
  std::vector<quoth_cli::ExpectedRow> expected;
  if (!quoth_cli::ParseExpectedTable(expected_text, &expected, &error)) { Error(table + ":" + error); return false; }
  const auto differences = quoth_cli::Compare(expected, found);
  if (differences.empty()) {
    std::cout << path << ": ok (" << counted << ")\n";
    return true;
  }
  const size_t n = differences.size();
  Error(path + ": " + std::to_string(n) + (n == 1 ? " difference" : " differences") + " from " + table);
  for (const auto& d : differences) ReportDifference(path, table, d);
  return false;
}

// Every *.txt of `folder` through the engine, each against its expected table. True when all agree.
bool CheckArticles(const quoth::RuleSet& rules, const CheckArgs& args, const StandardStreams& streams) {
  std::error_code ec;
  if (!std::filesystem::is_directory(args.articles, ec)) {
    Error(args.articles + ": " + (std::filesystem::exists(args.articles, ec) ? "is not a folder" : "does not exist") +
          " (--articles takes a folder of *.txt articles)");
    return false;
  }
  std::vector<std::string> paths;
  std::string error;
  if (!ExpandArgument(args.articles, &paths, &error)) { Error(args.articles + ": " + error); return false; }
  const quoth::Engine engine(rules);  // as quoth extract reads them (language detected, every quote kept)
  size_t failed = 0;
  for (const auto& path : paths)
    if (!CheckArticle(engine, path, args.update, streams)) ++failed;
  if (failed == 0) return true;
  Error(std::to_string(failed) + " of " + std::to_string(paths.size()) + " articles " +
        (args.update ? "could not be read or written" : "do not match their expected tables") +
        (args.update ? "" : "; where quoth's output is now what you want, --update rewrites the tables"));
  return false;
}

int Check(const CheckArgs& args, const StandardStreams& streams) {
  if (args.update && args.articles.empty()) { Error("--update writes the expected tables of --articles FOLDER: give the folder"); return kExitUsage; }
  auto rules = LoadRules(args.rule_dirs, args.no_builtin);
  if (!rules.ok()) { Log().error("{}", rules.status().ToString()); return kExitUsage; }
  // Rule-pack warnings come through the library's log (RuleSet::Load), marked "warning:".
  for (const auto& s : rules->Summary())
    std::cout << s.language << ": " << s.files << " files, " << s.patterns << " patterns, " << s.verbs << " verbs, "
              << s.examples << " examples\n";
  std::cout.flush();  // before any error on stderr, so a terminal shows them in order
  const quoth::Status examples = rules->CheckExamples();
  if (!examples.ok()) Log().error("{}", examples.ToString());
  const bool articles_agree = args.articles.empty() || CheckArticles(*rules, args, streams);
  if (!examples.ok() || !articles_agree) return kExitDocumentFailed;
  std::cout << "ok\n";
  return kExitOk;
}

// ---------------------------------------------------------------------------------------------
// Command line

// Edits (insertions, deletions, substitutions) between a and b: "extrat" is one from "extract".
size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t substitution = diagonal + (a[i - 1] != b[j - 1]);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

// CLI11 says "A subcommand is required" for a misspelt one or none: name it, and the real ones.
// `quoth tables build --rules DIR LANG`: the word, place and translation tables a new language's
// pack folder names, built from the Debian packages present into DIR/tables and DIR/lexicon,
// where the library reads a pack's own tables (no rebuild of quoth). Runs build_tables.py: the
// installed copy (share/quoth/tools), or the source tree's for the build tree's quoth.
int BuildTables(const std::string& rules_dir, const std::string& lang) {
  namespace fs = std::filesystem;
  std::vector<std::string> candidates = {(fs::path(quoth::DefaultDataDirectory()) / "tools" / "build_tables.py").string()};
#ifdef QUOTH_SOURCE_TOOLS_DIR
  candidates.push_back(std::string(QUOTH_SOURCE_TOOLS_DIR) + "/tables/build_tables.py");
#endif
  std::string script;
  std::error_code ec;
  for (const auto& c : candidates)
    if (script.empty() && fs::exists(c, ec)) script = c;
  if (script.empty()) {
    Error("build_tables.py not found (looked for " + candidates.front() + "): set $QUOTH_DATA_DIR to the installed share/quoth");
    return kExitUsage;
  }
  const char* python = fs::exists("/usr/bin/python3", ec) ? "/usr/bin/python3" : "python3";
  std::vector<std::string> args = {python, script, rules_dir, lang};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::cout.flush();
  execvp(python, argv.data());
  Error(std::string("cannot run ") + python + ": " + std::strerror(errno));
  return kExitUsage;
}

std::optional<std::string> UnknownSubcommand(CLI::App& app, int argc, char** argv) {
  std::string known, closest;
  const std::string given = argc < 2 ? "" : argv[1];
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == given) return std::nullopt;
    known += (known.empty() ? "" : ", ") + sub->get_name();
    if (closest.empty() && EditDistance(given, sub->get_name()) <= 2) closest = sub->get_name();
  }
  if (argc < 2) return "a subcommand is required: " + known + " (quoth --help)";
  if (given[0] == '-') return std::nullopt;  // an option (--help, --version) comes first: CLI11 answers
  return "unknown subcommand '" + given + "'" + (closest.empty() ? "" : " (did you mean '" + closest + "'?)") +
         "; the subcommands are " + known + " (quoth --help)";
}

int Run(int argc, char** argv, const StandardStreams& streams) {
  CLI::App app{"quoth: who said what in news articles (" QUOTH_LANGUAGE_NAMES ")"};
  app.set_version_flag("--version", QUOTH_VERSION);
  app.require_subcommand(1);
  std::string log_level = "warning";
  bool quiet = false;
  app.add_option("--log-level", log_level, "messages on stderr from: trace, debug, info, warning (default), error, off")
      ->type_name("LEVEL");
  app.add_flag("-q,--quiet", quiet, "errors only on stderr (no warnings, no progress line)");

  ExtractArgs args;
  auto* extract = app.add_subcommand("extract", "find quotes and their speakers");
  extract->fallthrough();  // --log-level and --quiet after the subcommand too
  extract->footer(
      "FILE may be a folder: its *.txt files are read in name order (not hidden files, not subfolders).\n"
      "Unless --no-link, quotes are linked across the batch and output comes at the end; with --no-link,\n"
      "jsonl, csv and tsv stream one document at a time. jsonl ends with one {\"clusters\": [...]} line.\n"
      "csv/tsv: a cell starting with = + - @ gets a leading ' (no spreadsheet formulas); tsv writes\n"
      "backslash, tab, newline and CR inside a cell as \\\\ \\t \\n \\r. The json forms are exact.\n"
      "Rule packs whose examples fail (see quoth check) are refused unless --allow-failing-examples.\n"
      "Exit: 0 ok; 1 a document could not be read or processed, or output could not be written\n"
      "(each reported, the rest of the batch goes on); 2 usage or rule errors, failing rule examples.");
  extract->add_option("files", args.inputs, "articles (UTF-8 text) or folders of *.txt; - or none reads standard input")
      ->type_name("FILE|FOLDER");
  extract->add_option("-f,--format", args.format, "table, json, jsonl, csv or tsv")->capture_default_str();
  extract->add_option("-l,--lang", args.lang, "auto, or the code of a language whose rule packs are loaded (quoth check lists them)")->capture_default_str();
  // One value per --rules: a vector option would otherwise swallow the FILEs after it.
  extract->add_option("-r,--rules", args.rule_dirs, "extra rule directory, layered over the built-in packs (repeat --rules for more)")
      ->allow_extra_args(false)
      ->type_name("DIR");
  extract->add_flag("--no-builtin-rules", args.no_builtin, "use only the --rules directories");
  extract->add_flag("--allow-failing-examples", args.allow_failing_examples,
                    "extract even when rule examples fail (they are listed as warnings); by default that is refused");
  extract->add_option("--by", args.by, "table grouping: quote (default), speaker or cluster");
  extract->add_flag("--explain", args.explain, "show the rule and the evidence for each quote and speaker (table, json, jsonl)");
  extract->add_flag("--no-link", args.no_link, "do not link quotes across documents (jsonl, csv, tsv then stream)");
  extract->add_flag("--speech-only", args.speech_only, "drop headline, title, epithet and scare quotes");
  extract->add_flag("--nested", args.nested, "also list quotes inside quotes (kind nested) as quotes of their own");
  extract->add_option("-j,--jobs", args.jobs,
                      "documents extracted at a time, on as many threads (default: one per core; 1: one after another); "
                      "the output is the same for any N")
      ->type_name("N");
  extract->add_option("--width", args.width,
                      "table width, " + std::to_string(quoth::kMinTableWidth) + " to " + std::to_string(quoth::kMaxTableWidth) +
                          " (default: the terminal's width, or " + std::to_string(kDefaultTableWidth) + " when not a terminal)")
      ->type_name("N");

  CheckArgs check_args;
  auto* check = app.add_subcommand("check", "validate rule packs and run their examples, without reading documents");
  check->fallthrough();
  check->add_option("-r,--rules", check_args.rule_dirs, "rule directory to check (repeat --rules for more)")
      ->allow_extra_args(false)
      ->type_name("DIR");
  check->add_flag("--no-builtin-rules", check_args.no_builtin, "check only the --rules directories");
  check->add_option("--articles", check_args.articles,
                    "also extract from each *.txt in FOLDER and compare with its NAME.expected.tsv (speaker, tab, quote)")
      ->type_name("FOLDER");
  check->add_flag("--update", check_args.update, "with --articles: write each NAME.expected.tsv from what quoth finds now");
  check->footer(
      "Exit: 0 ok; 1 a rule example fails, or an article cannot be checked or differs from its expected table (each difference\n"
      "listed: missing quote, extra quote, wrong speaker); 2 usage or rule errors.");

  ReportArgs report_args;
  std::vector<std::string> report_positionals;
  auto* report = app.add_subcommand("report", "one self-contained HTML page for a batch: speakers, linked quotes, highlighted texts");
  report->fallthrough();
  report->add_option("-f,--format", report_args.format, "html (the only report format)")->capture_default_str();
  report->add_option("-r,--rules", report_args.rule_dirs, "extra rule directory, layered over the built-in packs (repeat --rules for more)")
      ->allow_extra_args(false)
      ->type_name("DIR");
  report->add_flag("--no-builtin-rules", report_args.no_builtin, "use only the --rules directories");
  report->add_flag("--allow-failing-examples", report_args.allow_failing_examples, "report even when rule examples fail");
  report->add_option("-l,--lang", report_args.lang, "auto, or a loaded language")->capture_default_str();
  report->add_option("out_and_files", report_positionals, "OUT.html, then the articles (files or folders of *.txt; - reads standard input)")
      ->type_name("OUT.html FILE|FOLDER")
      ->required();
  report->footer("Exit: 0 ok; 1 a document could not be read (the rest are reported) or OUT could not be written; 2 usage or rule errors.");

#ifdef QUOTH_SERVE
  quoth_cli::ServeOptions serve_options;
  auto* serve = app.add_subcommand("serve", "the editors' playground: a local web page to paste articles, edit rule packs and link articles");
  serve->fallthrough();
  serve->add_option("--port", serve_options.port, "port to listen on (0: any free port, printed)")->capture_default_str();
  serve->add_option("--host", serve_options.host, "address to listen on (default 127.0.0.1: this machine only)")->capture_default_str();
  serve->add_option("-r,--rules", serve_options.rules_dir, "a rule folder layered over the built-in packs; the page may save its packs there")
      ->type_name("DIR");
  serve->footer("The page's API: POST /api/extract, /api/check, /api/link (tools/README.md). Requests over 8 MiB get 413;\n"
                "cross-origin POSTs get 403. Without --rules the page's edits stay in memory.");
#endif

  std::string tables_rules, tables_lang;
  auto* tables = app.add_subcommand("tables", "tables for a language of your own (no rebuild of quoth)");
  tables->require_subcommand(1);
  auto* tables_build = tables->add_subcommand(
      "build", "build the word, place and translation tables LANG's packs in DIR name, from the Debian packages present");
  tables_build->add_option("-r,--rules", tables_rules, "the rules folder holding LANG/ (the tables go in its tables/ and lexicon/)")
      ->required()
      ->type_name("DIR");
  tables_build->add_option("lang", tables_lang, "the language code (the folder DIR/LANG)")->required()->type_name("LANG");
  tables_build->footer(
      "Reads common_words:, places: and lexicon: (with lexicon_sources:) from DIR/LANG/*.yaml and builds\n"
      "DIR/tables/words/NAME.txt (from /usr/share/dict/NAME), DIR/tables/places/iso-3166-XX.txt (iso-codes) and\n"
      "DIR/lexicon/NAME (FreeDict dictionaries). quoth reads a pack's own tables from there.");

  if (const auto unknown = UnknownSubcommand(app, argc, argv)) { Error(*unknown); return kExitUsage; }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  quoth::LogLevel level = quoth::LogLevel::kWarning;
  if (!quoth::ParseLogLevel(log_level, &level)) {
    Error("--log-level takes trace, debug, info, warning, error or off (got '" + log_level + "')");
    return kExitUsage;
  }
  SetLogLevel(quiet ? quoth::LogLevel::kError : level);
  if (*extract) return Extract(args, streams);
  if (*check) return Check(check_args, streams);
  if (*tables_build) return BuildTables(tables_rules, tables_lang);
  if (*report) {
    report_args.output = report_positionals.front();
    report_args.inputs.assign(report_positionals.begin() + 1, report_positionals.end());
    return Report(report_args, streams);
  }
#ifdef QUOTH_SERVE
  if (*serve) {
    std::error_code ec;
    if (!serve_options.rules_dir.empty() && !std::filesystem::is_directory(serve_options.rules_dir, ec)) {
      Error("--rules " + serve_options.rules_dir + ": is not a folder");
      return kExitUsage;
    }
    if (serve_options.port < 0 || serve_options.port > 65535) { Error("--port takes 0 to 65535"); return kExitUsage; }
    return quoth_cli::Serve(serve_options);
  }
#endif
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  const StandardStreams streams = GuardStandardStreams();
  // No argument or input may abort the program: anything unforeseen is one line and an exit code.
  try {
    return Run(argc, argv, streams);
  } catch (const std::bad_alloc&) {
    Error("out of memory");
  } catch (const std::exception& e) {
    Error(std::string("internal error: ") + e.what());
  }
  return kExitUsage;
}
