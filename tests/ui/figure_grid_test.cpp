// The numbers under the chart as a figure grid (figure_grid.h): columns as wide as their widest
// cell, a new number that keeps the height asks the window for no layout, the whole grid copies
// as tab-separated lines, and a bigger type scale lays every cell out again.
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QTest>

#include <gtest/gtest.h>

#include "figure_grid.h"

using namespace warpscope::ui;

namespace {

std::vector<FigureSection> figures(const QString& bandwidth) {
  FigureSection pairs;
  pairs.rows = {{{QStringLiteral("Useful bandwidth:"), false, false}, {bandwidth, true, false}},
                {{QStringLiteral("Sectors per request:"), false, false}, {QStringLiteral("4 sectors"), true, false}}};
  pairs.gapBefore = {2, 12};
  FigureSection variants;
  variants.marginTop = 8;
  variants.rows = {{{QString(), true, false}, {QStringLiteral("rate"), true, true}},
                   {{QStringLiteral("Model"), true, false}, {QStringLiteral("1.374 G/s"), false, true}}};
  return {pairs, variants};
}

/// Counts the layout requests the grid posts (a new height asks its parent's layout for one).
struct LayoutRequests : QObject {
  int count = 0;
  bool eventFilter(QObject*, QEvent* e) override {
    if (e->type() == QEvent::LayoutRequest) ++count;
    return false;
  }
};

}  // namespace

TEST(FigureGrid, ReadsAsItsRowsAndCopiesAsTabSeparatedLines) {
  FigureGrid grid;
  grid.setSections(figures(QStringLiteral("2,985 GB/s")));
  const QString text = QStringLiteral(
      "Useful bandwidth:\t2,985 GB/s\nSectors per request:\t4 sectors\n\trate\nModel\t1.374 G/s");
  EXPECT_EQ(grid.toPlainText(), text);
  grid.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&grid));
  QTest::keyClick(&grid, Qt::Key_A, Qt::ControlModifier);
  EXPECT_TRUE(grid.allSelected());
  QTest::keyClick(&grid, Qt::Key_C, Qt::ControlModifier);
  EXPECT_EQ(QApplication::clipboard()->text(), text);
}

TEST(FigureGrid, AColumnIsAsWideAsItsWidestCell) {
  FigureGrid narrow, wide;
  narrow.setSections(figures(QStringLiteral("1 GB/s")));
  wide.setSections(figures(QStringLiteral("2,985,000,000 GB/s")));
  EXPECT_GT(wide.sizeHint().width(), narrow.sizeHint().width());
  EXPECT_EQ(wide.sizeHint().height(), narrow.sizeHint().height());
  EXPECT_GT(narrow.sizeHint().height(), 4 * narrow.fontMetrics().height()) << "four rows and the section's margin";
}

TEST(FigureGrid, ANewNumberOfTheSameHeightAsksForNoLayout) {
  QWidget window;
  auto* grid = new FigureGrid(&window);
  grid->setSections(figures(QStringLiteral("2,985 GB/s")));
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QCoreApplication::sendPostedEvents();
  LayoutRequests requests;
  window.installEventFilter(&requests);
  EXPECT_FALSE(grid->setSections(figures(QStringLiteral("2,986 GB/s"))));
  QCoreApplication::sendPostedEvents();
  EXPECT_EQ(requests.count, 0);
  std::vector<FigureSection> taller = figures(QStringLiteral("2,986 GB/s"));
  taller.front().rows.push_back({{QStringLiteral("One more:"), false, false}, {QStringLiteral("1"), true, false}});
  EXPECT_TRUE(grid->setSections(taller));
}

TEST(FigureGrid, ABiggerTypeScaleLaysEveryCellOutAgain) {
  FigureGrid grid;
  grid.setSections(figures(QStringLiteral("2,985 GB/s")));
  const QSize before = grid.sizeHint();
  QFont bigger = grid.font();
  bigger.setPointSizeF(bigger.pointSizeF() * 2);
  grid.setFont(bigger);
  EXPECT_GT(grid.sizeHint().width(), before.width() * 3 / 2);
  EXPECT_GT(grid.sizeHint().height(), before.height() * 3 / 2);
}
