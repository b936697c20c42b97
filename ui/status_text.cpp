#include "status_text.h"

#include <QEvent>
#include <QPainter>

#include <utility>

namespace warpscope::ui {

namespace {
constexpr int kMargin = 4;
}  // namespace

StatusText::StatusText(Qt::Alignment alignment, QString widest, QWidget* parent)
    : QWidget(parent), alignment_((alignment & Qt::AlignHorizontal_Mask) | Qt::AlignVCenter), widest_(std::move(widest)) {
  setSizePolicy(widest_.isEmpty() ? QSizePolicy::Ignored : QSizePolicy::Fixed, QSizePolicy::Fixed);
  // It fills its own background: a new text repaints this line, not the status bar and the main
  // window under it as well.
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void StatusText::setText(const QString& text) {
  if (text == text_) return;
  text_ = text;
  setAccessibleName(text);  // what a screen reader reads, as it would a label's text
  setToolTip(fontMetrics().horizontalAdvance(text) + 2 * kMargin > width() ? text : QString());
  update();  // no updateGeometry(): the size does not depend on the text
}

QSize StatusText::sizeHint() const {
  const int width = widest_.isEmpty() ? fontMetrics().averageCharWidth() * 20 : fontMetrics().horizontalAdvance(widest_);
  return {width + 2 * kMargin, fontMetrics().height() + 2};
}

QSize StatusText::minimumSizeHint() const {
  return {widest_.isEmpty() ? 0 : sizeHint().width(), fontMetrics().height() + 2};
}

void StatusText::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().window());
  const QRect line = rect().adjusted(kMargin, 0, -kMargin, 0);
  painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::WindowText));
  painter.drawText(line, static_cast<int>(alignment_), fontMetrics().elidedText(text_, Qt::ElideRight, line.width()));
}

void StatusText::changeEvent(QEvent* event) {
  // A new font (View > larger text, presentation mode) changes the line's height.
  if (event->type() == QEvent::FontChange) updateGeometry();
  QWidget::changeEvent(event);
}

}  // namespace warpscope::ui
