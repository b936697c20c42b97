// The window for a class at the keyboard: no two Alt mnemonics alike, Ctrl+PgDn/PgUp between
// views, a keyboard sheet and every lab's page under Help, the lab list grouped by topic.
#include <QAbstractButton>
#include <QChartView>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QTabBar>
#include <QTabWidget>

#include <gtest/gtest.h>

#include <map>

#include "chart_panel.h"
#include "help_dialogs.h"
#include "lab_list.h"
#include "qt_text.h"
#include "warpscope/registry.h"
#include "window_fixture.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// The letter after a single '&' ("&Labs" -> 'l'), or 0.
QChar mnemonic(const QString& text) {
  for (qsizetype i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != QLatin1Char('&')) continue;
    if (text[i + 1] == QLatin1Char('&')) {
      ++i;
      continue;
    }
    return text[i + 1].toLower();
  }
  return QChar();
}

}  // namespace

TEST(WindowKeyboard, NoTwoAltMnemonicsOfTheWindowAreAlike) {
  test::WindowFixture f;
  std::map<QChar, QString> seen;
  const auto claim = [&](const QString& text) {
    const QChar key = mnemonic(text);
    if (key.isNull()) return;
    EXPECT_EQ(seen.count(key), 0u) << "Alt+" << QString(key).toStdString() << ": '" << text.toStdString() << "' and '"
                                   << seen[key].toStdString() << "'";
    seen[key] = text;
  };
  for (QAction* menu : f.window.menuBar()->actions()) claim(menu->text());
  for (QLabel* label : f.window.findChildren<QLabel*>())
    if (label->buddy()) claim(label->text());
  for (QAbstractButton* button : f.window.findChildren<QAbstractButton*>()) claim(button->text());
  for (QTabWidget* tabs : f.window.findChildren<QTabWidget*>())
    for (int i = 0; i < tabs->count(); ++i) claim(tabs->tabText(i));
  EXPECT_GE(seen.size(), 8u);
}

// F5 was both Run again (QKeySequence::Refresh) and Presentation mode: Qt logged "Ambiguous
// shortcut overload", neither fired, and a clicker's F5 did not start the show.
TEST(WindowKeyboard, NoTwoActionsOfTheWindowShareAShortcut) {
  test::WindowFixture f;
  std::map<QString, QString> seen;
  int shortcuts = 0;
  for (QAction* action : f.window.findChildren<QAction*>())
    for (const QKeySequence& keys : action->shortcuts()) {
      const QString key = keys.toString(QKeySequence::PortableText);
      EXPECT_EQ(seen.count(key), 0u) << key.toStdString() << ": '" << action->text().toStdString() << "' and '"
                                     << seen[key].toStdString() << "'";
      seen[key] = action->text();
      ++shortcuts;
    }
  EXPECT_GE(shortcuts, 20) << "the window's menus hold its shortcuts";
  EXPECT_EQ(seen[QStringLiteral("F5")].remove(QLatin1Char('&')), QStringLiteral("Presentation mode")) << "a clicker's F5 starts the show";
}

TEST(WindowKeyboard, CtrlPageDownAndUpStepThroughTheViews) {
  test::WindowFixture f;
  QTabBar* tabs = f.window.chartPanel()->viewTabs();
  ASSERT_GE(tabs->count(), 2);
  const int first = tabs->currentIndex();
  f.window.stepView(+1);
  EXPECT_EQ(tabs->currentIndex(), (first + 1) % tabs->count());
  f.window.stepView(-1);
  EXPECT_EQ(tabs->currentIndex(), first);
  f.window.stepView(-1);
  EXPECT_EQ(tabs->currentIndex(), (first + tabs->count() - 1) % tabs->count());
}

TEST(WindowKeyboard, KeyboardSheetListsTheMenusShortcuts) {
  test::WindowFixture f;
  const QString sheet = keyboardSheetHtml(f.window.menuBar());
  for (const char* expected : {"Pin this result", "Presentation mode", "Next view", "Open recording or figure"})
    EXPECT_TRUE(sheet.contains(QLatin1String(expected))) << expected;
}

TEST(WindowKeyboard, EveryLabHasItsPageBuiltIn) {
  for (const LabSpec& lab : LabRegistry::builtin().labs()) {
    EXPECT_FALSE(lab.docPage.empty()) << lab.id;
    EXPECT_TRUE(labPageMarkdown(lab).startsWith(QStringLiteral("# "))) << lab.id << ": " << lab.docPage;
  }
}

TEST(WindowKeyboard, LabListGroupsLabsUnderTopicHeadingsThatCannotBePicked) {
  LabList list(LabRegistry::builtin());
  int headings = 0;
  for (int i = 0; i < list.count(); ++i)
    if (list.item(i)->flags() == Qt::NoItemFlags) ++headings;
  EXPECT_GE(headings, 4);
  EXPECT_EQ(list.count(), headings + static_cast<int>(LabRegistry::builtin().labs().size()));
  // No title repeats its heading's words.
  for (int i = 0; i < list.count(); ++i)
    EXPECT_FALSE(list.item(i)->text().trimmed().startsWith(QStringLiteral("Unified memory:"))) << list.item(i)->text().toStdString();
}

TEST(WindowKeyboard, TheChartShowsAFocusRingWhenTabReachesIt) {
  test::WindowFixture f;
  QWidget* chart = f.window.chartPanel()->chartView();
  chart->setFocus(Qt::TabFocusReason);
  ASSERT_TRUE(QTest::qWaitFor([&] { return chart->hasFocus(); }, 2000));
  const QImage focused = chart->grab().toImage();
  const QColor edge = focused.pixelColor(1, focused.height() / 2);
  EXPECT_GT(edge.blue(), 150) << "edge pixel " << edge.name().toStdString();
  EXPECT_LT(edge.red(), 100) << "edge pixel " << edge.name().toStdString();
  f.window.labList()->setFocus(Qt::TabFocusReason);
  ASSERT_TRUE(QTest::qWaitFor([&] { return !chart->hasFocus(); }, 2000));
  EXPECT_NE(chart->grab().toImage().pixelColor(1, focused.height() / 2), edge);
}

TEST(WindowKeyboard, LabsTheDeviceCannotRunAreMarkedWithWhyBeforeTheyArePicked) {
  LabList list(LabRegistry::builtin());
  list.markUnavailable({{QStringLiteral("limiter"), QStringLiteral("the Tesla K40 (model) profile has no memory-and-math kernel model")}},
                       QStringLiteral("Tesla K40 (model)"));
  int marked = 0;
  for (int i = 0; i < list.count(); ++i) {
    QListWidgetItem* item = list.item(i);
    if (item->data(Qt::UserRole).toString() != QStringLiteral("limiter")) {
      EXPECT_FALSE(item->text().contains(QChar(0x2717)));
      continue;
    }
    ++marked;
    EXPECT_TRUE(item->text().startsWith(QStringLiteral(" \u2717 ")));
    EXPECT_TRUE(item->data(Qt::AccessibleTextRole).toString().contains(QStringLiteral("not on this device")));
    EXPECT_TRUE(item->toolTip().contains(QStringLiteral("Not on Tesla K40 (model): the Tesla K40 (model) profile has no")));
  }
  EXPECT_EQ(marked, 1);
  list.markUnavailable({}, QStringLiteral("H200"));
  for (int i = 0; i < list.count(); ++i) EXPECT_FALSE(list.item(i)->text().contains(QChar(0x2717)));
}
