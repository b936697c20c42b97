// The GPU worker protocol, with real worker processes: `warpscope-cli serve` driven through the
// worker backend (round trip against the same run in this process, ids of a remote host, the
// server's answers to malformed, truncated and mismatched messages), and small shell workers that
// misbehave on purpose (another protocol version, dying mid-run, answering garbage, never
// answering a cancel): each ends the run with a clear message, never the client.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "core/result_json.h"
#include "labs/atomics/atomics_lab.h"
#include "labs/streams/streams_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/session.h"
#include "warpscope/worker_session.h"
#include "worker/worker_protocol.h"
#include "resolved_run.h"

namespace fs = std::filesystem;
using namespace warpscope;
using namespace warpscope::worker;

namespace {

WorkerCommand realWorker(const std::string& host = {}) {
  WorkerCommand c;
  c.argv = {WARPSCOPE_CLI_PATH, "serve"};
  c.host = host;
  c.idPrefix = host.empty() ? std::string() : clientDeviceId(host, "");
  c.withSimulator = true;
  return c;
}

RunRequest streamsRequest(const std::string& device, RunScope scope = RunScope::FocusOnly) {
  return {labs::kStreamsId, device, defaultParams(labs::streamsSpec().params), scope};
}

/// A shell worker: says hello (with `protocol`) and an empty device list, then runs `onRun` (shell)
/// when the run arrives.
WorkerCommand fakeWorker(const std::string& name, const std::string& onRun, int protocol = kWorkerProtocolVersion,
                         const std::string& devicesLine = R"({"type":"devices","devices":[],"unavailable":[]})") {
  const fs::path dir = fs::temp_directory_path() / ("warpscope_fake_worker_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path script = dir / (name + ".sh");
  std::ofstream(script) << "read hello\n"
                        << "echo '{\"type\":\"hello\",\"protocol\":" << protocol << ",\"version\":\"fake\"}'\n"
                        << "read devices\n"
                        << "cat <<'WARPSCOPE_DEVICES'\n" << devicesLine << "\nWARPSCOPE_DEVICES\n"
                        << "read run\n"
                        << onRun << "\n";
  WorkerCommand c;
  c.argv = {"/bin/sh", script.string()};
  return c;
}

/// What `serveWorker` answers to `in` (input that ends, so a run in progress is cancelled), a
/// message a line, with the simulator as its session.
std::vector<nlohmann::json> servedAnswers(std::istream& in) {
  std::ostringstream out;
  Session session(nullptr, makeSimulatorBackend());
  EXPECT_EQ(serveWorker(in, out, session), 0);
  std::istringstream lines(out.str());
  std::vector<nlohmann::json> answers;
  for (std::string line; std::getline(lines, line);) answers.push_back(parseMessage(line));
  return answers;
}

RunOutcome runOn(Backend& backend, const RunRequest& request) {
  CancelToken cancel;
  return test::runResolved(backend, request, {}, cancel);
}

}  // namespace

TEST(WorkerProtocol, ARunThroughTheWorkerEqualsTheSameRunInThisProcess) {
  auto worker = makeWorkerBackend(realWorker());
  bool offered = false;
  for (const DeviceInfo& d : worker->devices()) offered = offered || d.id == "sim:h200";
  ASSERT_TRUE(offered);
  std::vector<double> progress;
  CancelToken cancel;
  const RunOutcome remote = test::runResolved(*worker, streamsRequest("sim:h200", RunScope::FullSweep),
                                        [&](double f, const std::string&) { progress.push_back(f); }, cancel);
  ASSERT_TRUE(remote.ok()) << remote.error().message;
  Session local(nullptr, makeSimulatorBackend());
  const RunOutcome here = local.run(streamsRequest("sim:h200", RunScope::FullSweep), {}, cancel);
  ASSERT_TRUE(here.ok());
  ASSERT_EQ(remote.result().scalars.size(), here.result().scalars.size());
  for (std::size_t i = 0; i < here.result().scalars.size(); ++i)
    EXPECT_DOUBLE_EQ(remote.result().scalars[i].value, here.result().scalars[i].value) << here.result().scalars[i].id;
  EXPECT_EQ(remote.result().views.size(), here.result().views.size());
  EXPECT_FALSE(progress.empty());  // the worker's progress reached this side
}

TEST(WorkerProtocol, ARemoteHostsDevicesAreNamedByHostAndRunThroughTheSession) {
  Session session(nullptr, makeSimulatorBackend());
  session.addBackend(makeWorkerBackend(realWorker("gpu-test-host")));
  const DeviceInfo& d = session.device("ssh:gpu-test-host/sim:h200");
  EXPECT_NE(d.name.find("gpu-test-host"), std::string::npos) << d.name;
  EXPECT_EQ(session.devices().front().id.rfind("ssh:gpu-test-host/", 0), 0u);  // remote devices first
  CancelToken cancel;
  const RunOutcome out = session.run(streamsRequest("ssh:gpu-test-host/sim:h200"), {}, cancel);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out.result().deviceId, "ssh:gpu-test-host/sim:h200");
  EXPECT_NE(out.result().banner().find("gpu-test-host"), std::string::npos) << out.result().banner();
}

