#include "controllers/run_controller.h"

#include "warpscope/worker.h"

#include <QElapsedTimer>
#include <QMetaObject>

#include <cstdio>
#include <exception>

#include "controllers/vector_state.h"
#include "qt_text.h"

namespace warpscope::ui {


namespace {

/// WARPSCOPE_TRACE_RUNS=1: every run's scope, parameters and time on the worker, to stderr (what
/// --measure-slider-latency's slowest move spent its time on).
bool traceRuns() {
  static const bool on = qEnvironmentVariableIntValue("WARPSCOPE_TRACE_RUNS") == 1;
  return on;
}
/// Progress updates closer than this are merged: the status bar needs no more, and a backend
/// that reports per launch must not flood the GUI thread's event queue.
constexpr qint64 kProgressIntervalMs = 50;
}  // namespace

RunController::RunController(SessionFactory factory, QObject* parent)
    : QObject(parent), factory_(std::move(factory)) {
  registerMetaTypes();
}

RunController::~RunController() {
  for (const auto& token : connecting_) token->requestCancel();
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
    if (running_) running_->cancel->requestCancel();
  }
  wake_.notify_all();
  if (worker_) {
    worker_->wait();
    delete worker_;
  }
  for (const auto& thread : connectThreads_) thread->wait();
}

void RunController::publishDevices(Session& session, std::function<void(const QList<DeviceInfo>&)> emitWith) {
  QList<DeviceInfo> devices(session.devices().begin(), session.devices().end());
  // Which labs each device cannot run at all, asked once here (cheap, no run): the lab list
  // marks them before they are picked.
  QHash<QString, QHash<QString, QString>> unavailable;
  for (const DeviceInfo& device : devices)
    for (const LabSpec& lab : session.registry().labs())
      if (std::string why = session.whyCannotRun(lab.id, device.id); !why.empty())
        unavailable[toQ(device.id)][toQ(lab.id)] = toQ(why);
  QHash<QString, QString> models;
  for (const DeviceInfo& device : devices) models[toQ(device.id)] = toQ(session.modelDeviceFor(device.id));
  const std::vector<UnavailableDevice> notOffered = session.unavailableDevices();
  QMetaObject::invokeMethod(
      this,
      [this, devices, unavailable, models, notOffered, emitWith] {
        unavailableLabs_ = unavailable;
        modelDevices_ = models;
        notOffered_ = notOffered;
        emitWith(devices);
      },
      Qt::QueuedConnection);
}

QString RunController::whyNotOffered(const QString& deviceId) const {
  for (const UnavailableDevice& missing : notOffered_)
    if (missing.names(fromQ(deviceId))) return toQ(missing.reason);
  return {};
}

QString RunController::connectHost(const QString& host, bool installWorker) {
  const std::string name = host.toStdString();
  // The name is checked on the connection's thread (makeSshWorkerBackend), which says why.
  const std::string prefix = worker::clientDeviceId(name, "");
  const auto install = installWorker ? worker::WorkerInstall::IfNeeded : worker::WorkerInstall::Never;
  installAndConnect_.insert(host, [this, host] { return connectHost(host, true); });
  return connectWorker(host, prefix, false, [name, install](const worker::StartProgressFn& progress, const CancelToken* cancel) {
    return worker::makeSshWorkerBackend(name, install, progress, cancel);
  });
}

QString RunController::installWorkerAndConnect(const QString& host) {
  const auto again = installAndConnect_.take(host);
  return again ? again() : QString();
}

QString RunController::connectSlurm(const QString& login, const QString& srunCommand, bool installWorker) {
  const std::string name = login.toStdString(), command = srunCommand.toStdString();
  QString host;
  std::string prefix;
  try {
    const worker::WorkerCommand checked = worker::slurmWorkerCommand(name, command);  // checks the login and the command
    host = toQ(checked.host);
    prefix = checked.idPrefix;
  } catch (const std::exception& e) {
    emit hostConnectFailed(login.isEmpty() ? tr("Slurm") : login, toQ(e.what()), false);
    return {};
  }
  const auto install = installWorker ? worker::WorkerInstall::IfNeeded : worker::WorkerInstall::Never;
  installAndConnect_.insert(host, [this, login, srunCommand] { return connectSlurm(login, srunCommand, true); });
  return connectWorker(host, prefix, true,
                       [name, command, install](const worker::StartProgressFn& progress, const CancelToken* cancel) {
                         return worker::makeSlurmWorkerBackend(name, command, install, progress, cancel);
                       });
}

