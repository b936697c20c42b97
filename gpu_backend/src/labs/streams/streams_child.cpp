#include "labs/streams/streams_child.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "labs/streams/streams_lab.h"
#include "warpscope/params.h"
#include "warpscope/worker.h"
#include "warpscope/writers.h"
#include "worker/worker_process.h"

namespace warpscope::labs {

namespace {

/// The child's output is one result; anything bigger is not ours.
constexpr std::size_t kMaxChildOutputBytes = std::size_t{64} << 20;

}  // namespace

int processHardwareQueues() {
  const char* text = std::getenv("CUDA_DEVICE_MAX_CONNECTIONS");
  if (!text || !*text) return 8;
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  return end && *end == '\0' && n >= 1 && n <= 32 ? static_cast<int>(n) : 8;
}

RunResult runStreamsInChild(const RunRequest& request, int queues, RunMonitor& monitor) {
  // The same warpscope-cli the window's GPU worker is (beside this program, or WARPSCOPE_CLI).
  const std::string cli = worker::localWorkerCommand().argv.front();
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
  std::unique_ptr<worker::ChildProcess> started;
  try {
    started = std::make_unique<worker::ChildProcess>(args, std::vector<std::string>{"CUDA_DEVICE_MAX_CONNECTIONS=" +
                                                                                      std::to_string(queues)});
  } catch (const std::exception& e) {
    throw BadInputError(std::string("streams: running with another number of hardware queues needs warpscope-cli (") +
                        e.what() + "); set WARPSCOPE_CLI to its path");
  }
  worker::ChildProcess& child = *started;
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
