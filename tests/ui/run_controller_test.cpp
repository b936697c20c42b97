// RunController: the worker thread, coalescing (latest wins), staleness and cancellation.
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "controllers/run_controller.h"
#include "fake_backend.h"
#include "warpscope/registry.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

RunRequest arithRequest(int blocksPerSm, RunScope scope = RunScope::FullSweep, int threadsPerBlock = 256) {
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  RunRequest r;
  r.labId = lab.id;
  r.deviceId = test::kFakeDeviceId;
  r.params = defaultParams(lab.params);
  r.params.set("blocks_per_sm", blocksPerSm);
  r.params.set("threads_per_block", threadsPerBlock);
  r.scope = scope;
  return r;
}

struct Fixture {
  std::shared_ptr<test::FakeBackendState> state = std::make_shared<test::FakeBackendState>();
  RunController runs{[s = state] { return test::makeFakeSession(s); }};
  QSignalSpy ready{&runs, &RunController::sessionReady};
  QSignalSpy finished{&runs, &RunController::runFinished};
  QSignalSpy failed{&runs, &RunController::runFailed};
  QSignalSpy dropped{&runs, &RunController::runDropped};

  Fixture() {
    runs.start();
    EXPECT_TRUE(ready.wait(5000) || ready.count() == 1);
  }
  bool waitIdle() {
    return QTest::qWaitFor([&] { return !runs.isBusy(); }, 5000);
  }
};

}  // namespace

TEST(RunController, SessionIsBuiltOnTheWorkerAndListsItsDevices) {
  Fixture f;
  ASSERT_EQ(f.ready.count(), 1);
  const auto devices = f.ready.at(0).at(0).value<QList<DeviceInfo>>();
  ASSERT_EQ(devices.size(), 1);
  EXPECT_EQ(devices.front().id, test::kFakeDeviceId);
  EXPECT_EQ(f.ready.at(0).at(1).toString(), QString::fromLatin1(test::kFakeDeviceId));
}

TEST(RunController, RunsNeverExecuteOnTheGuiThread) {
  Fixture f;
  f.runs.submit(arithRequest(1));
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.state->threads.size(), 1u);
  EXPECT_NE(f.state->threads.front(), QThread::currentThread());
  EXPECT_EQ(f.finished.count(), 1);
}

TEST(RunController, ManyQueuedRequestsOnlyTheLatestRuns) {
  Fixture f;
  f.state->holdCancelledRuns = true;
  f.state->closeGate();
  const quint64 first = f.runs.submit(arithRequest(1));
  ASSERT_TRUE(f.state->waitForRuns(1));  // the worker is now busy with the first one
  quint64 last = 0;
  for (int i = 0; i < 20; ++i) last = f.runs.submit(arithRequest(1 + i % 8));
  EXPECT_EQ(f.runs.queuedCount(), 1) << "a newer request replaces the queued one";
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());

  ASSERT_EQ(f.state->runCount(), 2u) << "the running request and the latest one, nothing between";
  EXPECT_EQ(f.state->run(1).params.getInt("blocks_per_sm"), 1 + 19 % 8);
  ASSERT_EQ(f.finished.count(), 1) << "the superseded first run's result is stale and dropped";
  EXPECT_EQ(f.finished.at(0).at(0).value<quint64>(), last);
  EXPECT_EQ(f.failed.count(), 0);
  // 19 removed from the queue + the first one's stale result.
  EXPECT_EQ(f.dropped.count(), 20);
  EXPECT_EQ(f.dropped.at(f.dropped.count() - 1).at(0).value<quint64>(), first);
}

TEST(RunController, FocusRequestBehindRunningSweepKeepsTheSweepAndCoalesces) {
  Fixture f;
  f.state->closeGate();
  const quint64 sweep = f.runs.submit(arithRequest(1));
  ASSERT_TRUE(f.state->waitForRuns(1));
  for (int t = 32; t <= 512; t += 32) f.runs.submit(arithRequest(1, RunScope::FocusOnly, t));
  EXPECT_EQ(f.runs.queuedCount(), 1);
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.state->runCount(), 2u);
  EXPECT_EQ(f.state->run(1).scope, RunScope::FocusOnly);
  EXPECT_EQ(f.state->run(1).params.getInt("threads_per_block"), 512);
  ASSERT_EQ(f.finished.count(), 2) << "a focus change does not make the sweep under it stale";
  EXPECT_EQ(f.finished.at(0).at(0).value<quint64>(), sweep);
}

TEST(RunController, FocusRequestFoldsIntoAQueuedSweepWithTheNewerValues) {
  Fixture f;
  f.state->holdCancelledRuns = true;  // the second sweep cancels the first; keep it queued
  f.state->closeGate();
  f.runs.submit(arithRequest(1));
  ASSERT_TRUE(f.state->waitForRuns(1));
  f.runs.submit(arithRequest(2));                                // queued sweep
  f.runs.submit(arithRequest(2, RunScope::FocusOnly, 128));      // folds into it
  EXPECT_EQ(f.runs.queuedCount(), 1);
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.state->runCount(), 2u);
  EXPECT_EQ(f.state->run(1).scope, RunScope::FullSweep);
  EXPECT_EQ(f.state->run(1).params.getInt("threads_per_block"), 128);
  EXPECT_EQ(f.state->run(1).params.getInt("blocks_per_sm"), 2);
}

