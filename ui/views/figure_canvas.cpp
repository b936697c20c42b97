#include "figure_canvas.h"

#include "figure_chrome.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace warpscope::ui {

FigureCanvas::FigureCanvas(PaintFn paint, ToolTipFn toolTip, QWidget* parent)
    : QWidget(parent), paint_(std::move(paint)), toolTip_(std::move(toolTip)) {
  setFocusPolicy(Qt::StrongFocus);  // so the animation keys reach the chart panel from here
  setAttribute(Qt::WA_OpaquePaintEvent);
  // Low enough that a projector's 1280x720, with the slide's claim, verdict and notes around
  // it, can lay the figure out whole: with 320 the page maps and bars ran under the playback bar
  // (issue 28). The figures fit what they get.
  setMinimumSize(480, 200);
}

void FigureCanvas::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  paint_(painter, QRectF(rect()));
  if (hasFocus()) paintFocusRing(painter, QRectF(rect()));
}

void FigureCanvas::focusInEvent(QFocusEvent* event) {
  QWidget::focusInEvent(event);
  update();  // the focus ring
}

void FigureCanvas::focusOutEvent(QFocusEvent* event) {
  QWidget::focusOutEvent(event);
  update();
}

bool FigureCanvas::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip && toolTip_) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = toolTip_(help->pos(), QRectF(rect()));
    if (text.isEmpty()) {
      QToolTip::hideText();
      event->ignore();
    } else {
      QToolTip::showText(help->globalPos(), text, this);
    }
    return true;
  }
  return QWidget::event(event);
}

}  // namespace warpscope::ui
