#pragma once
/// \file bars_renderer.h
/// The bars view kind on screen and in exports: a BarsFigure painted by a FigureCanvas. Hover
/// a bar for its series, category, value and spread.

#include <QPointer>

#include "bars_figure.h"
#include "figure_canvas.h"
#include "view_renderer.h"

namespace warpscope::ui {

class BarsRenderer : public ViewRenderer {
 public:
  explicit BarsRenderer(QWidget* parent = nullptr);
  ~BarsRenderer() override;

  [[nodiscard]] ViewKind kind() const override { return ViewKind::Bars; }
  [[nodiscard]] QWidget* widget() override { return canvas_; }
  void show(const View& view, const QString& banner, Provenance provenance) override;
  void clear(const QString& message) override;
  void renderTo(QPainter& painter, const QRectF& target) override { figure_.paint(painter, target); }
  [[nodiscard]] QString titleText() const override { return figure_.titleText(); }

  [[nodiscard]] const BarsFigure& figure() const { return figure_; }

 private:
  BarsFigure figure_;
  QPointer<FigureCanvas> canvas_;
};

}  // namespace warpscope::ui
