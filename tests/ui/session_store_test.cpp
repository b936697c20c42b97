// The session kept across restarts: what was saved comes back, and what no longer fits the labs
// (unknown lab, out-of-range value) is dropped rather than applied.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstring>

#include "session_store.h"
#include "settings_file.h"
#include "warpscope/registry.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// A Unix socket's file at `path` (opening one fails at once, so QSettings' read does not block
/// and only its save is under test); the descriptor stays open until the test closes it.
int bindSocketFile(const QString& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.toLocal8Bit().constData(), sizeof address.sun_path - 1);
  if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) return -1;
  return fd;
}

bool isSocket(const QString& path) {
  struct stat info{};
  return ::lstat(path.toLocal8Bit().constData(), &info) == 0 && S_ISSOCK(info.st_mode);
}

bool isFifo(const QString& path) {
  struct stat info{};
  return ::lstat(path.toLocal8Bit().constData(), &info) == 0 && S_ISFIFO(info.st_mode);
}

}  // namespace

TEST(SessionStore, SavedSessionComesBack) {
  QTemporaryDir dir;
  QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  SavedSession saved;
  saved.labId = QStringLiteral("latency-arith");
  saved.deviceId = QStringLiteral("rec:h200");
  saved.viewId = QStringLiteral("fraction-vs-ilp");
  ParamSet values = defaultParams(lab.params);
  values.set("ilp", 2);
  saved.valuesByLab["latency-arith"] = values;
  saveSession(settings, saved);
  const SavedSession back = loadSession(settings);
  EXPECT_EQ(back.labId, saved.labId);
  EXPECT_EQ(back.deviceId, saved.deviceId);
  EXPECT_EQ(back.viewId, saved.viewId);
  ASSERT_EQ(back.valuesByLab.count("latency-arith"), 1u);
  EXPECT_EQ(back.valuesByLab.at("latency-arith"), values);
}

TEST(SessionStore, UnknownLabsViewsAndOutOfRangeValuesAreDropped) {
  QTemporaryDir dir;
  QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
  settings.setValue(QStringLiteral("window/lab"), QStringLiteral("no-such-lab"));
  settings.setValue(QStringLiteral("parameters/latency-arith/ilp"), 99);
  settings.setValue(QStringLiteral("parameters/latency-arith/threads_per_block"), QStringLiteral("many"));
  settings.setValue(QStringLiteral("parameters/occupancy/threads_per_block"), 128);
  settings.setValue(QStringLiteral("parameters/gone/x"), 1);
  const SavedSession back = loadSession(settings);
  EXPECT_TRUE(back.labId.isEmpty());
  EXPECT_EQ(back.valuesByLab.count("latency-arith"), 0u);
  EXPECT_EQ(back.valuesByLab.count("gone"), 0u);
  ASSERT_EQ(back.valuesByLab.count("occupancy"), 1u);
  EXPECT_EQ(back.valuesByLab.at("occupancy").get("threads_per_block"), 128);
}

#include <QStandardPaths>

#include "main_window.h"
#include "param_panel.h"
#include "window_fixture.h"

TEST(SessionStore, WindowStartsWhereTheLastSessionEndedAndKeepsTheNextOne) {
  QStandardPaths::setTestModeEnabled(true);  // QSettings under ~/.qttest, not the user's own
  {
    QSettings settings;
    settings.clear();
    SavedSession saved;
    saved.labId = QStringLiteral("occupancy");
    ParamSet values = defaultParams(LabRegistry::builtin().get("occupancy").params);
    values.set("threads_per_block", 128);
    saved.valuesByLab["occupancy"] = values;
    saveSession(settings, saved);
  }
  StartupChoice startup;
  startup.persistSession = true;
  {
    test::WindowFixture f(startup);
    EXPECT_EQ(f.window.currentLabId(), QStringLiteral("occupancy"));
    EXPECT_EQ(f.window.paramPanel()->values().get("threads_per_block"), 128);
    ASSERT_TRUE(f.window.selectLab(QStringLiteral("latency-arith")));
    f.window.close();
  }
  QSettings settings;
  const SavedSession next = loadSession(settings);
  EXPECT_EQ(next.labId, QStringLiteral("latency-arith"));
  EXPECT_EQ(next.valuesByLab.at("occupancy").get("threads_per_block"), 128);  // kept for its next visit
  settings.clear();
  QStandardPaths::setTestModeEnabled(false);
}

