#include "timeline_figure.h"

#include <QFontMetricsF>
#include <QObject>
#include <QImage>
#include <QPaintDevice>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

#include "qt_text.h"

namespace warpscope::ui {

namespace {

constexpr qreal kPad = 10;
constexpr qreal kMaxGutterFraction = 0.3;
/// How far spans after the cursor fade toward white.
constexpr double kFadeAfterCursor = 0.78;
/// Lanes a span covers but its mask leaves off: pale, so the span's extent still shows.
constexpr double kFadeUnlitLane = 0.84;
const QColor kGroupShade(0xEE, 0xF1, 0xF5);
const QColor kUnknownKind(0x99, 0x99, 0x99);

/// Colour of a span that lights `lit` of `subRows` lanes, drawn as one bar (lanes too thin).
QColor byLitFraction(const QColor& c, int lit, int subRows) {
  if (subRows <= 0) return c;
  // Quantised to quarters, so spans batch into a few fills.
  const double q = std::round(4.0 * lit / subRows) / 4.0;
  return towardWhite(c, 0.6 * (1.0 - q));
}

/// Device pixels per logical unit of `painter` (window dpr, 2x PNG, PDF resolution).
double deviceScale(const QPainter& painter) {
  const QTransform t = painter.combinedTransform();
  const double s = std::hypot(t.m11(), t.m12());
  const double dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
  return std::max(0.25, s * dpr);
}

}  // namespace

void TimelineFigure::setView(const View& view, const QString& banner, Provenance provenance) {
  const bool sameView = viewId_ == view.id && message_.isEmpty();
  model_ = TimelineModel(view.timeline);
  ++generation_;
  if (sameView) {
    viewport_.setBounds(model_.startTime(), model_.endTime(), model_.rowCount());
  } else {
    viewport_.reset(model_.startTime(), model_.endTime(), model_.rowCount());
    cursor_ = model_.endTime();
  }
  viewId_ = view.id;
  title_ = toQ(view.title);
  banner_ = banner;
  provenance_ = provenance;
  message_.clear();

  const QFontMetricsF groupFm(figureFont(figure_font::kRowLabel, true));
  const QFontMetricsF rowFm(figureFont(figure_font::kRowLabel));
  groupLabelWidth_ = 0;
  for (const RowGroup& g : model_.groups()) groupLabelWidth_ = std::max(groupLabelWidth_, groupFm.horizontalAdvance(toQ(g.label)));
  rowLabelWidth_ = 0;
  // Row labels repeat a pattern ("warp 0".."warp 63"): measuring a sample is enough.
  const int rows = model_.rowCount();
  const int stride = std::max(1, rows / 512);
  for (int r = 0; r < rows; r += stride)
    rowLabelWidth_ = std::max(rowLabelWidth_, rowFm.horizontalAdvance(toQ(model_.timeline().rows[static_cast<size_t>(r)].label)));
}

void TimelineFigure::clear(const QString& message) {
  model_ = TimelineModel();
  ++generation_;
  viewport_.reset(0, 1, 0);
  viewId_.clear();
  message_ = message;
  title_.clear();
  banner_.clear();
}

QString TimelineFigure::titleText() const { return titleBlockText(title_, banner_); }

std::vector<LegendEntry> TimelineFigure::legendEntries() const {
  std::vector<LegendEntry> entries;
  const auto& kinds = model_.timeline().kinds;
  for (size_t k = 0; k < kinds.size(); ++k) entries.push_back({toQ(kinds[k].label), kindColor(static_cast<int>(k))});
  if (model_.maxSubRows() > 0)
    entries.push_back({model_.timeline().unlitSubRowLabel.empty() ? QObject::tr("Pale lanes: masked off")
                                                                  : toQ(model_.timeline().unlitSubRowLabel),
                       towardWhite(kindColor(0), kFadeUnlitLane), kindColor(0)});
  if (cursorInside())
    entries.push_back({QObject::tr("Faded: after the cursor"), towardWhite(QColor(0x55, 0x55, 0x55), kFadeAfterCursor)});
  return entries;
}

QColor TimelineFigure::colorOfKind(int kind) const {
  return kind < model_.kindCount() ? kindColor(kind) : kUnknownKind;
}

TimelineFigure::Layout TimelineFigure::layout(const QRectF& area) const {
  Layout l;
  const QFontMetricsF titleFm(figureFont(figure_font::kTitle, true));
  const QFontMetricsF bannerFm(figureFont(figure_font::kBanner));
  const qreal titleH = 6 + titleFm.height() + 2 + bannerFm.height() + 6;
  l.title = QRectF(area.left(), area.top(), area.width(), titleH);
  const qreal legendH = legendHeight(legendEntries(), area.width() - 2 * kPad);
  l.legend = QRectF(area.left() + kPad, l.title.bottom(), area.width() - 2 * kPad, legendH);
  const qreal gutterW = std::min(area.width() * kMaxGutterFraction, groupLabelWidth_ + rowLabelWidth_ + 3 * kPad);
  const qreal top = l.legend.bottom() + 6;
  // The time axis: ticks, then its title, each as tall as its font (at a projector's type
  // scale a fixed 56 px cut the title off).
  const qreal axisH = 8 + QFontMetricsF(figureFont(figure_font::kTick)).height() + 4 +
                      QFontMetricsF(figureFont(figure_font::kAxisTitle, true)).height() + 4;
  const qreal bottom = area.bottom() - axisH;
  l.gutter = QRectF(area.left() + kPad, top, gutterW, std::max<qreal>(1, bottom - top));
  l.plot = QRectF(l.gutter.right(), top, std::max<qreal>(1, area.right() - kPad - 8 - l.gutter.right()), l.gutter.height());
  l.axis = QRectF(l.plot.left(), l.plot.bottom(), l.plot.width(), axisH);
  return l;
}

bool TimelineFigure::lanesVisible(const QRectF& plot) const {
  const int lanes = model_.maxSubRows();
  return lanes > 0 && viewport_.rowHeight(plot) >= lanes * kMinLanePx + 3;
}

void TimelineFigure::paint(QPainter& painter, const QRectF& area) const {
  painter.save();
  painter.setClipRect(area);
  painter.fillRect(area, Qt::white);
  if (!message_.isEmpty() || model_.rowCount() == 0) {
    paintEmptyFigure(painter, area, title_, banner_, provenance_,
                     message_.isEmpty() ? QObject::tr("This timeline has no rows") : message_);
    painter.restore();
    return;
  }
  const Layout l = layout(area);
  paintTitleBlock(painter, l.title, title_, banner_, provenance_);
  paintLegend(painter, l.legend, legendEntries());
  paintBackground(painter, l.plot);
  painter.save();
  painter.setClipRect(l.plot, Qt::IntersectClip);
  if (viewport_.rowHeight(l.plot) < kAggregateBelowPx) {
    paintSpansAggregated(painter, l.plot);
  } else {
    paintSpans(painter, l.plot);
  }
  painter.restore();
  paintLabels(painter, l);
  paintTimeAxis(painter, l);
  paintCursor(painter, l.plot);
  painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 1));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(l.plot);
  painter.restore();
}

