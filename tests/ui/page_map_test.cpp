// The page map: a grid animated by changes (Grid::changes) and seen at coarser levels
// (Grid::levels). The state at any time is the initial frame plus the changes up to it, however
// the cursor got there (played forward, scrubbed back, jumped across checkpoints); the raster
// has one pixel per (coarse) cell; coarse cells take the state most of their pages are in and
// are marked mixed; the tooltip names chunk, pages, byte range and state. Animated views of one
// result in the same time unit share the cursor (ChartPanel).
#include <QComboBox>
#include <QImage>
#include <QPainter>
#include <QTest>

#include <gtest/gtest.h>

#include "animation_bar.h"
#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "views/demo_views.h"
#include "views/grid_figure.h"
#include "views/grid_playback.h"
#include "views/grid_renderer.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// The cells at `time` the slow way: every change up to it, applied in order.
std::vector<int> bruteForce(const Grid& g, double time) {
  std::vector<int> cells = g.frames.front().cells;
  for (const GridChange& c : g.changes) {
    if (c.time > time) break;
    std::fill_n(cells.begin() + c.firstCell, c.count, c.state);
  }
  return cells;
}

bool sameCells(const GridPlayback& p, const std::vector<int>& want) {
  if (p.cells().size() != want.size()) return false;
  for (size_t i = 0; i < want.size(); ++i)
    if (p.cells()[i] != want[i]) return false;
  return true;
}

}  // namespace

TEST(GridPlayback, ForwardBackwardAndFarJumpsAllMatchReplayingEveryChange) {
  const View map = syntheticPageMapView(64, 64, 20000);  // several checkpoints of 4096
  const Grid& g = map.grid;
  ASSERT_EQ(g.changes.size(), 20000u);
  ASSERT_TRUE(std::is_sorted(g.changes.begin(), g.changes.end(),
                             [](const GridChange& a, const GridChange& b) { return a.time < b.time; }));
  GridPlayback p;
  p.reset(g.frames.front().cells, g.changes);
  EXPECT_EQ(p.checkpointCount(), 1u + 20000u / GridPlayback::kCheckpointEvery);
  const double end = g.changes.back().time;
  // Forward in small steps, then back, then far jumps both ways.
  for (double t : {end * 0.01, end * 0.02, end * 0.5, end * 0.49, end * 0.1, end, 0.0, end * 0.77, end * 0.3})
  {
    p.clearDirty();
    p.seek(t);
    EXPECT_TRUE(sameCells(p, bruteForce(g, t))) << "at " << t;
  }
}

TEST(GridPlayback, PlayingForwardTouchesOnlyTheNewChanges) {
  const View map = syntheticPageMapView(64, 64, 5000);
  const Grid& g = map.grid;
  GridPlayback p;
  p.reset(g.frames.front().cells, g.changes);
  p.seek(g.changes[100].time);
  p.clearDirty();
  const size_t before = p.appliedCount();
  p.seek(g.changes[130].time);
  EXPECT_FALSE(p.allDirty()) << "a short step forward redraws only what changed";
  EXPECT_EQ(p.dirtyRuns().size(), p.appliedCount() - before);
  p.clearDirty();
  p.seek(0);
  EXPECT_TRUE(p.allDirty()) << "a jump back restores a checkpoint";
}

TEST(GridRaster, CoarseCellsShowTheMajorityAndAreMarkedMixed) {
  // 1 row of 8 pages, level of 4: cells [0..3] = 2,2,2,1 (mixed, mostly 2), [4..7] = 1 (whole).
  GridPlayback p;
  p.reset({2, 2, 2, 1, 1, 1, 1, 1}, {});
  GridRaster r;
  r.reset(1, 8, 4, {qRgb(1, 1, 1), qRgb(0, 0, 255), qRgb(0, 255, 0)}, qRgb(9, 9, 9));
  r.update(p);
  EXPECT_EQ(r.image().size(), QSize(2, 1)) << "one pixel per coarse cell";
  EXPECT_EQ(r.majority(0, 0), 2);
  EXPECT_TRUE(r.mixed(0, 0));
  EXPECT_EQ(r.majority(0, 1), 1);
  EXPECT_FALSE(r.mixed(0, 1));
  EXPECT_EQ(r.image().pixel(0, 0), qRgb(0, 255, 0));
  EXPECT_EQ(r.mixedRuns().size(), 1u);
  p.reset({2, 2, 2, 1, 1, 1, 1, 1}, {{1.0, 3, 1, 2}});
  p.clearDirty();
  p.seek(1.0);
  r.update(p);
  EXPECT_FALSE(r.mixed(0, 0)) << "the changed page made its block whole";
  EXPECT_TRUE(r.mixedRuns().empty());
}

