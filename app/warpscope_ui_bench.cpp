// warpscope-ui-bench: how fast the timeline renderer draws a GPU-sized trace while its cursor
// animates, the way the window does it (a shown widget repainted per frame), and the demo
// figures of the timeline, grid and bars kinds. A benchmark to run and read, not a timed test.
//
//   warpscope-ui-bench [--frames N] [--size WxH] [--sms N] [--warps N] [--lanes N] [--spans N]
//   warpscope-ui-bench --result RUN.json [--view ID]   a real run's timeline instead of the
//                                         synthetic one (e.g. `warpscope-cli run divergence
//                                         --set traced_sms=132 ... --out RUN.json` on a GPU)
//   warpscope-ui-bench --page-map-synthetic   a SYNTHETIC 1 GiB page map (512 chunks x 512 pages,
//                                         100000 changes: fault batches migrating CPU -> GPU in
//                                         time order, evictions) played, scrubbed, at each level
//   warpscope-ui-bench --result RUN.json  benches every animated view of the run (timelines and
//                                         grids), or only --view ID
//   warpscope-ui-bench --demo-dir DIR     write the demo pictures: ui_timeline_demo.png (the chart
//                                         panel mid-animation), ui_grid_demo.png, ui_bars_demo.png
//                                         (figure exports), and two more to look at

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>
#include <QWindow>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "controllers/export_controller.h"
#include "views/demo_views.h"
#include "views/grid_renderer.h"
#include "views/timeline_renderer.h"
#include "warpscope/recording.h"
#include "warpscope/writers.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// A small deterministic generator for the scrub positions.
class Lcg {
 public:
  explicit Lcg(unsigned seed) : state_(seed * 2654435761u + 1u) {}
  unsigned next() {
    state_ = state_ * 1664525u + 1013904223u;
    return state_ >> 8;
  }

 private:
  unsigned state_;
};

struct Stats {
  double median = 0, p95 = 0, max = 0;
};

Stats statsOf(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  if (ms.empty()) return {};
  const auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<size_t>(q * static_cast<double>(ms.size() - 1) + 0.5))]; };
  return {at(0.5), at(0.95), ms.back()};
}

void report(const char* what, const std::vector<double>& ms) {
  const Stats s = statsOf(ms);
  std::printf("%-44s %4zu frames: median %6.2f ms, p95 %6.2f ms, max %6.2f ms -> %6.1f fps (median), %6.1f fps (p95)\n",
              what, ms.size(), s.median, s.p95, s.max, 1000.0 / std::max(1e-3, s.median), 1000.0 / std::max(1e-3, s.p95));
}

/// Counts paint events, so a frame time is only reported for frames that were painted.
struct PaintCounter : QObject {
  int paints = 0;
  bool eventFilter(QObject*, QEvent* e) override {
    if (e->type() == QEvent::Paint) ++paints;
    return false;
  }
};

/// Repaints the shown canvas once per frame with the cursor moving from start to end.
std::vector<double> animateFrames(TimelineRenderer& renderer, int frames) {
  const TimelineModel& model = renderer.canvas()->figure().model();
  PaintCounter counter;
  renderer.canvas()->installEventFilter(&counter);
  std::vector<double> ms;
  QElapsedTimer clock;
  for (int i = 0; i < frames; ++i) {
    const double t = model.startTime() + (model.endTime() - model.startTime()) * (i + 0.5) / frames;
    clock.start();
    renderer.setCursorTime(t);
    renderer.canvas()->repaint();
    QApplication::processEvents();  // the flush to the screen (xcb) happens here
    ms.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
  }
  renderer.canvas()->removeEventFilter(&counter);
  if (counter.paints < frames) std::printf("  (only %d of %d frames were painted)\n", counter.paints, frames);
  return ms;
}

