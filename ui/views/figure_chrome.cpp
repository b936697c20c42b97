#include "figure_chrome.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "ui_scale.h"
#include "view_chart.h"

namespace warpscope::ui {

namespace {
constexpr qreal kSwatch = 14;
constexpr qreal kSwatchGap = 6;
constexpr qreal kEntryGap = 22;
constexpr qreal kLinePad = 4;
}  // namespace

QFont figureFont(int pixelSize, bool bold) {
  QFont f;
  f.setPixelSize(scaledSize(pixelSize));
  f.setBold(bold);
  return f;
}

QColor bannerColor(Provenance provenance) {
  return provenance == Provenance::Measured ? QColor(0x1b, 0x6e, 0x20) : QColor(0x8a, 0x3b, 0x00);
}

QString titleBlockText(const QString& title, const QString& banner) { return title + QLatin1Char('\n') + banner; }

void paintEmptyFigure(QPainter& painter, const QRectF& area, const QString& title, const QString& banner,
                      Provenance provenance, const QString& message) {
  painter.save();
  const qreal h = title.isEmpty() ? 0 : paintTitleBlock(painter, area, title, banner, provenance);
  painter.setFont(figureFont(figure_font::kTitle));
  painter.setPen(QColor(0x55, 0x55, 0x55));
  painter.drawText(area.adjusted(0, h, 0, 0), Qt::AlignCenter, message);
  painter.restore();
}

void paintFocusRing(QPainter& painter, const QRectF& area) {
  painter.save();
  painter.setPen(QPen(QColor(0x2a, 0x6f, 0xdb), 3));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(area.adjusted(1.5, 1.5, -1.5, -1.5));
  painter.restore();
}

namespace {

/// The smallest pixel size a fitted figure font may take.
qreal smallestPixels(const QFont& font, qreal minScale) {
  const qreal least = std::ceil(font.pixelSize() * minScale);
  return uiScale() >= kPresentationTypeScale ? std::max(least, std::min<qreal>(kProjectorMinTextPx, font.pixelSize()))
                                             : least;
}

bool gAudit = false;

}  // namespace

QFont fittedFont(const QFont& font, const QString& text, qreal room, qreal minScale) {
  const qreal wide = QFontMetricsF(font).horizontalAdvance(text);
  if (wide <= room || font.pixelSize() <= 0 || room <= 0) return font;  // figure fonts are sized in pixels
  QFont smaller = font;
  smaller.setPixelSize(static_cast<int>(std::max(smallestPixels(font, minScale), std::floor(font.pixelSize() * room / wide))));
  return smaller;
}

QStringList linesWithin(const QString& text, const QFontMetricsF& metrics, qreal room, int maxLines) {
  QStringList lines;
  for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const QString longer = lines.isEmpty() ? word : lines.back() + QLatin1Char(' ') + word;
    if (!lines.isEmpty() && metrics.horizontalAdvance(longer) <= room) {
      lines.back() = longer;
    } else {
      if (metrics.horizontalAdvance(word) > room || lines.size() == maxLines) return {};
      lines << word;
    }
  }
  return lines;
}

FittedLines fitLines(const QFont& font, const QString& text, qreal room, int maxLines, qreal minScale) {
  FittedLines fitted{font, {text}, false};
  if (font.pixelSize() <= 0 || room <= 0) return fitted;
  const int least = static_cast<int>(smallestPixels(font, minScale));
  // One line, however much smaller, before more lines.
  for (int most = 1; most <= maxLines; ++most)
    for (int px = font.pixelSize(); px >= least; --px) {
      QFont f = font;
      f.setPixelSize(px);
      if (QStringList lines = linesWithin(text, QFontMetricsF(f), room, most); !lines.isEmpty())
        return {f, lines, true};
    }
  fitted.font = fittedFont(font, text, room, minScale);
  return fitted;
}

void setFigureTextAudit(bool on) {
  gAudit = on;
  figureTextAudit().clear();
}

std::vector<DrawnFigureText>& figureTextAudit() {
  static std::vector<DrawnFigureText> audit;
  return audit;
}

