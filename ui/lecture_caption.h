#pragma once
/// \file lecture_caption.h
/// What a lecture puts around the chart: above it a strip with Previous/Next, where the class
/// stands ("3 of 8") and the slide's claim in large type; beneath it what to look at. Hidden
/// while no lecture is open.

#include <QWidget>

#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class LectureNavigator;
class PredictionPanel;

class LectureCaption : public QWidget {
  Q_OBJECT

 public:
  explicit LectureCaption(LectureNavigator* navigator, QWidget* parent = nullptr);

  /// The "Look at" line; the window places it under the chart.
  [[nodiscard]] QLabel* lookAtLabel() const { return lookAt_; }
  [[nodiscard]] QLabel* claimLabel() const { return claim_; }
  /// Under the claim: whether it holds on the run shown, with the numbers (claim_check.h).
  [[nodiscard]] QLabel* verdictLabel() const { return verdict_; }
  [[nodiscard]] QLabel* positionLabel() const { return position_; }
  [[nodiscard]] QPushButton* previousButton() const { return previous_; }
  [[nodiscard]] QPushButton* nextButton() const { return next_; }
  [[nodiscard]] QPushButton* leaveButton() const { return leave_; }
  /// Predict first: the question and its answers (prediction_panel.h), under the claim's place.
  [[nodiscard]] PredictionPanel* predictionPanel() const { return prediction_; }
  /// While the class predicts, the question stands where the claim does, and the claim, its
  /// verdict and what to look at wait for the reveal. Off: the slide as usual (the answers stay,
  /// marked, when a reveal happened).
  void setPredicting(bool predicting);
  /// Shows or hides the answers under the claim (after a reveal they stay, marked).
  void setAnswersShown(bool shown);
  /// Presenting: the position line leaves out the lecture's title (the room knows it) and so
  /// keeps to one line at 1280x720, which the chart gets back.
  void setCompact(bool compact);
  /// Judges the slide's claim on `shown` (the run on screen; null: none yet): the verdict with
  /// its numbers when `shown` is the slide's lab at the slide's settings, a line saying the
  /// parameters left them otherwise, nothing for a slide that declares no check.
  void showVerdict(const RunResult* shown);

 protected:
  /// The claim and look-at lines are sized from the caption's font: they follow the window's
  /// type scale.
  void changeEvent(QEvent* event) override;

 private:
  void follow();
  void sizeFonts();

  LectureNavigator* navigator_;
  QPushButton* previous_;
  QLabel* position_;
  QPushButton* next_;
  QPushButton* leave_;
  QLabel* claim_;
  QLabel* verdict_;
  QLabel* lookAt_;
  PredictionPanel* prediction_;
  bool compact_ = false;
  bool predicting_ = false;
};

}  // namespace warpscope::ui