void RunController::cancelConnect(const QString& host) {
  if (const auto token = connecting_.value(host)) token->requestCancel();
}

QString RunController::connectWorker(const QString& host, const std::string& idPrefix, bool slurm,
                                     BackendMaker makeBackend) {
  if (connecting_.contains(host)) return host;  // the connection in flight answers for both
  if (connected_.contains(host)) {
    // A second worker would offer the same device ids (and, through Slurm, queue a second job).
    emit hostConnectFailed(host, tr("already connected: its devices are in the device list"), false);
    return {};
  }
  auto cancel = std::make_shared<CancelToken>();
  connecting_.insert(host, cancel);
  // Every way out says so on the GUI thread, where connecting_ lives.
  auto failed = [this, host](const QString& message, bool cancelled) {
    QMetaObject::invokeMethod(
        this,
        [this, host, message, cancelled] {
          connecting_.remove(host);
          emit hostConnectFailed(host, message, cancelled);
        },
        Qt::QueuedConnection);
  };
  auto progress = [this, host](const std::string& state) {
    const QString text = toQ(state);
    QMetaObject::invokeMethod(this, [this, host, text] { emit hostConnectProgress(host, text); }, Qt::QueuedConnection);
  };
  auto* thread = QThread::create([this, host, prefix = idPrefix, slurm, makeBackend, cancel, failed, progress] {
    // Shared, because a session task is a copyable std::function; moved out once it runs.
    auto backend = std::make_shared<std::unique_ptr<Backend>>();
    try {
      *backend = makeBackend(progress, cancel.get());
      if (slurm && (*backend)->devices().empty()) {
        // An allocation without a GPU (no --gres in the command, say) would hold its job for nothing.
        std::string why;
        for (const UnavailableDevice& u : (*backend)->unavailableDevices()) why += (why.empty() ? "" : "; ") + u.reason;
        backend->reset();  // ends the worker and cancels its job
        failed(tr("the job's node offers no GPU (%1); the job was ended. Does the srun command ask for one (--gres=gpu:1)?")
                   .arg(toQ(why.empty() ? std::string("none found") : why)),
               false);
        return;
      }
    } catch (const worker::WorkerStartCancelled& e) {
      failed(toQ(e.what()), true);
      return;
    } catch (const worker::WorkerNotInstalled& e) {
      const QString why = toQ(e.lacks);
      QMetaObject::invokeMethod(
          this,
          [this, host, why] {
            connecting_.remove(host);
            emit hostNeedsWorker(host, why);
          },
          Qt::QueuedConnection);
      return;
    } catch (const std::exception& e) {
      failed(toQ(e.what()), false);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;  // the window is closing: the backend ends its worker (and job) here
      // The Session belongs to the run thread: the backend joins it there, between jobs.
      sessionTasks_.push_back([this, host, prefix, backend, failed](Session& session) {
        try {
          session.addBackend(std::move(*backend));
        } catch (const std::exception& e) {
          failed(toQ(e.what()), false);
          return;
        }
        QString first;
        int added = 0;
        for (const DeviceInfo& d : session.devices())
          if (d.id.starts_with(prefix)) {
            if (first.isEmpty()) first = toQ(d.id);
            ++added;
          }
        publishDevices(session, [this, first, host, added](const QList<DeviceInfo>& devices) {
          connecting_.remove(host);
          connected_.insert(host);
          emit devicesChanged(devices, first, host, added);
        });
      });
    }
    wake_.notify_all();
  });
  thread->setObjectName(QStringLiteral("warpscope-connect"));
  connectThreads_.emplace_back(thread);
  thread->start();
  return host;
}

