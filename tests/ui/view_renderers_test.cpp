// Each view kind has one renderer: it draws a small view of its kind (not a blank page), with
// the banner in its title block and one legend entry per kind/state/series. The parts that do
// not need pixels (time <-> pixel mapping, hit tests, step stops, frame choice) are checked
// directly.
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include "views/bars_figure.h"
#include "views/bars_renderer.h"
#include "views/demo_views.h"
#include "views/grid_figure.h"
#include "views/grid_renderer.h"
#include "views/timeline_figure.h"
#include "views/timeline_renderer.h"
#include "views/view_renderer.h"
#include "views/xy_renderer.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

const QString kBanner = QStringLiteral("Simulated: Fake GPU (model)");

QImage render(ViewRenderer& renderer, QSize size = QSize(900, 600)) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  renderer.renderTo(painter, QRectF(QPointF(0, 0), QSizeF(size)));
  return image;
}

/// Pixels far from white and from grey: coloured marks (spans, cells, bars).
int colouredPixels(const QImage& image) {
  int n = 0;
  for (int y = 0; y < image.height(); y += 3)
    for (int x = 0; x < image.width(); x += 3) {
      const QColor c = image.pixelColor(x, y);
      n += std::max({c.red(), c.green(), c.blue()}) - std::min({c.red(), c.green(), c.blue()}) > 60;
    }
  return n;
}

bool hasColour(const QImage& image, const QColor& want, int tolerance = 8) {
  for (int y = 0; y < image.height(); y += 2)
    for (int x = 0; x < image.width(); x += 2) {
      const QColor c = image.pixelColor(x, y);
      if (std::abs(c.red() - want.red()) <= tolerance && std::abs(c.green() - want.green()) <= tolerance &&
          std::abs(c.blue() - want.blue()) <= tolerance)
        return true;
    }
  return false;
}

View smallTimeline() {
  View v;
  v.id = "t";
  v.title = "Two warps";
  v.kind = ViewKind::Timeline;
  v.timeline.timeLabel = "Time (cycles)";
  v.timeline.timeUnit = "cycles";
  v.timeline.rows = {{"warp 0", "SM 0", 4}, {"warp 1", "SM 0", 4}};
  v.timeline.kinds = {{"a", "Kind A"}, {"b", "Kind B"}};
  v.timeline.events = {{0, 0, 10, "a", 0xF, "first"}, {0, 10, 30, "b", 0x3, "second"}, {1, 5, 20, "a", 0, "third"}};
  return v;
}

}  // namespace

TEST(ViewRenderers, FactoryMakesOneRendererPerKind) {
  for (ViewKind k : {ViewKind::Xy, ViewKind::Timeline, ViewKind::Grid, ViewKind::Bars, ViewKind::Listing}) {
    const auto r = makeViewRenderer(k);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->kind(), k);
    EXPECT_NE(r->widget(), nullptr);
    EXPECT_EQ(r->animationTrack().has_value(), isAnimated(k)) << viewKindName(k);
  }
}

TEST(ViewRenderers, EachKindDrawsItsViewWithTheBannerInTheTitleBlock) {
  View xy;
  xy.id = "xy";
  xy.title = "Lines";
  xy.series = {{"A", {{1, 0.2, 0.2, 0.2}, {2, 0.5, 0.5, 0.5}, {3, 0.9, 0.9, 0.9}}}};
  for (const View& v : {xy, demoTimelineView(), demoGridView(), demoBarsView()}) {
    SCOPED_TRACE(viewKindName(v.kind));
    auto r = makeViewRenderer(v.kind);
    r->show(v, kBanner, Provenance::Simulated);
    EXPECT_TRUE(r->titleText().contains(kBanner));
    EXPECT_TRUE(r->titleText().contains(QString::fromStdString(v.title).left(10)));
    const QImage image = render(*r);
    EXPECT_GT(colouredPixels(image), 200) << "a picture, not a blank page";
    // The banner is drawn in its provenance colour inside the picture.
    EXPECT_TRUE(hasColour(image, QColor(0x8a, 0x3b, 0x00), 40)) << "banner colour";
  }
}

