// The window connecting through Slurm (Run > Connect through Slurm): the job's wait in the queue
// said in the message bar, with a Cancel button there and in the Run menu that gives it up (the
// job leaves the queue), then
// a connection whose devices join the list and measure. A one-node cluster on localhost started
// by the test (tests/support/slurm_one_node.h); the worker offers its simulator devices. Skips,
// saying why, where the Slurm packages are not installed. WARPSCOPE_TEST_SCREENSHOTS=DIR keeps
// the window's pictures (queued, connected) for a look.
#include <QPushButton>
#include <QRegularExpression>

#include <cstdlib>
#include <string>

#include "message_bar.h"
#include "slurm_one_node.h"
#include "window_fixture.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

void keepScreenshot(QWidget& window, const char* name) {
  if (const QByteArray dir = qgetenv("WARPSCOPE_TEST_SCREENSHOTS"); !dir.isEmpty())
    window.grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + QString::fromLatin1(name));
}

}  // namespace

TEST(SlurmWindow, TheQueuedJobIsShownAndCancelledThenAnAllocationsDevicesMeasure) {
  test::SlurmOneNode slurm;
  if (!slurm.ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm.whyNot();
  setenv("SLURM_CONF", slurm.slurmConf().c_str(), 1);
  unsetenv("SLURM_JOB_ID");
  setenv("WARPSCOPE_REMOTE_SIMULATOR", "1", 1);
  const QString srun = QStringLiteral("srun --job-name=ws-window --gres=gpu:1 --time=00:10:00 " WARPSCOPE_SLURM_TEST_CLI " serve");
  // Another job holds the node's one GPU: the window's job waits in the queue.
  ASSERT_EQ(slurm.run("sbatch -J ws-holder --gres=gpu:1 --time=00:10:00 -o /dev/null --wrap 'sleep 300'").status, 0);

  {  // the window (and its worker's job) ends before SLURM_CONF is unset below
  test::WindowFixture f;
  f.window.resize(1280, 720);
  QSignalSpy failed{&f.runs, &RunController::hostConnectFailed};
  QSignalSpy changed{&f.runs, &RunController::devicesChanged};
  f.window.connectSlurm(QString(), srun);
  MessageBar* bar = f.window.messageBar();
  ASSERT_TRUE(QTest::qWaitFor([&] { return bar->text().contains(QStringLiteral("queued and waiting for resources")); }, 20000))
      << bar->text().toStdString();
  EXPECT_TRUE(bar->text().startsWith(QStringLiteral("Connecting to Slurm on this machine: job "))) << bar->text().toStdString();
  ASSERT_TRUE(bar->actionButton()->isVisible());
  EXPECT_EQ(bar->actionButton()->text(), QStringLiteral("Cancel"));
  // squeue's state and reason join within its 10 s period. The reason is the scheduler's: Resources
  // when the holder job has the GPU, Priority when the whole suite's Slurm tests queue beside it.
  EXPECT_TRUE(QTest::qWaitFor([&] { return bar->text().contains(QRegularExpression(QStringLiteral("\\(PENDING, (Resources|Priority)\\)"))); },
                              15000))
      << bar->text().toStdString();
  keepScreenshot(f.window, "slurm_queued.png");

  const auto shownWhileQueued = f.displayed.count();
  f.window.rerun();  // the window still measures on its own device while the job waits
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() > shownWhileQueued; }, 5000));

  // Something else said in the message bar takes its Cancel away; Run > Cancel connecting stays.
  bar->showMessage(QStringLiteral("something else"), MessageBar::Level::Warning);
  ASSERT_TRUE(f.window.isConnecting());
  f.window.cancelConnections();
  ASSERT_TRUE(failed.wait(20000));
  EXPECT_TRUE(failed.at(0).at(2).toBool());
  EXPECT_TRUE(bar->text().startsWith(QStringLiteral("Not connected to Slurm on this machine"))) << bar->text().toStdString();
  EXPECT_TRUE(QTest::qWaitFor([&] { return slurm.run("squeue -h -n ws-window -o %i").out.empty(); }, 10000))
      << "the cancelled wait left its job in the queue";

  // The GPU is free again: the next connection is allocated, its devices join and measure.
  slurm.run("scancel -n ws-holder");
  ASSERT_TRUE(QTest::qWaitFor([&] { return slurm.run("squeue -h -n ws-holder -o %i").out.empty(); }, 20000));
  f.window.connectSlurm(QString(), srun);
  ASSERT_TRUE(changed.wait(30000)) << bar->text().toStdString();
  const QString first = changed.at(0).at(1).toString();
  EXPECT_TRUE(first.startsWith(QStringLiteral("slurm:local/"))) << first.toStdString();
  EXPECT_GE(changed.at(0).at(3).toInt(), 1);
  EXPECT_EQ(bar->actionButton()->text(), QStringLiteral("Use %1").arg(first));
  const auto shownBefore = f.displayed.count();
  bar->actionButton()->click();
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() > shownBefore; }, 30000)) << bar->text().toStdString();
  EXPECT_EQ(f.window.currentDeviceId(), first);
  ASSERT_NE(f.window.shownResult(), nullptr);
  EXPECT_EQ(QString::fromStdString(f.window.shownResult()->deviceId), first);
  keepScreenshot(f.window, "slurm_connected.png");
  EXPECT_TRUE(f.runs.connectSlurm(QString(), srun).isEmpty()) << "a second worker for the same cluster is refused";
  }
  unsetenv("WARPSCOPE_REMOTE_SIMULATOR");
  unsetenv("SLURM_CONF");
}

TEST(SlurmWindow, AnAllocationWithoutAGpuIsSaidAndItsJobEnded) {
  // No GPU here and no simulator devices asked for: the worker in the allocation offers nothing,
  // so the job would hold its node for nothing.
  test::SlurmOneNode slurm;
  if (!slurm.ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm.whyNot();
  setenv("SLURM_CONF", slurm.slurmConf().c_str(), 1);
  unsetenv("SLURM_JOB_ID");
  unsetenv("WARPSCOPE_REMOTE_SIMULATOR");
  {
    test::WindowFixture f;
    QSignalSpy failed{&f.runs, &RunController::hostConnectFailed};
    f.window.connectSlurm(QString(), QStringLiteral("srun --job-name=ws-nogpu --time=00:10:00 " WARPSCOPE_SLURM_TEST_CLI " serve"));
    ASSERT_TRUE(failed.wait(30000));
    EXPECT_FALSE(failed.at(0).at(2).toBool());
    EXPECT_TRUE(failed.at(0).at(1).toString().contains(QStringLiteral("offers no GPU"))) << failed.at(0).at(1).toString().toStdString();
    EXPECT_TRUE(f.window.messageBar()->text().startsWith(QStringLiteral("Could not connect to Slurm on this machine")));
    EXPECT_TRUE(QTest::qWaitFor([&] { return slurm.run("squeue -h -n ws-nogpu -o %i").out.empty(); }, 10000))
        << "the job of a worker without a GPU was left running";
  }
  unsetenv("SLURM_CONF");
}
