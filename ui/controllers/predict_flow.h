#pragma once
/// \file predict_flow.h
/// Predict, then reveal (issue 30). With *Predict first* on, each slide that asks a question
/// opens with its data veiled: the chart's axes and reference lines only (an animated view at its
/// start), the question and its lettered answers where the claim stands. The instructor may count
/// the room's hands (keys 1-4). *Reveal* (R, or the clicker's Next) draws the data along x (an
/// animated view plays to the slide's moment), then marks the answer the data gives (no answer
/// key: the claim's check on the run shown, prediction.h) and shows the claim and its verdict;
/// the next Next goes to the next slide. The run happens while the class thinks: a reveal asked
/// for before the slide's run is on screen waits for it.

#include <QObject>

#include <array>
#include <functional>

#include "prediction_panel.h"
#include "warpscope/lectures.h"
#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QVariantAnimation;
QT_END_NAMESPACE

namespace warpscope::ui {

class ChartPanel;
class LectureCaption;
class LectureNavigator;

class PredictFlow : public QObject {
  Q_OBJECT

 public:
  enum class Phase { Off, Predicting, Revealing, Revealed };

  /// `shown` gives the run on screen (null: none yet).
  PredictFlow(LectureNavigator* navigator, LectureCaption* caption, ChartPanel* chart,
              std::function<const RunResult*()> shown, QObject* parent = nullptr);

  [[nodiscard]] bool enabled() const { return enabled_; }
  [[nodiscard]] Phase phase() const { return phase_; }
  [[nodiscard]] const std::array<int, PredictionPanel::kMaxAnswers>& votes() const { return votes_; }
  /// How long the reveal's drawing takes (tests make it short).
  void setRevealDurationMs(int ms) { revealMs_ = ms; }

 public slots:
  /// Lecture > Predict first. Turned on mid-slide, the slide on screen is veiled again.
  void setEnabled(bool on);
  /// One more hand for answer `index` (0-based), while the class predicts.
  void vote(int index);
  /// R: draws the data and marks the answer (nothing unless the class is predicting).
  void reveal();
  /// The clicker's Next: reveals a slide still veiled and says so (true); false when the lecture
  /// should move on.
  bool consumeNext();
  /// The window put a result on screen: a veiled animated view goes back to its start, and a
  /// reveal that waited for this slide's run finishes.
  void resultShown();

 signals:
  /// The phase or the votes changed (menus enable their actions, the presenter view follows).
  void changed();

 private:
  void enterSlide();
  /// The run on screen is this slide's (its lab at its parameters).
  [[nodiscard]] const RunResult* slideRun() const;
  [[nodiscard]] bool currentViewRevealsByData() const;
  void veil();
  /// A veiled animated view stands at its start (nothing has happened yet).
  void rewindAnimatedView();
  void startRevealAnimation();
  void finishReveal();

  LectureNavigator* navigator_;
  LectureCaption* caption_;
  ChartPanel* chart_;
  std::function<const RunResult*()> shown_;
  QVariantAnimation* animation_;
  bool enabled_ = false;
  Phase phase_ = Phase::Off;
  bool waitingForRun_ = false;
  int revealMs_ = 1500;
  std::array<int, PredictionPanel::kMaxAnswers> votes_{};
};

}  // namespace warpscope::ui
