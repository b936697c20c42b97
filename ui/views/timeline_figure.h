#pragma once
/// \file timeline_figure.h
/// Paints a timeline figure with QPainter alone (no widgets, no graphics scene), so the window
/// and the PNG/SVG/PDF export draw the same picture and it stays fast at 8448 rows: only the
/// visible time window and rows are visited; when rows are thinner than about a pixel each
/// pixel row shows the coverage of the rows it spans (computed into one image) instead of
/// every span; otherwise spans are batched into one fill per colour. Lanes (sub-rows) show
/// once each lane gets a pixel and a half. Spans after the cursor are faded, so playing the
/// cursor shows the run growing.

#include <QImage>
#include <QRectF>
#include <QString>

#include <vector>

#include "figure_chrome.h"
#include "timeline_model.h"
#include "timeline_viewport.h"

namespace warpscope::ui {

class TimelineFigure {
 public:
  struct Layout {
    QRectF title;   ///< Title and banner.
    QRectF legend;
    QRectF gutter;  ///< Group and row labels, left of the plot.
    QRectF plot;
    QRectF axis;    ///< Time ticks and the axis title, under the plot.
  };

  /// Shows a timeline view; a view with the same id keeps the zoom and pan.
  void setView(const View& view, const QString& banner, Provenance provenance);
  void clear(const QString& message);

  [[nodiscard]] const TimelineModel& model() const { return model_; }
  [[nodiscard]] TimelineViewport& viewport() { return viewport_; }
  [[nodiscard]] const TimelineViewport& viewport() const { return viewport_; }
  [[nodiscard]] const std::string& viewId() const { return viewId_; }

  /// The animation's position; spans after it are faded. At or past the end nothing is.
  void setCursorTime(double time) { cursor_ = time; }
  [[nodiscard]] double cursorTime() const { return cursor_; }
  [[nodiscard]] bool cursorInside() const { return cursor_ < model_.endTime(); }

  [[nodiscard]] Layout layout(const QRectF& area) const;
  void paint(QPainter& painter, const QRectF& area) const;

  /// The event under `pos` in a figure laid out in `area` (3 px of slack), or -1.
  [[nodiscard]] int eventAt(QPointF pos, const QRectF& area) const;
  /// Kind, row, times with the unit, lanes and payload of an event: the tooltip.
  [[nodiscard]] QString describeEvent(int eventIndex) const;
  [[nodiscard]] QString titleText() const;
  /// Legend entries: one per span kind, plus what fading and pale lanes mean when shown.
  [[nodiscard]] std::vector<LegendEntry> legendEntries() const;

  /// Rows drawn as aggregated coverage below this many pixels per row.
  static constexpr double kAggregateBelowPx = 1.5;
  /// Lanes are drawn once each gets at least this many pixels.
  static constexpr double kMinLanePx = 1.5;

 private:
  void paintBackground(QPainter& painter, const QRectF& plot) const;
  void paintSpansAggregated(QPainter& painter, const QRectF& plot) const;
  void paintSpans(QPainter& painter, const QRectF& plot) const;
  void paintLabels(QPainter& painter, const Layout& l) const;
  void paintTimeAxis(QPainter& painter, const Layout& l) const;
  void paintCursor(QPainter& painter, const QRectF& plot) const;
  [[nodiscard]] bool lanesVisible(const QRectF& plot) const;
  [[nodiscard]] QColor colorOfKind(int kind) const;

  /// The aggregated picture of the visible window twice: every span lit, every span faded.
  /// Moving the cursor only changes where one gives way to the other, so an animation frame
  /// is two image blits; zoom, pan, a new size or new data rebuild it.
  struct CoverageCache {
    QImage lit;
    QImage faded;
    double t0 = 0, t1 = 0, r0 = 0, r1 = 0;
    quint64 generation = 0;
  };
  void buildCoverage(int width, int height) const;

  TimelineModel model_;
  quint64 generation_ = 0;  ///< Bumped by every setView/clear.
  mutable CoverageCache coverage_;
  TimelineViewport viewport_;
  std::string viewId_;
  QString title_;
  QString banner_;
  QString message_;
  Provenance provenance_ = Provenance::Simulated;
  double cursor_ = 0;
  qreal groupLabelWidth_ = 0;
  qreal rowLabelWidth_ = 0;
};

}  // namespace warpscope::ui
