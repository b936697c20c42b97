// Run > Connect through Slurm: the srun command is remembered for each login host, and another
// login brings its own (or the default).
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

  SlurmConnectDialog::remember(QStringLiteral("login1"), QStringLiteral("srun -p gpu --gres=gpu:h100:1 warpscope-cli serve"));
  SlurmConnectDialog::remember(QStringLiteral("user@login2"), QStringLiteral("srun -A class42 --gres=gpu:1 warpscope-cli serve"));

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
