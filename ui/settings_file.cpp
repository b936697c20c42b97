#include "settings_file.h"

#include <sys/stat.h>

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cerrno>
#include <cstring>
#include <memory>

#include "qt_text.h"
#include "warpscope/file_write.h"

namespace warpscope::ui {

QString defaultSettingsPath() {
  // Qt's own rule on XDG systems (qsettings.cpp make_user_path, NativeFormat is the INI format):
  // <GenericConfigLocation>/<organization>/<application>.conf.
  return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QLatin1Char('/') +
         QCoreApplication::organizationName() + QLatin1Char('/') + QCoreApplication::applicationName() +
         QStringLiteral(".conf");
}

QString settingsFileProblem(const QString& path) {
  std::string target;
  try {
    target = writeTarget(path.toStdString());
  } catch (const FileWriteError& e) {
    return toQ(e.what());
  }
  struct stat info{};
  if (::lstat(target.c_str(), &info) != 0) {
    if (errno == ENOENT) return {};  // a first start: QSettings creates a regular file
    return QObject::tr("The settings file %1 cannot be looked at: %2").arg(path, toQ(std::strerror(errno)));
  }
  const QString named = target == path.toStdString() ? path : QObject::tr("%1 (a symlink to %2)").arg(path, toQ(target));
  if (!S_ISREG(info.st_mode))
    return QObject::tr("The settings file %1 is %2, not a regular file: Warpscope neither reads nor replaces it")
        .arg(named, toQ(fileKindName(info.st_mode)));
  // QSettings reads the whole file into memory at the first QSettings; the window's own are a few KB.
  if (static_cast<std::size_t>(info.st_size) > kMaxSettingsBytes)
    return QObject::tr("The settings file %1 is %2 bytes, more than the %3 a settings file may hold: Warpscope "
                       "neither reads nor replaces it")
        .arg(named, QString::number(info.st_size), QString::number(kMaxSettingsBytes));
  return {};
}

QString protectSettingsFile(const QString& path) {
  const QString problem = settingsFileProblem(path);
  if (problem.isEmpty()) return {};
  // Lives as long as the process: QSettings may save into it until the very end.
  static std::unique_ptr<QTemporaryDir> scratch;
  if (!scratch) scratch = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/warpscope-settings-XXXXXX"));
  for (const auto format : {QSettings::NativeFormat, QSettings::IniFormat})
    QSettings::setPath(format, QSettings::UserScope, scratch->path());
  return problem + QObject::tr("; this session starts from the defaults and keeps no settings.");
}

}  // namespace warpscope::ui
