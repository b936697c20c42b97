#include "session_store.h"

#include <QSettings>

#include "qt_text.h"
#include "settings_file.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

SavedSession loadSession(QSettings& settings) {
  SavedSession session;
  const LabRegistry& registry = LabRegistry::builtin();
  session.labId = settings.value(QStringLiteral("window/lab")).toString();
  if (!registry.find(fromQ(session.labId))) session.labId.clear();
  session.deviceId = settings.value(QStringLiteral("window/device")).toString();  // checked when devices are known
  session.viewId = settings.value(QStringLiteral("window/view")).toString();
  settings.beginGroup(QStringLiteral("parameters"));
  for (const QString& labId : settings.childGroups()) {
    const LabSpec* lab = registry.find(fromQ(labId));
    if (!lab) continue;
    settings.beginGroup(labId);
    ParamSet values = defaultParams(lab->params);
    bool readable = true;
    for (const ParamSpec& spec : lab->params) {
      bool ok = true;
      const QVariant stored = settings.value(toQ(spec.id));
      if (!stored.isValid()) continue;  // a parameter added since: its default
      const double value = stored.toDouble(&ok);
      readable = readable && ok;
      if (ok) values.set(spec.id, value);
    }
    settings.endGroup();
    try {
      if (readable) {
        validateParams(lab->params, values);
        session.valuesByLab[lab->id] = values;
      }
    } catch (const BadInputError&) {
      // Out of range after an upgrade: the lab starts from its defaults.
    }
  }
  settings.endGroup();
  if (!session.labId.isEmpty() && !session.viewId.isEmpty()) {
    const LabSpec* lab = registry.find(fromQ(session.labId));
    if (!lab->findView(fromQ(session.viewId))) session.viewId.clear();
  }
  return session;
}

QString saveSession(QSettings& settings, const SavedSession& session) {
  // QSettings saves by renaming over the file its symlinks name: never over a device or a FIFO.
  if (const QString problem = settingsFileProblem(settings.fileName()); !problem.isEmpty()) return problem;
  settings.remove(QStringLiteral("parameters"));
  settings.setValue(QStringLiteral("window/lab"), session.labId);
  settings.setValue(QStringLiteral("window/device"), session.deviceId);
  settings.setValue(QStringLiteral("window/view"), session.viewId);
  settings.beginGroup(QStringLiteral("parameters"));
  for (const auto& [labId, values] : session.valuesByLab) {
    settings.beginGroup(toQ(labId));
    for (const auto& [id, value] : values.values()) settings.setValue(toQ(id), value);
    settings.endGroup();
  }
  settings.endGroup();
  settings.sync();
  if (settings.status() != QSettings::NoError)
    return QObject::tr("Cannot save the settings to %1").arg(settings.fileName());
  return {};
}

}  // namespace warpscope::ui
