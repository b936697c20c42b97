#pragma once
// A scripted Backend for UI tests: it records every request it runs (and on which thread), can
// hold a run at a gate so a queue builds up behind it, and can be told to fail the next run.
// Results are shaped from the real lab declarations, so the real Session validates requests.

#include <QThread>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "warpscope/backend.h"
#include "warpscope/session.h"

namespace warpscope::test {

struct FakeBackendState {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<RunRequest> runs;        ///< Every request the backend started, in order.
  std::vector<QThread*> threads;       ///< The thread each run happened on.
  bool gateClosed = false;             ///< Runs wait here; a cancel also lets them through.
  /// Keep even a cancelled run at the gate, so that a queue builds up behind it the same way
  /// every time (otherwise the worker may start queued requests while the test still submits).
  bool holdCancelledRuns = false;
  bool failNext = false;               ///< The next run returns a Device error.
  /// The next run is refused as a recorded device refuses a value it lacks, offering this
  /// device instead (RunError::alternativeDeviceId).
  std::string notRecordedNext;
  /// Full sweeps also carry a timeline, a grid and a bars view (the demo views); focus
  /// results do not, so they must survive a focus merge.
  bool withKindViews = false;
  /// How each started run ended, in order: its error kind, or nullopt for a result.
  std::vector<std::optional<RunError::Kind>> endings;

  void closeGate();
  void openGate();
  /// Blocks until `count` runs have started (or 5 s passed); returns whether they did.
  bool waitForRuns(size_t count);
  size_t runCount();
  RunRequest run(size_t i);
  std::vector<std::optional<RunError::Kind>> runEndings();
};

inline constexpr const char* kFakeDeviceId = "sim:fake";
inline constexpr const char* kFakeDeviceName = "Fake GPU (model)";
inline constexpr const char* kFakeRecordedDeviceId = "rec:fake";

class FakeBackend : public Backend {
 public:
  /// `kind`: the fake GPU's model (Simulator) or its recorded twin (Recording), each served by the
  /// session's backend of that kind.
  explicit FakeBackend(std::shared_ptr<FakeBackendState> state, DeviceKind kind = DeviceKind::Simulator)
      : state_(std::move(state)), kind_(kind) {}
  [[nodiscard]] std::string name() const override { return kind_ == DeviceKind::Recording ? "Recordings" : "Simulator"; }
  [[nodiscard]] std::vector<DeviceInfo> devices() const override;
  RunOutcome run(const labs::LabDefinition& lab, const RunRequest& request, const ProgressFn& progress,
                 const CancelToken& cancel) override;

 private:
  std::shared_ptr<FakeBackendState> state_;
  DeviceKind kind_;
};

/// A Session whose only device is the fake GPU's model.
std::unique_ptr<Session> makeFakeSession(std::shared_ptr<FakeBackendState> state);
/// The same with the fake GPU's recorded twin (kFakeRecordedDeviceId), listed first as recordings are.
std::unique_ptr<Session> makeFakeSessionWithRecordedTwin(std::shared_ptr<FakeBackendState> state);

/// A deterministic result for `request`, shaped like the lab declares (views, focus point);
/// with `withKindViews` a full sweep also carries the demo timeline, grid and bars views.
RunResult fakeResult(const RunRequest& request, bool withKindViews = false);

}  // namespace warpscope::test