/// Counts frames painted while the real AnimationClock plays for `seconds` through the event
/// loop: what the window achieves, timer ticks and all.
double playedFps(TimelineRenderer& renderer, double seconds) {
  PaintCounter counter;
  renderer.canvas()->installEventFilter(&counter);
  AnimationClock clock;
  const TimelineModel& model = renderer.canvas()->figure().model();
  clock.setTrack(model.startTime(), model.endTime(), model.stepTimes(), AnimationClock::Motion::Continuous, model.startTime());
  QObject::connect(&clock, &AnimationClock::positionChanged, [&](double t) { renderer.setCursorTime(t); });
  clock.setSpeedIndex(0);  // slow enough not to reach the end within the measurement
  QElapsedTimer wall;
  wall.start();
  clock.play();
  while (static_cast<double>(wall.elapsed()) < seconds * 1000) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
  clock.pause();
  renderer.canvas()->removeEventFilter(&counter);
  return counter.paints / (static_cast<double>(wall.elapsed()) / 1000.0);
}

/// Like animateFrames, but the time window also pans every frame (a drag while playing), so
/// the aggregated picture is rebuilt each time: the worst case.
std::vector<double> animateWhilePanning(TimelineRenderer& renderer, int frames) {
  TimelineViewport& vp = renderer.canvas()->figure().viewport();
  const TimelineModel& model = renderer.canvas()->figure().model();
  vp.zoomTime(1.25, model.startTime());
  std::vector<double> ms;
  QElapsedTimer clock;
  for (int i = 0; i < frames; ++i) {
    const double t = model.startTime() + (model.endTime() - model.startTime()) * (i + 0.5) / frames;
    clock.start();
    vp.pan((i % 20 < 10 ? 1 : -1) * 0.01 * (vp.t1() - vp.t0()), 0);
    renderer.setCursorTime(t);
    renderer.canvas()->repaint();
    QApplication::processEvents();
    ms.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
  }
  vp.reset(model.startTime(), model.endTime(), model.rowCount());
  return ms;
}

/// Shows a renderer's widget at `width` x `height` and waits until it is on screen.
void showExposed(QWidget* w, int width, int height) {
  w->resize(width, height);
  w->show();
  QElapsedTimer exposure;
  exposure.start();
  while ((!w->windowHandle() || !w->windowHandle()->isExposed()) && exposure.elapsed() < 5000)
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  QApplication::processEvents();
}

/// Frame times of a grid renderer with the cursor at `times` (one repaint each).
std::vector<double> gridFrames(GridRenderer& renderer, const std::vector<double>& times) {
  PaintCounter counter;
  renderer.canvas()->installEventFilter(&counter);
  std::vector<double> ms;
  QElapsedTimer clock;
  for (double t : times) {
    clock.start();
    renderer.setCursorTime(t);
    renderer.canvas()->repaint();
    QApplication::processEvents();
    ms.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
  }
  renderer.canvas()->removeEventFilter(&counter);
  if (counter.paints < static_cast<int>(times.size()))
    std::printf("  (only %d of %zu frames were painted)\n", counter.paints, times.size());
  return ms;
}

/// Frames painted per second while the real AnimationClock plays the grid through the event loop.
double gridPlayedFps(GridRenderer& renderer, double start, double end, double seconds) {
  PaintCounter counter;
  renderer.canvas()->installEventFilter(&counter);
  AnimationClock clock;
  clock.setTrack(start, end, {}, AnimationClock::Motion::Continuous, start);
  QObject::connect(&clock, &AnimationClock::positionChanged, [&](double t) { renderer.setCursorTime(t); });
  clock.setSpeedIndex(0);
  QElapsedTimer wall;
  wall.start();
  clock.play();
  while (static_cast<double>(wall.elapsed()) < seconds * 1000) QApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
  clock.pause();
  renderer.canvas()->removeEventFilter(&counter);
  return counter.paints / (static_cast<double>(wall.elapsed()) / 1000.0);
}

