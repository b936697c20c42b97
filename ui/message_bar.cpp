#include "message_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
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
  action_ = new QPushButton(this);
  action_->hide();
  close_ = new QToolButton(this);
  close_->setText(QStringLiteral("✕"));
  close_->setAutoRaise(true);
  close_->setToolTip(tr("Dismiss"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(10, 6, 6, 6);
  layout->addWidget(label_, 1);
  layout->addWidget(action_, 0, Qt::AlignTop);
  layout->addWidget(close_, 0, Qt::AlignTop);
  connect(close_, &QToolButton::clicked, this, &MessageBar::dismiss);
  connect(action_, &QPushButton::clicked, this, [this] {
    const auto action = onAction_;  // dismiss() clears it
    dismiss();
    if (action) action();
  });
  hide();
}

void MessageBar::showMessage(const QString& text, Level level, const QString& actionText,
                             std::function<void()> action) {
  onAction_ = std::move(action);
  action_->setText(actionText);
  action_->setVisible(!actionText.isEmpty() && onAction_);
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
  fitLabelHeight();
}

void MessageBar::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitLabelHeight();
}

void MessageBar::fitLabelHeight() {
  const int needed = label_->heightForWidth(label_->width());
  if (needed > 0 && needed != label_->minimumHeight()) label_->setMinimumHeight(needed);
}

void MessageBar::dismiss() {
  label_->clear();
  onAction_ = nullptr;
  action_->hide();
  hide();
}

QString MessageBar::text() const { return isVisible() || !label_->text().isEmpty() ? label_->text() : QString(); }

}  // namespace warpscope::ui
