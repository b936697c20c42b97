#include "figure_grid.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QTransform>

#include <algorithm>
#include <cmath>

namespace warpscope::ui {

FigureGrid::FigureGrid(QWidget* parent) : QWidget(parent) {
  // As tall as its rows; as wide as the panel gives it (a grid wider than that is cut at the
  // edge, as the table it replaces was).
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  setFocusPolicy(Qt::ClickFocus);  // a click gives it the keys for Ctrl+A and Ctrl+C
  boldFont_ = font();
  boldFont_.setBold(true);
}

void FigureGrid::layOut(LaidOutCell& cell, const FigureCell& source) {
  if (cell.size.isValid() && cell.text == source.text && cell.bold == source.bold) {
    cell.alignRight = source.alignRight;
    return;
  }
  cell.text = source.text;
  cell.bold = source.bold;
  cell.alignRight = source.alignRight;
  cell.staticText.setText(source.text);
  cell.staticText.setTextFormat(Qt::PlainText);
  cell.staticText.prepare(QTransform(), source.bold ? boldFont_ : font());
  cell.size = cell.staticText.size();
}

bool FigureGrid::setSections(std::vector<FigureSection> sections) {
  const int oldHeight = height_;
  sections_.resize(sections.size());
  for (std::size_t s = 0; s < sections.size(); ++s) {
    LaidOutSection& laidOut = sections_[s];
    laidOut.rows.resize(sections[s].rows.size());
    for (std::size_t r = 0; r < sections[s].rows.size(); ++r) {
      const std::vector<FigureCell>& cells = sections[s].rows[r];
      laidOut.rows[r].resize(cells.size());
      for (std::size_t c = 0; c < cells.size(); ++c) layOut(laidOut.rows[r][c], cells[c]);
    }
  }
  given_ = std::move(sections);
  placeSections();
  // Painted text is invisible to a screen reader: it reads the figures from the description.
  setAccessibleDescription(toPlainText());
  update();
  if (height_ == oldHeight) return false;
  updateGeometry();
  return true;
}

void FigureGrid::placeSections() {
  const int lineHeight = std::max(QFontMetrics(font()).height(), QFontMetrics(boldFont_).height());
  int y = 0;
  width_ = 0;
  for (std::size_t s = 0; s < sections_.size(); ++s) {
    LaidOutSection& section = sections_[s];
    const FigureSection& given = given_[s];
    std::size_t columns = 0;
    for (const auto& row : section.rows) columns = std::max(columns, row.size());
    section.columnWidth.assign(columns, 0);
    for (const auto& row : section.rows)
      for (std::size_t c = 0; c < row.size(); ++c)
        section.columnWidth[c] = std::max(section.columnWidth[c], static_cast<int>(std::ceil(row[c].size.width())));
    section.columnX.assign(columns, 0);
    int x = 0;
    for (std::size_t c = 0; c < columns; ++c) {
      x += c < given.gapBefore.size() ? given.gapBefore[c] : 0;
      section.columnX[c] = x;
      x += section.columnWidth[c];
    }
    width_ = std::max(width_, x);
    section.rowPadding = given.rowPadding;
    section.rowHeight = lineHeight + 2 * given.rowPadding;
    section.top = y + (section.rows.empty() ? 0 : given.marginTop);
    y = section.top + section.rowHeight * static_cast<int>(section.rows.size());
  }
  height_ = y;
}

QSize FigureGrid::sizeHint() const { return {width_, height_}; }

void FigureGrid::paintEvent(QPaintEvent*) {
  if (sections_.empty()) return;
  QPainter painter(this);
  QColor ink = palette().color(foregroundRole());
  if (allSelected_) {
    painter.fillRect(QRect(0, 0, std::min(width(), width_), height_), palette().brush(QPalette::Highlight));
    ink = palette().color(QPalette::HighlightedText);
  }
  painter.setPen(ink);
  for (const LaidOutSection& section : sections_)
    for (std::size_t r = 0; r < section.rows.size(); ++r) {
      const double y = section.top + static_cast<double>(r) * section.rowHeight + section.rowPadding;
      for (std::size_t c = 0; c < section.rows[r].size(); ++c) {
        const LaidOutCell& cell = section.rows[r][c];
        if (cell.text.isEmpty()) continue;
        const double x = cell.alignRight ? section.columnX[c] + section.columnWidth[c] - cell.size.width()
                                         : section.columnX[c];
        painter.setFont(cell.bold ? boldFont_ : font());
        painter.drawStaticText(QPointF(x, y), cell.staticText);
      }
    }
}

void FigureGrid::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange) {
    // The window's type scale (Ctrl+= / Ctrl+-, presenting) reaches the figures through the
    // font: every cell is laid out again in it.
    boldFont_ = font();
    boldFont_.setBold(true);
    for (LaidOutSection& section : sections_)
      for (auto& row : section.rows)
        for (LaidOutCell& cell : row) cell.size = QSizeF();
    std::vector<FigureSection> given = given_;
    setSections(std::move(given));
    updateGeometry();
  }
}

QString FigureGrid::toPlainText() const {
  QStringList lines;
  for (const FigureSection& section : given_)
    for (const auto& row : section.rows) {
      QStringList cells;
      for (const FigureCell& cell : row) cells << cell.text;
      lines << cells.join(QLatin1Char('\t'));
    }
  return lines.join(QLatin1Char('\n'));
}

void FigureGrid::copyAll() const { QGuiApplication::clipboard()->setText(toPlainText()); }

void FigureGrid::selectAll() {
  allSelected_ = true;
  update();
}

void FigureGrid::keyPressEvent(QKeyEvent* event) {
  if (event->matches(QKeySequence::Copy)) return copyAll();
  if (event->matches(QKeySequence::SelectAll)) return selectAll();
  QWidget::keyPressEvent(event);
}

void FigureGrid::mousePressEvent(QMouseEvent* event) {
  if (allSelected_) {
    allSelected_ = false;
    update();
  }
  QWidget::mousePressEvent(event);
}

void FigureGrid::focusOutEvent(QFocusEvent* event) {
  QWidget::focusOutEvent(event);
  if (allSelected_) {
    allSelected_ = false;
    update();
  }
}

void FigureGrid::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  menu.addAction(tr("&Copy the Numbers"), this, &FigureGrid::copyAll);
  menu.addAction(tr("Select All"), this, &FigureGrid::selectAll);
  menu.exec(event->globalPos());
}

}  // namespace warpscope::ui
