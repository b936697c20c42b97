#pragma once
/// \file animation_clock.h
/// The position of the animated view kinds (timeline cursor, grid frame) and its controls as
/// plain logic: play, pause, speed, step to the previous/next stop, seek. A QTimer on the GUI
/// thread advances the position by the wall time since the last tick; each tick only emits
/// positionChanged (the renderer then schedules a repaint), so input is never blocked and a
/// slow frame makes the animation skip ahead rather than fall behind.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <vector>

namespace warpscope::ui {

class AnimationClock : public QObject {
  Q_OBJECT

 public:
  enum class Motion {
    Continuous,  ///< The position glides through time (timeline cursor).
    Stepwise,    ///< The position jumps from stop to stop (grid frames).
  };

  explicit AnimationClock(QObject* parent = nullptr);

  /// A new track from `start` to `end`; step() lands on `stops` (sorted). Pauses, and puts the
  /// position at `position` (clamped).
  void setTrack(double start, double end, std::vector<double> stops, Motion motion, double position);

  [[nodiscard]] double position() const { return position_; }
  [[nodiscard]] double start() const { return start_; }
  [[nodiscard]] double end() const { return end_; }
  [[nodiscard]] const std::vector<double>& stops() const { return stops_; }
  [[nodiscard]] Motion motion() const { return motion_; }
  [[nodiscard]] bool isPlaying() const { return timer_.isActive(); }
  /// Index of the stop at or before the position (-1 before the first).
  [[nodiscard]] int stopIndex() const;

  /// The speed multipliers offered (0.25x .. 16x) and the one in use.
  static const std::vector<double>& speeds();
  [[nodiscard]] int speedIndex() const { return speedIndex_; }
  [[nodiscard]] double speed() const { return speeds()[static_cast<size_t>(speedIndex_)]; }

  /// At 1x a continuous play crosses the whole track in this many seconds...
  static constexpr double kSecondsPerTrack = 12.0;
  /// ... and a stepwise one shows this many stops per second.
  static constexpr double kStopsPerSecond = 2.0;
  /// Milliseconds between ticks (about 60 per second).
  static constexpr int kTickMs = 16;

 public slots:
  void play();
  void pause();
  void togglePlay();
  /// To the first stop after the position (the end if none); pauses.
  void stepForward();
  /// To the last stop before the position (the start if none); pauses.
  void stepBack();
  void seek(double position);
  void toStart();
  void toEnd();
  void setSpeedIndex(int index);
  void faster();
  void slower();

 signals:
  void positionChanged(double position);
  void playingChanged(bool playing);
  void speedChanged(double speed);

 private:
  void tick();
  void moveTo(double position);
  [[nodiscard]] double epsilon() const;

  QTimer timer_;
  QElapsedTimer sinceTick_;
  double start_ = 0;
  double end_ = 1;
  double position_ = 0;
  double pendingStops_ = 0;  ///< Stepwise: fractions of a stop owed to the next tick.
  std::vector<double> stops_;
  Motion motion_ = Motion::Continuous;
  int speedIndex_ = 2;  // 1x
};

}  // namespace warpscope::ui