void TimelineFigure::paintBackground(QPainter& painter, const QRectF& plot) const {
  painter.fillRect(plot, Qt::white);
  // Alternate groups are shaded so "SM 12" reads as one band even when its rows are sub-pixel.
  const auto& groups = model_.groups();
  if (groups.size() < 2) return;
  for (size_t g = 1; g < groups.size(); g += 2) {
    const double y0 = viewport_.yOfRow(groups[g].firstRow, plot);
    const double y1 = viewport_.yOfRow(groups[g].lastRow + 1, plot);
    if (y1 < plot.top() || y0 > plot.bottom()) continue;
    painter.fillRect(QRectF(plot.left(), std::max(y0, plot.top()), plot.width(), std::min(y1, plot.bottom()) - std::max(y0, plot.top())),
                     kGroupShade);
  }
}

void TimelineFigure::paintSpansAggregated(QPainter& painter, const QRectF& plot) const {
  const double scale = deviceScale(painter);
  const int W = std::max(1, static_cast<int>(std::ceil(plot.width() * scale)));
  const int H = std::max(1, static_cast<int>(std::ceil(plot.height() * scale)));
  const CoverageCache& c = coverage_;
  if (c.lit.width() != W || c.lit.height() != H || c.generation != generation_ || c.t0 != viewport_.t0() ||
      c.t1 != viewport_.t1() || c.r0 != viewport_.r0() || c.r1 != viewport_.r1())
    buildCoverage(W, H);
  // Lit left of the cursor, faded right of it.
  const double cursorPx = cursorInside() ? (cursor_ - viewport_.t0()) / (viewport_.t1() - viewport_.t0()) * W : W;
  const int split = std::clamp(static_cast<int>(std::lround(cursorPx)), 0, W);
  const double toPlot = plot.width() / W;
  if (split > 0)
    painter.drawImage(QRectF(plot.left(), plot.top(), split * toPlot, plot.height()), c.lit, QRectF(0, 0, split, H));
  if (split < W)
    painter.drawImage(QRectF(plot.left() + split * toPlot, plot.top(), (W - split) * toPlot, plot.height()), c.faded,
                      QRectF(split, 0, W - split, H));
}

