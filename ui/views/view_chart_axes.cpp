// ViewChart's axes (view_chart.h): their kinds (linear, log10, the log2 the data suggest), their
// ranges from the data, titles shrunk to fit along the plot and log tick labels turned upright
// when side by side they would be cut. The lines, the legend and the focus are view_chart.cpp's.
#include <QAbstractAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "qt_text.h"
#include "view_chart.h"
#include "figure_chrome.h"
#include "view_chart_fonts.h"

namespace warpscope::ui {

using namespace chart_fonts;

namespace {

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

}  // namespace

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

void ViewChart::addAxes(const View& view) {
  if (logX_) {
    // Decades when the lab asks for a log axis; doublings when the data suggested one.
    xAxis_ = newLogAxis(view.logX ? 10 : 2);
  } else {
    auto* axis = new QValueAxis;
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setLabelFormat(QString::fromLatin1(kNumberLabelFormat));
    xAxis_ = axis;
  }
  if (logY_) {
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
  xLabel_ = toQ(view.xLabel);
  yLabel_ = toQ(view.yLabel);
  xAxis_->setTitleText(xLabel_);
  yAxis_->setTitleText(yLabel_);
  chart_->addAxis(xAxis_, Qt::AlignBottom);
  chart_->addAxis(yAxis_, Qt::AlignLeft);
}

void ViewChart::fitAxisTitles(const QRectF& plot) {
  // A title too long for the plot takes more lines before it gets smaller; on a projector (the
  // presentation type scale) never below 16 px, which a back row still reads (issue 28: titles
  // at 11 px, and cut with "...").
  const bool projector = uiScale() >= kPresentationTypeScale;
  const auto fit = [projector](QAbstractAxis* axis, const QString& label, qreal room, int maxLines) {
    if (!axis || label.isEmpty() || room <= 0) return;
    const QFont base = sizedFont(kAxisTitlePointSize, true);
    const qreal floor = projector ? std::max(base.pointSizeF() * 0.45, kProjectorMinTitlePx * 0.75)  // px -> pt at 96 dpi
                                  : base.pointSizeF() * 0.45;
    // The largest size from the base down to the floor at which the title fits in up to maxLines
    // lines; at the floor, one line shrunk to fit (Qt Charts cuts what still does not fit).
    // One line, however much smaller, before more lines: Qt Charts lays a rotated title of
    // several lines out less reliably (seen cutting "Total time<br>(ms)" that fitted).
    QFont font = base;
    QStringList lines;
    for (int most = 1; most <= maxLines && lines.isEmpty(); ++most)
      for (qreal size = base.pointSizeF(); size >= floor && lines.isEmpty(); size -= 0.5) {
        font.setPointSizeF(size);
        lines = linesWithin(label, QFontMetricsF(font), room, most);
      }
    if (lines.isEmpty()) {
      const qreal wide = QFontMetricsF(base).horizontalAdvance(label);
      font.setPointSizeF(std::max(floor, base.pointSizeF() * room / wide));
      lines = QStringList{label};
    }
    QStringList escaped;
    for (const QString& line : lines) escaped << line.toHtmlEscaped();
    const QString text = lines.size() == 1 ? label : escaped.join(QStringLiteral("<br>"));
    if (text != axis->titleText()) axis->setTitleText(text);
    if (font.pointSizeF() != axis->titleFont().pointSizeF()) axis->setTitleFont(font);  // no relayout loop
  };
  // Qt Charts measures the title as a rich-text document (margins, its own shaping) against less
  // than the plot's height: seen cutting "Shared-memory reads (GB/s)" at 85% of a 375-px plot
  // that QFontMetricsF said it fitted. Keep a fifth in hand on the short side.
  // Up to four lines along the y axis (they take width, of which there is more), one along x.
  fit(yAxis_, yLabel_, 0.8 * plot.height() - 8, 4);
  fit(xAxis_, xLabel_, 0.92 * plot.width() - 16, 1);
  fitLogTickLabels(plot);
}

void ViewChart::fitLogTickLabels(const QRectF& plot) {
  // A log2 axis over bytes (128 ... 2097152) has a label per power of two: side by side they no
  // longer fit at 1280x720 and Qt Charts cuts every one ("1…", "2…"). Upright, they all fit.
  auto* axis = qobject_cast<QLogValueAxis*>(xAxis_);
  if (!axis || axis->min() <= 0 || axis->max() <= axis->min()) return;
  // Powers of ten from 10^4 on read "1e+04": five characters side by side, where "1000000"
  // upright was cut to "1000..." at 1280x720 (issue 28).
  const QString format = QString::fromLatin1(axis->base() == 10 && axis->max() >= 1e4 ? "%.4g" : kNumberLabelFormat);
  if (axis->labelFormat() != format) axis->setLabelFormat(format);  // no relayout loop
  // The labels are the powers of the base inside the range (the range itself is padded).
  const QFontMetricsF fm(axis->labelsFont());
  int ticks = 0;
  qreal widest = 0;
  for (double v = std::pow(axis->base(), std::ceil(std::log(axis->min()) / std::log(axis->base())));
       v <= axis->max() * (1 + 1e-9) && ticks < 64; v *= axis->base()) {
    ++ticks;
    widest = std::max(widest, fm.horizontalAdvance(QString::asprintf(format.toLatin1().constData(), v)));
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
  if (view.extentHint) {  // predict first: the whole data's axes while part of it is veiled
    const ViewExtent& e = *view.extentHint;
    xMin = std::min(xMin, e.xMin);
    xMax = std::max(xMax, e.xMax);
    yMax = std::max(yMax, e.yMax);
    if (e.yMin > 0) yMinPositive = std::min(yMinPositive, e.yMin);
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

}  // namespace warpscope::ui
