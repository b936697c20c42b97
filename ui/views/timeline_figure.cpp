#include "timeline_figure.h"

#include <QFontMetricsF>
#include <QObject>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "qt_text.h"
#include "timeline_style.h"

namespace warpscope::ui {

using namespace timeline_style;

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
