#include "warpscope/worker_session.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>

#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <thread>

#include "worker/worker_protocol.h"

namespace warpscope::worker {

namespace {

using nlohmann::json;

/// One line of at most kMaxMessageBytes; a longer one is skipped to its end and reported.
enum class LineRead { Line, TooLong, End };
LineRead readBoundedLine(std::istream& in, std::string& line) {
  line.clear();
  bool tooLong = false;
  for (int c = in.get(); c != EOF; c = in.get()) {
    if (c == '\n') return tooLong ? LineRead::TooLong : LineRead::Line;
    if (line.size() < kMaxMessageBytes) line.push_back(static_cast<char>(c));
    else tooLong = true;
  }
  return line.empty() && !tooLong ? LineRead::End : tooLong ? LineRead::TooLong : LineRead::Line;
}

std::string hostName() {
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 ? std::string(name) : std::string("unknown host");
}

/// The serve loop's state: the output (shared with the run thread) and the run in progress.
class Server {
 public:
  Server(std::ostream& out, Session& session) : out_(out), session_(session) {}
  ~Server() { finishRun(); }

  void send(const json& message) {
    std::lock_guard<std::mutex> lock(outMutex_);
    out_ << message.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    out_.flush();
  }

  [[noreturn]] void sendAndExit(const json& message) {
    std::lock_guard<std::mutex> lock(outMutex_);
    out_ << message.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
    out_.flush();
    std::_Exit(3);
  }

  /// Handles one message; false for "bye".
  bool handle(const json& m) {
    const std::string type = m["type"].get<std::string>();
    if (type == "bye") return false;
    if (type == "hello") {
      const int protocol = m.value("protocol", -1);
      if (protocol != kWorkerProtocolVersion)
        send(errorMessage(json(nullptr), "protocol",
                          "this worker speaks protocol " + std::to_string(kWorkerProtocolVersion) + ", the client " +
                              std::to_string(protocol) + ": install the same Warpscope version on both sides"));
      withSimulator_ = m.value("with_simulator", false);
      // A client of an earlier release reads only the file form: it gets tables.
      resultForm_ = JsonForm::Document;
      if (m.contains("accepts") && m["accepts"].is_array())
        for (const json& accepted : m["accepts"])
          if (accepted == kAcceptsGridFrames) resultForm_ = JsonForm::Wire;
      json hello = helloMessage(hostName());
      // Inside a Slurm allocation: the job, so the client can cancel it even when srun never
      // said its id (an allocation granted at once).
      if (const char* job = std::getenv("SLURM_JOB_ID"); job && *job) hello["slurm_job"] = job;
      send(hello);
    } else if (type == "labs") {
      send(labsMessage(session_.registry()));
    } else if (type == "devices") {
      // The worker's GPUs (and, when the client asked, its simulator devices: a remote demo
      // without a GPU); the client has recordings of its own.
      std::vector<DeviceInfo> offered;
      for (const DeviceInfo& d : session_.devices())
        if (d.kind == DeviceKind::Cuda || (withSimulator_ && d.kind == DeviceKind::Simulator)) offered.push_back(d);
      json answer = devicesMessage(offered, session_.unavailableDevices());
      // What each device cannot run at all (a lab without a CUDA measurement, one needing two
      // GPUs): the client's lab list marks them before they are picked.
      for (std::size_t i = 0; i < offered.size(); ++i) {
        json cannot = json::object();
        for (const LabSpec& lab : session_.registry().labs())
          if (std::string why = session_.whyCannotRun(lab.id, offered[i].id); !why.empty()) cannot[lab.id] = why;
        answer["devices"][i]["cannot_run"] = std::move(cannot);
      }
      send(answer);
    } else if (type == "run") {
      startRun(m);
    } else if (type == "cancel") {
      cancelRun(m);
    } else {
      send(errorMessage(json(nullptr), "protocol", "unknown message type '" + type + "'"));
    }
    return true;
  }

