#include "grid_figure.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QObject>
#include <QPainter>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

#include "grid_palette.h"
#include "grid_style.h"
#include "qt_text.h"

namespace warpscope::ui {

namespace {
constexpr qreal kPad = 10;
constexpr int kMinCellTextPx = 8;
constexpr int kMaxCellTextPx = 22;
/// Above this many cells a grid is drawn as a raster (text could not be read anyway).
constexpr long long kRasterCells = 16384;

/// Bytes per column from a column axis like "4 KiB page" (0 when it names no size).
double bytesPerColumn(const std::string& axis) {
  static const QRegularExpression size(QStringLiteral("(\\d+(?:\\.\\d+)?)\\s*(B|KiB|MiB|GiB|KB|MB|GB)\\b"));
  const QRegularExpressionMatch m = size.match(toQ(axis));
  if (!m.hasMatch()) return 0;
  const QString unit = m.captured(2);
  double scale = 1;
  if (unit == QLatin1String("KiB")) scale = 1024.0;
  else if (unit == QLatin1String("MiB")) scale = 1024.0 * 1024;
  else if (unit == QLatin1String("GiB")) scale = 1024.0 * 1024 * 1024;
  else if (unit == QLatin1String("KB")) scale = 1e3;
  else if (unit == QLatin1String("MB")) scale = 1e6;
  else if (unit == QLatin1String("GB")) scale = 1e9;
  return m.captured(1).toDouble() * scale;
}

QString hexOffset(double bytes) { return QStringLiteral("0x") + QString::number(static_cast<qulonglong>(bytes), 16); }

QString sizeText(double bytes) {
  if (bytes >= 1024.0 * 1024 * 1024) return QStringLiteral("%1 GiB").arg(bytes / (1024.0 * 1024 * 1024));
  if (bytes >= 1024.0 * 1024) return QStringLiteral("%1 MiB").arg(bytes / (1024.0 * 1024));
  if (bytes >= 1024.0) return QStringLiteral("%1 KiB").arg(bytes / 1024.0);
  return QStringLiteral("%1 B").arg(bytes);
}

/// Black or white, whichever reads better on `fill`.
QColor textOn(const QColor& fill) {
  const double luminance = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
  return luminance > 0.55 ? QColor(0x11, 0x11, 0x11) : Qt::white;
}
}  // namespace

using namespace grid_style;

void GridFigure::setView(const View& view, const QString& banner, Provenance provenance) {
  const bool sameView = viewId_ == view.id && message_.isEmpty();
  grid_ = view.grid;
  viewId_ = view.id;
  title_ = toQ(view.title);
  banner_ = banner;
  provenance_ = provenance;
  message_.clear();
  raster_ = !grid_.changes.empty() || !grid_.levels.empty() ||
            static_cast<long long>(grid_.rows()) * grid_.columns() > kRasterCells;
  colors_.clear();
  bool allKnown = !grid_.states.empty();
  for (const CellState& state : grid_.states) {
    bool known = false;
    colors_.push_back(gridStateColor(state.id, &known));
    allKnown = allKnown && known;
  }
  // The page palette only for a page map (every state one of its ids); the figure palette else.
  if (!allKnown)
    for (size_t i = 0; i < colors_.size(); ++i) colors_[i] = kindColor(static_cast<int>(i));
  // The legend lists the states the grid ever shows (a page map of one GPU has no "On GPU 1").
  stateUsed_.assign(grid_.states.size(), false);
  auto markUsed = [this](int state) {
    if (state >= 0 && static_cast<size_t>(state) < stateUsed_.size()) stateUsed_[static_cast<size_t>(state)] = true;
  };
  for (const GridFrame& frame : grid_.frames)
    for (const int state : frame.cells) markUsed(state);
  for (const GridChange& change : grid_.changes) markUsed(change.state);
  const QFontMetricsF labelFm(figureFont(figure_font::kTick));
  rowLabelWidth_ = 0;
  for (const std::string& r : grid_.rowLabels) rowLabelWidth_ = std::max(rowLabelWidth_, labelFm.horizontalAdvance(toQ(r)));
  columnLabelWidth_ = 1;
  for (const std::string& c : grid_.columnLabels) columnLabelWidth_ = std::max(columnLabelWidth_, labelFm.horizontalAdvance(toQ(c)));
  if (!sameView) level_ = 0;
  level_ = std::clamp(level_, 0, levelCount() - 1);
  rasterFrame_ = -1;
  if (raster_) rebuildRaster();
  setCursorTime(sameView ? cursor_ : (grid_.frames.empty() ? 0.0 : grid_.frames.front().time));
}

QColor GridFigure::stateColor(int s) const {
  return s >= 0 && static_cast<size_t>(s) < colors_.size() ? colors_[static_cast<size_t>(s)] : kUnknownFill;
}

int GridFigure::cellState(int row, int cellColumn) const {
  if (raster_) {
    syncRaster();
    return rasterImage_.majority(row, cellColumn);
  }
  if (grid_.frames.empty() || row < 0 || cellColumn < 0 || row >= grid_.rows() || cellColumn >= grid_.columns()) return -1;
  const GridFrame& f = grid_.frames[static_cast<size_t>(frame_)];
  const size_t i = static_cast<size_t>(row) * static_cast<size_t>(grid_.columns()) + static_cast<size_t>(cellColumn);
  return i < f.cells.size() ? f.cells[i] : -1;
}

double GridFigure::endTime() const {
  double end = grid_.frames.empty() ? 0.0 : grid_.frames.back().time;
  if (!grid_.changes.empty()) end = std::max(end, grid_.changes.back().time);
  return end;
}

void GridFigure::clear(const QString& message) {
  grid_ = Grid();
  viewId_.clear();
  title_.clear();
  banner_.clear();
  message_ = message;
  frame_ = 0;
}

bool GridFigure::setCursorTime(double time) {
  cursor_ = time;
  const int before = frame_;
  frame_ = 0;
  for (size_t i = 0; i < grid_.frames.size(); ++i)
    if (grid_.frames[i].time <= time) frame_ = static_cast<int>(i);
  bool changed = frame_ != before;
  if (!raster_ || grid_.frames.empty()) return changed;
  if (rasterFrame_ != frame_) {
    // Changes apply on top of the first frame (a grid with changes has only that one).
    playback_.reset(grid_.frames[static_cast<size_t>(frame_)].cells, frame_ == 0 ? grid_.changes : std::vector<GridChange>{});
    rasterFrame_ = frame_;
    changed = true;
  }
  return playback_.seek(time) || changed;
}

QString GridFigure::titleText() const { return titleBlockText(title_, banner_); }

std::vector<LegendEntry> GridFigure::legendEntries() const {
  std::vector<LegendEntry> entries;
  for (size_t s = 0; s < grid_.states.size(); ++s)
    if (s >= stateUsed_.size() || stateUsed_[s]) entries.push_back({toQ(grid_.states[s].label), stateColor(static_cast<int>(s))});
  if (raster_ && columnsPerCell() > 1)
    entries.push_back({QObject::tr("Mixed (hatched): colour of most of its %1").arg(levelName(0)), QColor(0xF4, 0xF4, 0xF4), kHatch});
  return entries;
}

QString GridFigure::frameText() const {
  if (grid_.frames.empty()) return {};
  if (!grid_.changes.empty()) {
    // "t = 1,234.5 us · 64 KiB blocks  (12,345 of 100,000 changes)"
    QString text = QStringLiteral("t = %1 %2").arg(formatNumber(cursor_), toQ(grid_.timeUnit)).trimmed();
    if (levelCount() > 1) text += QStringLiteral(" · ") + levelName(level_);
    return text + QObject::tr("  (%1 of %2 changes)")
                      .arg(QLocale().toString(static_cast<qulonglong>(playback_.appliedCount())),
                           QLocale().toString(static_cast<qulonglong>(grid_.changes.size())));
  }
  const GridFrame& f = grid_.frames[static_cast<size_t>(frame_)];
  QString label = toQ(f.label);
  if (label.isEmpty()) label = QStringLiteral("%1 %2").arg(formatNumber(f.time), toQ(grid_.timeUnit)).trimmed();
  if (grid_.frames.size() > 1)
    label += QObject::tr("  (frame %1 of %2)").arg(frame_ + 1).arg(grid_.frames.size());
  return label;
}

GridFigure::Layout GridFigure::layout(const QRectF& area) const {
  const Layout full = layout(area, false);
  // A short figure (a projector's 1280x720 under a lecture's caption) keeps more of its height
  // for the cells by putting the title and the banner on one line.
  if (full.cells.height() >= std::max<qreal>(80, 0.35 * area.height())) return full;
  return layout(area, true);
}

GridFigure::Layout GridFigure::layout(const QRectF& area, bool compact) const {
  Layout l;
  l.compact = compact;
  const QFontMetricsF titleFm(figureFont(figure_font::kTitle, true));
  const QFontMetricsF bannerFm(figureFont(figure_font::kBanner));
  const QFontMetricsF frameFm(figureFont(figure_font::kAxisTitle + 2, true));
  const QFontMetricsF labelFm(figureFont(figure_font::kTick));
  const QFontMetricsF axisFm(figureFont(figure_font::kAxisTitle, true));
  const qreal titleH = compact ? titleLineHeight() : 6 + titleFm.height() + 2 + bannerFm.height() + 6;
  l.title = QRectF(area.left(), area.top(), area.width(), titleH);
  const qreal legendH = legendHeight(legendEntries(), area.width() - 2 * kPad);
  l.legend = QRectF(area.left() + kPad, l.title.bottom(), area.width() - 2 * kPad, legendH);
  l.frameLabel = QRectF(area.left(), l.legend.bottom() + 2, area.width(), frameFm.height() + 6);

  const qreal rowLabelW = rowLabelWidth_;
  const qreal rowAxisW = grid_.rowAxisLabel.empty() ? 0 : axisFm.height() + 6;
  const qreal left = area.left() + kPad + rowAxisW + rowLabelW + 8;
  const qreal top = l.frameLabel.bottom() + (grid_.columnAxisLabel.empty() ? 0 : axisFm.height() + 2) + labelFm.height() + 6;
  const QRectF room(left, top, std::max<qreal>(1, area.right() - kPad - left), std::max<qreal>(1, area.bottom() - kPad - top));
  const int rows = std::max(1, grid_.rows());
  const int cols = std::max(1, raster_ ? cellColumns() : grid_.columns());
  l.cellW = room.width() / cols;
  l.cellH = room.height() / rows;
  // Neither very tall nor very flat cells: text and colour blocks read best near square. A
  // raster (hundreds of rows) uses the whole plot area instead.
  if (!raster_) {
    l.cellH = std::min(l.cellH, l.cellW * 1.5);
    l.cellW = std::min(l.cellW, l.cellH * 4);
  }
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
  const int cols = raster_ ? cellColumns() : grid_.columns();
  *column = std::min(cols - 1, static_cast<int>((pos.x() - l.cells.left()) / l.cellW));
  *row = std::min(grid_.rows() - 1, static_cast<int>((pos.y() - l.cells.top()) / l.cellH));
  return true;
}

QString GridFigure::describeCell(int row, int column) const {
  if (raster_) {
    if (grid_.frames.empty() || row < 0 || column < 0 || row >= grid_.rows() || column >= cellColumns()) return {};
    syncRaster();
    const int per = columnsPerCell();
    const int firstColumn = column * per;
    QString text = toQ(grid_.rowLabels[static_cast<size_t>(row)]) + QStringLiteral(" · ");
    if (per == 1) {
      text += toQ(grid_.columnAxisLabel) + QLatin1Char(' ') + toQ(grid_.columnLabels[static_cast<size_t>(column)]);
    } else {
      QString unit = levelName(level_);
      if (unit.endsWith(QLatin1Char('s'))) unit.chop(1);
      text += QObject::tr("%1 %2 (%3 %4 to %5)")
                  .arg(unit)
                  .arg(column)
                  .arg(levelName(0), toQ(grid_.columnLabels[static_cast<size_t>(firstColumn)]),
                       toQ(grid_.columnLabels[static_cast<size_t>(firstColumn + per - 1)]));
    }
    if (const double bytes = bytesPerColumn(grid_.columnAxisLabel); bytes > 0) {
      const double first = (static_cast<double>(row) * grid_.columns() + firstColumn) * bytes;
      text += QObject::tr("\nbytes %1 to %2 of the allocation (%3)").arg(hexOffset(first), hexOffset(first + per * bytes - 1), sizeText(per * bytes));
    }
    const int state = rasterImage_.majority(row, column);
    const QString stateLabel = state >= 0 && static_cast<size_t>(state) < grid_.states.size()
                                   ? toQ(grid_.states[static_cast<size_t>(state)].label)
                                   : QObject::tr("unknown state");
    if (!rasterImage_.mixed(row, column)) return text + QStringLiteral("\n") + stateLabel;
    text += QObject::tr("\nmixed, mostly %1:").arg(stateLabel);
    const std::vector<int> counts = rasterImage_.stateCounts(playback_, row, column);
    for (size_t s = 0; s < counts.size(); ++s)
      if (counts[s] > 0)
        text += QStringLiteral("\n  %1 × %2").arg(counts[s]).arg(s < grid_.states.size() ? toQ(grid_.states[s].label) : QObject::tr("unknown"));
    return text;
  }
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
  if (l.compact) paintTitleLine(painter, l.title, title_, banner_, provenance_);
  else paintTitleBlock(painter, l.title, title_, banner_, provenance_);
  paintLegend(painter, l.legend, legendEntries());
  painter.setFont(figureFont(figure_font::kAxisTitle + 2, true));
  painter.setPen(QColor(0x11, 0x11, 0x11));
  painter.drawText(l.frameLabel, Qt::AlignCenter, frameText());

  if (raster_) {
    paintRaster(painter, l, area);
    painter.restore();
    return;
  }
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
    painter.setBrush(stateColor(static_cast<int>(s)));
    painter.drawRects(byState[s]);
  }
  painter.restore();