void RunController::start() {
  if (worker_) return;
  worker_ = QThread::create([this] { workerLoop(); });
  worker_->setObjectName(QStringLiteral("warpscope-run-worker"));
  worker_->start();
}

void RunController::workerLoop() {
  std::unique_ptr<Session> session;
  try {
    session = factory_();
  } catch (const std::exception& e) {
    const QString message = toQ(e.what());
    QMetaObject::invokeMethod(this, [this, message] { emit sessionFailed(message); },
                              Qt::QueuedConnection);
    return;
  }
  if (!session) {
    QMetaObject::invokeMethod(
        this, [this] { emit sessionFailed(tr("No backend could be created.")); },
        Qt::QueuedConnection);
    return;
  }
  {
    QString defaultId;
    try {
      defaultId = toQ(session->defaultDeviceId());
    } catch (const std::exception&) {
      // No device at all: the GUI says so; defaultId stays empty.
    }
    publishDevices(*session, [this, defaultId](const QList<DeviceInfo>& devices) { emit sessionReady(devices, defaultId); });
  }

  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty() || !sessionTasks_.empty(); });
      if (stopping_) break;
      if (!sessionTasks_.empty()) {
        auto task = std::move(sessionTasks_.front());
        sessionTasks_.pop_front();
        lock.unlock();
        task(*session);
        continue;
      }
      job = std::move(queue_.front());
      queue_.pop_front();
      running_ = job;
    }
    const quint64 seq = job.seq;
    const RunRequest request = job.request;
    const bool background = job.background;
    // Checked on the GUI thread, where the sequence numbers live: a newer request may have
    // arrived between dequeuing this one and the event being handled.
    QMetaObject::invokeMethod(
        this,
        [this, seq, request, background] {
          if (!superseded(seq, request.scope, background)) emit runStarted(seq, request);
        },
        Qt::QueuedConnection);

    QElapsedTimer sinceLastProgress;
    sinceLastProgress.start();
    const ProgressFn progress = [&](double fraction, const std::string& what) {
      if (fraction < 1.0 && sinceLastProgress.elapsed() < kProgressIntervalMs) return;
      sinceLastProgress.restart();
      postProgress(job, fraction, what);
    };
    // Session::run never throws: every error arrives as a RunError (core/run_guard.h).
    QElapsedTimer runClock;
    runClock.start();
    clearUpperVectorState();  // see vector_state.h: host math ran 50x slower on the H200's host
    RunOutcome outcome = session->run(request, progress, *job.cancel);
    if (traceRuns()) {
      std::string params;
      for (const auto& [id, value] : request.params.values()) params += " " + id + "=" + std::to_string(value);
      std::fprintf(stderr, "run %llu %s%s on %s:%s: %.1f ms%s\n", static_cast<unsigned long long>(seq),
                   request.scope == RunScope::FocusOnly ? "focus" : "sweep", background ? " (background)" : "",
                   request.deviceId.c_str(), params.c_str(), static_cast<double>(runClock.nsecsElapsed()) / 1e6,
                   outcome.ok() ? "" : " (no result)");
    }

    {
      std::lock_guard lock(mutex_);
      running_.reset();
    }
    const RunScope scope = request.scope;
    auto shared = std::make_shared<RunOutcome>(std::move(outcome));
    QMetaObject::invokeMethod(
        this, [this, seq, scope, background, shared] { deliver(seq, scope, background, *shared); },
        Qt::QueuedConnection);
  }
  // The Session dies on the thread that used it: neither it nor its backends are thread-safe,
  // and the current CUDA device (which the backend sets) is per-thread state.
  session.reset();
}

void RunController::postProgress(const Job& job, double fraction, const std::string& what) {
  const QString text = toQ(what);
  const quint64 seq = job.seq;
  const RunScope scope = job.request.scope;
  const bool background = job.background;
  QMetaObject::invokeMethod(
      this,
      [this, seq, scope, background, fraction, text] {
        if (!superseded(seq, scope, background)) emit runProgress(seq, fraction, text);
      },
      Qt::QueuedConnection);
}