// Issue 29: with the settings file a symlink to a device node, closing the window renamed its
// settings over the device. A socket stands in for the device (no root needed, never /dev).
TEST(SessionStore, ASettingsFileLinkedToWhatIsNotARegularFileIsNotReplaced) {
  QTemporaryDir dir;
  const QString socketPath = dir.filePath(QStringLiteral("sock"));
  const int fd = bindSocketFile(socketPath);
  ASSERT_GE(fd, 0);
  const QString conf = dir.filePath(QStringLiteral("Warpscope.conf"));
  ASSERT_TRUE(QFile::link(socketPath, conf));
  QString problem;
  {
    QSettings settings(conf, QSettings::IniFormat);
    SavedSession saved;
    saved.labId = QStringLiteral("latency-arith");
    problem = saveSession(settings, saved);
  }
  ::close(fd);
  EXPECT_TRUE(isSocket(socketPath)) << "the settings were renamed over the socket";
  EXPECT_TRUE(QFileInfo(conf).isSymLink());
  EXPECT_TRUE(problem.contains(conf)) << problem.toStdString();
  EXPECT_TRUE(problem.contains(QStringLiteral("socket"))) << problem.toStdString();
}

TEST(SessionStore, ASymlinkToARegularSettingsFileIsWrittenThroughAndKeepsItsMode) {
  QTemporaryDir dir;
  const QString real = dir.filePath(QStringLiteral("real.conf"));
  { QSettings(real, QSettings::IniFormat).setValue(QStringLiteral("x"), 1); }
  QFile::setPermissions(real, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  const QString conf = dir.filePath(QStringLiteral("Warpscope.conf"));
  ASSERT_TRUE(QFile::link(real, conf));
  {
    QSettings settings(conf, QSettings::IniFormat);
    SavedSession saved;
    saved.labId = QStringLiteral("latency-arith");
    EXPECT_TRUE(saveSession(settings, saved).isEmpty());
  }
  EXPECT_TRUE(QFileInfo(conf).isSymLink());
  EXPECT_EQ(QSettings(real, QSettings::IniFormat).value(QStringLiteral("window/lab")).toString(), QStringLiteral("latency-arith"));
  struct stat info{};
  ASSERT_EQ(::stat(real.toLocal8Bit().constData(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
}

// A FIFO as the settings file blocked the window forever in QSettings' read; main() protects the
// settings before the first QSettings: this session reads and keeps nothing, the FIFO stays.
TEST(SessionStore, AFifoSettingsFileIsNeitherReadNorReplaced) {
  QTemporaryDir dir;
  const QString organization = QCoreApplication::organizationName();
  const QString application = QCoreApplication::applicationName();
  QCoreApplication::setOrganizationName(QStringLiteral("WarpscopeTest"));
  QCoreApplication::setApplicationName(QStringLiteral("Settings"));
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
  ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("WarpscopeTest")));
  const QString conf = dir.filePath(QStringLiteral("WarpscopeTest/Settings.conf"));
  ASSERT_EQ(::mkfifo(conf.toLocal8Bit().constData(), 0644), 0);
  const QString problem = protectSettingsFile(conf);
  EXPECT_TRUE(problem.contains(conf)) << problem.toStdString();
  EXPECT_TRUE(problem.contains(QStringLiteral("FIFO"))) << problem.toStdString();
  {
    QSettings settings;  // blocked forever here before the protection
    EXPECT_NE(settings.fileName(), conf);
    settings.setValue(QStringLiteral("window/lab"), QStringLiteral("latency-arith"));
  }
  EXPECT_TRUE(isFifo(conf));
  EXPECT_TRUE(protectSettingsFile(dir.filePath(QStringLiteral("absent.conf"))).isEmpty());
  // A huge regular file is refused too: QSettings would read it whole (a sparse 4 GiB file here).
  const QString huge = dir.filePath(QStringLiteral("huge.conf"));
  { QFile f(huge); ASSERT_TRUE(f.open(QIODevice::WriteOnly)); ASSERT_TRUE(f.resize(qint64{4} << 30)); }
  EXPECT_TRUE(settingsFileProblem(huge).contains(QStringLiteral("more than the 1048576"))) << settingsFileProblem(huge).toStdString();
  QCoreApplication::setOrganizationName(organization);
  QCoreApplication::setApplicationName(application);
}