TEST(RunController, CancelStopsTheRunningRequestAndDropsTheQueue) {
  Fixture f;
  QSignalSpy busy(&f.runs, &RunController::busyChanged);
  f.state->closeGate();
  const quint64 running = f.runs.submit(arithRequest(1));
  ASSERT_TRUE(f.state->waitForRuns(1));
  f.runs.submit(arithRequest(1, RunScope::FocusOnly, 64));
  f.runs.cancel();
  EXPECT_EQ(f.runs.queuedCount(), 0);
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.state->runCount(), 1u) << "the queued request never ran";
  ASSERT_EQ(f.failed.count(), 1);
  EXPECT_EQ(f.failed.at(0).at(0).value<quint64>(), running);
  EXPECT_EQ(f.failed.at(0).at(1).value<RunError>().kind, RunError::Kind::Cancelled);
  EXPECT_EQ(f.finished.count(), 0);
  ASSERT_GE(busy.count(), 2);
  EXPECT_FALSE(busy.last().at(0).toBool());
}

TEST(RunController, BadInputComesBackAsAnErrorNotACrash) {
  Fixture f;
  RunRequest r = arithRequest(1);
  r.params.set("blocks_per_sm", 99);  // outside 1..8
  f.runs.submit(r);
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.failed.count(), 1);
  const RunError error = f.failed.at(0).at(1).value<RunError>();
  EXPECT_EQ(error.kind, RunError::Kind::BadInput);
  EXPECT_NE(error.message.find("blocks_per_sm"), std::string::npos) << error.message;
  // The controller keeps working afterwards.
  f.runs.submit(arithRequest(2));
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.finished.count(), 1);
}

TEST(RunController, DestroyingWhileARunIsInFlightCancelsAndJoins) {
  auto state = std::make_shared<test::FakeBackendState>();
  {
    RunController runs([s = state] { return test::makeFakeSession(s); });
    runs.start();
    state->closeGate();
    runs.submit(arithRequest(1));
    ASSERT_TRUE(state->waitForRuns(1));
    // The gate stays shut: only the destructor's cancel can end the run, so a join that
    // returns at all proves the run was cancelled rather than finished.
  }
  const auto endings = state->runEndings();
  ASSERT_EQ(endings.size(), 1u) << "the destructor joined the worker after the run ended";
  ASSERT_TRUE(endings.front().has_value()) << "the run produced a result instead of stopping";
  EXPECT_EQ(*endings.front(), RunError::Kind::Cancelled);
}

TEST(RunController, BackgroundSweepYieldsToAnyNewerRequest) {
  Fixture f;
  f.state->closeGate();
  const quint64 refresh = f.runs.submitBackground(arithRequest(1));
  ASSERT_TRUE(f.state->waitForRuns(1));
  // A slider drag resumes while the refresh sweep runs: the sweep is cancelled, not waited for.
  const quint64 focus = f.runs.submit(arithRequest(1, RunScope::FocusOnly, 512));
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.state->runCount(), 2u);
  EXPECT_EQ(f.state->run(1).scope, RunScope::FocusOnly);
  ASSERT_EQ(f.finished.count(), 1);
  EXPECT_EQ(f.finished.at(0).at(0).value<quint64>(), focus);
  EXPECT_EQ(f.failed.count(), 0) << "a superseded refresh is dropped silently";
  ASSERT_EQ(f.dropped.count(), 1);
  EXPECT_EQ(f.dropped.at(0).at(0).value<quint64>(), refresh);
}

TEST(RunController, BackgroundSweepDoesNotDropAFocusResultAlreadyOnItsWay) {
  // Review finding: background sweep must not drop a focus result. The refresh timer can fire
  // while a focus run is in flight; the sweep it submits supersedes nothing, so the focus
  // result still reaches the screen.
  Fixture f;
  f.state->closeGate();
  const quint64 focus = f.runs.submit(arithRequest(1, RunScope::FocusOnly, 512));
  ASSERT_TRUE(f.state->waitForRuns(1));
  const quint64 refresh = f.runs.submitBackground(arithRequest(1));
  EXPECT_EQ(f.runs.latestForegroundSeq(), focus);
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.finished.count(), 2);
  EXPECT_EQ(f.finished.at(0).at(0).value<quint64>(), focus);
  EXPECT_EQ(f.finished.at(1).at(0).value<quint64>(), refresh);
  EXPECT_EQ(f.dropped.count(), 0);
  EXPECT_EQ(f.failed.count(), 0);
}

