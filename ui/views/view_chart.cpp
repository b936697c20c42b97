#include "view_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QFont>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

#include "focus_ring_item.h"
#include "qt_text.h"
#include "spread_band_item.h"
#include "ui_scale.h"

namespace warpscope::ui {

namespace {

/// True when series i has the same x values as an earlier (not pinned) series and every y within
/// 0.5% of it: drawn as is, it would hide that series completely.
bool coincidesWithAnEarlierSeries(const std::vector<Series>& series, std::size_t i) {
  const Series& s = series[i];
  if (s.points.empty()) return false;
  for (std::size_t j = 0; j < i; ++j) {
    const Series& other = series[j];
    if (!other.comparesWith.empty() || other.points.size() != s.points.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < s.points.size() && same; ++k) {
      const Point& a = s.points[k];
      const Point& b = other.points[k];
      same = a.x == b.x && std::abs(a.y - b.y) <= 0.005 * std::max(std::abs(a.y), std::abs(b.y));
    }
    if (same) return true;
  }
  return false;
}

constexpr qreal kLineWidth = 3.0;
constexpr qreal kMarkerSize = 5.0;
/// Past this many points per series the markers would merge into a solid band: lines only.
constexpr size_t kMaxPointsWithMarkers = 48;
constexpr qreal kFocusMarkerSize = 22.0;
constexpr int kAxisTitlePointSize = 13;
constexpr int kAxisLabelPointSize = 12;
constexpr int kLegendPointSize = 12;

QFont sizedFont(int pointSize, bool bold = false) {
  QFont f;
  f.setPointSize(scaledSize(pointSize));
  f.setBold(bold);
  return f;
}

bool hasSpread(const View& view) {
  for (const Series& s : view.series)
    for (const Point& p : s.points)
      if (p.yMax - p.yMin > 1e-12 * std::max(1.0, std::abs(p.y))) return true;
  return false;
}

/// A log axis cannot show values <= 0: such points are left out (View::logX/logY say so).
QList<QPointF> toPoints(const View& view, const Series& s, double Point::*field) {
  QList<QPointF> out;
  out.reserve(static_cast<qsizetype>(s.points.size()));
  for (const Point& p : s.points) {
    if ((view.logX && !(p.x > 0)) || (view.logY && !(p.*field > 0))) continue;
    out.append(QPointF(p.x, p.*field));
  }
  return out;
}

/// A log10 axis spanning whole decades around lo..hi (lo, hi > 0).
void setDecadeRange(QAbstractAxis* axis, double lo, double hi) {
  auto* log = static_cast<QLogValueAxis*>(axis);
  const double first = std::floor(std::log10(lo));
  double last = std::ceil(std::log10(hi));
  if (last <= first) last = first + 1;
  log->setRange(std::pow(10.0, first), std::pow(10.0, last));
}

/// Axis labels: whole numbers in full (1048576, not 1.04858e+06, which Qt Charts then cuts);
/// fractions as they are.
constexpr const char* kNumberLabelFormat = "%.10g";

QLogValueAxis* newLogAxis(double base) {
  auto* axis = new QLogValueAxis;
  axis->setBase(base);
  axis->setLabelFormat(QString::fromLatin1(kNumberLabelFormat));
  axis->setMinorTickCount(base == 10 ? 8 : 0);
  return axis;
}

/// The focus entry of the legend: the same on every move (focus_ring_item.h says why the
/// numbers are beside the ring instead).
QString focusLegendLabel() { return QObject::tr("Focus point"); }

/// What the ring at `p` reads: "512 → 0.93".
QString focusReadout(const QPointF& p) {
  return QObject::tr("%1 → %2").arg(formatNumber(p.x()), formatNumber(p.y(), 3));
}

}  // namespace

QString bannerFor(const RunResult& result) {
  std::string b = result.banner();
  if (!b.empty()) return toQ(b);
  return result.provenance == Provenance::Measured
             ? QObject::tr("Measured on %1").arg(toQ(result.deviceName))
             : QObject::tr("Simulated: %1").arg(toQ(result.deviceName));
}

namespace {
bool highContrastPalette = false;
}  // namespace

void setHighContrast(bool on) { highContrastPalette = on; }
bool highContrast() { return highContrastPalette; }

QColor seriesColor(int index) {
  // For a washed-out projector: saturated, dark colours far apart in lightness as well as hue.
  static const QColor strong[] = {
      QColor(0x00, 0x33, 0xCC),  // deep blue
      QColor(0xCC, 0x00, 0x00),  // red
      QColor(0x00, 0x80, 0x00),  // green
      QColor(0x00, 0x00, 0x00),  // black
      QColor(0xE6, 0x6A, 0x00),  // dark orange
      QColor(0x99, 0x00, 0x99),  // purple
      QColor(0x00, 0x80, 0x80),  // teal
      QColor(0x80, 0x60, 0x00),  // brown
  };
  if (highContrastPalette) {
    constexpr int n = static_cast<int>(std::size(strong));
    return strong[((index % n) + n) % n];
  }
  static const QColor palette[] = {
      QColor(0x00, 0x72, 0xB2),  // blue
      QColor(0xD5, 0x5E, 0x00),  // vermillion
      QColor(0x00, 0x9E, 0x73),  // bluish green
      QColor(0xCC, 0x79, 0xA7),  // reddish purple
      QColor(0xE6, 0x9F, 0x00),  // orange
      QColor(0x56, 0xB4, 0xE9),  // sky blue
      QColor(0x33, 0x33, 0x33),  // near black
      QColor(0x99, 0x99, 0x99),  // grey
  };
  constexpr int n = static_cast<int>(std::size(palette));
  return palette[((index % n) + n) % n];
}

bool prefersLogX(const View& view) {
  std::vector<double> xs;
  for (const Series& s : view.series)
    for (const Point& p : s.points) xs.push_back(p.x);
  if (xs.size() < 3) return false;
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  if (xs.size() < 3 || xs.front() <= 0) return false;
  if (xs.back() / xs.front() < 8) return false;  // 2..16 points per thread: three doublings
  // Geometric spacing: consecutive values mostly grow by a factor, not by a constant step.
  std::vector<double> ratios;
  for (size_t i = 1; i < xs.size(); ++i) ratios.push_back(xs[i] / xs[i - 1]);
  std::nth_element(ratios.begin(), ratios.begin() + static_cast<long>(ratios.size() / 2), ratios.end());
  return ratios[ratios.size() / 2] >= 1.4;
}

double niceStep(double span, int targetTicks) {
  if (!(span > 0) || targetTicks < 1) return 1;
  const double raw = span / targetTicks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double r = raw / magnitude;
  const double nice = r <= 1 ? 1 : r <= 2 ? 2 : r <= 2.5 ? 2.5 : r <= 5 ? 5 : 10;
  return nice * magnitude;
}

ViewChart::ViewChart(QChart* chart) : chart_(chart) {
  chart_->setAnimationOptions(QChart::NoAnimation);  // a slider drag must redraw at once
  chart_->legend()->setVisible(true);
  chart_->legend()->setAlignment(Qt::AlignRight);
  chart_->legend()->setFont(sizedFont(kLegendPointSize));
  chart_->legend()->setShowToolTips(true);
  chart_->setMargins(QMargins(8, 8, 8, 8));
  chart_->setBackgroundRoundness(0);
  // The light theme fills the chart with a gradient from white to white: the same pixels as
  // white, but computed per pixel on every repaint of the plot, which each re-measured focus
  // point asks for (warpscope_xy_redraw_bench: 2.9 -> 2.1 ms median here). A gradient of one
  // colour becomes that colour; any other stays.
  if (const QGradient* gradient = chart_->backgroundBrush().gradient()) {
    const QGradientStops stops = gradient->stops();
    const bool oneColour = !stops.isEmpty() && std::all_of(stops.begin(), stops.end(), [&](const QGradientStop& stop) {
      return stop.second == stops.front().second;
    });
    if (oneColour) chart_->setBackgroundBrush(stops.front().second);
  }
  // Qt Charts cuts an axis title longer than its axis ("Fraction of theoretical FP3..." at
  // 1280x720): shrink it to fit first, as far as 45% of its size (presenting, that is still the
  // desk's 70%).
  plotAreaWatch_ = QObject::connect(chart_, &QChart::plotAreaChanged, chart_, [this](const QRectF& plot) {
    fitAxisTitles(plot);
    remapItems();
  });
}

ViewChart::~ViewChart() { QObject::disconnect(plotAreaWatch_); }

void ViewChart::fitAxisTitles(const QRectF& plot) {
  const auto fit = [](QAbstractAxis* axis, qreal room) {
    if (!axis || axis->titleText().isEmpty() || room <= 0) return;
    const QFont base = sizedFont(kAxisTitlePointSize, true);
    const qreal wide = QFontMetricsF(base).horizontalAdvance(axis->titleText());
    QFont font = base;
    if (wide > room) font.setPointSizeF(std::max(base.pointSizeF() * 0.45, base.pointSizeF() * room / wide));
    if (font.pointSizeF() != axis->titleFont().pointSizeF()) axis->setTitleFont(font);  // no relayout loop
  };
  // Qt Charts measures the title as a rich-text document (margins, its own shaping) against less
  // than the plot's height: seen cutting "Shared-memory reads (GB/s)" at 85% of a 375-px plot
  // that QFontMetricsF said it fitted. Keep a quarter in hand on the short side.
  fit(yAxis_, 0.75 * plot.height() - 8);
  fit(xAxis_, 0.92 * plot.width() - 16);
  fitLogTickLabels(plot);
}

void ViewChart::fitLogTickLabels(const QRectF& plot) {
  // A log2 axis over bytes (128 ... 2097152) has a label per power of two: side by side they no
  // longer fit at 1280x720 and Qt Charts cuts every one ("1…", "2…"). Upright, they all fit.
  auto* axis = qobject_cast<QLogValueAxis*>(xAxis_);
  if (!axis || axis->min() <= 0 || axis->max() <= axis->min()) return;
  // The labels are the powers of the base inside the range (the range itself is padded).
  const QFontMetricsF fm(axis->labelsFont());
  int ticks = 0;
  qreal widest = 0;
  for (double v = std::pow(axis->base(), std::ceil(std::log(axis->min()) / std::log(axis->base())));
       v <= axis->max() * (1 + 1e-9) && ticks < 64; v *= axis->base()) {
    ++ticks;
    widest = std::max(widest, fm.horizontalAdvance(QString::asprintf(kNumberLabelFormat, v)));
  }
  // Upright once they no longer fit side by side; flat again only when they would fit with a
  // label's width to spare. Upright labels leave the plot wider (a flat last label overhangs the
  // plot's end), so with one threshold a plot width between the two flipped the labels on every
  // layout, and every flip laid the chart out again: a window that never went idle (atomics at
  // 131072 addresses in a 1500x900 window took a whole core, every move 300 ms).
  const qreal needed = ticks * (widest + 10);
  const bool upright = axis->labelsAngle() != 0;
  const int angle = (upright ? needed > plot.width() - widest : needed > plot.width()) ? -90 : 0;
  if (axis->labelsAngle() != angle) axis->setLabelsAngle(angle);  // no relayout loop
}

QString ViewChart::titleText() const { return chart_->title(); }

bool ViewChart::focusMarker(QPointF* at) const {
  if (!focusRing_ || focusRing_->values().isEmpty()) return false;
  if (at) *at = focusRing_->values().front();
  return true;
}

void ViewChart::remapItems() {
  for (auto& [name, line] : lines_)
    if (line.band) line.band->remap();
  if (focusRing_) focusRing_->remap();
}

void ViewChart::clear(const QString& message) {
  for (auto& [name, line] : lines_) delete line.band;  // before the series it maps through
  delete focusRing_;
  focusRing_ = nullptr;
  chart_->removeAllSeries();
  for (QAbstractAxis* axis : chart_->axes()) {
    chart_->removeAxis(axis);
    delete axis;
  }
  lines_.clear();
  seriesNames_.clear();
  viewId_.clear();
  focus_ = nullptr;
  xAxis_ = yAxis_ = nullptr;
  chart_->setTitle(QStringLiteral("<span style='font-size:15pt'>%1</span>").arg(message.toHtmlEscaped()));
}

bool ViewChart::show(const View& view, const QString& banner, Provenance provenance) {
  QVector<QString> names;
  for (const Series& s : view.series) names.append(toQ(s.name));
  const bool logX = view.logX || prefersLogX(view);
  const bool bands = hasSpread(view);
  const bool sameView = !viewId_.empty() && viewId_ == view.id && logX == logX_ && view.logY == logY_ && bands == hasBands_;
  // A focus run of a configuration the sweep lacks adds its series to the view on screen (one
  // point, until a sweep draws it whole: result_merge.h), once per move of such a parameter. The
  // new lines go after the others, where a rebuild would put them, without rebuilding the rest.
  const bool grew = sameView && names.size() > seriesNames_.size() &&
                    std::equal(seriesNames_.begin(), seriesNames_.end(), names.begin()) &&
                    std::none_of(view.series.begin() + seriesNames_.size(), view.series.end(),
                                 [](const Series& s) { return !s.comparesWith.empty(); });
  const bool inPlace = sameView && (names == seriesNames_ || grew);
  if (grew) {
    appendLines(view, static_cast<std::size_t>(seriesNames_.size()));
    seriesNames_ = names;
  }
  if (!inPlace) {
    chart_->legend()->setMinimumWidth(0);
    clear(QString());
    viewId_ = view.id;
    seriesNames_ = names;
    hasBands_ = bands;
    rebuild(view, logX, view.logY);
  }
  updatePoints(view);
  // A legend that narrows or widens (a series a focus run added) moves the plot area, and Qt
  // Charts then lays out the axes and their grid again. Once wide, it stays wide for this view.
  // (The focus entry's text no longer changes with the numbers: they are the ring's readout.)
  if (inPlace) {
    QLegend* legend = chart_->legend();
    if (const qreal wide = std::max(legend->minimumWidth(), legend->size().width()); wide != legend->minimumWidth())
      legend->setMinimumWidth(wide);
  }
  updateFocus(view);
  updateAxes(view, logX, inPlace);
  remapItems();
  setTitle(view, banner, provenance);
  return inPlace;
}

void ViewChart::rebuild(const View& view, bool logX, bool logY) {
  logX_ = logX;
  logY_ = logY;
  if (logX) {
    // Decades when the lab asks for a log axis; doublings when the data suggested one.
    xAxis_ = newLogAxis(view.logX ? 10 : 2);
  } else {
    auto* axis = new QValueAxis;
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setLabelFormat(QString::fromLatin1(kNumberLabelFormat));
    xAxis_ = axis;
  }
  if (logY) {
    yAxis_ = newLogAxis(10);
  } else {
    auto* y = new QValueAxis;
    y->setTickType(QValueAxis::TicksDynamic);
    y->setLabelFormat(QStringLiteral("%g"));
    yAxis_ = y;
  }
  for (QAbstractAxis* axis : {xAxis_, yAxis_}) {
    axis->setTitleFont(sizedFont(kAxisTitlePointSize, true));
    axis->setLabelsFont(sizedFont(kAxisLabelPointSize));
    axis->setGridLineColor(QColor(0xDD, 0xDD, 0xDD));
  }
  xAxis_->setTitleText(toQ(view.xLabel));
  yAxis_->setTitleText(toQ(view.yLabel));
  chart_->addAxis(xAxis_, Qt::AlignBottom);
  chart_->addAxis(yAxis_, Qt::AlignLeft);

  colorIndex_ = 0;
  colorOf_.clear();
  for (std::size_t seriesIndex = 0; seriesIndex < view.series.size(); ++seriesIndex) addLine(view, seriesIndex);
  addFocusSeries();
}

void ViewChart::addLine(const View& view, std::size_t seriesIndex) {
  const Series& s = view.series[seriesIndex];
  const bool pinned = !s.comparesWith.empty();
  const auto counterpart = colorOf_.find(s.comparesWith);  // a pinned series takes its counterpart's colour
  const QColor color =
      !pinned ? seriesColor(colorIndex_) : counterpart != colorOf_.end() ? counterpart->second : QColor(0x55, 0x55, 0x55);
  if (!pinned) colorOf_[s.name] = color;
  Line line;
  QColor bandFill = color;
  bandFill.setAlpha(50);
  if (hasBands_ && !pinned && colorIndex_ == 0) {
    // One legend entry explains every band: an area series with no points, only its swatch.
    auto* legendOnly = new QAreaSeries;
    legendOnly->setUpperSeries(new QLineSeries(legendOnly));
    legendOnly->setName(QObject::tr("Shaded: fastest to slowest repetition"));
    legendOnly->setBrush(bandFill);
    legendOnly->setPen(Qt::NoPen);
    chart_->addSeries(legendOnly);
    legendOnly->attachAxis(xAxis_);
    legendOnly->attachAxis(yAxis_);
  }
  line.line = new QLineSeries;
  line.line->setName(toQ(s.name));
  QPen pen(color, highContrastPalette ? kLineWidth * 1.6 : kLineWidth);
  // Past the palette, a dash pattern keeps lines apart where colours repeat; a pinned run is
  // dashed in its counterpart's colour, without markers, under the run on screen.
  if (colorIndex_ >= 8 || pinned) pen.setStyle(pinned ? Qt::DashLine : Qt::DashDotLine);
  // A series lying on an earlier one (the counters equal to the rule, a model on its measurement)
  // would hide it: drawn thin and dotted on top, the line beneath stays in sight.
  const bool liesOnAnother = !pinned && coincidesWithAnEarlierSeries(view.series, seriesIndex);
  if (liesOnAnother) {
    pen.setWidthF(pen.widthF() * 0.6);
    pen.setStyle(Qt::DotLine);
  }
  line.line->setPen(pen);
  line.line->setPointsVisible(!pinned && !liesOnAnother && s.points.size() <= kMaxPointsWithMarkers);
  line.line->setMarkerSize(kMarkerSize);
  chart_->addSeries(line.line);
  line.line->attachAxis(xAxis_);
  line.line->attachAxis(yAxis_);
  if (hasBands_ && !pinned) line.band = new SpreadBandItem(chart_, line.line, bandFill);
  lines_[s.name] = line;
  if (!pinned) ++colorIndex_;
}

void ViewChart::appendLines(const View& view, std::size_t from) {
  // The focus entry ends the legend, as after a rebuild: it steps out while the lines go in.
  chart_->removeSeries(focus_);
  for (std::size_t seriesIndex = from; seriesIndex < view.series.size(); ++seriesIndex) addLine(view, seriesIndex);
  chart_->addSeries(focus_);
  focus_->attachAxis(xAxis_);
  focus_->attachAxis(yAxis_);
  focusEntryShown_ = true;  // a series added to a chart gets a new marker, shown
}

void ViewChart::addFocusSeries() {
  focus_ = new QScatterSeries;
  focus_->setMarkerShape(QScatterSeries::MarkerShapeCircle);
  focus_->setMarkerSize(kFocusMarkerSize);
  focus_->setColor(QColor(255, 255, 255, 0));
  focus_->setBorderColor(QColor(0x11, 0x11, 0x11));
  QPen ring(QColor(0x11, 0x11, 0x11), 3.5);
  focus_->setPen(ring);
  chart_->addSeries(focus_);
  focus_->attachAxis(xAxis_);
  focus_->attachAxis(yAxis_);
  focusEntryShown_ = true;  // a series added to a chart gets a new marker, shown
  // The ring itself, in the scatter series' pen and brush (focus_ring_item.h says why apart).
  focusRing_ = new FocusRingItem(chart_, focus_, kFocusMarkerSize, focus_->pen(), focus_->brush());
  focusRing_->setReadoutFont(chart_->legend()->font());
}

void ViewChart::updatePoints(const View& view) {
  for (const Series& s : view.series) {
    auto it = lines_.find(s.name);
    if (it == lines_.end()) continue;
    Line& line = it->second;
    // Unchanged points (every point but the focus on a focus move, often that one too) are left
    // alone: Qt Charts repaints a series it is given, and the plot under it, even when equal.
    if (QList<QPointF> points = toPoints(view, s, &Point::y); points != line.line->points())
      line.line->replace(points);  // one repaint, not one per point
    if (line.band) {
      // Edges point for point: a point whose either edge a log axis cannot show is left out.
      QList<QPointF> upper, lower;
      for (const Point& p : s.points) {
        if ((view.logX && !(p.x > 0)) || (view.logY && !(p.yMin > 0 && p.yMax > 0))) continue;
        upper.append(QPointF(p.x, p.yMax));
        lower.append(QPointF(p.x, p.yMin));
      }
      line.band->setEdges(std::move(upper), std::move(lower));
    }
  }
}

void ViewChart::updateFocus(const View& view) {
  if (!focus_) return;
  QList<QPointF> at;
  if (view.hasFocus) {
    for (const Series& s : view.series) {
      if (s.name != view.focusSeries) continue;
      for (const Point& p : s.points)
        if (p.x == view.focusX && !(view.logX && !(p.x > 0)) && !(view.logY && !(p.y > 0)))
          at.append(QPointF(p.x, p.y));
    }
  }
  QStringList readouts;
  for (const QPointF& p : at) readouts << focusReadout(p);
  if (at != focusRing_->values() || readouts != focusRing_->readouts()) focusRing_->setValues(at, readouts);
  // The legend lays itself out again (and the chart with it) for a new label: only when it is.
  if (const QString name = at.isEmpty() ? QString() : focusLegendLabel(); name != focus_->name()) focus_->setName(name);
  // The marker's own flag, not QLegendMarker::isVisible(): before the window is shown every item
  // reads as hidden, so a comparison with it never hid an empty focus entry on a first display.
  if (const bool shown = !at.isEmpty(); shown != focusEntryShown_) {
    for (QLegendMarker* m : chart_->legend()->markers(focus_)) m->setVisible(shown);
    focusEntryShown_ = shown;
  }
}

void ViewChart::updateAxes(const View& view, bool logX, bool keepFittingRange) {
  double xMin = std::numeric_limits<double>::infinity();
  double xMax = -xMin;
  double yMax = 0;
  double yMin = 0;
  double yMinPositive = std::numeric_limits<double>::infinity();
  for (const Series& s : view.series)
    for (const Point& p : s.points) {
      if (view.logX && !(p.x > 0)) continue;
      xMin = std::min(xMin, p.x);
      xMax = std::max(xMax, p.x);
      yMax = std::max({yMax, p.y, p.yMax});
      yMin = std::min({yMin, p.y, p.yMin});
      for (double y : {p.y, p.yMin})
        if (y > 0) yMinPositive = std::min(yMinPositive, y);
    }
  if (!std::isfinite(xMin)) {
    xMin = view.logX ? 1 : 0;
    xMax = view.logX ? 10 : 1;
  }
  if (view.logX) {
    setDecadeRange(xAxis_, xMin, xMax);
  } else if (logX) {
    // Half a doubling of room each side so edge markers are not cut.
    xAxis_->setRange(xMin / 1.3, xMax * 1.3);
  } else {
    double span = xMax - xMin;
    if (span <= 0) span = std::max(1.0, std::abs(xMax));
    const double lo = (xMin >= 0 && xMin <= 0.15 * xMax) ? 0.0 : xMin - 0.03 * span;
    const double hi = xMax + 0.03 * span;
    auto* axis = static_cast<QValueAxis*>(xAxis_);
    axis->setTickAnchor(0);
    axis->setTickInterval(niceStep(hi - lo, 8));
    axis->setRange(lo, hi);
  }
  if (logY_) {
    const double top = std::max(yMax, view.yMaxHint);
    if (!std::isfinite(yMinPositive) || !(top > 0)) setDecadeRange(yAxis_, 1, 10);
    else setDecadeRange(yAxis_, yMinPositive, top);
    return;
  }
  // y starts at zero: these are rates and fractions, and a cropped axis exaggerates.
  double top = std::max(yMax, view.yMaxHint);
  if (top <= 0) top = 1;
  auto* y = static_cast<QValueAxis*>(yAxis_);
  // On a GPU every focus move measures its point again, often the highest one: a top that
  // followed each new maximum made the chart twitch during a drag and laid the axis (its labels
  // shaped anew, its grid) and every series out again on each move (perf of
  // warpscope_xy_redraw_bench: 14% of the samples; its median moved within the noise). In place,
  // the top stays while the data fit under it with at most kSpareTop more room than a new chart's.
  constexpr double kRoom = 1.06;
  constexpr double kSpareTop = 1.15;
  if (keepFittingRange && y->min() == yMin && y->max() >= top && y->max() <= top * kRoom * kSpareTop) return;
  top *= kRoom;
  y->setTickAnchor(0);
  y->setTickInterval(niceStep(top - yMin, 6));
  y->setRange(yMin, top);
}

void ViewChart::setTitle(const View& view, const QString& banner, Provenance provenance) {
  // Measured and simulated charts look different at a glance from the back of the room.
  const QString bannerColor =
      provenance == Provenance::Measured ? QStringLiteral("#1b6e20") : QStringLiteral("#8a3b00");
  const QString title = QStringLiteral("<div align='center'><span style='font-size:16pt; font-weight:600'>%1</span>"
                                       "<br><span style='font-size:13pt; color:%2'>%3</span></div>")
                            .arg(toQ(view.title).toHtmlEscaped(), bannerColor, banner.toHtmlEscaped());
  if (title != chart_->title()) chart_->setTitle(title);  // a new title lays the chart out again
}

}  // namespace warpscope::ui
