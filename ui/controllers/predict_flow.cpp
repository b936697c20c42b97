#include "controllers/predict_flow.h"

#include <QVariantAnimation>

#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "lecture_caption.h"
#include "lecture_navigator.h"
#include "qt_text.h"
#include "warpscope/params.h"
#include "warpscope/prediction.h"

namespace warpscope::ui {

PredictFlow::PredictFlow(LectureNavigator* navigator, LectureCaption* caption, ChartPanel* chart,
                         std::function<const RunResult*()> shown, QObject* parent)
    : QObject(parent), navigator_(navigator), caption_(caption), chart_(chart), shown_(std::move(shown)),
      animation_(new QVariantAnimation(this)) {
  animation_->setEasingCurve(QEasingCurve::InOutSine);
  connect(animation_, &QVariantAnimation::finished, this, &PredictFlow::finishReveal);
  connect(navigator_, &LectureNavigator::moved, this, &PredictFlow::enterSlide);
}

void PredictFlow::setEnabled(bool on) {
  if (on == enabled_) return;
  enabled_ = on;
  enterSlide();
}

namespace {

/// The lab's declared reference lines (ViewSpec::referenceSeries): a name, or the start of one.
/// The views are copied: the chart keeps this while the reveal plays, and a slide of a user's
/// kernel's declaration lives only as long as the PresetRef it came in.
IsReferenceSeries referencesOf(const LabSpec& lab) {
  return [views = lab.views](const std::string& viewId, const std::string& name) {
    for (const ViewSpec& v : views) {
      if (v.id != viewId) continue;
      for (const std::string& prefix : v.referenceSeries)
        if (name.starts_with(prefix)) return true;
    }
    return false;
  };
}

}  // namespace

void PredictFlow::enterSlide() {
  animation_->stop();
  waitingForRun_ = false;
  const PresetRef ref = navigator_->current();
  const bool asks = enabled_ && ref && !ref.preset->question.empty() && ref.preset->answers.size() >= 2;
  if (!asks) {
    const bool was = phase_ != Phase::Off;
    phase_ = Phase::Off;
    chart_->setReveal(std::nullopt);
    caption_->setPredicting(false);
    caption_->setAnswersShown(false);
    if (was) caption_->showVerdict(shown_());
    emit changed();
    return;
  }
  phase_ = Phase::Predicting;
  votes_.fill(0);
  caption_->predictionPanel()->setQuestion(*ref.preset);
  caption_->setPredicting(true);
  veil();
  emit changed();
}

void PredictFlow::veil() {
  const PresetRef ref = navigator_->current();
  chart_->setReveal(0.0, referencesOf(*ref.lab));
  rewindAnimatedView();
}

void PredictFlow::rewindAnimatedView() {
  if (!currentViewRevealsByData()) {
    AnimationClock* clock = chart_->animationClock();
    clock->pause();
    clock->seek(clock->start());
  }
}

bool PredictFlow::currentViewRevealsByData() const {
  const RunResult* run = shown_();
  const View* view = run ? run->findView(fromQ(chart_->currentViewId())) : nullptr;
  return !view || revealsByData(*view);
}

const RunResult* PredictFlow::slideRun() const {
  const PresetRef ref = navigator_->current();
  const RunResult* run = shown_();
  if (!ref || !run || run->labId != ref.lab->id) return nullptr;
  return ParamSet(run->params) == presetParams(*ref.lab, *ref.preset) ? run : nullptr;
}

void PredictFlow::vote(int index) {
  const PresetRef ref = navigator_->current();
  if (phase_ != Phase::Predicting || !ref || index < 0 || index >= static_cast<int>(ref.preset->answers.size())) return;
  ++votes_[static_cast<std::size_t>(index)];
  caption_->predictionPanel()->setVotes(votes_);
  emit changed();
}

void PredictFlow::reveal() {
  if (phase_ != Phase::Predicting) return;
  phase_ = Phase::Revealing;
  if (!slideRun()) {
    waitingForRun_ = true;  // resultShown() goes on
    emit changed();
    return;
  }
  startRevealAnimation();
  emit changed();
}

void PredictFlow::startRevealAnimation() {
  const PresetRef ref = navigator_->current();
  animation_->disconnect(this);  // valueChanged's target depends on the view
  connect(animation_, &QVariantAnimation::finished, this, &PredictFlow::finishReveal);
  if (currentViewRevealsByData()) {
    // The data drawn along x, left to right.
    const IsReferenceSeries references = referencesOf(*ref.lab);
    connect(animation_, &QVariantAnimation::valueChanged, this,
            [this, references](const QVariant& v) { chart_->setReveal(v.toDouble(), references); });
    animation_->setStartValue(0.0);
    animation_->setEndValue(1.0);
  } else {
    // An animated view plays from its start to the slide's moment (or its end); finishReveal
    // puts it there when the drawing is skipped.
    AnimationClock* clock = chart_->animationClock();
    const double at = ref.preset->animationAt;
    const double target = at >= 0 ? clock->start() + at * (clock->end() - clock->start()) : clock->end();
    connect(animation_, &QVariantAnimation::valueChanged, this,
            [clock](const QVariant& v) { clock->seek(v.toDouble()); });
    animation_->setStartValue(clock->start());
    animation_->setEndValue(target);
  }
  if (revealMs_ <= 0) {
    finishReveal();
    return;
  }
  animation_->setDuration(revealMs_);
  animation_->start();
}

void PredictFlow::finishReveal() {
  if (phase_ != Phase::Revealing) return;
  const PresetRef ref = navigator_->current();
  const RunResult* run = slideRun();
  if (!ref) return;
  animation_->stop();
  phase_ = Phase::Revealed;
  chart_->setReveal(std::nullopt);
  if (!run) {  // a slider moved off the slide's values meanwhile: the data shows, nothing is marked
    caption_->predictionPanel()->showReveal(-1, tr("The parameters left the slide's: no answer is marked."));
    caption_->setPredicting(false);
    caption_->setAnswersShown(true);
    caption_->showVerdict(shown_());
    emit changed();
    return;
  }
  if (!currentViewRevealsByData() && animation_->endValue().isValid()) chart_->animationClock()->seek(animation_->endValue().toDouble());
  const PredictionReveal reveal = revealAnswer(*ref.preset, *run);
  const QString device = toQ(run->deviceName.empty() ? run->deviceId : run->deviceName);
  QString why;
  if (ref.preset->checks.empty())  // an instructor's own slide: no check decides
    why = tr("This slide declares no check: the class reads the answer off the chart.");
  else if (reveal.rightAnswer < 0)
    why = tr("The data gives none of these answers: the verdict above says what it shows.");
  else if (reveal.verdict.kind == ClaimVerdict::Kind::DoesNotHold)
    why = tr("The seed's claim does not hold on %1: the data gives %2.").arg(device, toQ(answerLetter(reveal.rightAnswer)));
  caption_->predictionPanel()->showReveal(reveal.rightAnswer, why);
  caption_->setPredicting(false);
  caption_->setAnswersShown(true);
  caption_->showVerdict(run);
  emit changed();
}

bool PredictFlow::consumeNext() {
  switch (phase_) {
    case Phase::Predicting:
      reveal();
      return true;
    case Phase::Revealing:
      // A second press skips the drawing to its end, or stops waiting for the slide's run (one
      // that will not come when a slider left the slide's values): the data on screen shows.
      waitingForRun_ = false;
      animation_->stop();
      finishReveal();
      return true;
    default: return false;
  }
}

void PredictFlow::resultShown() {
  if (phase_ == Phase::Predicting) {
    rewindAnimatedView();  // the chart applies the veil itself; the window moved the clock to the moment
    return;
  }
  if (phase_ == Phase::Revealing && waitingForRun_ && slideRun()) {
    waitingForRun_ = false;
    startRevealAnimation();
  }
}

}  // namespace warpscope::ui