TEST(WorkerProtocol, TheServerAnswersMalformedTruncatedAndMismatchedMessagesAndKeepsServing) {
  std::istringstream in(
      "not json at all\n"
      "{\"type\":\"run\",\"id\":1,\n"  // truncated
      "[1,2,3]\n"
      "{\"type\":\"launch-missiles\"}\n"
      "{\"type\":\"run\",\"id\":-4,\"request\":{}}\n"
      "{\"type\":\"run\",\"id\":2,\"request\":{\"lab\":\"streams\",\"device\":\"sim:h200\",\"scope\":\"sideways\",\"params\":{}}}\n"
      "{\"type\":\"hello\",\"protocol\":99}\n"
      "{\"type\":\"devices\"}\n");
  const std::vector<nlohmann::json> answers = servedAnswers(in);
  ASSERT_EQ(answers.size(), 9u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(answers[i]["type"], "error") << answers[i].dump();
  EXPECT_EQ(answers[5]["kind"], "bad-input");  // scope "sideways"
  EXPECT_EQ(answers[6]["kind"], "protocol");   // hello 99: said, then the worker's own hello
  EXPECT_NE(answers[6]["message"].get<std::string>().find("protocol 1"), std::string::npos);
  EXPECT_EQ(answers[7]["type"], "hello");
  EXPECT_EQ(answers[8]["type"], "devices");  // still serving
}

TEST(WorkerProtocol, ACancelOfNoRunInProgressIsAnsweredAndARunOfAnUnknownPresetIsRefused) {
  std::istringstream in(
      "{\"type\":\"cancel\",\"id\":7}\n"
      "{\"type\":\"cancel\"}\n"
      "{\"type\":\"run\",\"id\":3,\"request\":{\"lab\":\"streams\",\"device\":\"sim:h200\",\"scope\":\"focus\","
      "\"preset\":\"no-such-preset\",\"params\":{}}}\n");
  const std::vector<nlohmann::json> answers = servedAnswers(in);
  ASSERT_EQ(answers.size(), 3u);
  EXPECT_EQ(answers[0]["type"], "error");
  EXPECT_EQ(answers[0]["id"], 7);
  EXPECT_EQ(answers[0]["kind"], "bad-input");
  EXPECT_NE(answers[0]["message"].get<std::string>().find("no run 7 is in progress"), std::string::npos) << answers[0];
  EXPECT_EQ(answers[1]["kind"], "protocol");  // a cancel naming no run
  EXPECT_EQ(answers[2]["id"], 3);
  EXPECT_EQ(answers[2]["kind"], "bad-input");
  EXPECT_NE(answers[2]["message"].get<std::string>().find("no preset 'no-such-preset'"), std::string::npos)
      << answers[2];
}

namespace {

/// The worker's output, which marks when run 1 has answered (the server flushes after each line).
class AnswerSink : public std::stringbuf {
 public:
  std::atomic<bool> answered{false};

 protected:
  int sync() override {
    const std::string text = str();
    if (text.find("\"id\":1,") != std::string::npos &&
        (text.find("\"type\":\"result\"") != std::string::npos || text.find("\"type\":\"error\"") != std::string::npos))
      answered = true;
    return 0;
  }
};

/// The worker's input: `text`, then an end only once run 1 has answered (an input that ends
/// cancels the run in progress, as a client that goes away).
class InputUntilAnswered : public std::streambuf {
 public:
  InputUntilAnswered(std::string text, const AnswerSink& sink) : text_(std::move(text)), sink_(sink) {
    setg(text_.data(), text_.data(), text_.data() + text_.size());
  }

 protected:
  int_type underflow() override {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!sink_.answered && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return traits_type::eof();
  }

 private:
  std::string text_;
  const AnswerSink& sink_;
};

/// The result message the worker sends for one atomics focus run (its queue grid: 33 frames of
/// 32 x 32 cells) after `hello`.
nlohmann::json atomicsResultAfter(const std::string& hello) {
  const RunRequest request{labs::kAtomicsId, "sim:h200", defaultParams(labs::atomicsSpec().params), RunScope::FocusOnly};
  AnswerSink sink;
  InputUntilAnswered input(hello + "\n" + runMessage(1, request).dump() + "\n", sink);
  std::istream in(&input);
  std::ostream out(&sink);
  Session session(nullptr, makeSimulatorBackend());
  (void)serveWorker(in, out, session);
  std::istringstream lines(sink.str());
  for (std::string line; std::getline(lines, line);)
    if (nlohmann::json m = parseMessage(line); m["type"] == "result") return m;
  ADD_FAILURE() << "no result in " << sink.str().substr(0, 2000);
  return {};
}

bool hasGridFrames(const nlohmann::json& result) {
  for (const auto& view : result["views"])
    if (view["kind"] == "grid" && view.contains("frames")) return true;
  return false;
}

}  // namespace

// Issue 27: a per-frame grid's table (33,792 rows, 2.6 MB) made a slider move through the worker
// cost up to 230 ms; a client that accepts them gets frames, one of an earlier release tables.
TEST(WorkerProtocol, GridsGoAsFramesOnlyToAClientThatAcceptsThemAndReadBackTheSame) {
  const nlohmann::json asFrames = atomicsResultAfter(R"({"type":"hello","protocol":1,"accepts":["grid-frames"]})");
  const nlohmann::json asTables = atomicsResultAfter(R"({"type":"hello","protocol":1})");
  ASSERT_TRUE(asFrames.contains("result") && asTables.contains("result"));
  EXPECT_TRUE(hasGridFrames(asFrames["result"]));
  EXPECT_FALSE(hasGridFrames(asTables["result"]));
  const std::size_t framesBytes = asFrames.dump().size(), tableBytes = asTables.dump().size();
  EXPECT_LT(framesBytes * 5, tableBytes) << framesBytes << " bytes as frames, " << tableBytes << " as tables";
  const RunResult fromFrames = resultFromJson(asFrames["result"], JsonForm::Wire);
  const RunResult fromTables = resultFromJson(asTables["result"], JsonForm::Wire);
  ASSERT_EQ(fromFrames.views.size(), fromTables.views.size());
  bool sawGrid = false;
  for (std::size_t v = 0; v < fromFrames.views.size(); ++v) {
    if (fromFrames.views[v].kind != ViewKind::Grid) continue;
    sawGrid = true;
    const Grid& a = fromFrames.views[v].grid;
    const Grid& b = fromTables.views[v].grid;
    ASSERT_EQ(a.frames.size(), b.frames.size());
    EXPECT_GE(a.frames.size(), 2u);
    for (std::size_t f = 0; f < a.frames.size(); ++f) {
      EXPECT_EQ(a.frames[f].label, b.frames[f].label);
      EXPECT_EQ(a.frames[f].cells, b.frames[f].cells) << "frame " << f;
      EXPECT_EQ(a.frames[f].text, b.frames[f].text) << "frame " << f;
    }
  }
  EXPECT_TRUE(sawGrid);
}

// The client's side: the window's worker backend says it accepts frames and reads them.
TEST(WorkerProtocol, AnAtomicsRunThroughTheWorkerCarriesItsWholeQueueGrid) {
  auto worker = makeWorkerBackend(realWorker());
  const RunOutcome remote =
      runOn(*worker, {labs::kAtomicsId, "sim:h200", defaultParams(labs::atomicsSpec().params), RunScope::FocusOnly});
  ASSERT_TRUE(remote.ok()) << remote.error().message;
  Session local(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  const RunOutcome here =
      local.run({labs::kAtomicsId, "sim:h200", defaultParams(labs::atomicsSpec().params), RunScope::FocusOnly}, {}, cancel);
  ASSERT_TRUE(here.ok());
  ASSERT_EQ(remote.result().views.size(), here.result().views.size());
  for (std::size_t v = 0; v < here.result().views.size(); ++v)
    if (here.result().views[v].kind == ViewKind::Grid) {
      ASSERT_EQ(remote.result().views[v].grid.frames.size(), here.result().views[v].grid.frames.size());
      for (std::size_t f = 0; f < here.result().views[v].grid.frames.size(); ++f)
        EXPECT_EQ(remote.result().views[v].grid.frames[f].cells, here.result().views[v].grid.frames[f].cells);
    }
}

TEST(WorkerProtocol, AWorkerOfAnotherProtocolVersionIsRefusedClearly) {
  try {
    (void)makeWorkerBackend(fakeWorker("v99", "exit 0", 99));
    FAIL() << "a protocol-99 worker was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("protocol 99"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("same version"), std::string::npos) << e.what();
  }
}

TEST(WorkerProtocol, AWorkerThatDiesMidRunEndsOnlyThatRunAndTheNextStartsANewOne) {
  auto worker = makeWorkerBackend(fakeWorker(
      "dies", "echo '{\"type\":\"progress\",\"id\":1,\"fraction\":0.5,\"what\":\"half\"}'; echo 'kernel fault' >&2; exit 3"));
  for (int attempt = 0; attempt < 3; ++attempt) {
    const RunOutcome out = runOn(*worker, streamsRequest("cuda:0"));
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.error().kind, RunError::Kind::Device);
    EXPECT_NE(out.error().message.find("exit 3"), std::string::npos) << out.error().message;
    EXPECT_NE(out.error().message.find("kernel fault"), std::string::npos) << out.error().message;
    EXPECT_NE(out.error().message.find("next run starts a new worker"), std::string::npos) << out.error().message;
  }
}

TEST(WorkerProtocol, FuzzedAnswersMidRunEndInAClearErrorNeverACrashOrAHang) {
  std::mt19937 random(20261126);
  const std::string good = R"({"type":"result","id":1,"result":{"schema_version":2}})";
  for (int trial = 0; trial < 12; ++trial) {
    // A prefix of a valid answer, then random bytes (no single quotes: they end the shell word).
    std::string noise = good.substr(0, random() % good.size());
    for (int i = 0, n = int(random() % 64); i < n; ++i) {
      char c = static_cast<char>(32 + random() % 95);
      noise.push_back(c == '\'' ? '"' : c);
    }
    auto worker = makeWorkerBackend(fakeWorker("fuzz" + std::to_string(trial), "printf '%s\\n' '" + noise + "'; exit 0"));
    const auto started = std::chrono::steady_clock::now();
    const RunOutcome out = runOn(*worker, streamsRequest("cuda:0"));
    EXPECT_FALSE(out.ok()) << noise;
    if (!out.ok()) {
      EXPECT_FALSE(out.error().message.empty());
    }
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10)) << noise;
  }
}

