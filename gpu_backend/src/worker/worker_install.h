#pragma once
/// \file worker_install.h
/// A GPU host without this release's worker gets it over the user's own ssh (docs/remote.md,
/// "A worker that installs itself"): this program's `warpscope-cli` is copied to
/// `~/.cache/warpscope/VERSION/` on the host, checked there by its SHA-256, and started from there.
/// Nothing outside that folder is touched and no root is needed. A Slurm login host gets it the
/// same way; its compute nodes then find it in the shared home directory.
///
/// The remote side is driven by one-line POSIX sh scripts (`sh -c '...'`, run by whatever login
/// shell the user has), so the host needs only sh and coreutils (sha256sum, cut, head, uname...).

#include <string>
#include <vector>

#include "warpscope/worker.h"

namespace warpscope::worker {

/// What one short ssh command found on the host.
struct RemoteWorkerProbe {
  std::string arch;          ///< `uname -m` there.
  std::string cachedSha256;  ///< Of ~/.cache/warpscope/VERSION/warpscope-cli, "" when absent.
  std::string pathCli;       ///< The host's own warpscope-cli (on its PATH), "" when absent.
  int pathCliProtocol = -1;  ///< What that one's hello said (-1: it said nothing readable).
  std::string pathCliVersion;
};

/// The folder, as the host's sh expands it: "${WARPSCOPE_WORKER_CACHE:-$HOME/.cache/warpscope}/VERSION".
/// WARPSCOPE_WORKER_CACHE (in the host's environment) moves it: the tests' loopback host.
std::string remoteWorkerDirExpression();

/// The worker this program sends: WARPSCOPE_WORKER_BINARY, else the warpscope-cli localWorkerCommand
/// starts. Throws std::runtime_error when it is not a readable file.
std::string workerBinaryToSend();

/// SHA-256 of a local file as 64 hex digits (coreutils' sha256sum). Throws std::runtime_error.
std::string sha256OfFile(const std::string& path);

/// Runs the probe over ssh, saying about once a second that it waits (`progress`). Throws
/// std::runtime_error when ssh fails (with ssh's own words), WorkerStartCancelled when `cancel` is set.
RemoteWorkerProbe probeRemoteWorker(const std::string& host, const StartProgressFn& progress = {},
                                    const CancelToken* cancel = nullptr);

/// Copies `binary` (whose hash is `sha256`) to the host's cache folder through ssh's standard
/// input; the host checks the hash before the file takes its name (a cut copy fails the check and
/// is removed). Throws std::runtime_error, or WorkerStartCancelled when `cancel` is set.
void installRemoteWorker(const std::string& host, const std::string& binary, const std::string& sha256,
                         const StartProgressFn& progress = {}, const CancelToken* cancel = nullptr);

/// ssh HOST running the worker from the cache folder.
WorkerCommand cachedSshWorkerCommand(const std::string& host);

}  // namespace warpscope::worker
