#pragma once
/// \file view_chart.h
/// Turns one backend View into a Qt Chart: series with markers, the spread of repeated
/// measurements as a band, the highlighted focus point, axes with units and the provenance
/// banner *inside* the chart (in the title), so every screenshot and export says what made it.
/// Used by the on-screen ChartPanel and by ExportController's off-screen render alike.

#include <QColor>
#include <QMetaObject>
#include <QRectF>
#include <QPointF>
#include <QString>
#include <QVector>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "chart_change_area.h"

#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QAreaSeries;
class QChart;
class QLineSeries;
class QScatterSeries;
QT_END_NAMESPACE

namespace warpscope::ui {

class FocusRingItem;
class SpreadBandItem;

/// The banner line for a result: RunResult::banner(), or a fallback built from the device name
/// when the backend left it empty (a chart must never go without one).
QString bannerFor(const RunResult& result);
/// The banner of one view of `result`: bannerFor(result) for what the run made; for a view its
/// lab declares as Warpscope's model or as a calculation (ViewSource) of a GPU's run, what made
/// that view instead ("Warpscope's model of NVIDIA H100 ...", "CUDA's occupancy rules for ...").
QString bannerFor(const RunResult& result, const View& view);
/// How that view's banner is coloured: Measured only for what the GPU's run made.
Provenance provenanceFor(const RunResult& result, const View& view);

/// Colour-blind-safe line colours (Okabe-Ito); with the high-contrast palette on, saturated dark
/// colours and thicker lines for a washed-out projector.
QColor seriesColor(int index);
/// View > High-contrast palette: every renderer's series and bar colours (figures drawn after
/// the switch, exports included).
void setHighContrast(bool on);
[[nodiscard]] bool highContrast();

/// Drives one QChart (not owned). Keeps the series it created so a result with the same view
/// and series names updates the existing series in place instead of rebuilding the chart.
class ViewChart {
 public:
  explicit ViewChart(QChart* chart);
  ~ViewChart();
  ViewChart(const ViewChart&) = delete;
  ViewChart& operator=(const ViewChart&) = delete;

  /// Shows `view` under `banner`. In place when the view id and series names are unchanged,
  /// otherwise rebuilds. Returns true when it updated in place.
  bool show(const View& view, const QString& banner, Provenance provenance);
  /// Empties the chart and shows `message` as its title (e.g. "Waiting for the first run").
  void clear(const QString& message);

  [[nodiscard]] QChart* chart() const { return chart_; }
  /// The full title text, banner included (what tests check).
  [[nodiscard]] QString titleText() const;
  /// The focus marker's position, if one is shown.
  [[nodiscard]] bool focusMarker(QPointF* at) const;
  /// Once the chart is laid out after show(): the scene area the shows since the last call
  /// changed, when that is all they changed (chart_change_area.h), or nothing (repaint it all).
  /// `why` (optional): when the whole chart is to be repainted, what changed beyond points.
  [[nodiscard]] std::optional<QList<QRectF>> takeChangedArea(QString* why = nullptr);

 private:
  struct Line {
    QLineSeries* line = nullptr;
    SpreadBandItem* band = nullptr;  ///< Slowest to fastest repetition, under the line (a child of the chart).
    std::vector<Point> shown;        ///< The points on screen, to tell which ones an update changed.
  };

  void rebuild(const View& view, bool logX, bool logY);
  /// New axes for `view` (log or linear as logX_ and logY_ say), titled, on the chart.
  void addAxes(const View& view);
  /// The line (and band) of view.series[seriesIndex], in the next colour of the palette.
  void addLine(const View& view, std::size_t seriesIndex);
  /// The lines of view.series from `from` on, after those on the chart.
  void appendLines(const View& view, std::size_t from);
  /// The focus series (its legend entry) and the ring, after every line.
  void addFocusSeries();
  void updatePoints(const View& view);
  void updateFocus(const View& view);
  /// Ranges from the data; `keepFittingRange` (an in-place update) keeps a linear y range the
  /// data still fit with little room to spare.
  void updateAxes(const View& view, bool logX, bool keepFittingRange);
  void setTitle(const View& view, const QString& banner, Provenance provenance);
  /// Shrinks an axis title that would not fit along the plot (Qt Charts would cut it).
  void fitAxisTitles(const QRectF& plot);
  /// Turns the x tick labels of a log axis upright when side by side they would be cut.
  void fitLogTickLabels(const QRectF& plot);
  /// Maps every spread band and the focus ring onto the plot again (axes or plot area changed).
  void remapItems();

  QChart* chart_;
  std::string viewId_;
  QVector<QString> seriesNames_;
  std::map<std::string, Line> lines_;
  int colorIndex_ = 0;                        ///< The palette index of the next (not pinned) line.
  std::map<std::string, QColor> colorOf_;     ///< Each line's colour, which its pinned run takes.
  QScatterSeries* focus_ = nullptr;  ///< No points: the focus entry of the legend.
  FocusRingItem* focusRing_ = nullptr;  ///< The ring on the chart (a child of the chart).
  /// Whether the focus entry's legend marker is shown, as last set (its isVisible() reads false
  /// until the window is shown).
  bool focusEntryShown_ = true;
  QAbstractAxis* xAxis_ = nullptr;
  /// The axis titles as declared (fitAxisTitles may show them on two lines).
  QString xLabel_;
  QString yLabel_;
  QAbstractAxis* yAxis_ = nullptr;
  bool logX_ = false;
  bool logY_ = false;
  bool hasBands_ = false;
  QMetaObject::Connection plotAreaWatch_;
  /// What the shows not yet painted changed.
  std::optional<ChartChangeArea> pending_;
};

/// True when x values are positive and spread over a wide geometric range (e.g. 4..256 bytes
/// per thread), where a log2 axis shows the doublings evenly.
bool prefersLogX(const View& view);

/// A "nice" tick step (1, 2, 2.5 or 5 x 10^k) that cuts `span` into about `targetTicks` intervals.
double niceStep(double span, int targetTicks);

}  // namespace warpscope::ui
