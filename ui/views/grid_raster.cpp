// A grid too large to read cell by cell (a page map: thousands of pages) is drawn as a raster
// (GridFigure, grid_figure.h): granularity levels that merge columns into cells, the raster image
// kept in step with the playback, and its painting, hatched where a cell's pages disagree.
#include "grid_figure.h"

#include <QObject>
#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "grid_style.h"
#include "qt_text.h"

namespace warpscope::ui {

using namespace grid_style;

void GridFigure::setLevel(int level) {
  level = std::clamp(level, 0, levelCount() - 1);
  if (level == level_) return;
  level_ = level;
  if (raster_) rebuildRaster();
}

QString GridFigure::levelName(int level) const {
  if (level > 0 && static_cast<size_t>(level) <= grid_.levels.size()) return toQ(grid_.levels[static_cast<size_t>(level - 1)].name);
  QString name = toQ(grid_.columnAxisLabel);
  if (name.isEmpty()) return QObject::tr("Cells");
  if (!name.endsWith(QLatin1Char('s'))) name += QLatin1Char('s');
  return name;
}

int GridFigure::columnsPerCell() const {
  if (level_ <= 0 || static_cast<size_t>(level_) > grid_.levels.size()) return 1;
  const int n = grid_.levels[static_cast<size_t>(level_ - 1)].columnsPerCell;
  return n >= 1 && grid_.columns() % n == 0 ? n : 1;
}

int GridFigure::cellColumns() const { return grid_.columns() / columnsPerCell(); }

void GridFigure::rebuildRaster() {
  std::vector<QRgb> palette;
  for (size_t s = 0; s < grid_.states.size(); ++s) palette.push_back(stateColor(static_cast<int>(s)).rgb());
  rasterImage_.reset(grid_.rows(), grid_.columns(), columnsPerCell(), std::move(palette), kUnknownFill.rgb());
}

void GridFigure::syncRaster() const {
  if (!raster_) return;
  rasterImage_.update(playback_);
  playback_.clearDirty();
}

bool GridFigure::cellMixed(int row, int cellColumn) const {
  if (!raster_) return false;
  syncRaster();
  return rasterImage_.mixed(row, cellColumn);
}

void GridFigure::paintRaster(QPainter& painter, const Layout& l, const QRectF& area) const {
  syncRaster();
  const int rows = grid_.rows();
  const int cols = cellColumns();
  const int per = columnsPerCell();
  painter.save();
  painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
  painter.setRenderHint(QPainter::Antialiasing, false);
  const QPaintEngine* engine = painter.paintEngine();
  if (engine && (engine->type() == QPaintEngine::Pdf || engine->type() == QPaintEngine::SVG)) {
    // Figures: vectors, one rectangle per run of equal cells in a row, in exactly the legend's
    // colours (a PDF image would be JPEG-compressed and smoothed by viewers).
    // Each rectangle reaches a little into the next row and run, which paint over it: viewers
    // that anti-alias edges would otherwise show hairline seams between the rows.
    const QImage& image = rasterImage_.image();
    constexpr qreal kOverlap = 0.6;
    painter.setPen(Qt::NoPen);
    painter.setClipRect(l.cells, Qt::IntersectClip);
    for (int r = 0; r < image.height(); ++r)
      for (int c = 0; c < image.width();) {
        const QRgb colour = image.pixel(c, r);
        int end = c + 1;
        while (end < image.width() && image.pixel(end, r) == colour) ++end;
        painter.fillRect(QRectF(l.cells.left() + c * l.cellW, l.cells.top() + r * l.cellH,
                                (end - c) * l.cellW + kOverlap, l.cellH + kOverlap),
                         QColor::fromRgba(colour));
        c = end;
      }
  } else {
    // One pixel per cell, scaled without smoothing: cell edges stay sharp, colours stay exact.
    painter.drawImage(l.cells, rasterImage_.image());
  }
  if (per > 1) {
    QVector<QRectF> rects;
    const auto& runs = rasterImage_.mixedRuns();
    rects.reserve(static_cast<qsizetype>(runs.size()));
    for (const auto& [r, c, n] : runs)
      rects.append(QRectF(l.cells.left() + c * l.cellW, l.cells.top() + r * l.cellH, n * l.cellW, l.cellH));
    painter.setPen(Qt::NoPen);
    painter.setBrush(QBrush(kHatch, Qt::BDiagPattern));
    painter.drawRects(rects);
    // Coarse cells wide enough to tell apart get a hairline between them.
    if (l.cellW >= 6 && cols > 1) {
      painter.setPen(QPen(QColor(255, 255, 255, 200), 1));
      for (int c = 1; c < cols; ++c) {
        const qreal x = l.cells.left() + c * l.cellW;
        painter.drawLine(QPointF(x, l.cells.top()), QPointF(x, l.cells.bottom()));
      }
    }
  }
  painter.setPen(QColor(0x66, 0x66, 0x66));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(l.cells);
  painter.restore();

  // Labels: every k-th row; columns at the level (page numbers, or block numbers).
  const QFont labelFont = figureFont(figure_font::kTick);
  const QFontMetricsF fm(labelFont);
  painter.setFont(labelFont);
  painter.setPen(QColor(0x22, 0x22, 0x22));
  // Strides of powers of two: chunk 0, 16, 32 and page 0, 64, 128 read as addresses do.
  const auto powerOfTwoAtLeast = [](double n) {
    int p = 1;
    while (p < n && p < (1 << 24)) p *= 2;
    return p;
  };
  const int rowStride = powerOfTwoAtLeast(fm.height() * 1.6 / l.cellH);
  for (int r = 0; r < rows; r += rowStride)
    painter.drawText(QRectF(l.rowLabels.left(), l.cells.top() + r * l.cellH + l.cellH / 2 - fm.height() / 2, l.rowLabels.width(),
                            fm.height()),
                     Qt::AlignRight | Qt::AlignVCenter, toQ(grid_.rowLabels[static_cast<size_t>(r)]));
  noteFigureText(painter, QStringLiteral("cells"), QString(), QString(), l.cells);  // all of it on screen?
  if (cols > 1) {
    const auto labelOf = [&](int c) {
      return per == 1 ? toQ(grid_.columnLabels[static_cast<size_t>(c)]) : QString::number(c);
    };
    const qreal widest = per == 1 ? columnLabelWidth_ : fm.horizontalAdvance(QString::number(cols - 1));
    const int colStride = powerOfTwoAtLeast((widest + 14) / l.cellW);
    for (int c = 0; c < cols; c += colStride)
      painter.drawText(QRectF(l.cells.left() + c * l.cellW + l.cellW / 2 - widest / 2 - 5, l.columnLabels.top(), widest + 10,
                              l.columnLabels.height()),
                       Qt::AlignCenter, labelOf(c));
  }
  painter.setFont(figureFont(figure_font::kAxisTitle, true));
  const QString columnAxis = per == 1 ? toQ(grid_.columnAxisLabel) : levelName(level_);
  if (!columnAxis.isEmpty()) {
    const QRectF box(l.cells.left(), l.frameLabel.bottom(), l.cells.width(), l.columnLabels.top() - l.frameLabel.bottom());
    painter.drawText(box, Qt::AlignCenter, columnAxis);
    noteFigureText(painter, QStringLiteral("axis title"), columnAxis, columnAxis, box);
  }
  if (!grid_.rowAxisLabel.empty()) {
    painter.save();
    painter.translate(l.rowLabels.left() - QFontMetricsF(painter.font()).height() / 2 - 4, l.cells.center().y());
    paintRowAxisTitle(painter, l, area);
    painter.restore();
  }
}

}  // namespace warpscope::ui