void noteFigureText(const QPainter& painter, const QString& role, const QString& full, const QString& shown,
                    const QRectF& box) {
  if (!gAudit) return;
  const qreal scale = std::sqrt(std::abs(painter.deviceTransform().determinant()));
  figureTextAudit().push_back({role, full, shown, painter.font().pixelSize() * scale, painter.deviceTransform().mapRect(box)});
}

qreal paintTitleBlock(QPainter& painter, const QRectF& area, const QString& title, const QString& banner,
                      Provenance provenance) {
  painter.save();
  const QFont titleFont = figureFont(figure_font::kTitle, true);
  const QFont bannerFont = figureFont(figure_font::kBanner);
  const qreal titleH = QFontMetricsF(titleFont).height();
  const qreal bannerH = QFontMetricsF(bannerFont).height();
  qreal y = area.top() + 6;
  painter.setPen(QColor(0x11, 0x11, 0x11));
  // A long title shrinks before it is cut: its end is often the point ("... overlap 99.9%").
  const qreal room = area.width() - 12;
  const QFont fitted = fittedFont(titleFont, title, room);
  painter.setFont(fitted);
  const QString elided = QFontMetricsF(fitted).elidedText(title, Qt::ElideRight, room);
  painter.drawText(QRectF(area.left(), y, area.width(), titleH), Qt::AlignCenter, elided);
  noteFigureText(painter, QStringLiteral("title"), title, elided, QRectF(area.left(), y, area.width(), titleH));
  y += titleH + 2;
  painter.setFont(bannerFont);
  painter.setPen(bannerColor(provenance));
  painter.drawText(QRectF(area.left(), y, area.width(), bannerH), Qt::AlignCenter, banner);
  y += bannerH + 6;
  painter.restore();
  return y - area.top();
}

qreal titleLineHeight() { return QFontMetricsF(figureFont(figure_font::kTitle, true)).height() + 8; }

bool titleLineFits(qreal width, const QString& title, const QString& banner) {
  const qreal wide = QFontMetricsF(figureFont(figure_font::kTitle, true)).horizontalAdvance(title) +
                     QFontMetricsF(figureFont(figure_font::kBanner)).horizontalAdvance(QStringLiteral("  ·  ") + banner);
  return 0.6 * wide <= width - 12;
}

qreal paintTitleLine(QPainter& painter, const QRectF& area, const QString& title, const QString& banner,
                     Provenance provenance) {
  painter.save();
  QFont titleFont = figureFont(figure_font::kTitle, true);
  QFont bannerFont = figureFont(figure_font::kBanner);
  const QString separator = QStringLiteral("  ·  ");
  const qreal room = area.width() - 12;
  const auto wide = [&] {
    return QFontMetricsF(titleFont).horizontalAdvance(title) + QFontMetricsF(bannerFont).horizontalAdvance(separator + banner);
  };
  if (wide() > room) {  // both shrink by the same factor, to 60% at most; the banner is never cut
    const qreal scale = std::max(0.6, room / wide());
    titleFont.setPixelSize(std::max(1, static_cast<int>(std::floor(titleFont.pixelSize() * scale))));
    bannerFont.setPixelSize(std::max(1, static_cast<int>(std::floor(bannerFont.pixelSize() * scale))));
  }
  const qreal bannerW = QFontMetricsF(bannerFont).horizontalAdvance(separator + banner);
  const QString shownTitle = QFontMetricsF(titleFont).elidedText(title, Qt::ElideRight, std::max<qreal>(0, room - bannerW));
  const qreal titleW = QFontMetricsF(titleFont).horizontalAdvance(shownTitle);
  const qreal h = titleLineHeight();
  qreal x = area.left() + (area.width() - titleW - bannerW) / 2;
  painter.setPen(QColor(0x11, 0x11, 0x11));
  painter.setFont(titleFont);
  painter.drawText(QRectF(x, area.top() + 4, titleW + 1, h - 8), Qt::AlignLeft | Qt::AlignVCenter, shownTitle);
  noteFigureText(painter, QStringLiteral("title"), title, shownTitle, QRectF(x, area.top() + 4, titleW + 1, h - 8));
  painter.setFont(bannerFont);
  painter.setPen(bannerColor(provenance));
  painter.drawText(QRectF(x + titleW, area.top() + 4, bannerW + 1, h - 8), Qt::AlignLeft | Qt::AlignVCenter, separator + banner);
  painter.restore();
  return h;
}

