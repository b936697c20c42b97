// The window's session with its GPUs in worker processes (worker.h).
#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "warpscope/worker_session.h"

namespace warpscope::worker {

namespace {

/// A session whose only unavailable entry is `reason` for the id `id` (a worker that did not start).
struct Unstarted {
  std::string id;
  std::string reason;
};

/// A backend with no devices that only says why its worker is missing: Session lists the reason.
class MissingWorker : public Backend {
 public:
  explicit MissingWorker(Unstarted why) : why_(std::move(why)) {}
  [[nodiscard]] std::string name() const override { return "GPU worker (not started)"; }
  [[nodiscard]] std::vector<DeviceInfo> devices() const override { return {}; }
  [[nodiscard]] std::vector<UnavailableDevice> unavailableDevices() const override { return {{why_.id, "", why_.reason}}; }
  RunOutcome run(const labs::LabDefinition&, const RunRequest&, const ProgressFn&, const CancelToken&) override {
    return RunError{RunError::Kind::Device, why_.reason};
  }

 private:
  Unstarted why_;
};

/// The worker `makeBackend` starts, or a stand-in that says why not (a bad host name, ssh's
/// refusal, no warpscope-cli there): never an exception, so one host cannot stop the window.
template <typename MakeBackend>
std::unique_ptr<Backend> startOrSayWhy(MakeBackend makeBackend, const std::string& unavailableId) {
  try {
    return makeBackend();
  } catch (const WorkerNotInstalled& e) {
    return std::make_unique<MissingWorker>(
        Unstarted{unavailableId, std::string(e.what()) + " File > Connect to a GPU host offers to, or warpscope-cli "
                                                         "devices --host " + e.host + " --install-worker."});
  } catch (const std::exception& e) {
    return std::make_unique<MissingWorker>(Unstarted{unavailableId, std::string("the GPU worker could not start: ") + e.what()});
  }
}

}  // namespace

std::unique_ptr<Session> makeWorkerSession(const std::vector<std::string>& hosts) {
  auto session = std::make_unique<Session>(nullptr, makeSimulatorBackend(), std::string(), makeRecordingBackend());
  session->addBackend(startOrSayWhy([] { return makeWorkerBackend(localWorkerCommand()); }, "cuda"));
  std::vector<std::string> connected;
  for (const std::string& host : hosts) {
    if (std::find(connected.begin(), connected.end(), host) != connected.end()) continue;  // --host h --host h
    connected.push_back(host);
    try {
      session->addBackend(startOrSayWhy([&] { return makeSshWorkerBackend(host, WorkerInstall::Never); },
                                        clientDeviceId(host, "cuda")));
    } catch (const std::exception&) {
      // Its ids clash with devices already offered: leave it out rather than the session.
    }
  }
  return session;
}

}  // namespace warpscope::worker
