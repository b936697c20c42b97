#pragma once
/// \file listing_renderer.h
/// The listing view kind on screen and in exports: a ListingFigure painted by a canvas that
/// scrolls it (wheel, arrows, Page Up/Down, Home/End). Hover a line for its whole text and class.

#include <QPointer>

#include "figure_canvas.h"
#include "listing_figure.h"
#include "view_renderer.h"

namespace warpscope::ui {

class ListingRenderer : public ViewRenderer {
 public:
  explicit ListingRenderer(QWidget* parent = nullptr);
  ~ListingRenderer() override;

  [[nodiscard]] ViewKind kind() const override { return ViewKind::Listing; }
  [[nodiscard]] QWidget* widget() override { return canvas_; }
  void show(const View& view, const QString& banner, Provenance provenance) override;
  void clear(const QString& message) override;
  void renderTo(QPainter& painter, const QRectF& target) override { figure_.paint(painter, target); }
  [[nodiscard]] QString titleText() const override { return figure_.titleText(); }

  [[nodiscard]] const ListingFigure& figure() const { return figure_; }
  /// Scrolls the window's listing so that `line` (0-based) is the first in sight.
  void scrollTo(int line);

 private:
  ListingFigure figure_;
  QPointer<FigureCanvas> canvas_;
};

}  // namespace warpscope::ui