TEST(RunController, SupersededRunDoesNotReportStartOrProgress) {
  // A run whose result will be dropped must not drive the status bar.
  Fixture f;
  QSignalSpy started(&f.runs, &RunController::runStarted);
  QSignalSpy progress(&f.runs, &RunController::runProgress);
  f.state->holdCancelledRuns = true;
  f.state->closeGate();
  const quint64 stale = f.runs.submit(arithRequest(1, RunScope::FocusOnly, 128));
  ASSERT_TRUE(f.state->waitForRuns(1));
  const quint64 latest = f.runs.submit(arithRequest(1, RunScope::FocusOnly, 256));
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  for (const auto& args : started) EXPECT_NE(args.at(0).value<quint64>(), stale);
  for (const auto& args : progress) EXPECT_NE(args.at(0).value<quint64>(), stale);
  ASSERT_FALSE(started.isEmpty());
  EXPECT_EQ(started.last().at(0).value<quint64>(), latest);
  ASSERT_FALSE(progress.isEmpty());
  EXPECT_EQ(progress.last().at(0).value<quint64>(), latest);
}

TEST(RunController, BackgroundSweepDoesNotSupersedeAnEarlierSweep) {
  Fixture f;
  f.state->closeGate();
  const quint64 sweep = f.runs.submit(arithRequest(2));
  ASSERT_TRUE(f.state->waitForRuns(1));
  f.runs.submitBackground(arithRequest(2));
  f.state->openGate();
  ASSERT_TRUE(f.waitIdle());
  ASSERT_EQ(f.finished.count(), 2);
  EXPECT_EQ(f.finished.at(0).at(0).value<quint64>(), sweep);
}

TEST(RunController, AHostThatCannotBeReachedIsSaidAndTheSessionKeepsItsDevices) {
  Fixture f;
  QSignalSpy failedHost{&f.runs, &RunController::hostConnectFailed};
  QSignalSpy changed{&f.runs, &RunController::devicesChanged};
  // ssh would read a leading '-' as an option: refused before anything starts.
  f.runs.connectHost(QStringLiteral("-oProxyCommand=touch_me"));
  ASSERT_TRUE(failedHost.wait(5000));
  EXPECT_EQ(failedHost.at(0).at(0).toString(), QStringLiteral("-oProxyCommand=touch_me"));
  EXPECT_TRUE(failedHost.at(0).at(1).toString().contains(QStringLiteral("not a host name"))) << failedHost.at(0).at(1).toString().toStdString();
  EXPECT_EQ(changed.count(), 0);
  f.runs.submit(arithRequest(1));  // the session still runs
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.finished.count(), 1);
}

TEST(RunController, AHostThatDoesNotAnswerCanBeCancelledWhileRunsGoOn) {
  // An ssh that connects and then never answers (a host whose warpscope-cli hangs): the wait is
  // said every second, runs on other devices go on meanwhile, and Cancel ends it at once.
  QTemporaryDir dir;
  const QString ssh = dir.filePath(QStringLiteral("silent-ssh"));
  {
    QFile script(ssh);
    ASSERT_TRUE(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\nexec sleep 600\n");
  }
  QFile::setPermissions(ssh, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
  qputenv("WARPSCOPE_SSH", ssh.toLocal8Bit());
  Fixture f;
  QSignalSpy progress{&f.runs, &RunController::hostConnectProgress};
  QSignalSpy failedHost{&f.runs, &RunController::hostConnectFailed};
  EXPECT_EQ(f.runs.connectHost(QStringLiteral("silent-host")), QStringLiteral("silent-host"));
  ASSERT_TRUE(progress.wait(5000));
  EXPECT_EQ(progress.at(0).at(0).toString(), QStringLiteral("silent-host"));
  EXPECT_TRUE(progress.at(0).at(1).toString().contains(QStringLiteral("to answer"))) << progress.at(0).at(1).toString().toStdString();
  EXPECT_EQ(f.runs.connectingHosts(), QStringList{QStringLiteral("silent-host")});

  f.runs.submit(arithRequest(1));  // the session is not held up by the connection
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.finished.count(), 1);

  QElapsedTimer cancelled;
  cancelled.start();
  f.runs.cancelConnect(QStringLiteral("silent-host"));
  ASSERT_TRUE(failedHost.wait(5000));
  EXPECT_LT(cancelled.elapsed(), 3000);
  EXPECT_TRUE(failedHost.at(0).at(2).toBool()) << "said as cancelled, not as a failure";
  EXPECT_TRUE(f.runs.connectingHosts().isEmpty());
  qunsetenv("WARPSCOPE_SSH");
}

TEST(RunController, ABadSlurmLoginOrAnEmptySrunCommandIsRefusedAtOnce) {
  Fixture f;
  QSignalSpy failedHost{&f.runs, &RunController::hostConnectFailed};
  EXPECT_TRUE(f.runs.connectSlurm(QStringLiteral("-oProxyCommand=x"), QStringLiteral("srun warpscope-cli serve")).isEmpty());
  EXPECT_TRUE(f.runs.connectSlurm(QStringLiteral("login1"), QStringLiteral("   ")).isEmpty());
  ASSERT_EQ(failedHost.count(), 2);
  EXPECT_TRUE(failedHost.at(0).at(1).toString().contains(QStringLiteral("not a host name")));
  EXPECT_TRUE(failedHost.at(1).at(1).toString().contains(QStringLiteral("srun command is empty")));
  EXPECT_TRUE(f.runs.connectingHosts().isEmpty());
}