TEST(GridFigure, APageMapDrawsThroughTheRasterAtEveryLevelWithALegendOfStates) {
  GridRenderer renderer;
  View map = syntheticPageMapView(512, 512, 100000);
  map.id = "raster-map";
  renderer.show(map, QStringLiteral("Simulated: synthetic"), Provenance::Simulated);
  const GridFigure& f = renderer.figure();
  EXPECT_TRUE(f.usesRaster());
  ASSERT_EQ(f.levelCount(), 3);
  EXPECT_EQ(f.levelName(0), QStringLiteral("4 KiB pages"));
  EXPECT_EQ(f.levelName(1), QStringLiteral("64 KiB blocks"));
  const auto track = renderer.animationTrack();
  ASSERT_TRUE(track.has_value());
  EXPECT_FALSE(track->stepwise) << "time glides through the changes";
  EXPECT_DOUBLE_EQ(track->end, map.grid.changes.back().time);
  EXPECT_LE(track->stops.size(), 1001u);
  const double mid = map.grid.changes[45000].time;
  renderer.setCursorTime(mid);
  EXPECT_TRUE(f.frameText().contains(QStringLiteral("of 100,000 changes"))) << f.frameText().toStdString();
  EXPECT_EQ(f.rasterImage().size(), QSize(512, 512));
  EXPECT_EQ(f.legendEntries().size(), map.grid.states.size()) << "no mixed entry at the finest level";
  EXPECT_EQ(f.stateColor(1), QColor(0x44, 0x77, 0xAA)) << "CPU blue";
  EXPECT_EQ(f.stateColor(2), QColor(0x22, 0x88, 0x33)) << "GPU 0 green";

  QImage image(1200, 800, QImage::Format_ARGB32_Premultiplied);
  for (int level = 0; level < 3; ++level) {
    renderer.setLevel(level);
    EXPECT_EQ(f.rasterImage().width(), 512 / f.columnsPerCell());
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.renderTo(painter, QRectF(0, 0, 1200, 800));
    painter.end();
    const QRectF cells = f.cellArea(QRectF(0, 0, 1200, 800));
    // Both CPU blue and GPU green are on the picture mid-run.
    int blue = 0, green = 0;
    for (int y = static_cast<int>(cells.top()) + 1; y < cells.bottom() - 1; y += 3)
      for (int x = static_cast<int>(cells.left()) + 1; x < cells.right() - 1; x += 3) {
        const QRgb p = image.pixel(x, y);
        blue += p == QColor(0x44, 0x77, 0xAA).rgb();
        green += p == QColor(0x22, 0x88, 0x33).rgb();
      }
    EXPECT_GT(blue, 100) << "level " << level;
    EXPECT_GT(green, 100) << "level " << level;
  }
  renderer.setLevel(1);
  EXPECT_EQ(f.legendEntries().size(), map.grid.states.size() + 1) << "coarse levels explain the hatching";
  bool anyMixed = false;
  for (int r = 0; r < 512 && !anyMixed; ++r)
    for (int c = 0; c < 32 && !anyMixed; ++c) anyMixed = f.cellMixed(r, c);
  EXPECT_TRUE(anyMixed) << "mid-run, some 64 KiB block is partly migrated";
}