void TimelineFigure::buildCoverage(int W, int H) const {
  // One image pixel per device pixel: each pixel row sums the coverage of the rows it spans,
  // weighted by colour, into running-sum (difference) arrays, so building costs the visible
  // events plus one pass over the pixels, whatever the number of rows. Fading toward white is
  // linear in the sums, so the same pass yields the faded picture.
  CoverageCache& cache = coverage_;
  cache.lit = QImage(W, H, QImage::Format_RGB32);
  cache.faded = QImage(W, H, QImage::Format_RGB32);
  cache.t0 = viewport_.t0();
  cache.t1 = viewport_.t1();
  cache.r0 = viewport_.r0();
  cache.r1 = viewport_.r1();
  cache.generation = generation_;

  const double t0 = viewport_.t0();
  const double t1 = viewport_.t1();
  const double pxPerTime = W / (t1 - t0);
  struct Rgb { float r, g, b; };
  std::vector<Rgb> colors;
  for (int k = 0; k <= model_.kindCount(); ++k) {
    const QColor q = colorOfKind(k);
    colors.push_back({static_cast<float>(q.redF()), static_cast<float>(q.greenF()), static_cast<float>(q.blueF())});
  }
  std::vector<float> diff(4 * static_cast<size_t>(W + 2));
  const auto addPoint = [&](int p, const Rgb& c, float a) {
    float* d = &diff[4 * static_cast<size_t>(p)];
    d[0] += c.r * a; d[1] += c.g * a; d[2] += c.b * a; d[3] += a;
    d[4] -= c.r * a; d[5] -= c.g * a; d[6] -= c.b * a; d[7] -= a;
  };
  const auto addRange = [&](double x0, double x1, const Rgb& c, float w) {
    x0 = std::max(0.0, x0);
    x1 = std::min(static_cast<double>(W), x1);
    if (x1 <= x0) return;
    const int p0 = static_cast<int>(x0);
    const int p1 = std::min(W - 1, static_cast<int>(x1));
    if (p0 == p1) return addPoint(p0, c, w * static_cast<float>(x1 - x0));
    addPoint(p0, c, w * static_cast<float>(p0 + 1 - x0));
    if (p1 > p0 + 1) {
      float* d = &diff[4 * static_cast<size_t>(p0 + 1)];
      d[0] += c.r * w; d[1] += c.g * w; d[2] += c.b * w; d[3] += w;
      float* e = &diff[4 * static_cast<size_t>(p1)];
      e[0] -= c.r * w; e[1] -= c.g * w; e[2] -= c.b * w; e[3] -= w;
    }
    const float tail = w * static_cast<float>(x1 - p1);
    if (tail > 0) addPoint(p1, c, tail);
  };

  const auto& events = model_.timeline().events;
  const auto& rows = model_.timeline().rows;
  const double r0 = viewport_.r0();
  const double rowsPerPx = (viewport_.r1() - r0) / H;
  const int rowCount = model_.rowCount();
  const auto fade = static_cast<float>(kFadeAfterCursor);
  const auto channel = [](float v) { return static_cast<int>(255.0f * std::clamp(v, 0.0f, 1.0f) + 0.5f); };
  for (int py = 0; py < H; ++py) {
    std::fill(diff.begin(), diff.end(), 0.0f);
    const double lo = r0 + py * rowsPerPx;
    const double hi = lo + rowsPerPx;
    const int first = std::max(0, static_cast<int>(std::floor(lo)));
    const int last = std::min(rowCount - 1, static_cast<int>(std::ceil(hi)) - 1);
    for (int row = first; row <= last; ++row) {
      // The share of this pixel's height the row covers.
      const float w = static_cast<float>((std::min(hi, row + 1.0) - std::max(lo, static_cast<double>(row))) / rowsPerPx);
      if (w <= 0) continue;
      const int subRows = rows[static_cast<size_t>(row)].subRows;
      model_.forEachInWindow(row, t0, t1, [&](int id) {
        const TraceEvent& e = events[static_cast<size_t>(id)];
        // Lanes too thin to see: a span lighting half its lanes covers about half the area.
        const float share = subRows > 0 && e.subRowMask != 0
                                ? w * (0.35f + 0.65f * static_cast<float>(litSubRows(e.subRowMask, subRows)) / static_cast<float>(subRows))
                                : w;
        addRange((e.start - t0) * pxPerTime, (e.end - t0) * pxPerTime, colors[static_cast<size_t>(model_.kindOf(id))], share);
      });
    }
    // Background: the group shade of the row at this pixel's centre.
    const int centreRow = std::clamp(static_cast<int>(lo + rowsPerPx / 2), 0, std::max(0, rowCount - 1));
    const bool shaded = rowCount > 0 && model_.groups().size() > 1 && model_.groupOfRow(centreRow) % 2 == 1;
    const float bgR = shaded ? static_cast<float>(kGroupShade.redF()) : 1.0f;
    const float bgG = shaded ? static_cast<float>(kGroupShade.greenF()) : 1.0f;
    const float bgB = shaded ? static_cast<float>(kGroupShade.blueF()) : 1.0f;
    auto* litLine = reinterpret_cast<QRgb*>(cache.lit.scanLine(py));
    auto* fadedLine = reinterpret_cast<QRgb*>(cache.faded.scanLine(py));
    float r = 0, g = 0, b = 0, a = 0;
    for (int px = 0; px < W; ++px) {
      const float* d = &diff[4 * static_cast<size_t>(px)];
      r += d[0]; g += d[1]; b += d[2]; a += d[3];
      float cr = r, cg = g, cb = b, ca = a;
      if (ca > 1.0f) {  // overlapping spans: average their colours
        cr /= ca; cg /= ca; cb /= ca; ca = 1.0f;
      } else if (ca < 1e-6f) {
        cr = cg = cb = ca = 0.0f;  // nothing here (or rounding)
      }
      const float keep = 1.0f - ca;
      litLine[px] = qRgb(channel(cr + bgR * keep), channel(cg + bgG * keep), channel(cb + bgB * keep));
      // Faded colour = c * (1 - fade) + white * fade, weighted by the same coverage.
      const float fr = cr * (1.0f - fade) + ca * fade, fg = cg * (1.0f - fade) + ca * fade, fb = cb * (1.0f - fade) + ca * fade;
      fadedLine[px] = qRgb(channel(fr + bgR * keep), channel(fg + bgG * keep), channel(fb + bgB * keep));
    }
  }
}