TEST(WorkerProtocol, AWorkerThatIgnoresCancelIsEndedAndTheRunSaysCancelled) {
  auto worker = makeWorkerBackend(fakeWorker("deaf", "sleep 60"));
  CancelToken cancel;
  cancel.requestCancel();
  const RunOutcome out = test::runResolved(*worker, streamsRequest("cuda:0"), {}, cancel);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().kind, RunError::Kind::Cancelled);
  EXPECT_NE(out.error().message.find("ended"), std::string::npos) << out.error().message;
}

TEST(WorkerProtocol, AHostNameThatSshWouldReadAsAnOptionIsRefused) {
  EXPECT_THROW((void)sshWorkerCommand("-oProxyCommand=evil"), BadInputError);
  EXPECT_THROW((void)sshWorkerCommand(""), BadInputError);
  EXPECT_EQ(sshWorkerCommand("gpu1").argv.back(), "serve");
}

TEST(WorkerProtocol, TheWorkerSaysWhichLabsItsDevicesCannotRun) {
  auto worker = makeWorkerBackend(realWorker());
  // The A100 profile has no streams mechanism: the worker's lab list says so, as a local one would.
  EXPECT_NE(test::whyCannotRunResolved(*worker, labs::kStreamsId, "sim:a100").find("streams"), std::string::npos);
  EXPECT_EQ(test::whyCannotRunResolved(*worker, labs::kStreamsId, "sim:h200"), "");
}

