#include "fake_backend.h"

#include <chrono>
#include <utility>

#include "views/demo_views.h"
#include "warpscope/registry.h"

namespace warpscope::test {

void FakeBackendState::closeGate() {
  std::lock_guard lock(mutex);
  gateClosed = true;
}

void FakeBackendState::openGate() {
  {
    std::lock_guard lock(mutex);
    gateClosed = false;
  }
  changed.notify_all();
}

bool FakeBackendState::waitForRuns(size_t count) {
  std::unique_lock lock(mutex);
  return changed.wait_for(lock, std::chrono::seconds(5), [&] { return runs.size() >= count; });
}

size_t FakeBackendState::runCount() {
  std::lock_guard lock(mutex);
  return runs.size();
}

RunRequest FakeBackendState::run(size_t i) {
  std::lock_guard lock(mutex);
  return runs.at(i);
}

std::vector<std::optional<RunError::Kind>> FakeBackendState::runEndings() {
  std::lock_guard lock(mutex);
  return endings;
}

std::vector<DeviceInfo> FakeBackend::devices() const {
  DeviceInfo d;
  d.id = kFakeDeviceId;
  d.name = kFakeDeviceName;
  d.kind = DeviceKind::Simulator;
  d.computeCapability = "9.0";
  d.smCount = 4;
  d.fp32LanesPerSm = 128;
  d.maxThreadsPerSm = 2048;
  d.maxThreadsPerBlock = 1024;
  d.maxBlocksPerSm = 32;
  d.smClockMhz = 1000;
  d.sources = "unit test";
  // Its recorded twin: a lecture on recordings takes a slide another GPU's recordings hold from it.
  DeviceInfo recorded = d;
  recorded.id = kFakeRecordedDeviceId;
  recorded.name = "Fake GPU (recorded)";
  recorded.kind = DeviceKind::Recording;
  if (kind_ == DeviceKind::Recording) return {recorded};
  return {d};
}

RunOutcome FakeBackend::run(const labs::LabDefinition&, const RunRequest& request, const ProgressFn& progress,
                            const CancelToken& cancel) {
  bool fail = false;
  std::string alternative;
  bool withKinds = false;
  {
    std::unique_lock lock(state_->mutex);
    state_->runs.push_back(request);
    state_->threads.push_back(QThread::currentThread());
    state_->changed.notify_all();
    // CancelToken has no way to wake a waiter, so poll it: a real backend stops at its next
    // launch boundary, and a test that cancels with the gate shut must see that, not a hang.
    while (!state_->changed.wait_for(lock, std::chrono::milliseconds(5),
                                     [&] {
                                       return !state_->gateClosed ||
                                              (cancel.cancelled() && !state_->holdCancelledRuns);
                                     })) {
    }
    fail = state_->failNext;
    state_->failNext = false;
    alternative = std::exchange(state_->notRecordedNext, std::string());
    withKinds = state_->withKindViews;
  }
  RunOutcome outcome = [&]() -> RunOutcome {
    if (cancel.cancelled()) return RunError{RunError::Kind::Cancelled, "cancelled between launches"};
    if (progress) progress(0.5, "half way");
    if (cancel.cancelled()) return RunError{RunError::Kind::Cancelled, "cancelled between launches"};
    if (!alternative.empty()) {
      RunError error{RunError::Kind::BadInput, "Not recorded: the recordings hold no run with Threads per block = 320"};
      error.alternativeDeviceId = alternative;
      return error;
    }
    if (fail) return RunError{RunError::Kind::Device, "cudaMemcpy(dst, src, n, cudaMemcpyDeviceToDevice) failed at fake.cu:42: an illegal memory access was encountered"};
    if (progress) progress(1.0, "done");
    return fakeResult(request, withKinds);
  }();
  {
    std::lock_guard lock(state_->mutex);
    state_->endings.push_back(outcome.ok() ? std::nullopt
                                           : std::optional<RunError::Kind>(outcome.error().kind));
  }
  state_->changed.notify_all();
  return outcome;
}

std::unique_ptr<Session> makeFakeSession(std::shared_ptr<FakeBackendState> state) {
  return std::make_unique<Session>(nullptr, std::make_unique<FakeBackend>(std::move(state)));
}

std::unique_ptr<Session> makeFakeSessionWithRecordedTwin(std::shared_ptr<FakeBackendState> state) {
  auto recorded = std::make_unique<FakeBackend>(state, DeviceKind::Recording);
  return std::make_unique<Session>(nullptr, std::make_unique<FakeBackend>(state), std::string(), std::move(recorded));
}

RunResult fakeResult(const RunRequest& request, bool withKindViews) {
  const LabSpec& lab = LabRegistry::builtin().get(request.labId);
  RunResult result;
  result.labId = request.labId;
  result.deviceId = request.deviceId;
  result.deviceName = kFakeDeviceName;
  result.provenance = Provenance::Simulated;
  result.params = request.params.values();
  result.focusOnly = request.scope == RunScope::FocusOnly;
  // The first Focus parameter picks the x of the highlighted point of series "A".
  double focusX = 32;
  for (const ParamSpec& spec : lab.params)
    if (spec.role == ParamRole::Focus && spec.choices.empty()) {
      focusX = request.params.get(spec.id);
      break;
    }
  double scale = 1;
  for (const auto& [id, value] : request.params.values()) scale += value / 1000.0;
  for (const ViewSpec& vs : lab.views) {
    View v;
    v.id = vs.id;
    v.title = vs.title;
    v.xLabel = "Threads per SM";
    v.yLabel = "Fraction of peak";
    v.yMaxHint = 1.0;
    v.focusSeries = "A";
    v.focusX = focusX;
    v.hasFocus = true;
    for (const char* name : {"A", "B"}) {
      Series s{name, {}};
      for (int x = 32; x <= 1024; x += 32) {
        if (result.focusOnly && (s.name != "A" || x != focusX)) continue;
        const double y = std::min(1.0, x / 1024.0 * scale * (s.name == "A" ? 1.0 : 0.5));
        // Series B spreads like repeated measurements do, so the band code runs in tests.
        const double spread = s.name == "B" ? 0.08 * y : 0.0;
        s.points.push_back({static_cast<double>(x), y, y - spread, y + spread});
      }
      if (!s.points.empty()) v.series.push_back(s);
    }
    result.views.push_back(v);
  }
  if (withKindViews && !result.focusOnly)
    for (View v : {ui::demoTimelineView(), ui::demoGridView(), ui::demoBarsView()}) result.views.push_back(std::move(v));
  result.scalars.push_back({"fake.scale", "Scale", scale, ""});
  result.notes.push_back("Made by the fake backend");
  return result;
}

}  // namespace warpscope::test
