// libFuzzer harness for the CLI's argument parsing: the input is split at NUL bytes into up to
// 16 arguments and passed to quoth's own main (tools/quoth/main.cc, compiled here as
// quoth_cli_main). Any argument list must end in an exit code: no abort, no uncaught exception,
// no sanitizer report. Standard input is /dev/null and standard output is discarded.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

int quoth_cli_main(int argc, char** argv);

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (!std::freopen("/dev/null", "r", stdin) || !std::freopen("/dev/null", "w", stdout)) return 1;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> args = {"quoth"};
  std::string current;
  for (size_t i = 0; i < size && args.size() < 17; ++i) {
    if (data[i] == 0) {
      args.push_back(current);
      current.clear();
    } else if (current.size() < 256) {
      current.push_back(static_cast<char>(data[i]));
    }
  }
  if (!current.empty() && args.size() < 17) args.push_back(current);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int code = quoth_cli_main(static_cast<int>(args.size()), argv.data());
  if (code < 0 || code > 2) __builtin_trap();  // the documented exit codes are 0, 1 and 2
  return 0;
}