  void finishRun() {
    cancel_.requestCancel();
    if (thread_.joinable()) thread_.join();
  }

 private:
  /// Cancels the run `m` names; a cancel of no run in progress (one that already answered, or an
  /// id never sent) is answered, so a client never waits on a cancel that did nothing. The
  /// client ignores the answer of a run it no longer waits for (a cancel racing the result).
  void cancelRun(const json& m) {
    const json id = m.contains("id") ? m["id"] : json(nullptr);
    if (!id.is_number_unsigned()) {
      send(errorMessage(id, "protocol", "a cancel needs the unsigned integer \"id\" of the run to cancel"));
      return;
    }
    std::lock_guard<std::mutex> lock(runMutex_);
    if (runId_ && id == json(*runId_)) {
      cancel_.requestCancel();
      return;
    }
    send(errorMessage(id, "bad-input",
                      "no run " + id.dump() + " is in progress to cancel" +
                          (runId_ ? " (the worker is running request " + std::to_string(*runId_) + ")"
                                  : std::string(" (it has answered, or was never sent)"))));
  }

  void startRun(const json& m) {
    const json id = m.contains("id") ? m["id"] : json(nullptr);
    if (!id.is_number_unsigned()) {
      send(errorMessage(id, "protocol", "a run needs an unsigned integer \"id\""));
      return;
    }
    RunRequest request;
    try {
      request = requestFromJson(m.contains("request") ? m["request"] : json());
    } catch (const std::exception& e) {
      send(errorMessage(id, "bad-input", e.what()));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(runMutex_);
      if (runId_) {
        send(errorMessage(id, "bad-input", "the worker is running request " + std::to_string(*runId_) + ": one at a time"));
        return;
      }
    }
    if (thread_.joinable()) thread_.join();
    cancel_.reset();
    const std::uint64_t runId = id.get<std::uint64_t>();
    {
      std::lock_guard<std::mutex> lock(runMutex_);
      runId_ = runId;
    }
    thread_ = std::thread([this, request, runId] {
      RunOutcome outcome = session_.run(
          request, [&](double fraction, const std::string& what) { send(progressMessage(runId, fraction, what)); }, cancel_);
      // The run is marked finished before its reply goes out: a client that sends its next run on
      // reading the reply must find the worker free.
      {
        std::lock_guard<std::mutex> lock(runMutex_);
        runId_.reset();
      }
      // A lost CUDA context (a kernel fault) answers every later call with the same error: the
      // worker ends after saying so (holding the output, so no other line is cut off), and the
      // client's next run starts a new one with a fresh context.
      if (!outcome.ok() && outcome.error().deviceContextLost) sendAndExit(errorMessage(runId, outcome.error()));
      send(outcome.ok() ? resultMessage(runId, outcome.result(), resultForm_.load()) : errorMessage(runId, outcome.error()));
    });
  }

  std::ostream& out_;
  Session& session_;
  std::mutex outMutex_;
  std::mutex runMutex_;
  std::optional<std::uint64_t> runId_;
  bool withSimulator_ = false;
  std::atomic<JsonForm> resultForm_{JsonForm::Document};  // set by a hello, read by the run thread
  CancelToken cancel_;
  std::thread thread_;
};

}  // namespace

int serveWorker(std::istream& in, std::ostream& out, Session& session) {
  Server server(out, session);
  std::string line;
  while (true) {
    const LineRead read = readBoundedLine(in, line);
    if (read == LineRead::End) break;
    if (read == LineRead::TooLong) {
      server.send(errorMessage(json(nullptr), "protocol",
                               "a message longer than " + std::to_string(kMaxMessageBytes >> 20) + " MiB was skipped"));
      continue;
    }
    if (line.empty()) continue;
    try {
      if (!server.handle(parseMessage(line))) break;
    } catch (const std::exception& e) {
      server.send(errorMessage(json(nullptr), "protocol", std::string("malformed message: ") + e.what()));
    }
  }
  server.finishRun();
  return 0;
}

}  // namespace warpscope::worker