  // Text in the cells, as large as the cell allows (the widest text decides).
  if (!frame.text.empty()) {
    int longest = 1;
    for (const std::string& t : frame.text) longest = std::max(longest, static_cast<int>(toQ(t).size()));
    const int px = static_cast<int>(std::min({l.cellH * 0.55, (l.cellW - 6) / (0.8 * longest) /* bold digits and a margin */, static_cast<double>(kMaxCellTextPx)}));
    if (px >= kMinCellTextPx) {
      painter.setFont(figureFont(px, true));
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const size_t i = static_cast<size_t>(r) * static_cast<size_t>(cols) + static_cast<size_t>(c);
          if (i >= frame.text.size() || frame.text[i].empty()) continue;
          const int s = i < frame.cells.size() ? frame.cells[i] : -1;
          const QColor fill = stateColor(s);
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
  noteFigureText(painter, QStringLiteral("cells"), QString(), QString(), l.cells);  // all of it on screen?
  const qreal widest = columnLabelWidth_;
  const int colStride = std::max(1, static_cast<int>(std::ceil((widest + 6) / l.cellW)));
  for (int c = 0; c < cols; c += colStride)
    painter.drawText(QRectF(l.cells.left() + c * l.cellW + l.cellW / 2 - widest / 2 - 3, l.columnLabels.top(), widest + 6,
                            l.columnLabels.height()),
                     Qt::AlignCenter, toQ(grid_.columnLabels[static_cast<size_t>(c)]));

  painter.setFont(figureFont(figure_font::kAxisTitle, true));
  if (!grid_.columnAxisLabel.empty()) {
    const QRectF box(l.cells.left(), l.frameLabel.bottom(), l.cells.width(), l.columnLabels.top() - l.frameLabel.bottom());
    painter.drawText(box, Qt::AlignCenter, toQ(grid_.columnAxisLabel));
    noteFigureText(painter, QStringLiteral("axis title"), toQ(grid_.columnAxisLabel), toQ(grid_.columnAxisLabel), box);
  }
  if (!grid_.rowAxisLabel.empty()) {
    painter.save();
    painter.translate(area.left() + kPad + QFontMetricsF(painter.font()).height() / 2 + 2, l.cells.center().y());
    paintRowAxisTitle(painter, l, area);
    painter.restore();
  }
  painter.restore();
}

void GridFigure::paintRowAxisTitle(QPainter& painter, const Layout& l, const QRectF& area) const {
  // Rotated beside the rows: it may run from below the frame label to the figure's bottom edge,
  // centred on the cells; a long title shrinks, and is left out where even that does not fit.
  const qreal centre = l.cells.center().y();
  const qreal room = std::max<qreal>(40, 2 * std::min(centre - l.frameLabel.bottom(), area.bottom() - centre) - 8);
  const QString title = toQ(grid_.rowAxisLabel);
  const QFont font = fittedFont(painter.font(), title, room, 0.7);
  // Too short even for the shrunk title: leave it out (the row labels still read) rather than
  // show a cut word.
  if (QFontMetricsF(font).horizontalAdvance(title) > room) return;
  painter.setFont(font);
  painter.rotate(-90);
  painter.drawText(QRectF(-room / 2, -20, room, 40), Qt::AlignCenter, title);
  noteFigureText(painter, QStringLiteral("axis title"), title, title, QRectF(-room / 2, -20, room, 40));
}

}  // namespace warpscope::ui
