// runLocalCli (warpscope/worker.h): warpscope-cli as a child process whose output is one answer.
#include <unistd.h>

#include <chrono>
#include <memory>
#include <stdexcept>

#include "warpscope/worker.h"
#include "worker/worker_process.h"

namespace warpscope::worker {

CliOutput runLocalCli(const std::vector<std::string>& args, const std::vector<std::string>& extraEnv,
                      const std::function<bool()>& cancelled, std::size_t maxOutputBytes) {
  std::vector<std::string> argv = {localWorkerCommand().argv.front()};
  argv.insert(argv.end(), args.begin(), args.end());
  std::unique_ptr<ChildProcess> started;
  try {
    started = std::make_unique<ChildProcess>(argv, extraEnv);
  } catch (const std::exception& e) {
    throw CliStartError(e.what());
  }
  ChildProcess& child = *started;
  const auto tooMuch = [&] {
    child.kill();
    return std::runtime_error("the child process wrote more than " + std::to_string(maxOutputBytes >> 20) +
                              " MiB: not an answer");
  };
  CliOutput out;
  std::string line;
  // Output read a line at a time until the child closes it; a cancel ends the child.
  for (bool open = true; open;) {
    switch (child.readLine(line, std::chrono::milliseconds(100), maxOutputBytes)) {
      case ChildProcess::ReadStatus::Line: out.standardOutput += line + '\n'; break;
      case ChildProcess::ReadStatus::Timeout: break;
      case ChildProcess::ReadStatus::Closed: open = false; break;
      case ChildProcess::ReadStatus::TooLong: throw tooMuch();
    }
    if (out.standardOutput.size() > maxOutputBytes) throw tooMuch();
    if (cancelled && cancelled()) {
      child.kill();
      out.cancelled = true;
      return out;
    }
  }
  // Its output closed: it is ending. Wait for it, at most a few seconds.
  for (int i = 0; i < 50 && child.running(); ++i) usleep(100'000);
  if (child.running()) child.kill();
  if (child.exitText() != "exit 0")
    throw std::runtime_error("the child process failed (" + child.exitText() + "): " + child.stderrTail().substr(0, 2000));
  return out;
}

}  // namespace warpscope::worker
