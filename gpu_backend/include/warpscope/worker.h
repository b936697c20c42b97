#pragma once
/// \file worker.h
/// The GPU in a worker process (docs/remote.md): `warpscope-cli serve` answers the worker
/// protocol on its standard input and output; a worker backend starts one (on this machine,
/// through ssh, or inside a Slurm allocation) and offers its devices to a Session. A worker that
/// ends (a kernel fault, a lost connection, a run past its time budget) ends only that run, with
/// an error that says so; the next run starts a new worker.

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "warpscope/backend.h"

namespace warpscope::worker {

struct WorkerCommand {
  std::vector<std::string> argv;  ///< The worker's command line.
  /// "" for a worker on this machine; otherwise where it runs, for names and messages: the host
  /// as the user named it ("gpu1"), or "Slurm via LOGIN".
  std::string host;
  /// What this worker's device ids start with on this side: "" (as it reports them),
  /// "ssh:HOST/" or "slurm:LOGIN/" ("slurm:local/" for srun on this machine).
  std::string idPrefix;
  /// Set for a worker inside a Slurm allocation: the login host srun runs on ("" for this
  /// machine). Its job is watched while it waits in the queue and cancelled when the worker ends.
  std::optional<std::string> slurmLogin;
  /// Ask the worker for its simulator devices too (a remote without a GPU; the tests).
  bool withSimulator = false;
  /// "NAME=value" set in the worker's environment (a local worker; the tests' fault injection).
  std::vector<std::string> env;
  /// What the command is, for messages: "warpscope-cli serve", "ssh ... gpu1 warpscope-cli serve".
  [[nodiscard]] std::string text() const;
};

/// `warpscope-cli serve` beside this program (WARPSCOPE_CLI overrides the path).
WorkerCommand localWorkerCommand();
/// `ssh -o BatchMode=yes -T HOST warpscope-cli serve`: the user's own OpenSSH, keys, agent and
/// ~/.ssh/config (a Host alias works). WARPSCOPE_SSH overrides the ssh program,
/// WARPSCOPE_REMOTE_CLI the remote command, WARPSCOPE_REMOTE_SIMULATOR=1 asks for the host's
/// simulator devices too. Throws BadInputError for a name ssh could take for an option.
WorkerCommand sshWorkerCommand(const std::string& host);

/// The srun command a Slurm connection starts with until the user edits it.
std::string defaultSrunCommand();
/// The worker inside a Slurm allocation: `ssh LOGIN SRUN_COMMAND` (the command as the user wrote
/// it, run by the login host's shell), or SRUN_COMMAND by /bin/sh here when `login` is empty.
/// Throws BadInputError for a bad login name or an empty command.
WorkerCommand slurmWorkerCommand(const std::string& login, const std::string& srunCommand);

/// What a worker's start is waiting for, said about once a second while it waits (a Slurm job in
/// the queue: "job 42 queued and waiting for resources (PENDING, Priority), 1:05").
using StartProgressFn = std::function<void(const std::string& state)>;

/// Thrown by makeWorkerBackend when its cancel token was set while the worker started.
struct WorkerStartCancelled : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Starts the worker and shakes hands (hello, devices). Throws std::runtime_error saying why when
/// it cannot start, does not answer, or speaks another protocol version; WorkerStartCancelled when
/// `cancel` is set first (a Slurm job still queued is then cancelled too). A worker in a Slurm
/// queue waits as long as the job is queued; any other has 60 s to answer.
std::unique_ptr<Backend> makeWorkerBackend(WorkerCommand command, const StartProgressFn& progress = {},
                                           const CancelToken* cancel = nullptr);

/// Whether a connection may install this release's worker on the host when it needs one.
enum class WorkerInstall { Never, IfNeeded };

/// Thrown when the host needs this release's worker and the connection was not allowed to install
/// it: what() says what the host has (no warpscope-cli, another protocol) and how to install.
struct WorkerNotInstalled : std::runtime_error {
  WorkerNotInstalled(std::string hostName, std::string hostLacks, const std::string& message)
      : std::runtime_error(message), host(std::move(hostName)), lacks(std::move(hostLacks)) {}
  std::string host;
  /// What the host has, in one short sentence without a full stop: "gpu1 has no warpscope-cli on
  /// its PATH" (the window's offer starts with it).
  std::string lacks;
};

/// The GPU worker on `host` (docs/remote.md, "A worker that installs itself"): this release's from the host's cache folder when its hash matches;
/// else the host's own warpscope-cli when it speaks this protocol; else (no warpscope-cli, another
/// protocol, an older copy in the cache) this release's is installed there when `install` allows
/// it, and started. Throws WorkerNotInstalled when it needs installing and `install` is Never,
/// BadInputError for a bad host name, std::runtime_error for everything else (ssh, an other
/// machine architecture, a hash mismatch), WorkerStartCancelled as makeWorkerBackend does.
std::unique_ptr<Backend> makeSshWorkerBackend(const std::string& host, WorkerInstall install,
                                              const StartProgressFn& progress = {}, const CancelToken* cancel = nullptr);

/// The worker inside a Slurm allocation, as slurmWorkerCommand, when the login host lacks this
/// release's worker: where the srun command names it as the bare word `warpscope-cli` and the login
/// host has none of this protocol on its PATH, this release's is used from (or, as `install`
/// allows, installed into) the login host's ~/.cache/warpscope/VERSION/, which the compute nodes
/// see where the home directory is shared. Throws as makeSshWorkerBackend does.
std::unique_ptr<Backend> makeSlurmWorkerBackend(const std::string& login, const std::string& srunCommand,
                                                WorkerInstall install, const StartProgressFn& progress = {},
                                                const CancelToken* cancel = nullptr);

/// The device id an ssh worker's own id has on this side ("cuda:0" -> "ssh:gpu1/cuda:0").
std::string clientDeviceId(const std::string& host, const std::string& workerId);

/// Thrown by runLocalCli when this release's warpscope-cli cannot be started.
struct CliStartError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What runLocalCli's child printed, or that it was cancelled first.
struct CliOutput {
  std::string standardOutput;
  bool cancelled = false;  ///< `cancelled` turned true: the child was ended, its output is partial.
};

/// Runs this release's `warpscope-cli ARGS` (the program localWorkerCommand starts) with
/// `extraEnv` ("NAME=value") set over this process's environment, and returns its standard output
/// whole. Polls `cancelled` about every 100 ms and ends the child when it turns true. For a run that
/// must happen in a process of its own (a CUDA setting read once per process). Throws CliStartError
/// when the program cannot start; std::runtime_error naming the exit and the end of its standard
/// error when it writes more than `maxOutputBytes` or does not exit 0.
CliOutput runLocalCli(const std::vector<std::string>& args, const std::vector<std::string>& extraEnv,
                      const std::function<bool()>& cancelled, std::size_t maxOutputBytes);

}  // namespace warpscope::worker
