#include "warpscope/worker.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>

#include "core/result_json.h"
#include "files/build_info.h"
#include "warpscope/params.h"
#include "core/run_guard.h"
#include "warpscope/registry.h"
#include "worker/worker_process.h"
#include "worker/worker_protocol.h"
#include "worker/worker_slurm.h"

namespace warpscope::worker {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

/// How long a worker may take to answer its hello: ssh asks for nothing (BatchMode), but a first
/// CUDA initialisation on a GPU server takes seconds.
constexpr std::chrono::seconds kHelloTimeout{60};
/// After a cancel, how long the worker has to stop before it is ended.
constexpr std::chrono::seconds kCancelGrace{5};
/// After "bye", how long the worker has to end by itself (its CUDA context, srun's job step).
constexpr std::chrono::seconds kByeGrace{3};
/// How often a starting worker's wait is said (a Slurm queue can take hours).
constexpr std::chrono::seconds kStartProgressEvery{1};

std::chrono::seconds runBudget() {
  if (const char* text = std::getenv("WARPSCOPE_RUN_BUDGET_S"); text && *text) {
    const long s = std::strtol(text, nullptr, 10);
    if (s > 0) return std::chrono::seconds(s);
  }
  return std::chrono::seconds(600);
}

class WorkerBackend : public Backend {
 public:
  WorkerBackend(WorkerCommand command, const StartProgressFn& progress, const CancelToken* cancel)
      : command_(std::move(command)) {
    start(progress, cancel);
  }
  /// Says goodbye to the worker (a GPU context ends cleanly) and ends its Slurm job, if any.
  ~WorkerBackend() override {
    if (child_ && child_->running() && child_->writeLine(R"({"type":"bye"})")) {
      std::string line;
      const auto deadline = Clock::now() + kByeGrace;
      while (Clock::now() < deadline &&
             child_->readLine(line, std::chrono::milliseconds(100), kMaxMessageBytes) != ChildProcess::ReadStatus::Closed) {
      }
    }
    if (job_ && child_ && !child_->running() && child_->exitText() == "exit 0") job_->ended();  // srun ended it
    child_.reset();
    job_.reset();  // scancel: a job whose srun was cut off would otherwise keep its GPU
  }

  [[nodiscard]] std::string name() const override { return command_.host.empty() ? "GPU worker" : "GPU worker on " + command_.host; }
  [[nodiscard]] std::vector<DeviceInfo> devices() const override { return devices_; }
  [[nodiscard]] std::vector<UnavailableDevice> unavailableDevices() const override { return unavailable_; }
  [[nodiscard]] std::string whyCannotRun(const labs::LabDefinition& definition, const std::string& deviceId) const override {
    const auto device = cannotRun_.find(deviceId);
    if (device == cannotRun_.end()) return {};
    const auto lab = device->second.find(definition.spec.id);
    return lab == device->second.end() ? std::string() : lab->second;
  }

  RunOutcome run(const labs::LabDefinition&, const RunRequest& request, const ProgressFn& progress,
                 const CancelToken& cancel) override {
    // The request crosses to the worker as it came: its session validates it again (a worker never
    // trusts its client) and resolves the lab there, once.
    return labs::guardRun(name(), [&] { return runOnWorker(request, progress, cancel); });
  }

