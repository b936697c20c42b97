#pragma once
/// \file animation_bar.h
/// The one set of controls the animated view kinds share, over an AnimationClock: play/pause,
/// step back/forward, to start/end, a scrub slider, the speed and the position. Every control
/// has a key, handled here (and, through the chart panel, while the view has the focus):
///
///   Space            play / pause
///   Right or .       step forward (next step time of a timeline, next frame of a grid)
///   Left  or ,       step back
///   ] / [            faster / slower
///   Home / End       to the start / the end
///
/// (On a timeline canvas the arrows pan instead; '.' and ',' still step.)

#include <QWidget>

#include <functional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QKeyEvent;
class QLabel;
class QSlider;
class QToolButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class AnimationClock;

class AnimationBar : public QWidget {
  Q_OBJECT

 public:
  explicit AnimationBar(AnimationClock* clock, QWidget* parent = nullptr);

  /// How the position reads next to the slider ("1,234 / 50,000 cycles", "cycle 3").
  void setPositionText(std::function<QString(double)> format);
  /// Applies an animation key; false when `event` is not one (it is then left alone).
  bool handleKey(QKeyEvent* event);

  [[nodiscard]] QToolButton* playButton() const { return play_; }
  [[nodiscard]] QSlider* scrubSlider() const { return slider_; }
  [[nodiscard]] QComboBox* speedBox() const { return speed_; }
  [[nodiscard]] QLabel* positionLabel() const { return position_; }

  /// Slider steps of a continuous track.
  static constexpr int kScrubSteps = 1000;

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void syncToClock();
  void onSliderMoved(int value);

  AnimationClock* clock_;
  std::function<QString(double)> format_;
  QToolButton* play_ = nullptr;
  QToolButton* back_ = nullptr;
  QToolButton* forward_ = nullptr;
  QToolButton* first_ = nullptr;
  QToolButton* last_ = nullptr;
  QSlider* slider_ = nullptr;
  QComboBox* speed_ = nullptr;
  QLabel* position_ = nullptr;
  bool syncing_ = false;
};

}  // namespace warpscope::ui
