#include "message_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace warpscope::ui {

MessageBar::MessageBar(QWidget* parent) : QWidget(parent) {
  setAttribute(Qt::WA_StyledBackground, true);
  setObjectName(QStringLiteral("messageBar"));
  label_ = new QLabel(this);
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);  // people copy error text
  label_->setTextFormat(Qt::PlainText);
  close_ = new QToolButton(this);
  close_->setText(QStringLiteral("✕"));
  close_->setAutoRaise(true);
  close_->setToolTip(tr("Dismiss"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(10, 6, 6, 6);
  layout->addWidget(label_, 1);
  layout->addWidget(close_, 0, Qt::AlignTop);
  connect(close_, &QToolButton::clicked, this, &MessageBar::dismiss);
  hide();
}

void MessageBar::showMessage(const QString& text, Level level) {
  level_ = level;
  const char* style = nullptr;
  switch (level) {
    case Level::Info: style = "background:#e8f1fb; border:1px solid #7aa7d6; color:#0b3a66;"; break;
    case Level::Warning: style = "background:#fff6db; border:1px solid #d9b44a; color:#5c4400;"; break;
    case Level::Error: style = "background:#fdeaea; border:1px solid #d66; color:#7a0000;"; break;
  }
  setStyleSheet(QStringLiteral("#messageBar { %1 border-radius:4px; }").arg(QLatin1String(style)));
  label_->setText(text);
  show();
}

void MessageBar::dismiss() {
  label_->clear();
  hide();
}

QString MessageBar::text() const { return isVisible() || !label_->text().isEmpty() ? label_->text() : QString(); }

}  // namespace warpscope::ui
