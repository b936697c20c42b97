#include "worker/worker_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace warpscope::worker {

namespace {

constexpr std::size_t kStderrKeep = 8192;

void closeIfOpen(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::vector<std::string>& extraEnv) {
  if (argv.empty()) throw std::runtime_error("no program to start");
  // A worker that dies while we write to it must not end this process with SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
  int pipes[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};
  for (auto& p : pipes)
    if (pipe2(p, O_CLOEXEC) != 0) {
      for (auto& q : pipes) {
        closeIfOpen(q[0]);
        closeIfOpen(q[1]);
      }
      throw std::runtime_error(std::string("cannot create pipes for ") + argv[0] + ": " + std::strerror(errno));
    }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0);
  posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2);
  std::vector<std::string> args = argv, env;
  // This process's environment, less the variables extraEnv sets (the child sees one value each).
  for (char** e = environ; *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('=') + 1);
    bool replaced = false;
    for (const std::string& extra : extraEnv) replaced = replaced || extra.starts_with(name);
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extraEnv.begin(), extraEnv.end());
  std::vector<char*> argp, envp;
  for (std::string& a : args) argp.push_back(a.data());
  argp.push_back(nullptr);
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  // The child starts with SIGPIPE at its default (this process ignores it) and nothing blocked.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  const int spawned = posix_spawnp(&pid_, argv[0].c_str(), &actions, &attributes, argp.data(), envp.data());
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  close(pipes[0][0]);
  close(pipes[1][1]);
  close(pipes[2][1]);
  in_ = pipes[0][1];
  out_ = pipes[1][0];
  err_ = pipes[2][0];
  if (spawned != 0) {
    closeIfOpen(in_);
    closeIfOpen(out_);
    closeIfOpen(err_);
    pid_ = -1;
    throw std::runtime_error("cannot start " + argv[0] + ": " + std::strerror(spawned));
  }
  fcntl(err_, F_SETFL, fcntl(err_, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() {
  kill();
  if (running()) reap(true);  // still in the driver: the last chance to reap it
  closeIfOpen(in_);
  closeIfOpen(out_);
  closeIfOpen(err_);
}

bool ChildProcess::writeLine(const std::string& line) {
  if (in_ < 0) return false;
  std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(in_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      closeIfOpen(in_);  // EPIPE: the child stopped reading
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

void ChildProcess::drainStderr() {
  if (err_ < 0) return;
  char buffer[4096];
  while (true) {
    const ssize_t n = read(err_, buffer, sizeof buffer);
    if (n > 0) {
      stderr_.append(buffer, static_cast<std::size_t>(n));
      if (stderr_.size() > 2 * kStderrKeep) stderr_.erase(0, stderr_.size() - kStderrKeep);
      stderrUnread_.append(buffer, static_cast<std::size_t>(n));
      if (stderrUnread_.size() > 2 * kStderrKeep) stderrUnread_.erase(0, stderrUnread_.size() - kStderrKeep);
      continue;
    }
    if (n == 0) closeIfOpen(err_);  // the child closed it
    return;                         // EAGAIN: nothing more now
  }
}

ChildProcess::ReadStatus ChildProcess::readLine(std::string& line, std::chrono::milliseconds timeout,
                                                std::size_t maxBytes) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (const std::size_t newline = pending_.find('\n'); newline != std::string::npos) {
      line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return line.size() > maxBytes ? ReadStatus::TooLong : ReadStatus::Line;
    }
    if (pending_.size() > maxBytes) {
      pending_.clear();
      return ReadStatus::TooLong;
    }
    if (out_ < 0) return ReadStatus::Closed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return ReadStatus::Timeout;
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const int ready = poll(fds, err_ >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left.count(), 100)));
    if (ready < 0 && errno != EINTR) return ReadStatus::Closed;
    if (err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) drainStderr();
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char buffer[65536];
      const ssize_t n = read(out_, buffer, sizeof buffer);
      if (n > 0) pending_.append(buffer, static_cast<std::size_t>(n));
      else if (n == 0 || errno != EINTR) closeIfOpen(out_);
    }
  }
}

void ChildProcess::reap(bool block) {
  if (pid_ < 0 || status_) return;
  int status = 0;
  pid_t r;
  do {
    r = waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r == pid_) status_ = status;
}

bool ChildProcess::running() {
  reap(false);
  return pid_ >= 0 && !status_;
}

void ChildProcess::kill() {
  if (running()) ::kill(pid_, SIGKILL);
  // A process stuck in the GPU driver may take a while to go even after SIGKILL: wait a few
  // seconds, no longer (it is reaped later, by running() or the destructor).
  for (int i = 0; i < 100 && running(); ++i) usleep(50'000);
  drainStderr();
}

void ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (running()) ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (running() && std::chrono::steady_clock::now() < deadline) usleep(20'000);
  kill();
}

std::string ChildProcess::exitText() {
  if (running()) return "running";
  if (!status_) return "did not start";
  if (WIFEXITED(*status_)) return "exit " + std::to_string(WEXITSTATUS(*status_));
  if (WIFSIGNALED(*status_)) {
    const int sig = WTERMSIG(*status_);
    const char* name = strsignal(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : std::string());
  }
  return "ended";
}

std::string ChildProcess::stderrTail() {
  drainStderr();
  std::string tail = stderr_.size() > kStderrKeep ? stderr_.substr(stderr_.size() - kStderrKeep) : stderr_;
  return trim(tail);
}

std::vector<std::string> ChildProcess::takeStderrLines() {
  drainStderr();
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t newline; (newline = stderrUnread_.find('\n', start)) != std::string::npos; start = newline + 1)
    lines.push_back(trim(stderrUnread_.substr(start, newline - start)));
  stderrUnread_.erase(0, start);
  return lines;
}

CommandOutput runShortCommand(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                              const std::function<bool()>& stop) {
  CommandOutput result;
  try {
    ChildProcess child(argv);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string line;
    while (std::chrono::steady_clock::now() < deadline) {
      if (stop && stop()) {
        child.kill();
        result.why = argv[0] + " was stopped";
        return result;
      }
      const auto status = child.readLine(line, std::chrono::milliseconds(100), 1 << 20);
      if (status == ChildProcess::ReadStatus::Line) result.out += line + "\n";
      if (status == ChildProcess::ReadStatus::Closed || status == ChildProcess::ReadStatus::TooLong) break;
    }
    for (int i = 0; i < 20 && child.running(); ++i) usleep(10'000);  // closed its output: ending
    if (child.running()) {
      child.kill();
      result.why = argv[0] + " did not end within " + std::to_string(timeout.count() / 1000) + " s";
      return result;
    }
    const std::string how = child.exitText();
    result.finished = how.starts_with("exit ");
    result.exitCode = result.finished ? std::stoi(how.substr(5)) : -1;
    if (!result.finished || result.exitCode != 0) {
      result.why = argv[0] + " ended: " + how;
      if (const std::string tail = child.stderrTail(); !tail.empty()) result.why += ": " + tail;
    }
  } catch (const std::exception& e) {
    result.why = e.what();
  }
  return result;
}

}  // namespace warpscope::worker
