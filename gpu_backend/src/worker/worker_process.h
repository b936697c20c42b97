#pragma once
/// \file worker_process.h
/// A child process the backend talks to through pipes, one line of text at a time: the GPU worker
/// (`warpscope-cli serve`), started locally, through ssh or through srun. Its standard error is
/// kept (the last few KiB) to say why it ended. Nothing here knows the protocol.

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpscope::worker {

class ChildProcess {
 public:
  /// Starts argv[0] (looked up on PATH) with argv, this process's environment with `extraEnv`
  /// ("NAME=value") set over it. Throws std::runtime_error naming the program when it cannot start.
  ChildProcess(const std::vector<std::string>& argv, const std::vector<std::string>& extraEnv = {});
  /// Ends the child (SIGKILL if it is still running) and reaps it.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  /// Writes one line (a newline is appended). False when the child no longer reads (its end of
  /// the pipe is closed): never SIGPIPE.
  bool writeLine(const std::string& line);

  enum class ReadStatus { Line, Timeout, Closed, TooLong };
  /// Waits up to `timeout` for one whole line (without its newline) in `line`. Closed: the child
  /// closed its output (it ended, or is ending). TooLong: a line past maxBytes, dropped (the
  /// stream is then out of step: treat the child as broken).
  ReadStatus readLine(std::string& line, std::chrono::milliseconds timeout, std::size_t maxBytes);

  /// Whether the child is still running (reaps it when it is not).
  bool running();
  /// Sends SIGKILL (if running) and waits for it.
  void kill();
  /// Sends SIGTERM, waits up to `grace` for the child to end, then kill(). srun given SIGTERM
  /// gives its pending job up (SIGKILL would leave it in the queue).
  void terminate(std::chrono::milliseconds grace);
  /// How it ended, e.g. "exit 3", "killed by signal 9 (Killed)"; "running" while it runs.
  std::string exitText();
  /// The last few KiB the child wrote to its standard error (trimmed).
  std::string stderrTail();
  /// The whole lines written to standard error since the last call (what srun says of its job
  /// while the worker waits in a Slurm queue). Read as readLine reads; call this after it.
  std::vector<std::string> takeStderrLines();
  [[nodiscard]] pid_t pid() const { return pid_; }

 private:
  void drainStderr();
  void reap(bool block);

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;  ///< Our ends: the child's stdin, stdout, stderr.
  std::string pending_;                 ///< Read from stdout past the last whole line.
  std::string stderr_;
  std::string stderrUnread_;            ///< Since the last takeStderrLines(), bounded.
  std::optional<int> status_;           ///< waitpid status once reaped.
};

/// What a short command printed and how it ended.
struct CommandOutput {
  bool finished = false;  ///< False: it could not start, or ran past its time and was killed.
  int exitCode = -1;
  std::string out;        ///< Its standard output.
  std::string why;        ///< When not finished or exit != 0: how it ended, with its stderr tail.
};
/// Runs argv to its end (or kills it after `timeout`, or as soon as `*stop` is true), with no
/// input: scancel, squeue.
CommandOutput runShortCommand(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                              const std::function<bool()>& stop = {});

}  // namespace warpscope::worker
