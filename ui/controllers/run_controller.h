#pragma once
/// \file run_controller.h
/// The only way the UI reaches the backend. One worker QThread owns the Session (which is not
/// thread-safe) and drains a queue of run requests; the GUI thread only submits, cancels and
/// receives queued signals, so no backend work ever freezes the window.
///
/// Coalescing and staleness, in one rule: a request is *superseded* by any later FullSweep
/// request, and a FocusOnly request also by any later foreground (not background) request. A
/// superseded request that is still queued is removed, a superseded running one is cancelled (the backend stops between
/// launches), and a superseded result is dropped. So a dragged slider leaves at most one run in
/// flight and one queued, and the latest value always wins. A FocusOnly request that arrives
/// while a FullSweep for the same lab and device is still queued folds into it (the queued
/// sweep takes the newer values), because the focus point is part of every full sweep.
///
/// A *background* request (a full sweep that only refreshes views a focus change left stale)
/// yields to everything: any later request supersedes it, and it supersedes nothing. So a
/// slider drag is never stuck behind a multi-second refresh sweep on a real GPU.

#include <QList>
#include <QHash>
#include <QSet>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "meta_types.h"
#include "warpscope/session.h"
#include "warpscope/worker.h"

namespace warpscope::ui {

class RunController : public QObject {
  Q_OBJECT

 public:
  /// Builds the Session. Called on the worker thread, because probing CUDA can take a second
  /// and must not block the window from appearing.
  using SessionFactory = std::function<std::unique_ptr<Session>()>;

  explicit RunController(SessionFactory factory, QObject* parent = nullptr);
  /// Cancels whatever runs, stops the worker and destroys the Session on the worker thread.
  ~RunController() override;

  /// Starts the worker; sessionReady() or sessionFailed() follows.
  void start();

  /// Queues a run; returns its sequence number (strictly increasing). GUI thread only.
  quint64 submit(RunRequest request);
  /// Queues a run that yields to any later request (see the file comment).
  quint64 submitBackground(RunRequest request);
  /// Cancels the running request (between launches) and drops every queued one.
  void cancel();
  /// Connects a GPU worker on `host` (as ssh takes it) to the Session: devicesChanged() or
  /// hostConnectFailed() follows, hostConnectProgress() while it waits. GUI thread only. Returns
  /// the host's name as the signals give it (a host being connected already: the same), or ""
  /// when it failed at once (the signal said why: a bad name, already connected). A host without
  /// this release's worker gets hostNeedsWorker() instead, unless `installWorker` lets the
  /// connection install it (worker::makeSshWorkerBackend).
  QString connectHost(const QString& host, bool installWorker = false);
  /// The same for a GPU worker inside a Slurm allocation: `ssh LOGIN SRUN_COMMAND` (srun here when
  /// `login` is empty). The job's state in the queue comes through hostConnectProgress(); the job
  /// ends with the Session. Signals name it worker::slurmWorkerCommand's host ("Slurm via LOGIN").
  QString connectSlurm(const QString& login, const QString& srunCommand, bool installWorker = false);
  /// After hostNeedsWorker(host): the same connection again, allowed to install this release's
  /// worker there. Returns as connectHost does ("" when `host` was not offered one).
  QString installWorkerAndConnect(const QString& host);
  /// Gives up connecting `host` (a name as the signals give it): a queued Slurm job is cancelled,
  /// and hostConnectFailed() follows with `cancelled` set.
  void cancelConnect(const QString& host);
  /// The hosts being connected now (names as the signals give them).
  [[nodiscard]] QStringList connectingHosts() const { return connecting_.keys(); }

  /// True from a submit() until every outstanding request is delivered or dropped.
  [[nodiscard]] bool isBusy() const { return outstanding_ > 0; }
  /// The labs `deviceId` cannot run at all, each with why (Session::whyCannotRun); known once
  /// sessionReady() was emitted.
  [[nodiscard]] QHash<QString, QString> unavailableLabs(const QString& deviceId) const {
    return unavailableLabs_.value(deviceId);
  }
  /// The simulator device modelling `deviceId` (Session::modelDeviceFor), "" when none.
  [[nodiscard]] QString modelDevice(const QString& deviceId) const { return modelDevices_.value(deviceId); }
  /// Why a GPU id is not offered ("no CUDA device: ..."), as the session says; empty for an id
  /// that names no GPU at all (UnavailableDevice::names).
  [[nodiscard]] QString whyNotOffered(const QString& deviceId) const;
  /// Requests waiting behind the running one (for tests and the status bar).
  [[nodiscard]] int queuedCount() const;
  /// The sequence number of the newest foreground (submit(), not submitBackground()) request,
  /// 0 before any. A result older than this has a newer request on its way that replaces it;
  /// a background request does not count, because it yields to everything.
  [[nodiscard]] quint64 latestForegroundSeq() const { return latestForegroundSeq_; }