namespace {

/// Lines of entries that fit in `width`, each a list of (entry index, width).
std::vector<std::vector<std::pair<size_t, qreal>>> legendLines(const std::vector<LegendEntry>& entries,
                                                               qreal width) {
  const QFontMetricsF fm(figureFont(figure_font::kLegend));
  std::vector<std::vector<std::pair<size_t, qreal>>> lines(1);
  qreal used = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const qreal w = kSwatch + kSwatchGap + fm.horizontalAdvance(entries[i].label);
    const qreal need = lines.back().empty() ? w : used + kEntryGap + w;
    if (!lines.back().empty() && need > width) {
      lines.emplace_back();
      used = w;
    } else {
      used = need;
    }
    lines.back().emplace_back(i, w);
  }
  return lines;
}

}  // namespace

qreal legendHeight(const std::vector<LegendEntry>& entries, qreal width) {
  if (entries.empty()) return 0;
  const qreal lineH = QFontMetricsF(figureFont(figure_font::kLegend)).height() + kLinePad;
  return static_cast<qreal>(legendLines(entries, width).size()) * lineH + kLinePad;
}

void paintLegend(QPainter& painter, const QRectF& area, const std::vector<LegendEntry>& entries) {
  if (entries.empty()) return;
  painter.save();
  const QFont font = figureFont(figure_font::kLegend);
  painter.setFont(font);
  const qreal lineH = QFontMetricsF(font).height() + kLinePad;
  qreal y = area.top() + kLinePad / 2;
  for (const auto& line : legendLines(entries, area.width())) {
    qreal total = 0;
    for (const auto& [i, w] : line) total += w;
    total += kEntryGap * static_cast<qreal>(line.size() - 1);
    qreal x = area.left() + std::max<qreal>(0, (area.width() - total) / 2);
    for (const auto& [i, w] : line) {
      const LegendEntry& e = entries[i];
      const QRectF swatch(x, y + (lineH - kSwatch) / 2 - kLinePad / 2, kSwatch, kSwatch);
      painter.fillRect(swatch, e.color);
      if (e.stripe.isValid())
        for (int band = 1; band < 6; band += 2)
          painter.fillRect(QRectF(swatch.left(), swatch.top() + band * kSwatch / 6, kSwatch, kSwatch / 6), e.stripe);
      painter.setPen(QColor(0x44, 0x44, 0x44));
      painter.drawRect(swatch);
      painter.setPen(QColor(0x11, 0x11, 0x11));
      painter.drawText(QRectF(x + kSwatch + kSwatchGap, y, w, lineH - kLinePad), Qt::AlignVCenter | Qt::AlignLeft,
                       e.label);
      x += w + kEntryGap;
    }
    y += lineH;
  }
  painter.restore();
}

std::vector<double> niceTicks(double lo, double hi, int target) {
  std::vector<double> ticks;
  if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi)) return ticks;
  const double step = niceStep(hi - lo, target);
  for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) {
    ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
    if (ticks.size() > 1000) break;
  }
  return ticks;
}

QColor kindColor(int index) {
  const QColor base = seriesColor(index);
  const int round = index / 8;
  if (round == 0) return base;
  // Past the palette: alternately lighter and darker versions keep neighbours apart.
  return round % 2 ? base.lighter(140) : base.darker(140);
}

QColor towardWhite(const QColor& c, double amount) {
  const double a = std::clamp(amount, 0.0, 1.0);
  const auto mix = [a](int v) { return static_cast<int>(std::lround(v + (255 - v) * a)); };
  return QColor(mix(c.red()), mix(c.green()), mix(c.blue()), c.alpha());
}

}  // namespace warpscope::ui
