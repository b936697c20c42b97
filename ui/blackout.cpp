#include "blackout.h"

#include <QEvent>
#include <QKeyEvent>
#include <QPainter>

namespace warpscope::ui {

Blackout::Blackout(QWidget* window) : QWidget(window) {
  setFocusPolicy(Qt::StrongFocus);
  setAccessibleName(tr("Screen blanked: any key returns"));
  hide();
  window->installEventFilter(this);
}

void Blackout::cover(const QColor& colour) {
  colour_ = colour;
  setGeometry(parentWidget()->rect());
  raise();
  show();
  setFocus(Qt::OtherFocusReason);
  grabKeyboard();  // every key returns, even one a menu or a shortcut would take
  update();
}

void Blackout::uncover() {
  if (!isVisible()) return;
  releaseKeyboard();
  hide();
  emit uncovered();
}

bool Blackout::event(QEvent* event) {
  if (event->type() == QEvent::ShortcutOverride) {
    event->accept();  // the key comes to keyPressEvent, not to a shortcut
    return true;
  }
  return QWidget::event(event);
}

void Blackout::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), colour_);
}

void Blackout::keyPressEvent(QKeyEvent* event) {
  event->accept();
  uncover();
}

void Blackout::mousePressEvent(QMouseEvent* event) {
  event->accept();
  uncover();
}

bool Blackout::eventFilter(QObject* watched, QEvent* event) {
  if (watched == parentWidget() && event->type() == QEvent::Resize && isVisible()) setGeometry(parentWidget()->rect());
  return QWidget::eventFilter(watched, event);
}

}  // namespace warpscope::ui
