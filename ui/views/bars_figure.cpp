#include "bars_figure.h"

#include <QFontMetricsF>
#include <QObject>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "qt_text.h"
#include "ui_scale.h"

namespace warpscope::ui {

namespace {
constexpr qreal kPad = 10;
constexpr qreal kGroupFill = 0.8;  ///< Share of a category's width its bars take.
constexpr int kMaxCategoryLines = 3;  ///< Lines a category name may wrap onto under its bars.
constexpr qreal kMinPlotForThirdLine = 160;  ///< Plot height (px) a third line of names may not go below.
}  // namespace

void BarsFigure::setView(const View& view, const QString& banner, Provenance provenance) {
  bars_ = view.bars;
  extentTop_ = view.extentHint ? view.extentHint->yMax : 0;
  title_ = toQ(view.title);
  banner_ = banner;
  provenance_ = provenance;
  message_.clear();
}

void BarsFigure::clear(const QString& message) {
  bars_ = Bars();
  extentTop_ = 0;
  title_.clear();
  banner_.clear();
  message_ = message;
}

QString BarsFigure::titleText() const { return titleBlockText(title_, banner_); }

std::vector<LegendEntry> BarsFigure::legendEntries() const {
  std::vector<LegendEntry> entries;
  for (size_t s = 0; s < bars_.series.size(); ++s) entries.push_back({toQ(bars_.series[s].name), kindColor(static_cast<int>(s))});
  return entries;
}

BarsFigure::Layout BarsFigure::layout(const QRectF& area) const {
  const Layout full = layout(area, false);
  // A short figure (a projector's 1280x720 under a lecture's caption) keeps more of its height
  // for the bars by putting the title and the banner on one line, as the grid does.
  if (full.plot.height() >= std::max<qreal>(120, 0.4 * area.height())) return full;
  // Not at the price of the title: one that would be cut keeps its own line.
  if (!titleLineFits(area.width(), title_, banner_)) return full;
  return layout(area, true);
}

BarsFigure::Layout BarsFigure::layout(const QRectF& area, bool compact) const {
  Layout l;
  l.compact = compact;
  const QFontMetricsF titleFm(figureFont(figure_font::kTitle, true));
  const QFontMetricsF bannerFm(figureFont(figure_font::kBanner));
  const QFontMetricsF tickFm(figureFont(figure_font::kTick));
  const QFontMetricsF axisFm(figureFont(figure_font::kAxisTitle, true));
  l.title = QRectF(area.left(), area.top(), area.width(),
                   compact ? titleLineHeight() : 6 + titleFm.height() + 2 + bannerFm.height() + 6);
  l.legend = QRectF(area.left() + kPad, l.title.bottom(), area.width() - 2 * kPad, legendHeight(legendEntries(), area.width() - 2 * kPad));

  double top = extentTop_;  // predict first: the veiled values' top (View::extentHint)
  for (const BarSeries& s : bars_.series)
    for (const BarValue& v : s.values)
      if (std::isfinite(v.value)) top = std::max({top, v.value, v.high});
  if (top <= 0) top = 1;
  const std::vector<double> ticks = niceTicks(0, top * 1.12, 6);
  l.top = ticks.empty() ? top * 1.12 : std::max(ticks.back(), top * 1.12);
  qreal tickW = 0;
  for (double t : ticks) tickW = std::max(tickW, tickFm.horizontalAdvance(formatNumber(t)));
  const qreal top0 = l.legend.bottom() + 8;
  // The value title runs along the plot's height, on up to four lines (each line takes width
  // from the plot) before it shrinks: the plot's height decides how many, the lines how far in
  // the plot starts, so lay out twice.
  l.valueTitle = FittedLines{figureFont(figure_font::kAxisTitle, true), {toQ(bars_.valueLabel)}, true};
  for (int pass = 0; pass < 2; ++pass) {
    const qreal titleW = static_cast<qreal>(l.valueTitle.lines.size()) * QFontMetricsF(l.valueTitle.font).height();
    const qreal left = area.left() + kPad + titleW + 8 + tickW + 8;
    // Category names wrap onto a second line rather than being cut ("SetPreferredLocation…"
    // twice on a projector could be either policy).
    const qreal groupW = std::max<qreal>(1, area.right() - kPad - 8 - left) /
                         static_cast<qreal>(std::max<std::size_t>(1, bars_.categories.size()));
    // As many lines as the longest name needs at word breaks (three at most: fifteen kinds of
    // instruction on a projector need them, "FP32 divide, fast math").
    l.categoryLines = 1;
    for (const std::string& c : bars_.categories) {
      const QString name = toQ(c);
      if (tickFm.horizontalAdvance(name) <= groupW - 4) continue;
      const QRectF wrapped = tickFm.boundingRect(QRectF(0, 0, std::max<qreal>(1, groupW - 4), 1e6),
                                                 Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, name);
      const int lines = static_cast<int>(std::ceil(wrapped.height() / tickFm.height() - 0.01));
      l.categoryLines = std::max(l.categoryLines, std::clamp(lines, 2, kMaxCategoryLines));
    }
    // A third line only where the plot keeps its height for the bars and the value title.
    if (l.categoryLines > 2 &&
        area.bottom() - kPad - axisFm.height() - 16 - l.categoryLines * tickFm.height() - top0 < kMinPlotForThirdLine)
      l.categoryLines = 2;
    const qreal bottom = area.bottom() - kPad - axisFm.height() - 6 - l.categoryLines * tickFm.height() - 10;
    l.plot = QRectF(left, top0, std::max<qreal>(1, area.right() - kPad - 8 - left), std::max<qreal>(1, bottom - top0));
    if (pass == 0) l.valueTitle = fitLines(figureFont(figure_font::kAxisTitle, true), toQ(bars_.valueLabel), l.plot.height() - 4, 4, 0.45);
  }
  return l;
}

QRectF BarsFigure::barRect(int series, int category, const QRectF& area) const {
  return barRect(series, category, layout(area));
}

QRectF BarsFigure::barRect(int series, int category, const Layout& l) const {
  const int ns = static_cast<int>(bars_.series.size());
  const int nc = static_cast<int>(bars_.categories.size());
  if (series < 0 || series >= ns || category < 0 || category >= nc) return {};
  const auto& values = bars_.series[static_cast<size_t>(series)].values;
  if (static_cast<size_t>(category) >= values.size()) return {};
  const qreal groupW = l.plot.width() / nc;
  const qreal barW = groupW * kGroupFill / ns;
  const qreal x = l.plot.left() + category * groupW + groupW * (1 - kGroupFill) / 2 + series * barW;
  const double v = std::max(0.0, values[static_cast<size_t>(category)].value);
  // A value above zero stays a visible sliver (3 px) however small beside the others: the
  // histogram's global atomics (8 against 2,500) showed as a number with nothing under it.
  const qreal h = v > 0 ? std::max<qreal>(3, v / l.top * l.plot.height()) : 0;
  return QRectF(x, l.plot.bottom() - h, barW, h);
}

bool BarsFigure::barAt(QPointF pos, const QRectF& area, int* series, int* category) const {
  const Layout l = layout(area);
  for (int s = 0; s < static_cast<int>(bars_.series.size()); ++s)
    for (int c = 0; c < static_cast<int>(bars_.categories.size()); ++c) {
      const QRectF r = barRect(s, c, l);
      // The whole column counts, so a short bar is as easy to hover as a tall one.
      if (!r.isNull() && pos.x() >= r.left() && pos.x() < r.right() && pos.y() <= r.bottom() + 2 &&
          pos.y() >= l.plot.top()) {
        *series = s;
        *category = c;
        return true;
      }
    }
  return false;
}

QString BarsFigure::describeBar(int series, int category) const {
  if (series < 0 || static_cast<size_t>(series) >= bars_.series.size()) return {};
  const BarSeries& s = bars_.series[static_cast<size_t>(series)];
  if (category < 0 || static_cast<size_t>(category) >= s.values.size() || static_cast<size_t>(category) >= bars_.categories.size())
    return {};
  const BarValue& v = s.values[static_cast<size_t>(category)];
  if (!std::isfinite(v.value)) return {};  // veiled until the reveal
  QString text = QStringLiteral("<b>%1</b> · %2<br>%3 %4").arg(toQ(s.name).toHtmlEscaped(),
                                                             toQ(bars_.categories[static_cast<size_t>(category)]).toHtmlEscaped(),
                                                             formatNumber(v.value), toQ(bars_.valueLabel).toHtmlEscaped());
  if (v.high > v.low) text += QObject::tr("<br>spread %1 – %2").arg(formatNumber(v.low), formatNumber(v.high));
  return text;
}

namespace {

/// A bar's value above it, in the room of one bar (`slot`: its width, the distance to the next
/// bar's label): it shrinks to fit, and stands upright when even that is too wide (narrow bars
/// side by side would run their numbers into each other), above the bar where there is height,
/// else inside its top in white.
void paintValueLabel(QPainter& painter, const QFont& font, const QString& text, const QRectF& bar, qreal labelBottom,
                     qreal slot, qreal plotTop) {
  const QFont fitted = fittedFont(font, text, slot - 3, 0.75);
  const QFontMetricsF fm(fitted);
  const qreal w = fm.horizontalAdvance(text);
  const qreal h = fm.height();
  painter.save();
  painter.setFont(fitted);
  painter.setPen(QColor(0x11, 0x11, 0x11));
  if (w <= slot - 3) {
    const QRectF box(bar.center().x() - slot / 2, labelBottom - h - 2, slot, h);
    painter.drawText(box, Qt::AlignHCenter | Qt::AlignBottom, text);
    noteFigureText(painter, QStringLiteral("value"), text, text, box);
  } else if (labelBottom - plotTop >= w + 4 || bar.height() < w + 4) {
    painter.translate(bar.center().x(), labelBottom - 2);
    painter.rotate(-90);
    painter.drawText(QRectF(0, -h / 2, w + 2, h), Qt::AlignLeft | Qt::AlignVCenter, text);
    noteFigureText(painter, QStringLiteral("value"), text, text, QRectF(0, -h / 2, w + 2, h));
  } else {
    painter.setPen(Qt::white);
    painter.translate(bar.center().x(), bar.top() + 2);
    painter.rotate(-90);
    painter.drawText(QRectF(-w - 2, -h / 2, w + 2, h), Qt::AlignRight | Qt::AlignVCenter, text);
  }
  painter.restore();
}

}  // namespace

void BarsFigure::paint(QPainter& painter, const QRectF& area) const {
  painter.save();
  painter.setClipRect(area);
  painter.fillRect(area, Qt::white);
  if (!message_.isEmpty() || bars_.categories.empty() || bars_.series.empty()) {
    paintEmptyFigure(painter, area, title_, banner_, provenance_, message_.isEmpty() ? QObject::tr("No bars to show") : message_);
    painter.restore();
    return;
  }
  const Layout l = layout(area);
  if (l.compact) {
    paintTitleLine(painter, l.title, title_, banner_, provenance_);
  } else {
    paintTitleBlock(painter, l.title, title_, banner_, provenance_);
  }
  paintLegend(painter, l.legend, legendEntries());

  // Value axis: grid lines and tick labels.
  const QFont tickFont = figureFont(figure_font::kTick);
  const QFontMetricsF tickFm(tickFont);
  painter.setFont(tickFont);
  for (double t : niceTicks(0, l.top, 6)) {
    const qreal y = l.plot.bottom() - t / l.top * l.plot.height();
    painter.setPen(QPen(QColor(0xDD, 0xDD, 0xDD), 1));
    painter.drawLine(QPointF(l.plot.left(), y), QPointF(l.plot.right(), y));
    painter.setPen(QColor(0x22, 0x22, 0x22));
    painter.drawText(QRectF(l.plot.left() - 200 - 6, y - tickFm.height() / 2, 200, tickFm.height()),
                     Qt::AlignRight | Qt::AlignVCenter, formatNumber(t));
  }

  const int nc = static_cast<int>(bars_.categories.size());
  const int ns = static_cast<int>(bars_.series.size());
  const qreal groupW = l.plot.width() / nc;
  QFont valueFont = figureFont(std::clamp(static_cast<int>(groupW * kGroupFill / ns / 4.2), 9, figure_font::kTick), true);
  // On a projector a bar's number is read from the back row too (it turns upright if need be).
  if (uiScale() >= kPresentationTypeScale && valueFont.pixelSize() < kProjectorMinTextPx)
    valueFont.setPixelSize(static_cast<int>(kProjectorMinTextPx));
  for (int s = 0; s < ns; ++s) {
    const QColor color = kindColor(s);
    for (int c = 0; c < nc; ++c) {
      const QRectF bar = barRect(s, c, l);
      if (bar.isNull() && bar.width() <= 0) continue;
      const BarValue& v = bars_.series[static_cast<size_t>(s)].values[static_cast<size_t>(c)];
      if (!std::isfinite(v.value)) continue;  // veiled until the reveal (reveal_view.h)
      painter.fillRect(bar.adjusted(1, 0, -1, 0), color);
      qreal labelBottom = bar.top();
      if (v.high > v.low) {
        const qreal yLo = l.plot.bottom() - std::max(0.0, v.low) / l.top * l.plot.height();
        const qreal yHi = l.plot.bottom() - v.high / l.top * l.plot.height();
        const qreal cx = bar.center().x();
        const qreal cap = std::min<qreal>(10, bar.width() / 4);
        painter.setPen(QPen(QColor(0x11, 0x11, 0x11), 2));
        painter.drawLine(QPointF(cx, yLo), QPointF(cx, yHi));
        painter.drawLine(QPointF(cx - cap, yHi), QPointF(cx + cap, yHi));
        painter.drawLine(QPointF(cx - cap, yLo), QPointF(cx + cap, yLo));
        labelBottom = std::min(labelBottom, yHi);
      }
      paintValueLabel(painter, valueFont, formatNumber(v.value, 3), bar, labelBottom, bar.width(), l.plot.top());
    }
  }

  // Category axis.
  painter.setPen(QPen(QColor(0x44, 0x44, 0x44), 1.5));
  painter.drawLine(l.plot.bottomLeft(), l.plot.bottomRight());
  painter.drawLine(l.plot.bottomLeft(), l.plot.topLeft());
  painter.setFont(tickFont);
  painter.setPen(QColor(0x11, 0x11, 0x11));
  for (int c = 0; c < nc; ++c) {
    const QRectF cell(l.plot.left() + c * groupW + 2, l.plot.bottom() + 4, groupW - 4, l.categoryLines * tickFm.height() + 4);
    const QString name = toQ(bars_.categories[static_cast<size_t>(c)]);
    // Wrapped at word breaks; a single word too long for its cell is still elided.
    if (l.categoryLines > 1 && name.contains(QLatin1Char(' '))) {
      painter.drawText(cell, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, name);
      // Wrapped: cut when it needs more lines than the cell has.
      const QRectF needed = tickFm.boundingRect(cell, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, name);
      noteFigureText(painter, QStringLiteral("category"), name, needed.height() > cell.height() + 1 ? name + QStringLiteral("...") : name, cell);
    } else {
      const QString shown = tickFm.elidedText(name, Qt::ElideRight, groupW - 4);
      painter.drawText(cell, Qt::AlignHCenter | Qt::AlignTop, shown);
      noteFigureText(painter, QStringLiteral("category"), name, shown, cell);
    }
  }
  const QFont axisFont = figureFont(figure_font::kAxisTitle, true);
  const qreal axisH = QFontMetricsF(axisFont).height();
  // The category title spans the figure's width, shrinking before it is cut (as the value title).
  const QRectF categoryTitle(area.left() + kPad, l.plot.bottom() + l.categoryLines * tickFm.height() + 12,
                             area.width() - 2 * kPad, axisH);
  const QFont categoryAxisFont = fittedFont(axisFont, toQ(bars_.categoryLabel), categoryTitle.width(), 0.7);
  painter.setFont(categoryAxisFont);
  const QString shownCategoryTitle =
      QFontMetricsF(categoryAxisFont).elidedText(toQ(bars_.categoryLabel), Qt::ElideRight, categoryTitle.width());
  painter.drawText(categoryTitle, Qt::AlignCenter, shownCategoryTitle);
  noteFigureText(painter, QStringLiteral("axis title"), toQ(bars_.categoryLabel), shownCategoryTitle, categoryTitle);
  painter.save();
  const qreal lineH = QFontMetricsF(l.valueTitle.font).height();
  const qreal titleW = static_cast<qreal>(l.valueTitle.lines.size()) * lineH;
  painter.translate(area.left() + kPad + titleW / 2, l.plot.center().y());
  painter.rotate(-90);
  painter.setFont(l.valueTitle.font);
  const QString valueLabel = toQ(bars_.valueLabel);
  const QString shownValueTitle = l.valueTitle.fits ? l.valueTitle.lines.join(QLatin1Char('\n'))
                                                    : QFontMetricsF(l.valueTitle.font).elidedText(valueLabel, Qt::ElideRight, l.plot.height());
  const QRectF valueTitleBox(-l.plot.height() / 2, -titleW / 2, l.plot.height(), titleW);
  painter.drawText(valueTitleBox, Qt::AlignCenter, shownValueTitle);
  noteFigureText(painter, QStringLiteral("axis title"), valueLabel,
                 l.valueTitle.fits ? valueLabel : shownValueTitle, valueTitleBox);
  painter.restore();
  painter.restore();
}

}  // namespace warpscope::ui
