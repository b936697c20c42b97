#include "controllers/animation_clock.h"

#include <algorithm>
#include <cmath>

namespace warpscope::ui {

AnimationClock::AnimationClock(QObject* parent) : QObject(parent) {
  timer_.setInterval(kTickMs);
  timer_.setTimerType(Qt::PreciseTimer);
  connect(&timer_, &QTimer::timeout, this, &AnimationClock::tick);
}

const std::vector<double>& AnimationClock::speeds() {
  static const std::vector<double> s{0.25, 0.5, 1, 2, 4, 8, 16};
  return s;
}

double AnimationClock::epsilon() const { return 1e-9 * std::max(1.0, std::abs(end_ - start_)); }

void AnimationClock::setTrack(double start, double end, std::vector<double> stops, Motion motion, double position) {
  pause();
  start_ = start;
  end_ = std::max(start, end);
  stops_ = std::move(stops);
  motion_ = motion;
  pendingStops_ = 0;
  position_ = std::clamp(position, start_, end_);
  emit positionChanged(position_);
}

int AnimationClock::stopIndex() const {
  const auto it = std::upper_bound(stops_.begin(), stops_.end(), position_ + epsilon());
  return static_cast<int>(it - stops_.begin()) - 1;
}

void AnimationClock::moveTo(double position) {
  position = std::clamp(position, start_, end_);
  if (position == position_) return;
  position_ = position;
  emit positionChanged(position_);
}

void AnimationClock::play() {
  if (isPlaying() || end_ <= start_) return;
  if (position_ >= end_ - epsilon()) moveTo(start_);  // play from the top once at the end
  pendingStops_ = 0;
  sinceTick_.start();
  timer_.start();
  emit playingChanged(true);
}

void AnimationClock::pause() {
  if (!isPlaying()) return;
  timer_.stop();
  emit playingChanged(false);
}

void AnimationClock::togglePlay() { isPlaying() ? pause() : play(); }

void AnimationClock::tick() {
  // Wall time, capped so a stall (a modal dialog, a slow machine) does not jump the animation.
  const double dt = std::min(0.1, static_cast<double>(sinceTick_.nsecsElapsed()) / 1e9);
  sinceTick_.start();
  if (motion_ == Motion::Continuous) {
    moveTo(position_ + dt * speed() * (end_ - start_) / kSecondsPerTrack);
  } else {
    pendingStops_ += dt * speed() * kStopsPerSecond;
    while (pendingStops_ >= 1 && position_ < end_) {
      pendingStops_ -= 1;
      const auto next = std::upper_bound(stops_.begin(), stops_.end(), position_ + epsilon());
      moveTo(next == stops_.end() ? end_ : *next);
    }
  }
  if (position_ >= end_) pause();
}

void AnimationClock::stepForward() {
  pause();
  const auto next = std::upper_bound(stops_.begin(), stops_.end(), position_ + epsilon());
  moveTo(next == stops_.end() ? end_ : *next);
}

void AnimationClock::stepBack() {
  pause();
  const auto it = std::lower_bound(stops_.begin(), stops_.end(), position_ - epsilon());
  moveTo(it == stops_.begin() ? start_ : *(it - 1));
}

void AnimationClock::seek(double position) { moveTo(position); }
void AnimationClock::toStart() { moveTo(start_); }
void AnimationClock::toEnd() {
  pause();
  moveTo(end_);
}

void AnimationClock::setSpeedIndex(int index) {
  index = std::clamp(index, 0, static_cast<int>(speeds().size()) - 1);
  if (index == speedIndex_) return;
  speedIndex_ = index;
  emit speedChanged(speed());
}

void AnimationClock::faster() { setSpeedIndex(speedIndex_ + 1); }
void AnimationClock::slower() { setSpeedIndex(speedIndex_ - 1); }

}  // namespace warpscope::ui