void TimelineFigure::paintSpans(QPainter& painter, const QRectF& plot) const {
  // Every visible span as a rectangle, batched into one fill per colour.
  const double scale = deviceScale(painter);
  const double minWidth = 1.0 / scale;  // a span never vanishes: at least one device pixel
  const double rowH = viewport_.rowHeight(plot);
  const double gap = rowH >= 6 ? std::min(2.0, rowH * 0.12) : 0.0;
  const bool lanes = lanesVisible(plot);
  const bool fade = cursorInside();
  const double cursorX = fade ? viewport_.xOf(cursor_, plot) : plot.right() + 1;
  const double t0 = viewport_.t0();
  const double t1 = viewport_.t1();

  // The lanes a span leaves unlit go under every span's lit lanes: eight kernels each lighting
  // an eighth of the SMs' row had the last one's pale eighths painted over the others' (the
  // batches are drawn in colour order), and the full row read "idle" (issue 28).
  std::map<QRgb, QVector<QRectF>> under;
  std::map<QRgb, QVector<QRectF>> batches;
  const auto addTo = [&](std::map<QRgb, QVector<QRectF>>& into, const QColor& c, double x0, double x1, double y0, double y1) {
    if (x1 - x0 < minWidth) x1 = x0 + minWidth;
    into[c.rgb()].append(QRectF(x0, y0, x1 - x0, y1 - y0));
  };
  // Splits [x0, x1) at the cursor: the part before in `c`, the part after faded.
  const auto addSplitTo = [&](std::map<QRgb, QVector<QRectF>>& into, const QColor& c, double x0, double x1, double y0,
                              double y1) {
    if (x0 < cursorX) addTo(into, c, x0, std::min(x1, cursorX), y0, y1);
    if (x1 > cursorX) addTo(into, towardWhite(c, kFadeAfterCursor), std::max(x0, cursorX), x1, y0, y1);
  };
  const auto addSplit = [&](const QColor& c, double x0, double x1, double y0, double y1) {
    addSplitTo(batches, c, x0, x1, y0, y1);
  };

  const auto& events = model_.timeline().events;
  const auto& rows = model_.timeline().rows;
  const int first = std::max(0, static_cast<int>(std::floor(viewport_.r0())));
  const int last = std::min(model_.rowCount() - 1, static_cast<int>(std::ceil(viewport_.r1())) - 1);
  for (int row = first; row <= last; ++row) {
    const double y0 = viewport_.yOfRow(row, plot);
    const double y1 = viewport_.yOfRow(row + 1, plot) - gap;
    const int subRows = rows[static_cast<size_t>(row)].subRows;
    model_.forEachInWindow(row, t0, t1, [&](int id) {
      const TraceEvent& e = events[static_cast<size_t>(id)];
      const QColor c = colorOfKind(model_.kindOf(id));
      const double x0 = viewport_.xOf(e.start, plot);
      const double x1 = viewport_.xOf(e.end, plot);
      if (subRows <= 0 || e.subRowMask == 0) {
        addSplit(c, x0, x1, y0, y1);
      } else if (!lanes) {
        addSplit(byLitFraction(c, litSubRows(e.subRowMask, subRows), subRows), x0, x1, y0, y1);
      } else {
        // One rectangle per run of lanes with the same state.
        const double laneH = (y1 - y0) / subRows;
        const QColor pale = towardWhite(c, kFadeUnlitLane);
        const std::uint64_t mask = e.subRowMask;
        const auto lit = [mask](int lane) { return ((mask >> lane) & 1u) != 0; };
        for (int runStart = 0; runStart < subRows;) {
          const bool on = lit(runStart);
          int runEnd = runStart + 1;
          while (runEnd < subRows && lit(runEnd) == on) ++runEnd;
          addSplitTo(on ? batches : under, on ? c : pale, x0, x1, y0 + runStart * laneH, y0 + runEnd * laneH);
          runStart = runEnd;
        }
      }
    });
  }
  painter.save();
  painter.setPen(Qt::NoPen);
  painter.setRenderHint(QPainter::Antialiasing, false);
  for (const auto* layer : {&under, &batches})
    for (const auto& [rgb, rects] : *layer) {
      painter.setBrush(QColor::fromRgb(rgb));
      painter.drawRects(rects);
    }
  painter.restore();
}

