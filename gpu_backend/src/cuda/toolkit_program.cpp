#include "cuda/toolkit_program.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

extern char** environ;

namespace warpscope::cuda {

std::string findToolkitProgram(const std::string& name) {
  std::vector<std::string> folders;
  if (const char* home = std::getenv("CUDA_HOME"); home && *home) folders.push_back(std::string(home) + "/bin");
  folders.push_back("/usr/local/cuda/bin");
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');)
      if (!dir.empty()) folders.push_back(dir);
  }
  std::error_code ec;
  for (const std::string& folder : folders) {
    const std::string candidate = folder + "/" + name;
    if (std::filesystem::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

ProgramOutput runProgram(const std::vector<std::string>& argv, std::size_t maxOutputBytes, double timeoutSeconds) {
  ProgramOutput result;
  if (argv.empty()) {
    result.why = "no program to run";
    return result;
  }
  int out[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) != 0) {
    result.why = std::string("cannot create a pipe: ") + std::strerror(errno);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> args = argv;
  std::vector<char*> argp;
  for (std::string& a : args) argp.push_back(a.data());
  argp.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, argp.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (spawned != 0) {
    close(out[0]);
    result.why = "cannot start " + argv[0] + ": " + std::strerror(spawned);
    return result;
  }
  result.started = true;
  std::array<char, 65536> chunk{};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeoutSeconds);
  for (;;) {
    // A tool that hangs must not hold the run (in the GPU worker, the window's next request):
    // past the deadline it is killed and said to be.
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd readable{out[0], POLLIN, 0};
    const int ready = left.count() > 0 ? poll(&readable, 1, static_cast<int>(left.count())) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      kill(pid, SIGKILL);
      result.timedOut = true;
      break;
    }
    const ssize_t n = read(out[0], chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    // Read to the end even past the limit: a tool blocked on a full pipe would never exit.
    const std::size_t room = maxOutputBytes - std::min(maxOutputBytes, result.out.size());
    result.out.append(chunk.data(), std::min(room, static_cast<std::size_t>(n)));
    result.cut = result.cut || static_cast<std::size_t>(n) > room;
  }
  close(out[0]);
  int status = 0;
  pid_t waited = -1;
  while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  if (waited != pid) {
    result.why = argv[0] + ": its end could not be awaited: " + std::strerror(errno);
  } else if (WIFEXITED(status)) {
    result.exitCode = WEXITSTATUS(status);
    if (result.exitCode != 0) result.why = argv[0] + " ended with status " + std::to_string(result.exitCode);
  } else if (result.timedOut) {
    result.why =
        argv[0] + " was still running after " + std::to_string(static_cast<int>(timeoutSeconds)) + " s and was stopped";
  } else if (WIFSIGNALED(status)) {
    result.why = argv[0] + " was ended by signal " + std::to_string(WTERMSIG(status));
  }
  return result;
}

}  // namespace warpscope::cuda
