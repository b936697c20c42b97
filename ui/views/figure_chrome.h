#pragma once
/// \file figure_chrome.h
/// What every QPainter-drawn figure (timeline, grid, bars) shares with the xy charts: the
/// title with the provenance banner inside the picture, a legend row, projector-sized fonts,
/// nice axis ticks and the Okabe-Ito palette. Fonts are sized in pixels of the painter's
/// coordinate system, so a figure looks the same on screen, in a 2x PNG, an SVG or a PDF.

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QPainter;
QT_END_NAMESPACE

namespace warpscope::ui {

/// Pixel sizes of the figure fonts (readable from the back of a lecture room).
namespace figure_font {
inline constexpr int kTitle = 21;
inline constexpr int kBanner = 17;
inline constexpr int kAxisTitle = 16;
inline constexpr int kTick = 14;
inline constexpr int kLegend = 15;
inline constexpr int kRowLabel = 13;
}  // namespace figure_font

/// A font of `pixelSize` pixels in the painter's coordinates.
QFont figureFont(int pixelSize, bool bold = false);

/// The banner's colour: green for measured, brown for simulated (told apart at a glance).
QColor bannerColor(Provenance provenance);

/// The keyboard focus ring drawn round a figure canvas that has the focus (Tab reached it), so
/// every Tab stop shows where the keys go.
void paintFocusRing(QPainter& painter, const QRectF& area);

/// `font`, made smaller (to minScale of its size at most, and on a projector never below
/// kProjectorMinTextPx) so that `text` fits in `room` pixels; what still does not fit is the
/// caller's to elide. Axis titles and figure titles use it.
QFont fittedFont(const QFont& font, const QString& text, qreal room, qreal minScale = 0.75);

/// The smallest text a projector shows (presentation mode's type scale): a back row's limit.
inline constexpr qreal kProjectorMinTextPx = 16;

/// A title fitted to `room` pixels: the largest size from `font`'s down to minScale of it (on a
/// projector not below kProjectorMinTextPx) at which it fits on one line, else on up to
/// `maxLines` lines broken at spaces; failing that, one line at the smallest size (the caller
/// elides what is left).
struct FittedLines {
  QFont font;
  QStringList lines;
  bool fits = false;
};
FittedLines fitLines(const QFont& font, const QString& text, qreal room, int maxLines, qreal minScale);
/// `text` broken at spaces into at most `maxLines` lines none wider than `room` in `metrics`;
/// empty when no such breaking exists. fitLines and the xy chart's axis titles use it.
QStringList linesWithin(const QString& text, const QFontMetricsF& metrics, qreal room, int maxLines);

/// What the painted figures drew, for the tests that look at every slide (issue 28): each text
/// as shown and as meant, its pixel size and where it landed in the widget. Off (and free)
/// unless a test turns it on.
struct DrawnFigureText {
  QString role;   ///< "title", "axis title", "tick", "category", "value", ...
  QString full;   ///< The text as meant.
  QString shown;  ///< The text as drawn (elided when it differs).
  qreal pixelSize = 0;
  QRectF box;     ///< In the painter's device coordinates.
};
void setFigureTextAudit(bool on);
std::vector<DrawnFigureText>& figureTextAudit();
/// Records a drawn text when the audit is on.
void noteFigureText(const QPainter& painter, const QString& role, const QString& full, const QString& shown,
                    const QRectF& box);

/// Paints the view title and, under it, the banner, centred at the top of `area`. Returns the
/// height they took.
qreal paintTitleBlock(QPainter& painter, const QRectF& area, const QString& title, const QString& banner,
                      Provenance provenance);

/// Whether the title and the banner fit one line (paintTitleLine) without cutting the title: they
/// may shrink to 60%. A figure that would cut it keeps the two-line block instead.
bool titleLineFits(qreal width, const QString& title, const QString& banner);

/// The title and the banner on one line ("title · banner"), for a figure too short for the
/// two-line block; both shrink together to fit. Returns the height taken.
qreal paintTitleLine(QPainter& painter, const QRectF& area, const QString& title, const QString& banner,
                     Provenance provenance);
/// The height paintTitleLine takes.
qreal titleLineHeight();

/// A figure with nothing to draw: its title block (when it has a title) and `message` centred
/// below it. The banner still says what made the (empty) result.
void paintEmptyFigure(QPainter& painter, const QRectF& area, const QString& title, const QString& banner,
                      Provenance provenance, const QString& message);

/// "title\nbanner": the text of a title block, for tests and accessible descriptions.
QString titleBlockText(const QString& title, const QString& banner);

struct LegendEntry {
  QString label;
  QColor color;
  /// When valid, the swatch is horizontal stripes of color and stripe (like lit and unlit lanes).
  QColor stripe = QColor();
};

/// Height a legend row (wrapping onto more lines when needed) takes in `width`.
qreal legendHeight(const std::vector<LegendEntry>& entries, qreal width);
/// Paints swatch + label pairs left to right, wrapping, centred in `area`'s width.
void paintLegend(QPainter& painter, const QRectF& area, const std::vector<LegendEntry>& entries);

/// Tick values from lo to hi at a nice step (1, 2, 2.5 or 5 x 10^k), about `target` of them.
std::vector<double> niceTicks(double lo, double hi, int target);

/// The fill colour of legend entry `index`: Okabe-Ito, then lighter/darker variants past 8.
QColor kindColor(int index);

/// `c` mixed with white: amount 0 keeps it, 1 is white (dimmed spans, unlit lanes).
QColor towardWhite(const QColor& c, double amount);

}  // namespace warpscope::ui