 private:
  RunOutcome runOnWorker(const RunRequest& request, const ProgressFn& progress, const CancelToken& cancel) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::string restarted;
    if (command_.slurmLogin && child_ && !child_->running()) {
      // A new worker would mean a new job and a new wait in the queue, holding every other run
      // behind it: the user decides, by connecting again.
      std::string why = child_->exitText();
      if (const std::string tail = child_->stderrTail(); !tail.empty()) why += ": " + tail;
      return RunError{RunError::Kind::Device, "The GPU worker's Slurm job (" + command_.host + ") has ended (" + why +
                                                  "). Run > Connect through Slurm queues a new one."};
    }
    if (!child_ || !child_->running()) {
      // The last worker ended, with a run (which said so) or since (a connection dropped while
      // idle): say it, then start a new one.
      std::string why = child_ ? child_->exitText() : std::string("it did not start");
      if (child_)
        if (const std::string tail = child_->stderrTail(); !tail.empty()) why += ": " + tail;
      try {
        start([&](const std::string& state) { if (progress) progress(0.0, "starting a new GPU worker: " + state); }, &cancel);
        restarted = (command_.host.empty() ? "The last GPU worker had ended (" : "The connection to " + command_.host +
                                                                                   " (or its GPU worker) had ended (") +
                    why + "); a new GPU worker was started for this run (" + command_.text() + ").";
      } catch (const WorkerStartCancelled& e) {
        return RunError{RunError::Kind::Cancelled, e.what()};
      } catch (const std::exception& e) {
        return RunError{RunError::Kind::Device, std::string("cannot start the GPU worker: ") + e.what()};
      }
    }
    RunRequest forWorker = request;
    forWorker.deviceId = workerDeviceId(request.deviceId);
    const std::uint64_t id = ++lastId_;
    if (!child_->writeLine(runMessage(id, forWorker).dump())) return ended("before the run started");
    const auto started = Clock::now();
    std::optional<Clock::time_point> cancelSent;
    const auto budget = runBudget();
    std::string line;
    while (true) {
      switch (child_->readLine(line, std::chrono::milliseconds(100), kMaxMessageBytes)) {
        case ChildProcess::ReadStatus::Line: {
          std::optional<RunOutcome> answer;
          try {
            answer = handle(parseMessage(line), id, request, restarted, progress);
          } catch (const std::exception& e) {
            // Not JSON, or fields of the wrong type: a worker that says such things is ended.
            child_->kill();
            return RunError{RunError::Kind::Device, std::string("the GPU worker sent a malformed message (") + e.what() +
                                                        "); it was ended, and the next run starts a new one"};
          }
          if (answer) return std::move(*answer);
          break;
        }

        case ChildProcess::ReadStatus::Timeout: break;
        case ChildProcess::ReadStatus::TooLong:
          child_->kill();
          return RunError{RunError::Kind::Device, "the GPU worker sent a message longer than " +
                                                      std::to_string(kMaxMessageBytes >> 20) +
                                                      " MiB; it was ended, and the next run starts a new one"};
        case ChildProcess::ReadStatus::Closed: return ended("during the run");
      }
      if (cancel.cancelled() && !cancelSent) {
        (void)child_->writeLine(json{{"type", "cancel"}, {"id", id}}.dump());
        cancelSent = Clock::now();
      }
      if (cancelSent && Clock::now() - *cancelSent > kCancelGrace) {
        child_->kill();
        return RunError{RunError::Kind::Cancelled, "cancelled: the GPU worker did not stop within " +
                                                       std::to_string(kCancelGrace.count()) +
                                                       " s, so it was ended; the next run starts a new one"};
      }
      if (Clock::now() - started > budget) {
        child_->kill();
        return RunError{RunError::Kind::Device,
                        "the run took longer than its budget of " + std::to_string(budget.count()) +
                            " s (WARPSCOPE_RUN_BUDGET_S), so the GPU worker was ended; the next run starts a new one"};
      }
    }
  }

