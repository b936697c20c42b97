#include "labs/streams/streams_child.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "labs/streams/streams_lab.h"
#include "warpscope/params.h"
#include "warpscope/writers.h"
#include "worker/worker_process.h"

namespace warpscope::labs {

namespace {

/// The child's output is one result; anything bigger is not ours.
constexpr std::size_t kMaxChildOutputBytes = std::size_t{64} << 20;

std::string findCli() {
  namespace fs = std::filesystem;
  if (const char* given = std::getenv("WARPSCOPE_CLI"); given && *given) return given;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec)
    for (const fs::path& candidate : {self.parent_path() / "warpscope-cli", self.parent_path() / ".." / "app" / "warpscope-cli"})
      if (fs::exists(candidate, ec) && access(candidate.c_str(), X_OK) == 0) return candidate.string();
  throw BadInputError(
      "streams: running with another number of hardware queues needs warpscope-cli, which was not found beside this "
      "program; set WARPSCOPE_CLI to its path");
}

}  // namespace

int processHardwareQueues() {
  const char* text = std::getenv("CUDA_DEVICE_MAX_CONNECTIONS");
  if (!text || !*text) return 8;
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  return end && *end == '\0' && n >= 1 && n <= 32 ? static_cast<int>(n) : 8;
}

RunResult runStreamsInChild(const RunRequest& request, int queues, RunMonitor& monitor) {
  const std::string cli = findCli();
  std::vector<std::string> args = {cli, "run", request.labId, "--device", request.deviceId, "--scope",
                                   request.scope == RunScope::FocusOnly ? "focus" : "sweep", "--format", "json"};
  for (const auto& [name, value] : request.params.values()) {
    std::ostringstream v;
    v << name << "=";
    // A named choice is given by its name (the CLI takes no index for it).
    const ParamSpec* spec = nullptr;
    for (const ParamSpec& p : streamsSpec().params)
      if (p.id == name) spec = &p;
    const auto index = static_cast<std::size_t>(value);
    if (spec && spec->isNamedChoice() && index < spec->choiceNames.size()) v << spec->choiceNames[index];
    else v << value;
    args.push_back("--set");
    args.push_back(v.str());
  }
  // The variable set over this process's environment; output read a line at a time until the
  // child closes it, a cancel ending the child.
  worker::ChildProcess child(args, {"CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues)});
  std::string stdoutText, line;
  for (bool open = true; open;) {
    switch (child.readLine(line, std::chrono::milliseconds(100), kMaxChildOutputBytes)) {
      case worker::ChildProcess::ReadStatus::Line: stdoutText += line + '\n'; break;
      case worker::ChildProcess::ReadStatus::Timeout: break;
      case worker::ChildProcess::ReadStatus::Closed: open = false; break;
      case worker::ChildProcess::ReadStatus::TooLong:
        child.kill();
        throw std::runtime_error("streams: the child process wrote more than 64 MiB: not a result");
    }
    if (stdoutText.size() > kMaxChildOutputBytes) {
      child.kill();
      throw std::runtime_error("streams: the child process wrote more than 64 MiB: not a result");
    }
    if (monitor.cancelled()) {
      child.kill();
      monitor.throwIfCancelled();
    }
  }
  // Its output closed: it is ending. Wait for it, at most a few seconds.
  for (int i = 0; i < 50 && child.running(); ++i) usleep(100'000);
  if (child.running()) child.kill();
  if (child.exitText() != "exit 0")
    throw std::runtime_error("streams: the child process with CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues) +
                             " failed (" + child.exitText() + "): " + child.stderrTail().substr(0, 2000));
  RunResult result = readResultJson(stdoutText);
  result.notes.insert(result.notes.begin(),
                      "Measured in a child process started with CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues) +
                          ": the variable is read once, when the CUDA context is created, and this process's context "
                          "has " + std::to_string(processHardwareQueues()) + " hardware queues.");
  return result;
}

}  // namespace warpscope::labs