void TimelineFigure::paintLabels(QPainter& painter, const Layout& l) const {
  const QRectF& plot = l.plot;
  const double rowH = viewport_.rowHeight(plot);
  painter.save();
  painter.setClipRect(l.gutter.adjusted(0, -2, 0, 2));
  const QFont groupFont = figureFont(figure_font::kRowLabel, true);
  const QFont rowFont = figureFont(figure_font::kRowLabel);
  const qreal lineH = QFontMetricsF(rowFont).height();
  const bool showRows = rowH >= lineH * 0.9;
  const qreal groupRight = l.gutter.left() + groupLabelWidth_ + kPad;

  // Group labels at the middle of each group's visible part, skipping any that would overlap.
  painter.setFont(groupFont);
  painter.setPen(QColor(0x22, 0x22, 0x22));
  qreal lastBottom = -1e9;
  const bool oneGroup = model_.groups().size() <= 1;
  for (const RowGroup& g : model_.groups()) {
    if (g.label.empty()) continue;
    const double y0 = std::max(viewport_.yOfRow(g.firstRow, plot), plot.top());
    const double y1 = std::min(viewport_.yOfRow(g.lastRow + 1, plot), plot.bottom());
    if (y1 <= y0 && !oneGroup) continue;
    const double mid = (y0 + y1) / 2;
    if (mid - lineH / 2 < lastBottom + 2) continue;
    painter.drawText(QRectF(l.gutter.left(), mid - lineH / 2, groupLabelWidth_, lineH), Qt::AlignLeft | Qt::AlignVCenter,
                     toQ(g.label));
    lastBottom = mid + lineH / 2;
  }
  // A line marks where each group starts, once groups are tall enough to need one.
  painter.setPen(QPen(QColor(0xAA, 0xAA, 0xAA), 1));
  for (const RowGroup& g : model_.groups()) {
    const double y = viewport_.yOfRow(g.firstRow, plot);
    if (y < plot.top() || y > plot.bottom()) continue;
    if (viewport_.yOfRow(g.lastRow + 1, plot) - y < 6) continue;  // thin groups: the shading tells them apart
    painter.drawLine(QPointF(l.gutter.left(), y), QPointF(plot.left(), y));
  }

  if (showRows) {
    painter.setFont(rowFont);
    painter.setPen(QColor(0x33, 0x33, 0x33));
    const int first = std::max(0, static_cast<int>(std::floor(viewport_.r0())));
    const int last = std::min(model_.rowCount() - 1, static_cast<int>(std::ceil(viewport_.r1())) - 1);
    for (int row = first; row <= last; ++row) {
      const double y0 = viewport_.yOfRow(row, plot);
      const double y1 = viewport_.yOfRow(row + 1, plot);
      painter.drawText(QRectF(groupRight, y0, plot.left() - groupRight - 6, y1 - y0), Qt::AlignRight | Qt::AlignVCenter,
                       toQ(model_.timeline().rows[static_cast<size_t>(row)].label));
    }
  }
  painter.restore();
}