TEST(WorkerProtocol, ABadOrRepeatedHostLeavesTheWindowsSessionStanding) {
  const std::unique_ptr<Session> session = makeWorkerSession({"not a host;", "-oEvil", "not a host;"});
  ASSERT_NE(session, nullptr);
  EXPECT_NO_THROW((void)session->device("sim:h200"));  // the simulator is there
  bool said = false;
  for (const UnavailableDevice& u : session->unavailableDevices())
    said = said || (u.id == clientDeviceId("not a host;", "cuda") && u.reason.find("not a host name") != std::string::npos);
  EXPECT_TRUE(said);
}

TEST(WorkerProtocol, AWorkerOfAnotherReleaseWithTheSameProtocolIsSaidOnItsDevices) {
  // The shell worker says version "fake" (the same protocol, another release) and offers one device.
  Session local(nullptr, makeSimulatorBackend());
  const std::string devicesLine = devicesMessage({local.device("sim:h200")}, {}).dump();
  auto older = makeWorkerBackend(fakeWorker(
      "older", R"(echo '{"type":"error","id":1,"kind":"device","message":"no GPU here"}'; read bye)",
      kWorkerProtocolVersion, devicesLine));
  ASSERT_EQ(older->devices().size(), 1u);
  EXPECT_NE(older->devices()[0].sources.find("is Warpscope fake"), std::string::npos) << older->devices()[0].sources;
  const RunOutcome out = runOn(*older, streamsRequest("sim:h200"));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().message, "no GPU here");  // the worker's own words come through
  // The same release says nothing of the kind.
  auto same = makeWorkerBackend(realWorker());
  for (const DeviceInfo& d : same->devices()) EXPECT_EQ(d.sources.find("other release"), std::string::npos) << d.sources;
}