TEST(GridFigure, TheTooltipNamesChunkPagesByteRangeAndState) {
  GridRenderer renderer;
  View map = syntheticPageMapView(8, 512, 10);
  map.id = "tooltip-map";  // a fresh id: no level remembered from another test
  renderer.show(map, QString(), Provenance::Simulated);
  renderer.setCursorTime(0);
  const QString page = renderer.figure().describeCell(2, 3);
  EXPECT_TRUE(page.contains(QStringLiteral("chunk 2 · 4 KiB page 3"))) << page.toStdString();
  // Chunk 2 starts at 4 MiB; page 3 at 4 MiB + 12 KiB.
  EXPECT_TRUE(page.contains(QStringLiteral("bytes 0x403000 to 0x403fff"))) << page.toStdString();
  EXPECT_TRUE(page.contains(QStringLiteral("On the CPU"))) << page.toStdString();
  renderer.setLevel(2);
  const QString chunk = renderer.figure().describeCell(2, 0);
  EXPECT_TRUE(chunk.contains(QStringLiteral("2 MiB chunk 0 (4 KiB pages 0 to 511)"))) << chunk.toStdString();
  EXPECT_TRUE(chunk.contains(QStringLiteral("(2 MiB)"))) << chunk.toStdString();
}

TEST(GridRenderer, TheLevelDropDownIsKeyboardReachableAndExportsUseTheLevel) {
  GridRenderer renderer;
  View map = syntheticPageMapView(16, 512, 100);
  map.id = "level-test-map";
  renderer.show(map, QString(), Provenance::Simulated);
  QComboBox* box = renderer.levelBox();
  EXPECT_FALSE(box->isHidden());
  EXPECT_EQ(box->count(), 3);
  EXPECT_NE(box->focusPolicy() & Qt::TabFocus, 0);
  box->setCurrentIndex(2);
  EXPECT_EQ(renderer.figure().level(), 2);
  QTest::keyClick(renderer.canvas(), Qt::Key_L);
  EXPECT_EQ(renderer.figure().level(), 0) << "L cycles to the next level";
  QTest::keyClick(renderer.canvas(), Qt::Key_L, Qt::ShiftModifier);
  EXPECT_EQ(renderer.figure().level(), 2);
  EXPECT_EQ(box->currentIndex(), 2);
  // An off-screen renderer (the figure export) of the same view starts at that level.
  auto exported = makeViewRenderer(ViewKind::Grid);
  exported->show(map, QString(), Provenance::Simulated);
  EXPECT_EQ(static_cast<GridRenderer*>(exported.get())->figure().level(), 2);
  // A small grid with frames and text keeps its old look: no drop-down, no raster.
  GridRenderer small;
  small.show(demoGridView(), QString(), Provenance::Simulated);
  EXPECT_TRUE(small.levelBox()->isHidden());
  EXPECT_FALSE(small.figure().usesRaster());
}

TEST(ChartPanel, ThePageMapAndItsTimelineShareOneTimeCursor) {
  ChartPanel panel;
  const RunResult result = syntheticPageMapResult(64, 512, 4000);
  panel.resize(1200, 800);
  panel.display(result, QStringLiteral("um-timeline"));
  panel.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
  ASSERT_EQ(panel.currentViewId(), QStringLiteral("um-timeline"));
  AnimationClock& clock = *panel.animationClock();
  const double t = result.views[1].grid.changes[1500].time;
  clock.seek(t);
  ASSERT_TRUE(panel.selectView(QStringLiteral("page-map")));
  EXPECT_DOUBLE_EQ(clock.position(), t) << "switching keeps the time";
  EXPECT_DOUBLE_EQ(panel.currentRenderer()->cursorTime(), t);
  const auto* grid = static_cast<GridRenderer*>(panel.currentRenderer());
  EXPECT_GE(grid->figure().playback().appliedCount(), 1501u);
  // Scrubbing the map moves the timeline's time too.
  clock.seek(t / 2);
  ASSERT_TRUE(panel.selectView(QStringLiteral("um-timeline")));
  EXPECT_DOUBLE_EQ(clock.position(), t / 2);
  EXPECT_DOUBLE_EQ(panel.currentRenderer()->cursorTime(), t / 2);
  // Playing keeps playing across the switch.
  clock.play();
  ASSERT_TRUE(panel.selectView(QStringLiteral("page-map")));
  EXPECT_TRUE(clock.isPlaying());
  clock.pause();
  // The clock spans both views.
  double start = 0, end = 0;
  ASSERT_TRUE(animationSpan(result.views[0], &start, &end));
  EXPECT_LE(clock.start(), start);
  EXPECT_GE(clock.end(), result.views[1].grid.changes.back().time);
}
