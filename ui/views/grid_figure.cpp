#include "grid_figure.h"

#include <QFontMetricsF>
#include <QObject>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "qt_text.h"

namespace warpscope::ui {

namespace {
constexpr qreal kPad = 10;
constexpr int kMinCellTextPx = 8;
constexpr int kMaxCellTextPx = 22;

/// Black or white, whichever reads better on `fill`.
QColor textOn(const QColor& fill) {
  const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
  return luminance > 0.55 ? QColor(0x11, 0x11, 0x11) : Qt::white;
}
}  // namespace

void GridFigure::setView(const View& view, const QString& banner, Provenance provenance) {
  const bool sameView = viewId_ == view.id && message_.isEmpty();
  grid_ = view.grid;
  viewId_ = view.id;
  title_ = toQ(view.title);
  banner_ = banner;
  provenance_ = provenance;
  message_.clear();
  setCursorTime(sameView ? cursor_ : (grid_.frames.empty() ? 0.0 : grid_.frames.front().time));
}

void GridFigure::clear(const QString& message) {
  grid_ = Grid();
  viewId_.clear();
  title_.clear();
  banner_.clear();
  message_ = message;
  frame_ = 0;
}

void GridFigure::setCursorTime(double time) {
  cursor_ = time;
  frame_ = 0;
  for (size_t i = 0; i < grid_.frames.size(); ++i)
    if (grid_.frames[i].time <= time) frame_ = static_cast<int>(i);
}

QString GridFigure::titleText() const { return titleBlockText(title_, banner_); }

std::vector<LegendEntry> GridFigure::legendEntries() const {
  std::vector<LegendEntry> entries;
  for (size_t s = 0; s < grid_.states.size(); ++s) entries.push_back({toQ(grid_.states[s].label), kindColor(static_cast<int>(s))});
  return entries;
}

QString GridFigure::frameText() const {
  if (grid_.frames.empty()) return {};
  const GridFrame& f = grid_.frames[static_cast<size_t>(frame_)];
  QString label = toQ(f.label);
  if (label.isEmpty()) label = QStringLiteral("%1 %2").arg(formatNumber(f.time), toQ(grid_.timeUnit)).trimmed();
  if (grid_.frames.size() > 1)
    label += QObject::tr("  (frame %1 of %2)").arg(frame_ + 1).arg(grid_.frames.size());
  return label;
}

GridFigure::Layout GridFigure::layout(const QRectF& area) const {
  Layout l;
  const QFontMetricsF titleFm(figureFont(figure_font::kTitle, true));
  const QFontMetricsF bannerFm(figureFont(figure_font::kBanner));
  const QFontMetricsF frameFm(figureFont(figure_font::kAxisTitle + 2, true));
  const QFontMetricsF labelFm(figureFont(figure_font::kTick));
  const QFontMetricsF axisFm(figureFont(figure_font::kAxisTitle, true));
  l.title = QRectF(area.left(), area.top(), area.width(), 6 + titleFm.height() + 2 + bannerFm.height() + 6);
  const qreal legendH = legendHeight(legendEntries(), area.width() - 2 * kPad);
  l.legend = QRectF(area.left() + kPad, l.title.bottom(), area.width() - 2 * kPad, legendH);
  l.frameLabel = QRectF(area.left(), l.legend.bottom() + 2, area.width(), frameFm.height() + 6);

  qreal rowLabelW = 0;
  for (const std::string& r : grid_.rowLabels) rowLabelW = std::max(rowLabelW, labelFm.horizontalAdvance(toQ(r)));
  const qreal rowAxisW = grid_.rowAxisLabel.empty() ? 0 : axisFm.height() + 6;
  const qreal left = area.left() + kPad + rowAxisW + rowLabelW + 8;
  const qreal top = l.frameLabel.bottom() + (grid_.columnAxisLabel.empty() ? 0 : axisFm.height() + 2) + labelFm.height() + 6;
  const QRectF room(left, top, std::max<qreal>(1, area.right() - kPad - left), std::max<qreal>(1, area.bottom() - kPad - top));
  const int rows = std::max(1, grid_.rows());
  const int cols = std::max(1, grid_.columns());
  l.cellW = room.width() / cols;
  l.cellH = room.height() / rows;
  // Neither very tall nor very flat cells: text and colour blocks read best near square.
  l.cellH = std::min(l.cellH, l.cellW * 1.5);
  l.cellW = std::min(l.cellW, l.cellH * 4);
  const QSizeF size(l.cellW * cols, l.cellH * rows);
  l.cells = QRectF(QPointF(room.left() + (room.width() - size.width()) / 2, room.top()), size);
  l.columnLabels = QRectF(l.cells.left(), l.cells.top() - labelFm.height() - 4, l.cells.width(), labelFm.height());
  l.rowLabels = QRectF(area.left() + kPad + rowAxisW, l.cells.top(), l.cells.left() - 8 - area.left() - kPad - rowAxisW, l.cells.height());
  return l;
}

QRectF GridFigure::cellArea(const QRectF& area) const { return layout(area).cells; }

bool GridFigure::cellAt(QPointF pos, const QRectF& area, int* row, int* column) const {
  const Layout l = layout(area);
  if (!l.cells.contains(pos) || grid_.rows() == 0 || grid_.columns() == 0) return false;
  *column = std::min(grid_.columns() - 1, static_cast<int>((pos.x() - l.cells.left()) / l.cellW));
  *row = std::min(grid_.rows() - 1, static_cast<int>((pos.y() - l.cells.top()) / l.cellH));
  return true;
}

QString GridFigure::describeCell(int row, int column) const {
  if (grid_.frames.empty() || row < 0 || column < 0 || row >= grid_.rows() || column >= grid_.columns()) return {};
  const GridFrame& f = grid_.frames[static_cast<size_t>(frame_)];
  const size_t i = static_cast<size_t>(row) * static_cast<size_t>(grid_.columns()) + static_cast<size_t>(column);
  QString text = toQ(grid_.rowLabels[static_cast<size_t>(row)]) + QStringLiteral(" · ") +
                 toQ(grid_.columnLabels[static_cast<size_t>(column)]);
  if (i < f.cells.size()) {
    const int s = f.cells[i];
    if (s >= 0 && static_cast<size_t>(s) < grid_.states.size()) text += QStringLiteral(": ") + toQ(grid_.states[static_cast<size_t>(s)].label);
  }
  if (i < f.text.size() && !f.text[i].empty()) text += QStringLiteral(" (") + toQ(f.text[i]) + QLatin1Char(')');
  return text;
}

void GridFigure::paint(QPainter& painter, const QRectF& area) const {
  painter.save();
  painter.setClipRect(area);
  painter.fillRect(area, Qt::white);
  if (!message_.isEmpty() || grid_.frames.empty() || grid_.rows() == 0 || grid_.columns() == 0) {
    paintEmptyFigure(painter, area, title_, banner_, provenance_, message_.isEmpty() ? QObject::tr("This grid has no cells") : message_);
    painter.restore();
    return;
  }
  const Layout l = layout(area);
  paintTitleBlock(painter, l.title, title_, banner_, provenance_);
  paintLegend(painter, l.legend, legendEntries());
  painter.setFont(figureFont(figure_font::kAxisTitle + 2, true));
  painter.setPen(QColor(0x11, 0x11, 0x11));
  painter.drawText(l.frameLabel, Qt::AlignCenter, frameText());

  const GridFrame& frame = grid_.frames[static_cast<size_t>(frame_)];
  const int rows = grid_.rows();
  const int cols = grid_.columns();
  const qreal gap = std::min(l.cellW, l.cellH) >= 8 ? 1.0 : 0.0;
  // One fill per state.
  std::vector<QVector<QRectF>> byState(grid_.states.size() + 1);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const size_t i = static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c);
      int s = i < frame.cells.size() ? frame.cells[i] : -1;
      if (s < 0 || static_cast<size_t>(s) >= grid_.states.size()) s = static_cast<int>(grid_.states.size());
      byState[static_cast<size_t>(s)].append(QRectF(l.cells.left() + c * l.cellW, l.cells.top() + r * l.cellH,
                                                    l.cellW - gap, l.cellH - gap));
    }
  painter.save();
  painter.setPen(Qt::NoPen);
  for (size_t s = 0; s < byState.size(); ++s) {
    if (byState[s].isEmpty()) continue;
    painter.setBrush(s < grid_.states.size() ? kindColor(static_cast<int>(s)) : QColor(0xDD, 0xDD, 0xDD));
    painter.drawRects(byState[s]);
  }
  painter.restore();

  // Text in the cells, as large as the cell allows (the widest text decides).
  if (!frame.text.empty()) {
    int longest = 1;
    for (const std::string& t : frame.text) longest = std::max(longest, static_cast<int>(toQ(t).size()));
    const int px = static_cast<int>(std::min({l.cellH * 0.55, (l.cellW - 4) / (0.62 * longest), static_cast<double>(kMaxCellTextPx)}));
    if (px >= kMinCellTextPx) {
      painter.setFont(figureFont(px, true));
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const size_t i = static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c);
          if (i >= frame.text.size() || frame.text[i].empty()) continue;
          const int s = i < frame.cells.size() ? frame.cells[i] : -1;
          const QColor fill = s >= 0 && static_cast<size_t>(s) < grid_.states.size() ? kindColor(s) : QColor(0xDD, 0xDD, 0xDD);
          painter.setPen(textOn(fill));
          painter.drawText(QRectF(l.cells.left() + c * l.cellW, l.cells.top() + r * l.cellH, l.cellW - gap, l.cellH - gap),
                           Qt::AlignCenter, toQ(frame.text[i]));
        }
    }
  }

  // Labels: every one when they fit, otherwise every k-th.
  const QFont labelFont = figureFont(figure_font::kTick);
  const QFontMetricsF fm(labelFont);
  painter.setFont(labelFont);
  painter.setPen(QColor(0x22, 0x22, 0x22));
  const int rowStride = std::max(1, static_cast<int>(std::ceil(fm.height() / l.cellH)));
  for (int r = 0; r < rows; r += rowStride)
    painter.drawText(QRectF(l.rowLabels.left(), l.cells.top() + r * l.cellH, l.rowLabels.width(), l.cellH),
                     Qt::AlignRight | Qt::AlignVCenter, toQ(grid_.rowLabels[static_cast<size_t>(r)]));
  qreal widest = 1;
  for (const std::string& c : grid_.columnLabels) widest = std::max(widest, fm.horizontalAdvance(toQ(c)));
  const int colStride = std::max(1, static_cast<int>(std::ceil((widest + 6) / l.cellW)));
  for (int c = 0; c < cols; c += colStride)
    painter.drawText(QRectF(l.cells.left() + c * l.cellW + l.cellW / 2 - widest / 2 - 3, l.columnLabels.top(), widest + 6,
                            l.columnLabels.height()),
                     Qt::AlignCenter, toQ(grid_.columnLabels[static_cast<size_t>(c)]));

  painter.setFont(figureFont(figure_font::kAxisTitle, true));
  if (!grid_.columnAxisLabel.empty())
    painter.drawText(QRectF(l.cells.left(), l.frameLabel.bottom(), l.cells.width(), l.columnLabels.top() - l.frameLabel.bottom()),
                     Qt::AlignCenter, toQ(grid_.columnAxisLabel));
  if (!grid_.rowAxisLabel.empty()) {
    painter.save();
    painter.translate(area.left() + kPad + QFontMetricsF(painter.font()).height() / 2 + 2, l.cells.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-l.cells.height() / 2 - 100, -20, l.cells.height() + 200, 40), Qt::AlignCenter,
                     toQ(grid_.rowAxisLabel));
    painter.restore();
  }
  painter.restore();
}

}  // namespace warpscope::ui