TEST(WorkerProtocol, TheWorkerListsItsLabsAndALabItLacksCannotRunThere) {
  // The real worker lists every lab as `describe` prints it: nothing is marked.
  auto same = makeWorkerBackend(realWorker());
  EXPECT_EQ(test::whyCannotRunResolved(*same, "latency-arith", "sim:h200"), "");
  // A worker of another release that offers "labs" and knows only streams: every other lab is
  // marked on its devices, naming the lab and what to do.
  Session local(nullptr, makeSimulatorBackend());
  const fs::path dir = fs::temp_directory_path() / ("warpscope_fake_worker_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path script = dir / "fewer_labs.sh";
  std::ofstream(script) << "read hello\n"
                        << "echo '{\"type\":\"hello\",\"protocol\":" << kWorkerProtocolVersion
                        << ",\"version\":\"older\",\"capabilities\":[\"devices\",\"labs\",\"run\"]}'\n"
                        << "read devices\n"
                        << "cat <<'WARPSCOPE_DEVICES'\n" << devicesMessage({local.device("sim:h200")}, {}).dump()
                        << "\nWARPSCOPE_DEVICES\n"
                        << "read labs\n"
                        << "echo '{\"type\":\"labs\",\"labs\":[{\"id\":\"streams\"}]}'\n"
                        << "read bye\n";
  WorkerCommand c;
  c.argv = {"/bin/sh", script.string()};
  auto older = makeWorkerBackend(c);
  EXPECT_EQ(test::whyCannotRunResolved(*older, "streams", "sim:h200"), "");
  const std::string why = test::whyCannotRunResolved(*older, "latency-arith", "sim:h200");
  EXPECT_NE(why.find("has no lab 'latency-arith'"), std::string::npos) << why;
  EXPECT_NE(why.find("install the same one"), std::string::npos) << why;
}
