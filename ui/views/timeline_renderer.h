#pragma once
/// \file timeline_renderer.h
/// The timeline on screen: a canvas that paints a TimelineFigure and turns the mouse and
/// keyboard into zoom, pan and cursor moves. Keys the canvas does not use (Space, '.', ',',
/// '[', ']', Home, End) travel up to the chart panel, which drives the animation.
///
///   Ctrl+wheel, + / -            zoom time (around the mouse / the cursor)
///   Ctrl+Shift+wheel, Ctrl++/-   zoom rows
///   wheel, Up/Down, PgUp/PgDn    scroll rows;  Shift+wheel, Left/Right: pan time
///   drag                         pan;  click: put the cursor there;  0: show everything
///   hover                        tooltip with the span's kind, row, times and payload

#include <QPointer>
#include <QWidget>

#include <functional>

#include "timeline_figure.h"
#include "view_renderer.h"

namespace warpscope::ui {

class TimelineCanvas : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineCanvas(QWidget* parent = nullptr);

  [[nodiscard]] TimelineFigure& figure() { return figure_; }
  [[nodiscard]] const TimelineFigure& figure() const { return figure_; }
  /// Called with the time the user clicked (the chart panel seeks the animation there).
  void setCursorRequestHandler(std::function<void(double)> handler) { onCursorRequest_ = std::move(handler); }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void focusInEvent(QFocusEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  bool event(QEvent* event) override;

 private:
  [[nodiscard]] QRectF plot() const;
  void zoomTimeAround(double factor, double anchorTime);

  TimelineFigure figure_;
  std::function<void(double)> onCursorRequest_;
  QPointF pressAt_;
  QPointF lastDragAt_;
  bool dragging_ = false;
};

class TimelineRenderer : public ViewRenderer {
 public:
  explicit TimelineRenderer(QWidget* parent = nullptr);
  ~TimelineRenderer() override;

  [[nodiscard]] ViewKind kind() const override { return ViewKind::Timeline; }
  [[nodiscard]] QWidget* widget() override { return canvas_; }
  void show(const View& view, const QString& banner, Provenance provenance) override;
  void clear(const QString& message) override;
  void renderTo(QPainter& painter, const QRectF& target) override;
  void setCursorTime(double time) override;
  [[nodiscard]] double cursorTime() const override;
  [[nodiscard]] std::optional<AnimationTrack> animationTrack() const override;
  [[nodiscard]] QString titleText() const override;

  [[nodiscard]] TimelineCanvas* canvas() const { return canvas_; }

 private:
  QPointer<TimelineCanvas> canvas_;
};

}  // namespace warpscope::ui
