#include "listing_figure.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QObject>
#include <QPainter>
#include <algorithm>

#include "qt_text.h"
#include "ui_scale.h"

namespace warpscope::ui {

namespace {
constexpr qreal kPad = 10;
constexpr qreal kMark = 6;       ///< Width of the class colour at a line's left.
constexpr int kLinePixels = 15;  ///< The lines' type: SASS read from the back of a room.
const QColor kCaptionColor(0x44, 0x44, 0x44);
}  // namespace

QFont listingFont(int pixelSize) {
  QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  f.setStyleHint(QFont::TypeWriter);
  f.setPixelSize(scaledSize(pixelSize));
  return f;
}

void ListingFigure::setView(const View& view, const QString& banner, Provenance provenance) {
  // A new result of the same view (the next focus point) keeps the reader's place.
  if (toQ(view.id) != viewId_) firstLine_ = 0;
  viewId_ = toQ(view.id);
  listing_ = view.listing;
  // A shorter listing (another variant's): keep the place, but never past its last line.
  firstLine_ = std::clamp(firstLine_, 0, std::max(0, static_cast<int>(listing_.lines.size()) - 1));
  title_ = toQ(view.title);
  banner_ = banner;
  provenance_ = provenance;
  message_.clear();
}

void ListingFigure::clear(const QString& message) {
  listing_ = Listing();
  viewId_.clear();
  title_.clear();
  banner_.clear();
  message_ = message;
  firstLine_ = 0;
}

QString ListingFigure::titleText() const { return titleBlockText(title_, banner_); }

std::vector<LegendEntry> ListingFigure::legendEntries() const {
  std::vector<LegendEntry> entries;
  for (std::size_t s = 0; s < listing_.states.size(); ++s)
    entries.push_back({toQ(listing_.states[s].label), kindColor(static_cast<int>(s))});
  return entries;
}

ListingFigure::Layout ListingFigure::layout(const QRectF& area) const {
  const Layout full = layout(area, false);
  // A short figure (a projector under a lecture's caption) keeps its height for the lines.
  if (fitting(full) >= 16 || !titleLineFits(area.width(), title_, banner_)) return full;
  return layout(area, true);
}

ListingFigure::Layout ListingFigure::layout(const QRectF& area, bool compact) const {
  Layout l;
  l.compact = compact;
  const QFontMetricsF titleFm(figureFont(figure_font::kTitle, true));
  const QFontMetricsF bannerFm(figureFont(figure_font::kBanner));
  const QFontMetricsF captionFm(figureFont(figure_font::kTick));
  const QFontMetricsF lineFm(listingFont(kLinePixels));
  l.title = QRectF(area.left(), area.top(), area.width(),
                   compact ? titleLineHeight() : 6 + titleFm.height() + 2 + bannerFm.height() + 6);
  const qreal inner = area.width() - 2 * kPad;
  l.legend = QRectF(area.left() + kPad, l.title.bottom(), inner, legendHeight(legendEntries(), inner));
  l.caption = QRectF(area.left() + kPad, l.legend.bottom() + 4, inner, captionFm.height() + 4);
  l.lineHeight = lineFm.height() + 2;
  l.lines = QRectF(area.left() + kPad, l.caption.bottom() + 4, inner,
                   std::max<qreal>(0, area.bottom() - kPad - (l.caption.bottom() + 4)));
  return l;
}

int ListingFigure::fitting(const Layout& l) { return std::max(1, static_cast<int>(l.lines.height() / l.lineHeight)); }

int ListingFigure::linesInSight(const QRectF& area) const { return fitting(layout(area)); }

int ListingFigure::firstInSight(const Layout& l) const {
  // A shorter listing than the place kept (another variant's) ends at the bottom, not half empty.
  return std::clamp(firstLine_, 0, std::max(0, static_cast<int>(listing_.lines.size()) - fitting(l)));
}

void ListingFigure::scrollTo(int line, const QRectF& area) {
  const int lastFirst = std::max(0, static_cast<int>(listing_.lines.size()) - linesInSight(area));
  firstLine_ = std::clamp(line, 0, lastFirst);
}

int ListingFigure::lineAt(QPointF pos, const QRectF& area) const {
  const Layout l = layout(area);
  if (!l.lines.contains(pos)) return -1;
  const int first = firstInSight(l);
  const int line = first + static_cast<int>((pos.y() - l.lines.top()) / l.lineHeight);
  return line < static_cast<int>(listing_.lines.size()) && line - first < fitting(l) ? line : -1;
}

QString ListingFigure::describeLine(int line) const {
  if (line < 0 || line >= static_cast<int>(listing_.lines.size())) return {};
  const ListingLine& l = listing_.lines[line];
  const bool known = l.state >= 0 && l.state < static_cast<int>(listing_.states.size());
  return QObject::tr("Line %1: %2").arg(line + 1).arg(toQ(l.text)) +
         (known ? QStringLiteral("\n") + toQ(listing_.states[l.state].label) : QString());
}

QString ListingFigure::emptyMessage() const {
  if (!message_.isEmpty()) return message_;
  return listing_.caption.empty() ? QObject::tr("No lines to show") : toQ(listing_.caption);
}

void ListingFigure::paint(QPainter& painter, const QRectF& area) const {
  painter.save();
  painter.fillRect(area, Qt::white);
  if (listing_.lines.empty()) {
    paintEmptyFigure(painter, area, title_, banner_, provenance_, emptyMessage());
    painter.restore();
    return;
  }
  const Layout l = layout(area);
  if (l.compact)
    paintTitleLine(painter, l.title, title_, banner_, provenance_);
  else
    paintTitleBlock(painter, l.title, title_, banner_, provenance_);
  paintLegend(painter, l.legend, legendEntries());

  const int total = static_cast<int>(listing_.lines.size());
  const int first = firstInSight(l);
  const int shown = std::min(fitting(l), total - first);
  // Which lines are in sight, on the right; the caption takes what is left of the row.
  const QString where = QObject::tr("lines %1-%2 of %3").arg(first + 1).arg(first + shown).arg(total);
  const QFont captionFont = figureFont(figure_font::kTick);
  const QFontMetricsF captionFm(captionFont);
  painter.setFont(captionFont);
  painter.setPen(kCaptionColor);
  const qreal whereWidth = captionFm.horizontalAdvance(where) + 2;
  const QRectF whereBox(l.caption.right() - whereWidth, l.caption.top(), whereWidth, l.caption.height());
  painter.drawText(whereBox, Qt::AlignRight | Qt::AlignVCenter, where);
  noteFigureText(painter, QStringLiteral("listing position"), where, where, whereBox);
  const QString caption = toQ(listing_.caption);
  const QRectF captionBox(l.caption.left(), l.caption.top(), l.caption.width() - whereWidth - 12, l.caption.height());
  const QString captionShown = captionFm.elidedText(caption, Qt::ElideRight, captionBox.width());
  painter.drawText(captionBox, Qt::AlignLeft | Qt::AlignVCenter, captionShown);
  noteFigureText(painter, QStringLiteral("listing caption"), caption, captionShown, captionBox);

  const QFont lineFont = listingFont(kLinePixels);
  const QFontMetricsF lineFm(lineFont);
  painter.setFont(lineFont);
  const qreal textLeft = l.lines.left() + kMark + 6;
  for (int i = 0; i < shown; ++i) {
    const ListingLine& line = listing_.lines[first + i];
    const QRectF row(l.lines.left(), l.lines.top() + i * l.lineHeight, l.lines.width(), l.lineHeight);
    if (line.state >= 0 && line.state < static_cast<int>(listing_.states.size())) {
      const QColor color = kindColor(line.state);
      painter.fillRect(QRectF(row.left(), row.top() + 1, kMark, row.height() - 2), color);
      painter.fillRect(QRectF(row.left() + kMark, row.top() + 1, row.width() - kMark, row.height() - 2),
                       towardWhite(color, 0.86));
    }
    const QRectF textBox(textLeft, row.top(), row.right() - textLeft, row.height());
    const QString full = toQ(line.text);
    const QString drawn = lineFm.elidedText(full, Qt::ElideRight, textBox.width());
    painter.setPen(Qt::black);
    painter.drawText(textBox, Qt::AlignLeft | Qt::AlignVCenter, drawn);
    noteFigureText(painter, QStringLiteral("listing line"), full, drawn, textBox);
  }
  painter.restore();
}

}  // namespace warpscope::ui