/// Plays a grid forward (incremental), scrubs it at random (checkpoint jumps), at every level.
void benchGrid(const View& view, const QString& banner, int width, int height, int frames) {
  const Grid& g = view.grid;
  std::printf("grid '%s': %d x %d cells, %zu frames, %zu changes, %zu levels\n", view.id.c_str(), g.rows(), g.columns(),
              g.frames.size(), g.changes.size(), g.levels.size());
  GridRenderer renderer;
  QElapsedTimer build;
  build.start();
  renderer.show(view, banner, Provenance::Simulated);
  std::printf("  shown (checkpoints built) in %.1f ms\n", static_cast<double>(build.nsecsElapsed()) / 1e6);
  showExposed(renderer.widget(), width, height);
  const auto track = renderer.animationTrack();
  const double start = track ? track->start : 0;
  const double end = track ? track->end : 0;
  std::vector<double> forward, scrub;
  for (int i = 0; i < frames; ++i) forward.push_back(start + (end - start) * (i + 0.5) / frames);
  Lcg rng(7);
  for (int i = 0; i < frames; ++i) scrub.push_back(start + (end - start) * (rng.next() % 10000) / 10000.0);
  for (int level = 0; level < renderer.figure().levelCount(); ++level) {
    renderer.setLevel(level);
    const std::string name = renderer.figure().levelName(level).toStdString();
    renderer.setCursorTime(start);
    report(("  play forward, " + name).c_str(), gridFrames(renderer, forward));
    report(("  scrub at random, " + name).c_str(), gridFrames(renderer, scrub));
  }
  renderer.setLevel(0);
  // A grid of frames repaints only when the frame changes: frames per second say nothing there.
  if (!g.changes.empty())
    std::printf("%-44s %6.1f fps (the clock ticks every %d ms)\n", "  playing through the event loop, finest",
                gridPlayedFps(renderer, start, end, 3.0), AnimationClock::kTickMs);
}

