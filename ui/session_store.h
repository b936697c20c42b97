#pragma once
/// \file session_store.h
/// The window's session kept across restarts (QSettings): the lab, device and view on screen and
/// every lab's parameter values. What no longer fits the labs (a lab or parameter renamed, a
/// value out of range after an upgrade) is dropped, never applied.

#include <QString>

#include <map>
#include <string>

#include "warpscope/params.h"

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace warpscope::ui {

struct SavedSession {
  QString labId;
  QString deviceId;
  QString viewId;
  std::map<std::string, ParamSet> valuesByLab;  ///< Each valid against its lab's declarations.
};

/// What `settings` holds, checked against the registry (invalid entries left out).
SavedSession loadSession(QSettings& settings);
/// Replaces what `settings` holds with `session`; empty, or why nothing was saved (its file is not
/// a regular file: settings_file.h; or QSettings failed to write it).
QString saveSession(QSettings& settings, const SavedSession& session);

}  // namespace warpscope::ui
