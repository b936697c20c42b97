#pragma once
/// \file figure_canvas.h
/// A plain widget that paints a figure through a callback and asks another for tooltips: the
/// on-screen half of the grid and bars renderers, whose export half paints the same callback
/// into a PNG, SVG or PDF painter.

#include <QWidget>

#include <functional>

namespace warpscope::ui {

class FigureCanvas : public QWidget {
  Q_OBJECT

 public:
  using PaintFn = std::function<void(QPainter&, const QRectF&)>;
  using ToolTipFn = std::function<QString(QPointF, const QRectF&)>;

  FigureCanvas(PaintFn paint, ToolTipFn toolTip, QWidget* parent = nullptr);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void focusInEvent(QFocusEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  bool event(QEvent* event) override;

 private:
  PaintFn paint_;
  ToolTipFn toolTip_;
};

}  // namespace warpscope::ui
