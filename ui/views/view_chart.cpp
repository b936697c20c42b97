#include "view_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QFont>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <limits>
#include <cmath>

#include "focus_ring_item.h"
#include "qt_text.h"
#include "spread_band_item.h"
#include "view_chart_fonts.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

using namespace chart_fonts;

namespace {

/// True when series i lies on an earlier (not pinned) series, or on the slide's focus series,
/// over much of its length: drawn as is, it would hide that series.
bool liesOnAnotherSeries(const std::vector<Series>& series, std::size_t i, const std::string& focusSeries) {
  // Lines closer than a line's width on a projector's plot (1.5% of the data's height) over at
  // least 80% of this series' points: ILP 4, 6 and 8 all at the FP32 peak from 128 threads on
  // drew one line, the slide's ILP 4 under the others (issue 28). Series that part only where
  // they all reach a ceiling (ILP 1 against ILP 4) stay solid: where they differ is the point.
  const Series& s = series[i];
  // The slide's own series (the focus) stays solid; the ones lying on it are thinned instead.
  if (s.points.empty() || s.name == focusSeries) return false;
  double height = 0;
  for (const Series& any : series)
    for (const Point& p : any.points) height = std::max(height, std::abs(p.y));
  const double close = 0.015 * height;
  for (std::size_t j = 0; j < series.size(); ++j) {
    const Series& other = series[j];
    if (j == i || (j > i && other.name != focusSeries) || !other.comparesWith.empty() || other.points.empty()) continue;
    std::size_t near = 0;
    for (const Point& a : s.points)
      for (const Point& b : other.points)
        if (a.x == b.x) {
          near += std::abs(a.y - b.y) <= close;
          break;
        }
    if (near * 10 >= s.points.size() * 8) return true;
  }
  return false;
}

constexpr qreal kLineWidth = 3.0;
constexpr qreal kMarkerSize = 5.0;
/// Past this many points per series the markers would merge into a solid band: lines only.
constexpr size_t kMaxPointsWithMarkers = 48;
constexpr qreal kFocusMarkerSize = 22.0;
/// Whether some point's spread (fastest to slowest repetition) would show as a band: at least
/// kVisibleSpreadShare of the data's y span (about 2 px of a 400-px plot), on the axis's scale.
/// Below that the bands are not drawn and the legend does not explain a shading nobody sees.
constexpr double kVisibleSpreadShare = 0.005;

bool hasVisibleSpread(const View& view) {
  const auto onAxis = [&](double y) { return view.logY ? (y > 0 ? std::log10(y) : std::nan("")) : y; };
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Series& s : view.series)
    for (const Point& p : s.points)
      for (const double y : {p.y, p.yMin, p.yMax})
        if (const double a = onAxis(y); std::isfinite(a)) {
          low = std::min(low, a);
          high = std::max(high, a);
        }
  if (!(high > low)) return false;
  for (const Series& s : view.series)
    for (const Point& p : s.points) {
      const double band = onAxis(p.yMax) - onAxis(p.yMin);
      if (std::isfinite(band) && band >= kVisibleSpreadShare * (high - low)) return true;
    }
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
/// What the view's lab declares makes it; Run when the lab or view is not known (an old file).
ViewSource declaredSource(const RunResult& result, const View& view) {
  if (const LabSpec* lab = LabRegistry::builtin().find(result.labId))
    for (const ViewSpec& declared : lab->views)
      if (declared.id == view.id) return declared.source;
  return ViewSource::Run;
}
}  // namespace

QString bannerFor(const RunResult& result, const View& view) {
  const ViewSource source = declaredSource(result, view);
  // What the compiler made is the same whether a GPU ran it or not: said as such, not simulated.
  if (source == ViewSource::Compiler)
    return result.provenance == Provenance::Measured
               ? QObject::tr("Compiled for the %1 (NVRTC), the code it ran%2")
                     .arg(toQ(result.deviceName),
                          result.recordedOn.empty() ? QString() : QObject::tr(", recorded %1").arg(toQ(result.recordedOn)))
               : QObject::tr("Compiled for the %1's architecture (NVRTC): no GPU ran it").arg(toQ(result.deviceName));
  // A compile-only run (a lab the simulator has no model of): its calculator views are CUDA's
  // occupancy rules applied to what the compiler made, not the model's.
  if (result.provenance != Provenance::Measured && source == ViewSource::Calculator && result.recordedOn.empty())
    if (const labs::LabDefinition* lab = LabRegistry::builtin().definition(result.labId);
        lab && lab->compilesOnlyWithoutGpu)
      return QObject::tr("Computed: CUDA's occupancy rules for the %1, from the compiler's figures").arg(toQ(result.deviceName));
  // On the simulator every view is the model already, and its banner says so.
  if (result.provenance != Provenance::Measured) return bannerFor(result);
  const QString when = result.recordedOn.empty() ? QString() : QObject::tr(", recorded %1").arg(toQ(result.recordedOn));
  switch (source) {
    case ViewSource::Model:
      return QObject::tr("Warpscope's model of the %1 (beside its measured run%2)").arg(toQ(result.deviceName), when);
    case ViewSource::Calculator:
      return QObject::tr("Computed: CUDA's occupancy rules for the %1").arg(toQ(result.deviceName));
    case ViewSource::Compiler:
    case ViewSource::Run: break;
  }
  return bannerFor(result);
}

