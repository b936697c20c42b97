#pragma once
/// \file grid_renderer.h
/// The grid view kind on screen and in exports: a GridFigure painted by a FigureCanvas; the
/// animation's cursor picks the frame. Hover a cell for its labels, state and text.

#include <QPointer>

#include "figure_canvas.h"
#include "grid_figure.h"
#include "view_renderer.h"

namespace warpscope::ui {

class GridRenderer : public ViewRenderer {
 public:
  explicit GridRenderer(QWidget* parent = nullptr);
  ~GridRenderer() override;

  [[nodiscard]] ViewKind kind() const override { return ViewKind::Grid; }
  [[nodiscard]] QWidget* widget() override { return canvas_; }
  void show(const View& view, const QString& banner, Provenance provenance) override;
  void clear(const QString& message) override;
  void renderTo(QPainter& painter, const QRectF& target) override;
  void setCursorTime(double time) override;
  [[nodiscard]] double cursorTime() const override { return figure_.cursorTime(); }
  [[nodiscard]] QString titleText() const override { return figure_.titleText(); }
  [[nodiscard]] std::optional<AnimationTrack> animationTrack() const override;

  [[nodiscard]] const GridFigure& figure() const { return figure_; }

 private:
  GridFigure figure_;
  QPointer<FigureCanvas> canvas_;
};

}  // namespace warpscope::ui
