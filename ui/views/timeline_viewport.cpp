#include "timeline_viewport.h"

#include <algorithm>
#include <cmath>

namespace warpscope::ui {

namespace {
/// The deepest time zoom: a millionth of the whole run still spans the plot.
constexpr double kMinTimeFraction = 1e-6;
/// Never fewer rows than this on screen (unless there are fewer).
constexpr double kMinRows = 1.0;
}  // namespace

void TimelineViewport::reset(double start, double end, int rowCount) {
  start_ = start;
  end_ = end > start ? end : start + 1;
  rows_ = std::max(0, rowCount);
  t0_ = start_;
  t1_ = end_;
  r0_ = 0;
  r1_ = std::max(1, rows_);
}

void TimelineViewport::setBounds(double start, double end, int rowCount) {
  const bool all = showsAll();
  start_ = start;
  end_ = end > start ? end : start + 1;
  rows_ = std::max(0, rowCount);
  if (all) {
    reset(start, end, rowCount);
    return;
  }
  clamp();
}

bool TimelineViewport::showsAll() const {
  return t0_ <= start_ && t1_ >= end_ && r0_ <= 0 && r1_ >= std::max(1, rows_);
}

double TimelineViewport::xOf(double time, const QRectF& plot) const {
  return plot.left() + (time - t0_) / (t1_ - t0_) * plot.width();
}

double TimelineViewport::timeAt(double x, const QRectF& plot) const {
  return t0_ + (x - plot.left()) / std::max(1e-9, plot.width()) * (t1_ - t0_);
}

double TimelineViewport::yOfRow(double row, const QRectF& plot) const {
  return plot.top() + (row - r0_) / (r1_ - r0_) * plot.height();
}

int TimelineViewport::rowAt(double y, const QRectF& plot) const {
  if (y < plot.top() || y >= plot.bottom()) return -1;
  const double row = r0_ + (y - plot.top()) / std::max(1e-9, plot.height()) * (r1_ - r0_);
  const int r = static_cast<int>(std::floor(row));
  return r >= 0 && r < rows_ ? r : -1;
}

double TimelineViewport::rowHeight(const QRectF& plot) const { return plot.height() / (r1_ - r0_); }

void TimelineViewport::zoomTime(double factor, double anchorTime) {
  if (!(factor > 0)) return;
  const double span = std::clamp((t1_ - t0_) / factor, (end_ - start_) * kMinTimeFraction, end_ - start_);
  const double u = (anchorTime - t0_) / (t1_ - t0_);
  t0_ = anchorTime - u * span;
  t1_ = t0_ + span;
  clamp();
}

void TimelineViewport::zoomRows(double factor, double anchorRow) {
  if (!(factor > 0)) return;
  const double all = std::max(1, rows_);
  const double span = std::clamp((r1_ - r0_) / factor, std::min(kMinRows, all), all);
  const double u = (anchorRow - r0_) / (r1_ - r0_);
  r0_ = anchorRow - u * span;
  r1_ = r0_ + span;
  clamp();
}

void TimelineViewport::pan(double dt, double drows) {
  t0_ += dt;
  t1_ += dt;
  r0_ += drows;
  r1_ += drows;
  clamp();
}

void TimelineViewport::ensureVisible(double time) {
  const double span = t1_ - t0_;
  if (time < t0_) {
    t0_ = time - 0.05 * span;
    t1_ = t0_ + span;
  } else if (time > t1_) {
    t1_ = time + 0.05 * span;
    t0_ = t1_ - span;
  }
  clamp();
}

void TimelineViewport::clamp() {
  // Keep the window's size, slide it back inside the data.
  const double tSpan = std::min(t1_ - t0_, end_ - start_);
  t0_ = std::clamp(t0_, start_, end_ - tSpan);
  t1_ = t0_ + tSpan;
  const double all = std::max(1, rows_);
  const double rSpan = std::min(r1_ - r0_, all);
  r0_ = std::clamp(r0_, 0.0, all - rSpan);
  r1_ = r0_ + rSpan;
}

}  // namespace warpscope::ui
