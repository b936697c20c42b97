#pragma once
/// \file timeline_viewport.h
/// Which part of a timeline is on screen, and the mapping between it and the plot's pixels:
/// a time window [t0, t1] across and a row window [r0, r1) down, both in data units, so the
/// same window draws the same picture at any size (window, 2x PNG, PDF). Zoom and pan clamp
/// to the data; this is the part of the timeline the tests check without painting.

#include <QPointF>
#include <QRectF>

namespace warpscope::ui {

class TimelineViewport {
 public:
  /// Shows everything: times start..end and rows 0..rowCount.
  void reset(double start, double end, int rowCount);
  /// Keeps the window where it is (clamped) for new data of the same view.
  void setBounds(double start, double end, int rowCount);

  [[nodiscard]] double t0() const { return t0_; }
  [[nodiscard]] double t1() const { return t1_; }
  [[nodiscard]] double r0() const { return r0_; }
  [[nodiscard]] double r1() const { return r1_; }
  [[nodiscard]] bool showsAll() const;

  // ---- mapping to a plot rectangle ---------------------------------------------------------
  [[nodiscard]] double xOf(double time, const QRectF& plot) const;
  [[nodiscard]] double timeAt(double x, const QRectF& plot) const;
  [[nodiscard]] double yOfRow(double row, const QRectF& plot) const;
  /// The row under y, or -1 outside the rows.
  [[nodiscard]] int rowAt(double y, const QRectF& plot) const;
  /// Pixels per row (below 1 the rows are aggregated when drawn).
  [[nodiscard]] double rowHeight(const QRectF& plot) const;

  // ---- zoom and pan ------------------------------------------------------------------------
  /// Zooms time by `factor` (>1: in) keeping the time at `anchorTime` where it is.
  void zoomTime(double factor, double anchorTime);
  /// Zooms rows by `factor` (>1: in) keeping `anchorRow` where it is.
  void zoomRows(double factor, double anchorRow);
  /// Moves the window by `dt` time units and `drows` rows.
  void pan(double dt, double drows);
  /// Pans (without zooming) so that `time` is inside the window, if it is not.
  void ensureVisible(double time);

 private:
  void clamp();

  double start_ = 0, end_ = 1;
  int rows_ = 0;
  double t0_ = 0, t1_ = 1;
  double r0_ = 0, r1_ = 1;
};

}  // namespace warpscope::ui