void TimelineFigure::paintTimeAxis(QPainter& painter, const Layout& l) const {
  painter.save();
  const QFont tickFont = figureFont(figure_font::kTick);
  const QFontMetricsF fm(tickFont);
  painter.setFont(tickFont);
  painter.setPen(QColor(0x22, 0x22, 0x22));
  const int target = std::max(2, static_cast<int>(l.plot.width() / 120));
  for (double t : niceTicks(viewport_.t0(), viewport_.t1(), target)) {
    const double x = viewport_.xOf(t, l.plot);
    painter.drawLine(QPointF(x, l.plot.bottom()), QPointF(x, l.plot.bottom() + 5));
    const QString text = formatNumber(t);
    const qreal w = fm.horizontalAdvance(text);
    painter.drawText(QRectF(x - w / 2 - 2, l.plot.bottom() + 6, w + 4, fm.height()), Qt::AlignCenter, text);
  }
  painter.setFont(figureFont(figure_font::kAxisTitle, true));
  QString title = toQ(model_.timeline().timeLabel);
  if (title.isEmpty()) title = QObject::tr("Time (%1)").arg(toQ(model_.timeline().timeUnit));
  const QRectF titleBox(l.axis.left(), l.plot.bottom() + 8 + fm.height(), l.axis.width(), l.axis.height() - fm.height() - 8);
  painter.drawText(titleBox, Qt::AlignHCenter | Qt::AlignTop, title);
  noteFigureText(painter, QStringLiteral("axis title"), title, title, titleBox);
  painter.restore();
}