  /// One message during run `id`: its result or error (nullopt: progress, or not this run's).
  /// Throws for fields of the wrong type.
  std::optional<RunOutcome> handle(const json& m, std::uint64_t id, const RunRequest& request,
                                   const std::string& restarted, const ProgressFn& progress) {
    const std::string type = m.at("type").get<std::string>();
    const bool ours = m.contains("id") && m["id"] == json(id);
    if (!ours) return std::nullopt;  // another run's late message, or a protocol notice
    if (type == "progress") {
      if (progress) progress(m.at("fraction").get<double>(), m.value("what", std::string()));
      return std::nullopt;
    }
    if (type == "result") {
      RunResult result = resultFromJson(m.at("result"), JsonForm::Wire);
      result.deviceId = request.deviceId;
      if (!command_.host.empty()) result.deviceName += " on " + command_.host;
      if (!versionNote_.empty()) result.notes.push_back(versionNote_);
      if (!restarted.empty()) result.notes.insert(result.notes.begin(), restarted);
      return RunOutcome(std::move(result));
    }
    if (type == "error") {
      RunError error = runErrorFromMessage(m);
      if (!error.alternativeDeviceId.empty()) error.alternativeDeviceId = command_.idPrefix + error.alternativeDeviceId;
      if (error.deviceContextLost) {
        child_->kill();  // it is ending by itself; make sure
        error.message += " The GPU worker ended with its CUDA context; the next run starts a new one.";
      }
      return RunOutcome(std::move(error));
    }
    return std::nullopt;
  }

  /// Starts the worker and reads its hello and devices (the list stays the first worker's).
  void start(const StartProgressFn& progress, const CancelToken* cancel) {
    child_.reset();
    job_.reset();  // the last worker's job, if its srun was cut off before it ended it
    if (command_.slurmLogin) job_ = std::make_unique<SlurmJob>(*command_.slurmLogin);
    try {
      startWorker(progress, cancel);
    } catch (...) {
      if (job_) (void)job_->cancel();  // a job allocated for a worker that never answered
      throw;
    }
  }

  /// start()'s handshake; throws as start() does.
  void startWorker(const StartProgressFn& progress, const CancelToken* cancel) {
    auto child = std::make_unique<ChildProcess>(command_.argv, command_.env);
    json hello = {{"type", "hello"},
                  {"protocol", kWorkerProtocolVersion},
                  {"with_simulator", command_.withSimulator},
                  {"accepts", {kAcceptsGridFrames}}};
    if (!child->writeLine(hello.dump()) || !child->writeLine(R"({"type":"devices"})"))
      throw std::runtime_error(failure(*child, "did not read its input"));
    json answer = await(*child, "hello", progress, cancel);
    if (answer.value("protocol", -1) != kWorkerProtocolVersion)
      throw std::runtime_error("the worker (" + command_.text() + ", Warpscope " + answer.value("version", std::string("?")) +
                               ") speaks protocol " + std::to_string(answer.value("protocol", -1)) + ", this Warpscope " +
                               std::to_string(kWorkerProtocolVersion) + ": install the same version on both sides");
    // Same protocol, another release: it works, and the devices and every result say so.
    const std::string theirs = answer.value("version", std::string("?"));
    versionNote_ = theirs == files::kToolVersion ? std::string()
                                                 : "The GPU worker (" + command_.text() + ") is Warpscope " + theirs +
                                                       ", this one " + files::kToolVersion + ": same protocol, other release.";
    if (job_ && answer.contains("slurm_job") && answer["slurm_job"].is_string()) job_->setJobId(answer["slurm_job"]);
    const json devices = await(*child, "devices", progress, cancel);
    const bool devicesFilledNow = devices_.empty() && unavailable_.empty();
    if (devicesFilledNow) {
      const std::vector<DeviceInfo> offered = devicesFromMessage(devices);
      for (std::size_t i = 0; i < offered.size(); ++i) {
        DeviceInfo d = offered[i];
        d.id = command_.idPrefix + d.id;
        const json& entry = devices["devices"][i];
        if (entry.contains("cannot_run") && entry["cannot_run"].is_object())
          for (const auto& [lab, why] : entry["cannot_run"].items())
            if (why.is_string()) cannotRun_[d.id][lab] = why.get<std::string>();
        if (!command_.host.empty()) {
          d.name += " (" + command_.host + ")";
          d.sources = "On " + command_.host + ", through " + command_.text() + (d.sources.empty() ? "" : ". " + d.sources);
        }
        if (!versionNote_.empty()) d.sources += (d.sources.empty() ? "" : " ") + versionNote_;
        devices_.push_back(std::move(d));
      }
      for (UnavailableDevice u : unavailableFromMessage(devices)) {
        u.id = command_.idPrefix + u.id;
        if (!command_.host.empty()) u.reason = "on " + command_.host + ": " + u.reason;
        unavailable_.push_back(std::move(u));
      }
    }
    if (devicesFilledNow && offers(answer, "labs")) {
      if (!child->writeLine(R"({"type":"labs"})")) throw std::runtime_error(failure(*child, "did not read its input"));
      markLabsTheWorkerLacks(await(*child, "labs", progress, cancel));
    }
    child_ = std::move(child);
  }