TEST(ViewRenderers, LegendsListEveryKindStateAndSeries) {
  TimelineFigure t;
  t.setView(demoTimelineView(), kBanner, Provenance::Simulated);
  const auto te = t.legendEntries();
  for (const SpanKind& k : demoTimelineView().timeline.kinds)
    EXPECT_TRUE(std::any_of(te.begin(), te.end(), [&](const LegendEntry& e) { return e.label == QString::fromStdString(k.label); }));
  GridFigure g;
  g.setView(demoGridView(), kBanner, Provenance::Simulated);
  EXPECT_EQ(g.legendEntries().size(), demoGridView().grid.states.size());
  BarsFigure b;
  b.setView(demoBarsView(), kBanner, Provenance::Simulated);
  ASSERT_EQ(b.legendEntries().size(), 2u);
  EXPECT_EQ(b.legendEntries()[1].label, QString::fromStdString(demoBarsView().bars.series[1].name));
}

TEST(TimelineViewport, MapsTimeAndRowsToPixelsAndBack) {
  TimelineViewport vp;
  vp.reset(0, 100, 10);
  const QRectF plot(100, 50, 1000, 500);
  EXPECT_DOUBLE_EQ(vp.xOf(0, plot), 100);
  EXPECT_DOUBLE_EQ(vp.xOf(100, plot), 1100);
  EXPECT_DOUBLE_EQ(vp.timeAt(600, plot), 50);
  EXPECT_DOUBLE_EQ(vp.rowHeight(plot), 50);
  EXPECT_EQ(vp.rowAt(50, plot), 0);
  EXPECT_EQ(vp.rowAt(549, plot), 9);
  EXPECT_EQ(vp.rowAt(551, plot), -1);
  vp.zoomTime(2, 50);  // around the middle: 25..75
  EXPECT_DOUBLE_EQ(vp.t0(), 25);
  EXPECT_DOUBLE_EQ(vp.t1(), 75);
  vp.pan(1000, 0);  // clamped at the end, keeping the span
  EXPECT_DOUBLE_EQ(vp.t1(), 100);
  EXPECT_DOUBLE_EQ(vp.t0(), 50);
  vp.zoomRows(5, 0);
  EXPECT_DOUBLE_EQ(vp.r1() - vp.r0(), 2);
  EXPECT_DOUBLE_EQ(vp.rowHeight(plot), 250);
  vp.ensureVisible(10);
  EXPECT_LE(vp.t0(), 10);
  EXPECT_GT(vp.t1(), 10);
}

TEST(TimelineModel, StepStopsAreTheLabsStepsOrEveryEventBoundary) {
  View v = smallTimeline();
  EXPECT_EQ(TimelineModel(v.timeline).stepTimes(), (std::vector<double>{0, 5, 10, 20, 30}));
  v.timeline.steps = {20, 10};
  EXPECT_EQ(TimelineModel(v.timeline).stepTimes(), (std::vector<double>{10, 20}));
  std::vector<int> found;
  TimelineModel(v.timeline).eventsInWindow(0, 12, 14, &found);
  EXPECT_EQ(found, std::vector<int>{1});
  EXPECT_EQ(litSubRows(0xF0F0, 8), 4);
}

TEST(TimelineFigure, HitTestFindsTheSpanUnderThePointerAndDescribesIt) {
  TimelineFigure f;
  f.setView(smallTimeline(), kBanner, Provenance::Simulated);
  const QRectF area(0, 0, 1000, 600);
  const QRectF plot = f.layout(area).plot;
  const TimelineViewport& vp = f.viewport();
  const double yRow0 = (vp.yOfRow(0, plot) + vp.yOfRow(1, plot)) / 2;
  const double yRow1 = (vp.yOfRow(1, plot) + vp.yOfRow(2, plot)) / 2;
  EXPECT_EQ(f.eventAt(QPointF(vp.xOf(20, plot), yRow0), area), 1);
  EXPECT_EQ(f.eventAt(QPointF(vp.xOf(5, plot), yRow0), area), 0);
  EXPECT_EQ(f.eventAt(QPointF(vp.xOf(25, plot), yRow1), area), -1) << "nothing after 20 on warp 1";
  const QString tip = f.describeEvent(1);
  EXPECT_TRUE(tip.contains(QStringLiteral("Kind B")));
  EXPECT_TRUE(tip.contains(QStringLiteral("SM 0")));
  EXPECT_TRUE(tip.contains(QStringLiteral("second"))) << "the payload";
  EXPECT_TRUE(tip.contains(QStringLiteral("2 of 4 lanes")));
}

