#pragma once
/// \file listing_figure.h
/// Paints a listing view with QPainter: the title with the provenance banner, the legend of line
/// classes, the caption (what the lines are, where they came from, which of them are in sight)
/// and the lines themselves in a fixed-width font, each marked in its class's colour. A listing
/// is read, not plotted: it shows the lines from a first line on, as many as fit, and the
/// renderer scrolls that first line. The same painting serves the window and every export, so an
/// export holds the lines the user was looking at.

#include <QRectF>
#include <QString>
#include <vector>

#include "figure_chrome.h"
#include "warpscope/result.h"

namespace warpscope::ui {

class ListingFigure {
 public:
  void setView(const View& view, const QString& banner, Provenance provenance);
  void clear(const QString& message);
  void paint(QPainter& painter, const QRectF& area) const;

  [[nodiscard]] QString titleText() const;
  [[nodiscard]] std::vector<LegendEntry> legendEntries() const;
  [[nodiscard]] const Listing& listing() const { return listing_; }

  /// The first line in sight (0-based), and how many lines fit in `area`.
  [[nodiscard]] int firstLine() const { return firstLine_; }
  [[nodiscard]] int linesInSight(const QRectF& area) const;
  /// Scrolls so that `line` is the first in sight, as far as the listing's end allows in `area`.
  void scrollTo(int line, const QRectF& area);
  /// The line drawn at `pos` (0-based), or -1.
  [[nodiscard]] int lineAt(QPointF pos, const QRectF& area) const;
  /// A line's whole text and its class, for the tooltip (a long line is cut on screen).
  [[nodiscard]] QString describeLine(int line) const;
  /// What the figure says instead of lines when it has none: why (the caption), or the message.
  [[nodiscard]] QString emptyMessage() const;

 private:
  struct Layout {
    QRectF title, legend, caption, lines;
    qreal lineHeight = 1;
    bool compact = false;
  };
  [[nodiscard]] Layout layout(const QRectF& area) const;
  [[nodiscard]] Layout layout(const QRectF& area, bool compact) const;
  [[nodiscard]] static int fitting(const Layout& l);
  /// The first line drawn: the kept place, moved up so that the last page is full.
  [[nodiscard]] int firstInSight(const Layout& l) const;

  Listing listing_;
  QString viewId_;
  QString title_;
  QString banner_;
  QString message_;
  Provenance provenance_ = Provenance::Simulated;
  int firstLine_ = 0;
};

/// The fixed-width font a listing's lines are set in, `pixelSize` pixels before the UI scale.
QFont listingFont(int pixelSize);

}  // namespace warpscope::ui
