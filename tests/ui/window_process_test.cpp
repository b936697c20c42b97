// The window as a process (app/warpscope_main.cpp), offscreen: what only its main() decides.
#include <sys/stat.h>
#include <sys/wait.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

// Issue 29: (ulimit -f 4; warpscope ... --export old.csv) killed the window with SIGXFSZ. Now the
// export's write fails with "File too large", the window says so and exits 1; the old file stays.
TEST(WindowProcess, AFileSizeLimitIsAnExportErrorNotAKilledWindow) {
  QTemporaryDir dir;
  const QString out = dir.filePath(QStringLiteral("old.csv"));
  { QFile f(out); ASSERT_TRUE(f.open(QIODevice::WriteOnly)); f.write("old contents"); }
  const QString err = dir.filePath(QStringLiteral("err.txt"));
  // bash's ulimit -f counts 1024-byte blocks: 4 KiB, below the sweep's CSV.
  const std::string command = "QT_QPA_PLATFORM=offscreen bash -c 'ulimit -f 4; exec " + std::string(WARPSCOPE_GUI_PATH) +
                              " --lab latency-arith --device sim:h200 --export " + out.toStdString() + "' 2>" +
                              err.toStdString();
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "the window died of a signal; its stderr: " << readAll(err).toStdString();
  EXPECT_NE(WEXITSTATUS(status), 0);
  EXPECT_TRUE(readAll(err).contains("File too large")) << readAll(err).toStdString();
  EXPECT_EQ(readAll(out), QByteArray("old contents"));
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 2) << "a temporary file was left";
}

// A screenshot goes through the one writer too: a FIFO named as the screenshot is refused with a
// message (exit 2) and stays a FIFO; QSaveFile had renamed its PNG over whatever the path named.
TEST(WindowProcess, AScreenshotOntoAFifoIsRefusedAndTheFifoStays) {
  QTemporaryDir dir;
  const QString fifo = dir.filePath(QStringLiteral("shot.png"));
  ASSERT_EQ(mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
  const QString err = dir.filePath(QStringLiteral("err.txt"));
  const std::string command = "QT_QPA_PLATFORM=offscreen " + std::string(WARPSCOPE_GUI_PATH) +
                              " --lab latency-arith --device sim:h200 --screenshot " + fifo.toStdString() + " 2>" +
                              err.toStdString();
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << readAll(err).toStdString();
  EXPECT_EQ(WEXITSTATUS(status), 2) << readAll(err).toStdString();
  EXPECT_TRUE(readAll(err).contains("shot.png")) << readAll(err).toStdString();
  struct stat st {};
  ASSERT_EQ(lstat(fifo.toLocal8Bit().constData(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced";
}

// Issue 28: `warpscope --device cuda:0` without a GPU said "Unknown device 'cuda:0'" and exited 2
// (bad input); warpscope-cli already said why. Now the window says why too, and exits 3 (a device
// error), as the README says.
TEST(WindowProcess, AGpuThatIsNotThereIsADeviceErrorSayingWhy) {
  QTemporaryDir dir;
  const QString err = dir.filePath(QStringLiteral("err.txt"));
  const std::string command = "QT_QPA_PLATFORM=offscreen " + std::string(WARPSCOPE_GUI_PATH) +
                              " --lab latency-arith --device cuda:0 --screenshot " +
                              dir.filePath(QStringLiteral("shot.png")).toStdString() + " 2>" + err.toStdString();
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << readAll(err).toStdString();
  if (WEXITSTATUS(status) == 0) GTEST_SKIP() << "this machine has a GPU cuda:0";
  EXPECT_EQ(WEXITSTATUS(status), 3) << readAll(err).toStdString();
  EXPECT_TRUE(readAll(err).contains("No GPU cuda:0: ")) << readAll(err).toStdString();
  EXPECT_FALSE(readAll(err).contains("Unknown device")) << readAll(err).toStdString();
}