 signals:
  /// The worker built the Session: every device (real GPUs first) and the default one.
  void sessionReady(const QList<warpscope::DeviceInfo>& devices, const QString& defaultDeviceId);
  /// The Session could not be built; the message says why.
  void sessionFailed(const QString& message);
  /// A request entered the queue (after coalescing; `request` is what will actually run).
  void runQueued(quint64 seq, const warpscope::RunRequest& request);
  /// The worker began this request. Not emitted for a request already superseded (its result
  /// will be dropped), so a stale run never drives the status bar.
  void runStarted(quint64 seq, const warpscope::RunRequest& request);
  /// Fraction done (0..1) and what is being measured, throttled to a few updates per second.
  /// Like runStarted, only for a request that is not superseded.
  void runProgress(quint64 seq, double fraction, const QString& what);
  /// A current (not superseded) request produced a result.
  void runFinished(quint64 seq, const warpscope::RunResult& result);
  /// A current request failed (BadInput, Device) or the user cancelled it (Cancelled).
  void runFailed(quint64 seq, const warpscope::RunError& error);
  /// A request was superseded: removed from the queue, or its result was stale.
  void runDropped(quint64 seq);
  /// Busy (something queued or running) or idle again.
  void busyChanged(bool busy);
  /// A host was connected: every device now, the new host's first (empty: it offers none) and how
  /// many it added.
  void devicesChanged(const QList<warpscope::DeviceInfo>& devices, const QString& hostsFirstDeviceId, const QString& host,
                      int added);
  /// Connecting `host` waits: what for, e.g. "job 42 queued and waiting for resources, 1:05".
  void hostConnectProgress(const QString& host, const QString& state);
  /// Connecting `host` failed, or was cancelled; the message says why (ssh's own words included).
  void hostConnectFailed(const QString& host, const QString& message, bool cancelled);
  /// `host` has no worker of this release (none, or another protocol): `why` says what it has, in
  /// one short sentence without a full stop.
  /// installWorkerAndConnect(host) installs this release's and connects.
  void hostNeedsWorker(const QString& host, const QString& why);

 private:
  QHash<QString, QHash<QString, QString>> unavailableLabs_;  ///< Device id -> lab id -> why.
  QHash<QString, QString> modelDevices_;                     ///< Device id -> its model's id.
  std::vector<UnavailableDevice> notOffered_;                ///< GPUs not offered, and why.
  struct Job {
    quint64 seq = 0;
    RunRequest request;
    bool background = false;
    std::shared_ptr<CancelToken> cancel = std::make_shared<CancelToken>();
  };

  quint64 enqueue(RunRequest request, bool background);
  /// Worker thread: the device list, which labs each device cannot run and each device's model,
  /// handed to the GUI thread (stored there, then `emitWith` emits).
  void publishDevices(Session& session, std::function<void(const QList<DeviceInfo>&)> emitWith);
  /// Worker thread: tasks that change the Session (connecting a host), run between jobs.
  std::deque<std::function<void(Session&)>> sessionTasks_;

  void workerLoop();
  /// Starts the worker `makeBackend` starts on a thread of its own (a Slurm queue can take hours,
  /// an install a minute, and runs on other devices go on meanwhile), then adds it to the Session
  /// between jobs; its device ids start with `idPrefix`. Returns `host` (also while it is being
  /// connected already), or "" when refused at once (already connected).
  using BackendMaker = std::function<std::unique_ptr<Backend>(const worker::StartProgressFn&, const CancelToken*)>;
  /// Per host offered an install (hostNeedsWorker): the connection again, with the install allowed.
  QHash<QString, std::function<QString()>> installAndConnect_;
  QString connectWorker(const QString& host, const std::string& idPrefix, bool slurm, BackendMaker makeBackend);
  void postProgress(const Job& job, double fraction, const std::string& what);
  /// GUI thread: decides whether the finished job is still wanted and emits accordingly.
  void deliver(quint64 seq, RunScope scope, bool background, const RunOutcome& outcome);
  [[nodiscard]] bool superseded(quint64 seq, RunScope scope, bool background) const;
  void settle(int finishedCount);

  SessionFactory factory_;
  QThread* worker_ = nullptr;

  // Shared with the worker; guarded by mutex_.
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::optional<Job> running_;
  bool stopping_ = false;

  // GUI thread only.
  QHash<QString, std::shared_ptr<CancelToken>> connecting_;  ///< Host -> its connection's cancel.
  QSet<QString> connected_;                                  ///< Hosts whose worker joined the Session.
  std::vector<std::unique_ptr<QThread>> connectThreads_;      ///< Joined by the destructor.
  quint64 latestSeq_ = 0;            ///< Any request: what supersedes a background one.
  quint64 latestForegroundSeq_ = 0;  ///< Non-background only: what supersedes a FocusOnly one.
  quint64 latestFullSeq_ = 0;        ///< Non-background FullSweep: what supersedes everything.
  int outstanding_ = 0;
};

}  // namespace warpscope::ui
