#include "labs/streams/streams_child.h"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "labs/streams/streams_lab.h"
#include "warpscope/params.h"
#include "warpscope/writers.h"

extern char** environ;

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

/// Reads the child's stdout and stderr until both close, polling cancel.
void drain(int out, int err, std::string& stdoutText, std::string& stderrText, pid_t child, RunMonitor& monitor) {
  pollfd fds[2] = {{out, POLLIN, 0}, {err, POLLIN, 0}};
  int open = 2;
  char buffer[65536];
  while (open > 0) {
    if (monitor.cancelled()) {
      kill(child, SIGKILL);
      return;
    }
    if (poll(fds, 2, 100) < 0 && errno != EINTR) return;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        fds[i].fd = -1;
        --open;
        continue;
      }
      std::string& text = i == 0 ? stdoutText : stderrText;
      if (text.size() < kMaxChildOutputBytes) text.append(buffer, static_cast<std::size_t>(n));
    }
  }
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
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, "CUDA_DEVICE_MAX_CONNECTIONS=", 28) != 0) env.emplace_back(*e);
  env.push_back("CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues));
  std::vector<char*> argv, envp;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);

  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) throw std::runtime_error("streams: cannot create pipes for the child process");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addclose(&actions, err[0]);
  pid_t child = 0;
  const int spawned = posix_spawn(&child, cli.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  close(err[1]);
  std::string stdoutText, stderrText;
  if (spawned == 0) drain(out[0], err[0], stdoutText, stderrText, child, monitor);
  close(out[0]);
  close(err[0]);
  if (spawned != 0) throw std::runtime_error("streams: cannot start " + cli + ": " + std::strerror(spawned));
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  monitor.throwIfCancelled();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("streams: the child process with CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues) +
                             " failed (" + (WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status)) : "killed") +
                             "): " + stderrText.substr(0, 2000));
  RunResult result = readResultJson(stdoutText);
  result.notes.insert(result.notes.begin(),
                      "Measured in a child process started with CUDA_DEVICE_MAX_CONNECTIONS=" + std::to_string(queues) +
                          ": the variable is read once, when the CUDA context is created, and this process's context "
                          "has " + std::to_string(processHardwareQueues()) + " hardware queues.");
  return result;
}

}  // namespace warpscope::labs
