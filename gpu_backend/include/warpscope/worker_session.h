#pragma once
/// \file worker_session.h
/// The session floor's two uses of a GPU worker (worker.h is the client backend, one floor down):
/// the window's session, whose GPUs are a worker process's, and the worker's own side, which
/// serves the protocol with a session of its own.

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "warpscope/session.h"
#include "warpscope/worker.h"

namespace warpscope::worker {

/// The window's session: the simulator, the recordings, and the GPUs through a local worker
/// process (so a kernel fault ends the worker, never the window, and the window links no CUDA
/// library), plus a worker on each of `hosts` through ssh. A worker that cannot start leaves its
/// devices out with the reason (`cuda`, or `ssh:HOST/cuda`), never the session.
std::unique_ptr<Session> makeWorkerSession(const std::vector<std::string>& hosts = {});

/// The worker's side: serves requests from `in`, answers on `out`, until the input ends or a
/// "bye"; one run at a time, on a thread of its own, so a cancel is read while it runs. Each run
/// goes through `session`, which validates it again: a worker never trusts its client. Returns 0.
int serveWorker(std::istream& in, std::ostream& out, Session& session);

}  // namespace warpscope::worker
