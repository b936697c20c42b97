#include "labs/streams/streams_child.h"

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
  std::vector<std::string> args = {"run", request.labId, "--device", request.deviceId, "--scope",
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
  // The variable set over this process's environment (it is read once, when a CUDA context is
  // created); the child's JSON output is the result.
  const std::string setting = "CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues);
  worker::CliOutput child;
  try {
    child = worker::runLocalCli(args, {setting}, [&] { return monitor.cancelled(); }, kMaxChildOutputBytes);
  } catch (const worker::CliStartError& e) {
    throw BadInputError(std::string("streams: running with another number of hardware queues needs warpscope-cli (") +
                        e.what() + "); set WARPSCOPE_CLI to its path");
  } catch (const std::exception& e) {
    throw std::runtime_error("streams: with " + setting + ": " + e.what());
  }
  monitor.throwIfCancelled();
  RunResult result = readResultJson(child.standardOutput);
  result.notes.insert(result.notes.begin(),
                      "Measured in a child process started with CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues) +
                          ": the variable is read once, when the CUDA context is created, and this process's context "
                          "has " + std::to_string(processHardwareQueues()) + " hardware queues.");
  return result;
}

}  // namespace warpscope::labs
