#pragma once
/// \file timeline_style.h
/// What the timeline's two files share (timeline_figure.cpp: layout, labels, axis, cursor;
/// timeline_spans.cpp: the spans): its margins, fades and shades, and two small helpers.

#include <QColor>
#include <QPaintDevice>
#include <QPainter>
#include <QTransform>

#include <algorithm>
#include <cmath>

#include "qt_text.h"

namespace warpscope::ui::timeline_style {

inline constexpr qreal kPad = 10;
inline constexpr qreal kMaxGutterFraction = 0.3;
/// How far spans after the cursor fade toward white.
inline constexpr double kFadeAfterCursor = 0.78;
/// Lanes a span covers but its mask leaves off: pale, so the span's extent still shows.
inline constexpr double kFadeUnlitLane = 0.84;
inline const QColor kGroupShade(0xEE, 0xF1, 0xF5);
inline const QColor kUnknownKind(0x99, 0x99, 0x99);

/// Colour of a span that lights `lit` of `subRows` lanes, drawn as one bar (lanes too thin).
inline QColor byLitFraction(const QColor& c, int lit, int subRows) {
  if (subRows <= 0) return c;
  // Quantised to quarters, so spans batch into a few fills.
  const double q = std::round(4.0 * lit / subRows) / 4.0;
  return towardWhite(c, 0.6 * (1.0 - q));
}

/// Device pixels per logical unit of `painter` (window dpr, 2x PNG, PDF resolution).
inline double deviceScale(const QPainter& painter) {
  const QTransform t = painter.combinedTransform();
  const double s = std::hypot(t.m11(), t.m12());
  const double dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
  return std::max(0.25, s * dpr);
}

}  // namespace warpscope::ui::timeline_style
