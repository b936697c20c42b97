#pragma once
/// \file worker.h
/// The GPU in a worker process (docs/remote.md): `warpscope-cli serve` answers the worker
/// protocol on its standard input and output; a worker backend starts one (on this machine,
/// through ssh, or inside a Slurm allocation) and offers its devices to a Session. A worker that
/// ends (a kernel fault, a lost connection, a run past its time budget) ends only that run, with
/// an error that says so; the next run starts a new worker.

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "warpscope/backend.h"
#include "warpscope/session.h"

namespace warpscope::worker {

struct WorkerCommand {
  std::vector<std::string> argv;  ///< The worker's command line.
  /// "" for a worker on this machine (device ids as it reports them); otherwise the host as the
  /// user named it: device ids become "ssh:HOST/cuda:0" and names say the host.
  std::string host;
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
/// simulator devices too.
WorkerCommand sshWorkerCommand(const std::string& host);

/// Starts the worker and shakes hands (hello, devices). Throws std::runtime_error saying why when
/// it cannot start, does not answer, or speaks another protocol version.
std::unique_ptr<Backend> makeWorkerBackend(WorkerCommand command);

/// The device id a worker's own id has on this side ("cuda:0" -> "ssh:gpu1/cuda:0").
std::string clientDeviceId(const std::string& host, const std::string& workerId);

/// The worker's side: serves requests from `in`, answers on `out`, until the input ends or a
/// "bye"; one run at a time, on a thread of its own, so a cancel is read while it runs. Returns 0.
int serveWorker(std::istream& in, std::ostream& out, Session& session);

}  // namespace warpscope::worker

namespace warpscope::worker {

/// The window's session: the simulator, the recordings, and the GPUs through a local worker
/// process (so a kernel fault ends the worker, never the window), plus a worker on each of
/// `hosts` through ssh. WARPSCOPE_IN_PROCESS=1 runs the GPU in this process instead (the CLI's
/// way). A worker that cannot start leaves its devices out with the reason (`cuda`, or
/// `ssh:HOST/cuda`), never the session.
std::unique_ptr<Session> makeWorkerSession(const std::vector<std::string>& hosts = {});

}  // namespace warpscope::worker
