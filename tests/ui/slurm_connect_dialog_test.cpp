// Run > Connect through Slurm: the srun command is remembered for each login host, and another
// login brings its own (or the default).
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "qt_text.h"
#include "slurm_connect_dialog.h"
#include "warpscope/worker.h"

using namespace warpscope;
using namespace warpscope::ui;

TEST(SlurmConnectDialog, TheSrunCommandIsRememberedPerLoginHost) {
  QTemporaryDir settingsDir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
  const QString defaultCommand = toQ(worker::defaultSrunCommand());
  EXPECT_EQ(SlurmConnectDialog::rememberedCommand(QStringLiteral("login1")), defaultCommand);

  EXPECT_EQ(SlurmConnectDialog::remember(QStringLiteral("login1"), QStringLiteral("srun -p gpu --gres=gpu:h100:1 warpscope-cli serve")),
            QString());
  EXPECT_EQ(SlurmConnectDialog::remember(QStringLiteral("user@login2"), QStringLiteral("srun -A class42 --gres=gpu:1 warpscope-cli serve")),
            QString());

  SlurmConnectDialog dialog;
  EXPECT_EQ(dialog.login(), QStringLiteral("user@login2")) << "the last login used comes first";
  EXPECT_EQ(dialog.srunCommand(), QStringLiteral("srun -A class42 --gres=gpu:1 warpscope-cli serve"));
  dialog.setLogin(QStringLiteral("login1"));
  EXPECT_EQ(dialog.srunCommand(), QStringLiteral("srun -p gpu --gres=gpu:h100:1 warpscope-cli serve"));
  dialog.setLogin(QStringLiteral("login3"));
  EXPECT_EQ(dialog.srunCommand(), defaultCommand) << "a login never used starts with the default";
  dialog.setLogin(QString());
  EXPECT_EQ(dialog.srunCommand(), defaultCommand) << "srun on this machine has its own entry";
}

// Issue 29: the settings file may stop being a regular file while the window runs (here a socket:
// a FIFO would block QSettings' own read, which main() guards only at the start); remembering a
// login then saves nothing over it and says why.
TEST(SlurmConnectDialog, RememberingALoginNeverReplacesASettingsFileThatIsNoLongerRegular) {
  QTemporaryDir settingsDir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
  QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
  const QString conf = QSettings().fileName();
  ASSERT_TRUE(QDir().mkpath(QFileInfo(conf).path()));
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(sock, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const QByteArray path = conf.toLocal8Bit();
  ASSERT_LT(static_cast<std::size_t>(path.size()), sizeof(address.sun_path)) << "the temporary path is too long for a socket";
  std::memcpy(address.sun_path, path.constData(), static_cast<std::size_t>(path.size()));
  ASSERT_EQ(::bind(sock, reinterpret_cast<const sockaddr*>(&address), sizeof(address)), 0);
  const QString problem = SlurmConnectDialog::remember(QStringLiteral("login1"), QStringLiteral("srun warpscope-cli serve"));
  EXPECT_NE(problem.indexOf(QStringLiteral("not a regular file")), -1) << problem.toStdString();
  struct stat info{};
  ASSERT_EQ(::lstat(path.constData(), &info), 0);
  EXPECT_TRUE(S_ISSOCK(info.st_mode)) << "the socket was replaced";
  ::close(sock);
}
