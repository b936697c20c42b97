#pragma once
/// \file settings_file.h
/// The window's settings file (QSettings: <config>/Warpscope/Warpscope.conf) read as hostile, like
/// every file (issue 29). QSettings reads the file when a QSettings is made (a FIFO there blocks the
/// window forever) and saves through QSaveFile, which follows a symlink and renames over its target
/// whatever that is (a device node becomes a text file). So before the first QSettings, main()
/// checks what the path names; a save checks again (the file may change while the window runs).

#include <QString>

#include <cstddef>

namespace warpscope::ui {

/// Where QSettings() keeps the settings on this system, computed without opening the file (making
/// a QSettings would read it).
QString defaultSettingsPath();

/// The largest settings file read (the window writes a few KB; QSettings reads it whole).
inline constexpr std::size_t kMaxSettingsBytes = std::size_t{1} << 20;

/// Empty when the settings file at `path` may be read and replaced: it does not exist, or it (the
/// final target of its symlinks) is a regular file of at most kMaxSettingsBytes. Otherwise why
/// not, naming the file.
QString settingsFileProblem(const QString& path);

/// When `path` has a problem: points every QSettings of this process at an empty private folder for
/// the session (the user's file is neither read nor replaced; nothing set is kept) and returns the
/// message saying so. Empty, and nothing changed, otherwise. Call before the first QSettings.
QString protectSettingsFile(const QString& path);

}  // namespace warpscope::ui