quint64 RunController::submit(RunRequest request) { return enqueue(std::move(request), false); }

quint64 RunController::submitBackground(RunRequest request) { return enqueue(std::move(request), true); }

quint64 RunController::enqueue(RunRequest request, bool background) {
  const quint64 seq = ++latestSeq_;
  if (!background) latestForegroundSeq_ = seq;
  QList<quint64> dropped;
  {
    std::lock_guard lock(mutex_);
    // Background work yields to anything newer.
    for (auto it = queue_.begin(); it != queue_.end();) {
      if (it->background) {
        dropped.push_back(it->seq);
        it = queue_.erase(it);
      } else {
        ++it;
      }
    }
    if (running_ && running_->background) running_->cancel->requestCancel();

    if (background) {
      // Supersedes nothing: it just waits its turn.
    } else if (request.scope == RunScope::FullSweep) {
      for (const Job& queued : queue_) dropped.push_back(queued.seq);
      queue_.clear();
      if (running_) running_->cancel->requestCancel();
    } else {
      for (auto it = queue_.begin(); it != queue_.end();) {
        const bool sameTarget =
            it->request.labId == request.labId && it->request.deviceId == request.deviceId;
        if (it->request.scope == RunScope::FocusOnly) {
          dropped.push_back(it->seq);
          it = queue_.erase(it);
        } else if (sameTarget) {
          // A queued sweep already covers the focus point: let it run with the newer values.
          request.scope = RunScope::FullSweep;
          dropped.push_back(it->seq);
          it = queue_.erase(it);
        } else {
          ++it;
        }
      }
      if (running_ && running_->request.scope == RunScope::FocusOnly) running_->cancel->requestCancel();
    }
    if (request.scope == RunScope::FullSweep && !background) latestFullSeq_ = seq;
    Job job;
    job.seq = seq;
    job.request = request;
    job.background = background;
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();

  const bool wasBusy = isBusy();
  ++outstanding_;
  emit runQueued(seq, request);
  for (quint64 d : dropped) emit runDropped(d);
  settle(static_cast<int>(dropped.size()));
  if (!wasBusy && isBusy()) emit busyChanged(true);
  return seq;
}

void RunController::cancel() {
  QList<quint64> dropped;
  {
    std::lock_guard lock(mutex_);
    for (const Job& queued : queue_) dropped.push_back(queued.seq);
    queue_.clear();
    // Not superseded, so its Cancelled outcome is delivered and the status bar says so.
    if (running_) running_->cancel->requestCancel();
  }
  for (quint64 d : dropped) emit runDropped(d);
  settle(static_cast<int>(dropped.size()));
}

int RunController::queuedCount() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(queue_.size());
}

bool RunController::superseded(quint64 seq, RunScope scope, bool background) const {
  if (latestFullSeq_ > seq) return true;
  if (background) return latestSeq_ > seq;
  // Not latestSeq_: a background sweep submitted while this focus run was in flight
  // supersedes nothing, so it must not drop this result (and leave the slider's last value
  // unshown until the slow sweep ends, or forever if it is cancelled in turn).
  return scope == RunScope::FocusOnly && latestForegroundSeq_ > seq;
}

void RunController::deliver(quint64 seq, RunScope scope, bool background, const RunOutcome& outcome) {
  if (superseded(seq, scope, background)) {
    emit runDropped(seq);
  } else if (outcome.ok()) {
    emit runFinished(seq, outcome.result());
  } else {
    emit runFailed(seq, outcome.error());
  }
  settle(1);
}

void RunController::settle(int finishedCount) {
  if (finishedCount <= 0) return;
  outstanding_ -= finishedCount;
  if (outstanding_ < 0) outstanding_ = 0;  // defensive: never report negative work
  if (outstanding_ == 0) emit busyChanged(false);
}

}  // namespace warpscope::ui
