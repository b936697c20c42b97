// The timeline's spans (TimelineFigure, timeline_figure.h): the group shading behind them, then
// either every span as a rectangle (few enough to draw) or, for a GPU-sized trace, a coverage
// image built once per viewport and reused until the view or the data changes.
#include "timeline_figure.h"

#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

#include "qt_text.h"
#include "timeline_style.h"

namespace warpscope::ui {

using namespace timeline_style;

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

}  // namespace warpscope::ui