TEST(TimelineFigure, SpansAfterTheCursorAreFaded) {
  TimelineRenderer r;
  r.show(smallTimeline(), kBanner, Provenance::Simulated);
  const QRectF area(0, 0, 900, 600);
  const QRectF plot = r.canvas()->figure().layout(area).plot;
  const TimelineViewport& vp = r.canvas()->figure().viewport();
  // Event 2: warp 1, 5..20, kind A, no lanes lit (a solid bar).
  const QPoint early(static_cast<int>(vp.xOf(7, plot)), static_cast<int>((vp.yOfRow(1, plot) + vp.yOfRow(2, plot)) / 2));
  const QPoint late(static_cast<int>(vp.xOf(18, plot)), early.y());
  EXPECT_EQ(render(r).pixelColor(late), kindColor(0)) << "at the end nothing is faded";
  r.setCursorTime(12);
  const QImage image = render(r);
  EXPECT_EQ(image.pixelColor(early), kindColor(0)) << "before the cursor: lit";
  EXPECT_EQ(image.pixelColor(late), towardWhite(kindColor(0), 0.78)) << "after the cursor: faded";
}

// Issue 28: eight kernels each lighting an eighth of the SMs' row at once fill the row; one's
// unlit eighths were painted over the others' lit ones, and the row read "idle".
TEST(TimelineFigure, OverlappingSpansLightingDifferentLanesFillTheRow) {
  View v = smallTimeline();
  v.timeline.rows = {{"SMs", "Engines", 8}};
  v.timeline.events.clear();
  for (int k = 0; k < 8; ++k) v.timeline.events.push_back({0, 0, 30, "a", std::uint64_t{1} << k, "kernel"});
  TimelineRenderer r;
  r.show(v, kBanner, Provenance::Simulated);
  const QRectF area(0, 0, 900, 600);
  const QRectF plot = r.canvas()->figure().layout(area).plot;
  const TimelineViewport& vp = r.canvas()->figure().viewport();
  const QImage image = render(r);
  const int x = static_cast<int>(vp.xOf(15, plot));
  const double top = vp.yOfRow(0, plot), bottom = vp.yOfRow(1, plot);
  int lit = 0, all = 0;
  for (int y = static_cast<int>(top) + 2; y < static_cast<int>(bottom) - 3; ++y, ++all) lit += image.pixelColor(x, y) == kindColor(0);
  ASSERT_GT(all, 8);
  EXPECT_GE(lit, all * 9 / 10) << lit << " of " << all << " pixels down the row lit";
}

TEST(TimelineFigure, AGpuSizedTraceDrawsAggregated) {
  View v;
  v.id = "big";
  v.title = "Big";
  v.kind = ViewKind::Timeline;
  v.timeline = syntheticWarpTimeline(132, 64, 32, 10);
  TimelineRenderer r;
  r.show(v, kBanner, Provenance::Simulated);
  EXPECT_EQ(r.animationTrack()->stops.size(), TimelineModel(v.timeline).stepTimes().size());
  const QImage image = render(r, QSize(1400, 800));
  EXPECT_GT(colouredPixels(image), 5000) << "the aggregated rows are coloured";
}

TEST(GridFigure, TheCursorPicksTheLastFrameAtOrBeforeIt) {
  GridRenderer r;
  const View v = demoGridView();
  r.show(v, kBanner, Provenance::Simulated);
  EXPECT_EQ(r.figure().frameIndex(), 0);
  r.setCursorTime(60);  // frames every 25 us
  EXPECT_EQ(r.figure().frameIndex(), 2);
  EXPECT_TRUE(r.figure().frameText().contains(QStringLiteral("t = 50 us")));
  r.setCursorTime(1e9);
  EXPECT_EQ(r.figure().frameIndex(), static_cast<int>(v.grid.frames.size()) - 1);
  const auto track = r.animationTrack();
  ASSERT_TRUE(track.has_value());
  EXPECT_TRUE(track->stepwise);
  EXPECT_EQ(track->stops.size(), v.grid.frames.size());
  int row = -1, column = -1;
  const QRectF area(0, 0, 1000, 700);
  const QRectF cells = r.figure().cellArea(area);
  ASSERT_TRUE(r.figure().cellAt(cells.topLeft() + QPointF(2, 2), area, &row, &column));
  EXPECT_EQ(row, 0);
  EXPECT_EQ(column, 0);
  EXPECT_TRUE(r.figure().describeCell(0, 0).contains(QStringLiteral("chunk 0")));
}

