// The session kept across restarts: what was saved comes back, and what no longer fits the labs
// (unknown lab, out-of-range value) is dropped rather than applied.
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "session_store.h"
#include "warpscope/registry.h"

using namespace warpscope;
using namespace warpscope::ui;

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