Provenance provenanceFor(const RunResult& result, const View& view) {
  return declaredSource(result, view) == ViewSource::Run ? result.provenance : Provenance::Simulated;
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

std::optional<QList<QRectF>> ViewChart::takeChangedArea(QString* why) {
  if (why) *why = QStringLiteral("nothing shown before");
  std::optional<QList<QRectF>> area = pending_ ? pending_->area(why) : std::nullopt;
  pending_.reset();
  return area;
}

namespace {
/// Characters a line of the empty chart's message holds: 15 pt text in a 480-pixel chart.
constexpr int kPlaceholderLineChars = 44;
}  // namespace

void ViewChart::clear(const QString& message) {
  if (pending_) pending_->changedEverything(QStringLiteral("the chart was cleared"));  // before what it maps through goes
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
  // Qt Charts cuts a title that does not fit on one line: a long message (a run's error) is broken
  // into short lines here, so it reads whole in a narrow window too.
  QStringList lines;
  for (const QString& word : message.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (lines.isEmpty() || lines.back().size() + 1 + word.size() > kPlaceholderLineChars)
      lines.push_back(word);
    else
      lines.back() += QLatin1Char(' ') + word;
  }
  QStringList escaped;
  for (const QString& line : lines) escaped.push_back(line.toHtmlEscaped());
  chart_->setTitle(QStringLiteral("<span style='font-size:15pt'>%1</span>").arg(escaped.join(QStringLiteral("<br>"))));
}

bool ViewChart::show(const View& view, const QString& banner, Provenance provenance) {
  QVector<QString> names;
  for (const Series& s : view.series) names.append(toQ(s.name));
  const bool logX = view.logX || prefersLogX(view);
  const bool bands = hasVisibleSpread(view);
  const bool sameView = !viewId_.empty() && viewId_ == view.id && logX == logX_ && view.logY == logY_ && bands == hasBands_;
  // A focus run of a configuration the sweep lacks adds its series to the view on screen (one
  // point, until a sweep draws it whole: result_merge.h), once per move of such a parameter. The
  // new lines go after the others, where a rebuild would put them, without rebuilding the rest.
  const bool grew = sameView && names.size() > seriesNames_.size() &&
                    std::equal(seriesNames_.begin(), seriesNames_.end(), names.begin()) &&
                    std::none_of(view.series.begin() + seriesNames_.size(), view.series.end(),
                                 [](const Series& s) { return !s.comparesWith.empty(); });
  const bool inPlace = sameView && (names == seriesNames_ || grew);
  // Shows the window has not painted yet add up: the area is what they changed together.
  if (!pending_) pending_.emplace(chart_, focus_, focusRing_, logX_, logY_);
  if (!inPlace) pending_->changedEverything(QStringLiteral("the chart was rebuilt"));
  if (grew) pending_->changedEverything(QStringLiteral("a series was added"));
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
  addAxes(view);

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
  const bool liesOnAnother =
      !pinned && liesOnAnotherSeries(view.series, seriesIndex, view.hasFocus ? view.focusSeries : std::string());
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
    pending_->compare(line.shown, s.points);
    line.shown = s.points;
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
  if (at != focusRing_->values() || readouts != focusRing_->readouts()) {
    focusRing_->setValues(at, readouts);
    pending_->ringChanged();
  }
  // The legend lays itself out again (and the chart with it) for a new label: only when it is.
  if (const QString name = at.isEmpty() ? QString() : focusLegendLabel(); name != focus_->name()) {
    focus_->setName(name);
    pending_->legendChanged();
  }
  // The marker's own flag, not QLegendMarker::isVisible(): before the window is shown every item
  // reads as hidden, so a comparison with it never hid an empty focus entry on a first display.
  if (const bool shown = !at.isEmpty(); shown != focusEntryShown_) {
    for (QLegendMarker* m : chart_->legend()->markers(focus_)) m->setVisible(shown);
    focusEntryShown_ = shown;
    pending_->legendChanged();
  }
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
