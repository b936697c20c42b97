#include "animation_bar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <cmath>

#include "controllers/animation_clock.h"
#include "qt_text.h"

namespace warpscope::ui {

namespace {
QToolButton* makeButton(QStyle::StandardPixmap icon, const QString& tip, QWidget* parent) {
  auto* b = new QToolButton(parent);
  b->setIcon(parent->style()->standardIcon(icon));
  b->setIconSize(QSize(22, 22));
  b->setToolTip(tip);
  b->setAccessibleName(tip);
  b->setFocusPolicy(Qt::TabFocus);
  return b;
}

QString speedText(double s) {
  if (s == 0.25) return QStringLiteral("¼×");
  if (s == 0.5) return QStringLiteral("½×");
  return QStringLiteral("%1×").arg(s);
}
}  // namespace

AnimationBar::AnimationBar(AnimationClock* clock, QWidget* parent) : QWidget(parent), clock_(clock) {
  setFocusPolicy(Qt::StrongFocus);
  setAccessibleName(tr("Animation controls"));
  first_ = makeButton(QStyle::SP_MediaSkipBackward, tr("To the start (Home)"), this);
  back_ = makeButton(QStyle::SP_MediaSeekBackward, tr("Step back (Left or ,)"), this);
  play_ = makeButton(QStyle::SP_MediaPlay, tr("Play / pause (Space)"), this);
  play_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  play_->setMinimumWidth(96);
  forward_ = makeButton(QStyle::SP_MediaSeekForward, tr("Step forward (Right or .)"), this);
  last_ = makeButton(QStyle::SP_MediaSkipForward, tr("To the end (End)"), this);
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setAccessibleName(tr("Animation position"));
  slider_->setToolTip(tr("Drag to scrub; Home/End jump to the start/end"));
  slider_->setFocusPolicy(Qt::StrongFocus);
  slider_->installEventFilter(this);  // its arrows step the animation instead of the slider
  speed_ = new QComboBox(this);
  for (double s : AnimationClock::speeds()) speed_->addItem(speedText(s), s);
  speed_->setToolTip(tr("Speed ([ slower, ] faster)"));
  speed_->setAccessibleName(tr("Animation speed"));
  position_ = new QLabel(this);
  position_->setMinimumWidth(190);
  QFont bold = position_->font();
  bold.setBold(true);
  position_->setFont(bold);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  for (QWidget* w : {static_cast<QWidget*>(first_), static_cast<QWidget*>(back_), static_cast<QWidget*>(play_),
                     static_cast<QWidget*>(forward_), static_cast<QWidget*>(last_)})
    layout->addWidget(w);
  layout->addWidget(slider_, 1);
  layout->addWidget(speed_);
  layout->addWidget(position_);

  connect(play_, &QToolButton::clicked, clock_, &AnimationClock::togglePlay);
  connect(back_, &QToolButton::clicked, clock_, &AnimationClock::stepBack);
  connect(forward_, &QToolButton::clicked, clock_, &AnimationClock::stepForward);
  connect(first_, &QToolButton::clicked, clock_, &AnimationClock::toStart);
  connect(last_, &QToolButton::clicked, clock_, &AnimationClock::toEnd);
  connect(slider_, &QSlider::valueChanged, this, &AnimationBar::onSliderMoved);
  connect(speed_, &QComboBox::currentIndexChanged, clock_, [this](int i) {
    if (!syncing_) clock_->setSpeedIndex(i);
  });
  connect(clock_, &AnimationClock::positionChanged, this, &AnimationBar::syncToClock);
  connect(clock_, &AnimationClock::playingChanged, this, &AnimationBar::syncToClock);
  connect(clock_, &AnimationClock::speedChanged, this, &AnimationBar::syncToClock);
  syncToClock();
}

void AnimationBar::setPositionText(std::function<QString(double)> format) {
  format_ = std::move(format);
  syncToClock();
}

void AnimationBar::syncToClock() {
  syncing_ = true;
  const bool stepwise = clock_->motion() == AnimationClock::Motion::Stepwise;
  if (stepwise) {
    slider_->setRange(0, std::max(0, static_cast<int>(clock_->stops().size()) - 1));
    slider_->setValue(std::max(0, clock_->stopIndex()));
  } else {
    slider_->setRange(0, kScrubSteps);
    const double span = clock_->end() - clock_->start();
    slider_->setValue(span > 0 ? static_cast<int>(std::lround((clock_->position() - clock_->start()) / span * kScrubSteps)) : 0);
  }
  play_->setText(clock_->isPlaying() ? tr("Pause") : tr("Play"));
  play_->setIcon(style()->standardIcon(clock_->isPlaying() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  speed_->setCurrentIndex(clock_->speedIndex());
  position_->setText(format_ ? format_(clock_->position()) : formatNumber(clock_->position()));
  syncing_ = false;
}

void AnimationBar::onSliderMoved(int value) {
  if (syncing_) return;
  if (clock_->motion() == AnimationClock::Motion::Stepwise) {
    const auto& stops = clock_->stops();
    if (value >= 0 && static_cast<size_t>(value) < stops.size()) clock_->seek(stops[static_cast<size_t>(value)]);
  } else {
    clock_->seek(clock_->start() + (clock_->end() - clock_->start()) * value / kScrubSteps);
  }
}

bool AnimationBar::handleKey(QKeyEvent* event) {
  if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return false;
  switch (event->key()) {
    case Qt::Key_Space: clock_->togglePlay(); break;
    case Qt::Key_Right:
    case Qt::Key_Period: clock_->stepForward(); break;
    case Qt::Key_Left:
    case Qt::Key_Comma: clock_->stepBack(); break;
    case Qt::Key_BracketRight: clock_->faster(); break;
    case Qt::Key_BracketLeft: clock_->slower(); break;
    case Qt::Key_Home: clock_->toStart(); break;
    case Qt::Key_End: clock_->toEnd(); break;
    default: return false;
  }
  event->accept();
  return true;
}

void AnimationBar::keyPressEvent(QKeyEvent* event) {
  if (!handleKey(event)) QWidget::keyPressEvent(event);
}

bool AnimationBar::eventFilter(QObject* watched, QEvent* event) {
  if (watched == slider_ && event->type() == QEvent::KeyPress)
    return handleKey(static_cast<QKeyEvent*>(event));
  return QWidget::eventFilter(watched, event);
}

}  // namespace warpscope::ui