int writeDemos(const QString& dir) {
  QDir().mkpath(dir);
  const RunResult result = demoResult();
  // The timeline mid-run, so the figure shows the cursor and the faded rest.
  const View& timeline = result.views[0];
  TimelineModel model(timeline.timeline);
  const double mid = model.startTime() + 0.55 * (model.endTime() - model.startTime());
  const struct {
    const char* file;
    std::string view;
    std::optional<double> cursor;
  } figures[] = {{"ui_timeline_figure.png", "warp-timeline", mid},
                 {"ui_grid_demo.png", "page-map", 150.0},
                 {"ui_bars_demo.png", "copy-modes", std::nullopt}};
  for (const auto& f : figures) {
    const QString path = QDir(dir).filePath(QString::fromLatin1(f.file));
    const QString error = exportResult(result, QString::fromStdString(f.view), path, ExportFormat::Png,
                                       kExportChartSize, f.cursor);
    if (!error.isEmpty()) {
      std::fprintf(stderr, "warpscope-ui-bench: %s\n", qPrintable(error));
      return 1;
    }
    std::printf("Wrote %s\n", qPrintable(path));
  }
  // A GPU-sized trace, every row aggregated into pixels (to look at, not committed).
  RunResult big = result;
  big.views[0].timeline = syntheticWarpTimeline(132, 64, 32, 10);
  big.views[0].title = "132 SMs x 64 warps";
  const QString bigPath = QDir(dir).filePath(QStringLiteral("ui_timeline_gpu_sized.png"));
  const QString bigError = exportResult(big, QStringLiteral("warp-timeline"), bigPath, ExportFormat::Png, kExportChartSize, 1500.0);
  if (!bigError.isEmpty()) return 1;
  std::printf("Wrote %s\n", qPrintable(bigPath));

  // The SYNTHETIC page map at each level, mid-run (migrated, evicted and mixed cells all show):
  // figure exports, which use the level last picked for the view.
  const RunResult pages = syntheticPageMapResult();
  const View& map = pages.views[1];
  const double pagesAt = map.grid.changes[map.grid.changes.size() * 45 / 100].time;
  const char* levelFiles[] = {"ui_page_map_pages.png", "ui_page_map_blocks.png", "ui_page_map_chunks.png"};
  for (int level = 0; level < 3; ++level) {
    GridRenderer picker;
    picker.show(map, QString(), Provenance::Simulated);
    picker.setLevel(level);
    const QString mapPath = QDir(dir).filePath(QString::fromLatin1(levelFiles[level]));
    const QString mapError = exportResult(pages, QStringLiteral("page-map"), mapPath, ExportFormat::Png, kExportChartSize, pagesAt);
    if (!mapError.isEmpty()) {
      std::fprintf(stderr, "warpscope-ui-bench: %s\n", qPrintable(mapError));
      return 1;
    }
    std::printf("Wrote %s\n", qPrintable(mapPath));
  }
  {
    // Early in the run, at the finest level: the fault fronts sweeping the buffer.
    GridRenderer picker;
    picker.show(map, QString(), Provenance::Simulated);
    picker.setLevel(0);
    const QString earlyPath = QDir(dir).filePath(QStringLiteral("ui_page_map_early.png"));
    const double early = map.grid.changes[map.grid.changes.size() * 12 / 100].time;
    if (!exportResult(pages, QStringLiteral("page-map"), earlyPath, ExportFormat::Png, kExportChartSize, early).isEmpty()) return 1;
    std::printf("Wrote %s\n", qPrintable(earlyPath));
  }
  {
    // The window's view of it: the level drop-down above the map, the shared animation controls.
    ChartPanel mapPanel;
    mapPanel.resize(1400, 900);
    mapPanel.display(pages, QStringLiteral("page-map"));
    mapPanel.selectView(QStringLiteral("page-map"));
    mapPanel.show();
    static_cast<GridRenderer*>(mapPanel.currentRenderer())->setLevel(1);  // 64 KiB blocks
    mapPanel.animationClock()->seek(pagesAt);
    QApplication::processEvents();
    const QString panelPath = QDir(dir).filePath(QStringLiteral("ui_page_map_window.png"));
    if (!mapPanel.grab().save(panelPath)) return 1;
    std::printf("Wrote %s\n", qPrintable(panelPath));
  }

  // The chart panel as the window shows it: tabs, the timeline, the animation controls.
  ChartPanel panel;
  panel.resize(1400, 800);
  panel.display(result);
  panel.show();
  panel.animationClock()->seek(mid);
  QApplication::processEvents();
  const QString path = QDir(dir).filePath(QStringLiteral("ui_timeline_demo.png"));
  if (!panel.grab().save(path)) return 1;
  std::printf("Wrote %s\n", qPrintable(path));
  return 0;
}

}  // namespace