TEST(BarsFigure, BarsStandOnZeroWithHeightsInProportion) {
  BarsFigure f;
  f.setView(demoBarsView(), kBanner, Provenance::Simulated);
  const QRectF area(0, 0, 1000, 700);
  const QRectF a = f.barRect(0, 0, area);  // 24.1
  const QRectF b = f.barRect(0, 1, area);  // 6.8
  EXPECT_DOUBLE_EQ(a.bottom(), b.bottom());
  EXPECT_NEAR(a.height() / b.height(), 24.1 / 6.8, 1e-6);
  int series = -1, category = -1;
  ASSERT_TRUE(f.barAt(b.center(), area, &series, &category));
  EXPECT_EQ(series, 0);
  EXPECT_EQ(category, 1);
  EXPECT_TRUE(f.describeBar(0, 1).contains(QStringLiteral("spread")));
}

// Issue 28: "Recorded on NVIDIA H100" in green stood over streams' model timeline and the
// occupancy calculator's views. Each view's banner says what made it (ViewSource in lab.h).
TEST(ViewBanner, AModelOrCalculatorViewOfAGpuRunSaysWhatMadeIt) {
  RunResult recorded;
  recorded.labId = "streams";
  recorded.deviceName = "NVIDIA H100 80GB HBM3";
  recorded.provenance = Provenance::Measured;
  recorded.recordedOn = "2026-11-27";
  View timeline;
  timeline.id = "timeline";
  View model;
  model.id = "model-timeline";
  EXPECT_EQ(bannerFor(recorded, timeline), QStringLiteral("Recorded on NVIDIA H100 80GB HBM3, 2026-11-27"));
  EXPECT_EQ(provenanceFor(recorded, timeline), Provenance::Measured);
  EXPECT_FALSE(bannerFor(recorded, model).contains(QStringLiteral("Recorded on"))) << bannerFor(recorded, model).toStdString();
  EXPECT_TRUE(bannerFor(recorded, model).startsWith(QStringLiteral("Warpscope's model of the NVIDIA H100 80GB HBM3")));
  EXPECT_EQ(provenanceFor(recorded, model), Provenance::Simulated) << "not in the measured green";

  RunResult occupancy = recorded;
  occupancy.labId = "occupancy";
  View limits;
  limits.id = "limits";
  EXPECT_EQ(bannerFor(occupancy, limits), QStringLiteral("Computed: CUDA's occupancy rules for the NVIDIA H100 80GB HBM3"));
  View caps;
  caps.id = "register-caps";  // measured times under __launch_bounds__
  EXPECT_EQ(provenanceFor(occupancy, caps), Provenance::Measured);

  RunResult simulated = recorded;
  simulated.provenance = Provenance::Simulated;
  simulated.recordedOn.clear();
  simulated.deviceName = "H100 SXM5 (model)";
  EXPECT_EQ(bannerFor(simulated, model), bannerFor(simulated)) << "on the simulator every view is the model already";
}

// Issue 33: a user kernel's SASS and registers are the compiler's, the same with or without a GPU:
// neither "Measured on" nor "Simulated".
TEST(ViewBanner, TheCompilersViewsSayCompiledWithOrWithoutAGpu) {
  RunResult run;
  run.labId = "user-kernel";
  run.deviceName = "NVIDIA H200";
  run.provenance = Provenance::Measured;
  View sass;
  sass.id = "sass";
  View time;
  time.id = "time";
  EXPECT_EQ(bannerFor(run, sass), QStringLiteral("Compiled for the NVIDIA H200 (NVRTC), the code it ran"));
  EXPECT_EQ(bannerFor(run, time), QStringLiteral("Measured on NVIDIA H200"));
  run.provenance = Provenance::Simulated;
  run.deviceName = "H100 SXM5 (model)";
  EXPECT_EQ(bannerFor(run, sass), QStringLiteral("Compiled for the H100 SXM5 (model)'s architecture (NVRTC): no GPU ran it"));
  EXPECT_EQ(provenanceFor(run, sass), Provenance::Simulated) << "not in the measured green";
  // Its occupancy without a GPU is CUDA's rules applied to the compiler's figures, not the model's.
  View occupancy;
  occupancy.id = "occupancy";
  EXPECT_EQ(bannerFor(run, occupancy),
            QStringLiteral("Computed: CUDA's occupancy rules for the H100 SXM5 (model), from the compiler's figures"));
}