  static bool offers(const json& hello, const std::string& capability) {
    if (!hello.contains("capabilities") || !hello["capabilities"].is_array()) return false;
    for (const json& c : hello["capabilities"])
      if (c == capability) return true;
    return false;
  }

  /// A worker of another release may not know every lab this one has: those cannot run there.
  void markLabsTheWorkerLacks(const json& labs) {
    std::set<std::string> known;
    if (labs.contains("labs") && labs["labs"].is_array())
      for (const json& lab : labs["labs"])
        if (lab.is_object() && lab.contains("id") && lab["id"].is_string()) known.insert(lab["id"].get<std::string>());
    for (const LabSpec& lab : LabRegistry::builtin().labs()) {
      if (known.count(lab.id)) continue;
      for (const DeviceInfo& d : devices_)
        cannotRun_[d.id].try_emplace(lab.id, "the GPU worker (" + command_.text() + ") has no lab '" + lab.id +
                                                 "': it is another Warpscope release; install the same one there");
    }
  }

  /// The next message of `type` (skipping notices), or std::runtime_error saying why none came.
  /// The wait is said through `progress` every second; a Slurm job's wait in the queue does not
  /// count against the time the worker has to answer.
  json await(ChildProcess& child, const std::string& type, const StartProgressFn& progress, const CancelToken* cancel) {
    const auto started = Clock::now();
    auto deadline = started + kHelloTimeout;
    auto lastSaid = started;
    std::string line;
    while (Clock::now() < deadline) {
      const auto status = child.readLine(line, std::chrono::milliseconds(200), kMaxMessageBytes);
      if (job_) {
        for (const std::string& said : child.takeStderrLines()) job_->observeSrunLine(said);
        job_->refreshWhileQueued([cancel] { return cancel && cancel->cancelled(); });
        if (job_->queued()) deadline = Clock::now() + kHelloTimeout;
      }
      const auto now = Clock::now();
      const auto waited = std::chrono::duration_cast<std::chrono::seconds>(now - started);
      if (cancel && cancel->cancelled()) throw WorkerStartCancelled(giveUp(child, waited, type));
      if (progress && now - lastSaid >= kStartProgressEvery) {
        lastSaid = now;
        progress(job_ ? job_->stateText(waited) : "waiting for " + command_.text() + " to answer, " + std::to_string(waited.count()) + " s");
      }
      if (status == ChildProcess::ReadStatus::Timeout) continue;
      if (status != ChildProcess::ReadStatus::Line) throw std::runtime_error(failure(child, "ended before its " + type));
      json m;
      try {
        m = parseMessage(line);
      } catch (const std::exception& e) {
        throw std::runtime_error(failure(child, std::string("answered something else than the protocol (") + e.what() + ")"));
      }
      if (m["type"] == type) return m;
      if (m["type"] == "error" && m.value("kind", std::string()) == "protocol")
        throw std::runtime_error("the worker (" + command_.text() + ") refused: " + m.value("message", std::string()));
    }
    child.kill();
    throw std::runtime_error("the worker (" + command_.text() + ") did not answer within " +
                             std::to_string(kHelloTimeout.count()) + " s");
  }