/// The option's value as a whole number in [lo, hi], or nullopt after saying what was wrong.
static std::optional<int> boundedInt(const QCommandLineParser& parser, const QCommandLineOption& option, int lo, int hi) {
  bool ok = false;
  const int value = parser.value(option).toInt(&ok);
  if (ok && value >= lo && value <= hi) return value;
  std::fprintf(stderr, "warpscope-ui-bench: --%s takes a whole number from %d to %d, not '%s'\n",
               qPrintable(option.names().front()), lo, hi, qPrintable(parser.value(option)));
  return std::nullopt;
}

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Frame times of the timeline renderer on a synthetic trace."));
  parser.addHelpOption();
  const QCommandLineOption frames(QStringLiteral("frames"), QStringLiteral("Frames per scenario (default 240)."), QStringLiteral("N"), QStringLiteral("240"));
  const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Widget size (default 1400x800)."), QStringLiteral("WxH"), QStringLiteral("1400x800"));
  const QCommandLineOption sms(QStringLiteral("sms"), QStringLiteral("SMs (default 132)."), QStringLiteral("N"), QStringLiteral("132"));
  const QCommandLineOption warps(QStringLiteral("warps"), QStringLiteral("Warps per SM (default 64)."), QStringLiteral("N"), QStringLiteral("64"));
  const QCommandLineOption lanes(QStringLiteral("lanes"), QStringLiteral("Lanes per warp (default 32)."), QStringLiteral("N"), QStringLiteral("32"));
  const QCommandLineOption spans(QStringLiteral("spans"), QStringLiteral("Spans per warp (default 10)."), QStringLiteral("N"), QStringLiteral("10"));
  const QCommandLineOption demoDir(QStringLiteral("demo-dir"), QStringLiteral("Write the demo figures to DIR and exit."), QStringLiteral("DIR"));
  const QCommandLineOption resultFile(QStringLiteral("result"), QStringLiteral("A run's JSON (warpscope-cli run --out): bench its timeline view."), QStringLiteral("FILE"));
  const QCommandLineOption viewId(QStringLiteral("view"), QStringLiteral("One animated view of --result (default: every one)."), QStringLiteral("ID"));
  const QCommandLineOption pageMap(QStringLiteral("page-map-synthetic"), QStringLiteral("Bench a SYNTHETIC 1 GiB page map (512 x 512 pages, 100000 changes)."));
  const QCommandLineOption pageMapChanges(QStringLiteral("changes"), QStringLiteral("Changes of --page-map-synthetic (default 100000)."), QStringLiteral("N"), QStringLiteral("100000"));
  parser.addOptions({frames, size, sms, warps, lanes, spans, demoDir, resultFile, viewId, pageMap, pageMapChanges});
  parser.process(app);
  if (parser.isSet(demoDir)) return writeDemos(parser.value(demoDir));

  // Every number is checked before anything is built from it: a typo is a message, not a crash.
  std::optional<int> checked[5];
  const struct {
    const QCommandLineOption* option;
    int lo, hi;
  } numbers[] = {{&frames, 1, 100000}, {&sms, 1, 1024}, {&warps, 1, 64}, {&lanes, 1, 64}, {&spans, 1, 10000}};
  for (int i = 0; i < 5; ++i) {
    checked[i] = boundedInt(parser, *numbers[i].option, numbers[i].lo, numbers[i].hi);
    if (!checked[i]) return 2;
  }
  const QStringList wh = parser.value(size).split(QLatin1Char('x'));
  bool wOk = false, hOk = false;
  const int width = wh.value(0).toInt(&wOk);
  const int height = wh.value(1).toInt(&hOk);
  const int n = *checked[0];
  if (wh.size() != 2 || !wOk || !hOk || width < 200 || height < 200 || width > 10000 || height > 10000) {
    std::fprintf(stderr, "warpscope-ui-bench: --size takes WxH from 200x200 to 10000x10000, e.g. 1400x800, not '%s'\n",
                 qPrintable(parser.value(size)));
    return 2;
  }
  std::optional<int> changeCount = boundedInt(parser, pageMapChanges, 1, 10000000);
  if (!changeCount) return 2;

  std::printf("warpscope-ui-bench: platform %s, %dx%d\n", qPrintable(QApplication::platformName()), width, height);
  if (parser.isSet(pageMap)) {
    QElapsedTimer made;
    made.start();
    const View map = syntheticPageMapView(512, 512, *changeCount);
    std::printf("SYNTHETIC page map (demo data, not a measurement) made in %.1f ms\n", static_cast<double>(made.nsecsElapsed()) / 1e6);
    benchGrid(map, QStringLiteral("Simulated: synthetic page map"), width, height, n);
    return 0;
  }
  QElapsedTimer build;
  build.start();
  View view;
  QString banner = QStringLiteral("Simulated: synthetic trace");
  if (parser.isSet(resultFile)) {
    RunResult run;
    try {
      // The reader every opened file goes through: bounded size, nesting and grid dimensions.
      run = readRunFile(parser.value(resultFile).toStdString()).result;
    } catch (const BadInputError& e) {
      std::fprintf(stderr, "warpscope-ui-bench: %s\n", e.what());
      return 2;
    }
    banner = QString::fromStdString(run.banner());
    int benched = 0;
    for (const View& v : run.views) {
      if (!isAnimated(v.kind) || (parser.isSet(viewId) && v.id != parser.value(viewId).toStdString())) continue;
      ++benched;
      if (v.kind == ViewKind::Grid) {
        benchGrid(v, banner, width, height, n);
        continue;
      }
      TimelineRenderer renderer;
      renderer.show(v, banner, run.provenance);
      showExposed(renderer.widget(), width, height);
      std::printf("timeline '%s': %zu rows, %zu spans\n", v.id.c_str(), v.timeline.rows.size(), v.timeline.events.size());
      report("  whole run (rows aggregated per pixel)", animateFrames(renderer, n));
      report("  whole run, panning every frame (rebuilt)", animateWhilePanning(renderer, n));
      std::printf("%-44s %6.1f fps\n", "  playing, whole run, through the event loop", playedFps(renderer, 3.0));
    }
    if (benched == 0) {
      std::fprintf(stderr, "warpscope-ui-bench: %s has no animated view%s\n", qPrintable(parser.value(resultFile)),
                   parser.isSet(viewId) ? " with that id" : "");
      return 2;
    }
    return 0;
  } else {
    view.id = "bench";
    view.title = "Synthetic trace";
    view.kind = ViewKind::Timeline;
    view.timeline = syntheticWarpTimeline(*checked[1], *checked[2], *checked[3], *checked[4]);
  }
  const double makeMs = static_cast<double>(build.nsecsElapsed()) / 1e6;
  TimelineRenderer renderer;
  build.start();
  renderer.show(view, banner, Provenance::Simulated);
  const double indexMs = static_cast<double>(build.nsecsElapsed()) / 1e6;
  QWidget* canvas = renderer.widget();
  canvas->resize(width, height);
  canvas->show();
  // Frames only reach the screen once the window is exposed (xcb maps it asynchronously).
  QElapsedTimer exposure;
  exposure.start();
  while ((!canvas->windowHandle() || !canvas->windowHandle()->isExposed()) && exposure.elapsed() < 5000)
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  QApplication::processEvents();

  std::printf("warpscope-ui-bench: platform %s, %dx%d, %zu rows, %zu spans, %d lanes per row\n",
              qPrintable(QApplication::platformName()), width, height, view.timeline.rows.size(),
              view.timeline.events.size(), view.timeline.rows.empty() ? 0 : view.timeline.rows.front().subRows);
  std::printf("trace made in %.1f ms, indexed for drawing in %.1f ms\n", makeMs, indexMs);

  report("whole run (rows aggregated per pixel)", animateFrames(renderer, n));
  report("whole run, panning every frame (rebuilt)", animateWhilePanning(renderer, n));
  TimelineViewport& vp = renderer.canvas()->figure().viewport();
  // Rows per group (warps per SM) of the trace at hand.
  int rowsPerSm = 0;
  for (const TimelineRow& row : view.timeline.rows) rowsPerSm += row.group == view.timeline.rows.front().group ? 1 : 0;
  rowsPerSm = std::max(1, rowsPerSm);
  vp.zoomRows((vp.r1() - vp.r0()) / rowsPerSm, 0);  // one SM: every warp a row of its own
  report("one SM (spans batched per colour)", animateFrames(renderer, n));
  vp.zoomRows(rowsPerSm / 8.0, 0);  // 8 warps: every lane a line of its own
  report("8 warps (lanes drawn)", animateFrames(renderer, n));
  vp.reset(renderer.canvas()->figure().model().startTime(), renderer.canvas()->figure().model().endTime(),
           renderer.canvas()->figure().model().rowCount());
  std::printf("%-44s %6.1f fps (the clock ticks every %d ms)\n", "playing, whole run, through the event loop",
              playedFps(renderer, 3.0), AnimationClock::kTickMs);
  return 0;
}