void TimelineFigure::paintCursor(QPainter& painter, const QRectF& plot) const {
  if (!cursorInside()) return;
  const double x = viewport_.xOf(cursor_, plot);
  if (x < plot.left() - 0.5 || x > plot.right() + 0.5) return;
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setPen(QPen(QColor(0x11, 0x11, 0x11), 2));
  painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
  const QString text = QStringLiteral("%1 %2").arg(formatNumber(cursor_), toQ(model_.timeline().timeUnit)).trimmed();
  const QFont font = figureFont(figure_font::kTick, true);
  const QFontMetricsF fm(font);
  const qreal w = fm.horizontalAdvance(text) + 10;
  const qreal left = std::clamp(x - w / 2, plot.left(), plot.right() - w);
  const QRectF box(left, plot.top() + 2, w, fm.height() + 4);
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(0x11, 0x11, 0x11));
  painter.drawRoundedRect(box, 3, 3);
  painter.setFont(font);
  painter.setPen(Qt::white);
  painter.drawText(box, Qt::AlignCenter, text);
  painter.restore();
}

int TimelineFigure::eventAt(QPointF pos, const QRectF& area) const {
  if (model_.rowCount() == 0) return -1;
  const Layout l = layout(area);
  const int row = viewport_.rowAt(pos.y(), l.plot);
  if (row < 0 || pos.x() < l.plot.left() || pos.x() > l.plot.right()) return -1;
  const double slack = 3.0 * (viewport_.t1() - viewport_.t0()) / std::max(1.0, l.plot.width());
  const double t = viewport_.timeAt(pos.x(), l.plot);
  int best = -1;
  double bestDistance = slack;
  model_.forEachInWindow(row, t - slack, t + slack, [&](int id) {
    const TraceEvent& e = model_.timeline().events[static_cast<size_t>(id)];
    const double d = t < e.start ? e.start - t : t > e.end ? t - e.end : 0.0;
    if (d <= bestDistance) {
      best = id;
      bestDistance = d;
    }
  });
  return best;
}

QString TimelineFigure::describeEvent(int eventIndex) const {
  const auto& events = model_.timeline().events;
  if (eventIndex < 0 || static_cast<size_t>(eventIndex) >= events.size()) return {};
  const TraceEvent& e = events[static_cast<size_t>(eventIndex)];
  const int k = model_.kindOf(eventIndex);
  QString kind = k < model_.kindCount() ? toQ(model_.timeline().kinds[static_cast<size_t>(k)].label) : toQ(e.kind);
  const TimelineRow& row = model_.timeline().rows[static_cast<size_t>(e.row)];
  const QString unit = toQ(model_.timeline().timeUnit);
  QString text = QStringLiteral("<b>%1</b><br>%2%3<br>%4 – %5 %6 (%7 %6)")
                     .arg(kind.toHtmlEscaped(),
                          row.group.empty() ? QString() : toQ(row.group).toHtmlEscaped() + QStringLiteral(" · "),
                          toQ(row.label).toHtmlEscaped(), formatNumber(e.start), formatNumber(e.end), unit.toHtmlEscaped(),
                          formatNumber(e.end - e.start));
  if (row.subRows > 0 && e.subRowMask != 0)
    text += QObject::tr("<br>%1 of %2 lanes").arg(litSubRows(e.subRowMask, row.subRows)).arg(row.subRows);
  if (!e.payload.empty()) text += QStringLiteral("<br>") + toQ(e.payload).toHtmlEscaped();
  return text;
}

}  // namespace warpscope::ui