  /// Ends a start the user gave up, and says what became of its Slurm job.
  std::string giveUp(ChildProcess& child, std::chrono::seconds waited, const std::string& type) {
    if (!job_) {
      child.kill();
      return "cancelled while waiting for the GPU worker's " + type + " (" + command_.text() + ")";
    }
    // SIGTERM first: srun gives a pending job up on it (SIGKILL would leave it queued); ssh tells
    // the login host nothing, so the job's id (if srun said it meanwhile) is cancelled below.
    child.terminate(std::chrono::seconds(2));
    for (const std::string& said : child.takeStderrLines()) job_->observeSrunLine(said);
    const std::string state = job_->stateText(waited);
    if (job_->jobId().empty())
      return "cancelled while " + state + (command_.slurmLogin->empty() ? std::string()
                                                                        : "; if srun had already queued a job, squeue on " +
                                                                              *command_.slurmLogin + " lists it");
    const std::string why = job_->cancel();
    return "cancelled while " + state + (why.empty() ? " (job " + job_->jobId() + " cancelled)" : "; " + why);
  }

  std::string failure(ChildProcess& child, const std::string& what) {
    child.kill();
    std::string text = "the worker (" + command_.text() + ") " + what + " (" + child.exitText() + ")";
    if (const std::string tail = child.stderrTail(); !tail.empty()) text += ": " + tail;
    return text;
  }

  RunError ended(const std::string& when) {
    child_->kill();
    std::string text = (command_.host.empty() ? "The GPU worker ended " : "The connection to " + command_.host +
                                                                            " (or its GPU worker) ended ") +
                       when + " (" + child_->exitText() + ")";
    if (const std::string tail = child_->stderrTail(); !tail.empty()) text += ": " + tail;
    text += ". Nothing shown was lost; the next run starts a new worker.";
    return RunError{RunError::Kind::Device, text};
  }

  std::string workerDeviceId(const std::string& id) const {
    return id.starts_with(command_.idPrefix) ? id.substr(command_.idPrefix.size()) : id;
  }

  WorkerCommand command_;
  std::unique_ptr<ChildProcess> child_;
  std::unique_ptr<SlurmJob> job_;  ///< The worker's Slurm job (a worker started through srun).
  std::vector<DeviceInfo> devices_;
  std::vector<UnavailableDevice> unavailable_;
  std::map<std::string, std::map<std::string, std::string>> cannotRun_;  ///< Device id -> lab id -> why.
  std::string versionNote_;  ///< Non-empty when the worker is another Warpscope release.
  std::mutex mutex_;
  std::uint64_t lastId_ = 0;
};

}  // namespace

std::string WorkerCommand::text() const {
  std::string t;
  for (const std::string& a : argv) t += (t.empty() ? "" : " ") + a;
  return t;
}

std::string clientDeviceId(const std::string& host, const std::string& workerId) {
  return host.empty() ? workerId : "ssh:" + host + "/" + workerId;
}

WorkerCommand localWorkerCommand() {
  namespace fs = std::filesystem;
  WorkerCommand c;
  std::string cli = "warpscope-cli";
  if (const char* given = std::getenv("WARPSCOPE_CLI"); given && *given) {
    cli = given;
  } else {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    for (const fs::path& candidate : {self.parent_path() / "warpscope-cli", self.parent_path() / ".." / "app" / "warpscope-cli"})
      if (!ec && fs::exists(candidate, ec)) {
        cli = candidate.lexically_normal().string();
        break;
      }
  }
  c.argv = {cli, "serve"};
  return c;
}

std::unique_ptr<Backend> makeWorkerBackend(WorkerCommand command, const StartProgressFn& progress,
                                           const CancelToken* cancel) {
  return std::make_unique<WorkerBackend>(std::move(command), progress, cancel);
}

}  // namespace warpscope::worker
