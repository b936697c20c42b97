// The window offers to install its worker on a host that has none (issue 32, docs/remote.md "A
// worker that installs itself"): the message bar says what the host lacks with an Install button,
// nothing is copied until it is pressed, and pressing it installs and connects. The "host" is this
// machine through a stand-in ssh that runs the remote command with sh (the ssh itself is
// WorkerInstallOverSsh's, in the unit tests); the cache folder is the test's.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

#include "message_bar.h"
#include "window_fixture.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// Sets the variables for the test's lifetime and unsets them after.
struct InstallEnvironment {
  explicit InstallEnvironment(const QTemporaryDir& dir) {
    const QString ssh = dir.filePath(QStringLiteral("local-ssh"));
    QFile script(ssh);
    EXPECT_TRUE(script.open(QIODevice::WriteOnly));
    // ssh's options and the host name are dropped; the last word is the remote command.
    script.write("#!/bin/sh\nfor last; do :; done\nexec sh -c \"$last\"\n");
    script.close();
    QFile::setPermissions(ssh, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    setenv("WARPSCOPE_SSH", ssh.toLocal8Bit().constData(), 1);
    setenv("WARPSCOPE_WORKER_CACHE", dir.filePath(QStringLiteral("cache")).toLocal8Bit().constData(), 1);
    setenv("WARPSCOPE_WORKER_BINARY", WARPSCOPE_SLURM_TEST_CLI, 1);
    setenv("WARPSCOPE_REMOTE_CLI", "warpscope-cli-absent-on-this-host", 1);
    setenv("WARPSCOPE_REMOTE_SIMULATOR", "1", 1);
  }
  ~InstallEnvironment() {
    for (const char* name : {"WARPSCOPE_SSH", "WARPSCOPE_WORKER_CACHE", "WARPSCOPE_WORKER_BINARY",
                             "WARPSCOPE_REMOTE_CLI", "WARPSCOPE_REMOTE_SIMULATOR"})
      unsetenv(name);
  }
};

}  // namespace

TEST(WorkerInstallWindow, AHostWithoutTheWorkerIsOfferedItAndInstallConnectsIt) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  InstallEnvironment environment(dir);
  test::WindowFixture f;
  f.window.resize(1280, 720);
  QSignalSpy changed{&f.runs, &RunController::devicesChanged};
  QSignalSpy failed{&f.runs, &RunController::hostConnectFailed};

  f.window.connectHost(QStringLiteral("gpu-without-worker"));
  MessageBar* bar = f.window.messageBar();
  ASSERT_TRUE(
      QTest::qWaitFor([&] { return bar->text().contains(QStringLiteral("Install Warpscope's worker there")); }, 30000))
      << bar->text().toStdString();
  EXPECT_TRUE(bar->text().contains(QStringLiteral("has no warpscope-cli on its PATH"))) << bar->text().toStdString();
  ASSERT_TRUE(bar->actionButton()->isVisible());
  EXPECT_EQ(bar->actionButton()->text(), QStringLiteral("Install"));
  EXPECT_FALSE(QDir(dir.filePath(QStringLiteral("cache"))).exists()) << "copied before the user said so";
  EXPECT_EQ(failed.count(), 0) << "an offer, not a failure";
  if (const QByteArray shots = qgetenv("WARPSCOPE_TEST_SCREENSHOTS"); !shots.isEmpty())
    f.window.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/worker_install_offer.png"));

  bar->actionButton()->click();
  ASSERT_TRUE(changed.wait(60000)) << bar->text().toStdString();
  EXPECT_EQ(changed.last().at(2).toString(), QStringLiteral("gpu-without-worker"));
  bool offered = false;
  for (const DeviceInfo& d : qvariant_cast<QList<DeviceInfo>>(changed.last().at(0)))
    offered |= d.id == "ssh:gpu-without-worker/sim:h200";
  EXPECT_TRUE(offered) << "the installed worker's simulator device";
  QDir cache(dir.filePath(QStringLiteral("cache")));
  const QStringList versions = cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
  ASSERT_EQ(versions.size(), 1);
  EXPECT_TRUE(QFile::exists(cache.filePath(versions.front() + QStringLiteral("/warpscope-cli"))));
}
