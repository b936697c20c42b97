#include "lecture_caption.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "lecture_navigator.h"
#include "prediction_panel.h"
#include "qt_text.h"
#include "warpscope/claim_check.h"
#include "warpscope/lectures.h"
#include "warpscope/params.h"

namespace warpscope::ui {

LectureCaption::LectureCaption(LectureNavigator* navigator, QWidget* parent)
    : QWidget(parent), navigator_(navigator), previous_(new QPushButton(tr("◀ Previous"), this)),
      position_(new QLabel(this)), next_(new QPushButton(tr("Next ▶"), this)),
      leave_(new QPushButton(tr("Leave lecture"), this)), claim_(new QLabel(this)), verdict_(new QLabel(this)),
      lookAt_(new QLabel), prediction_(new PredictionPanel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 4);
  auto* row = new QHBoxLayout;
  previous_->setToolTip(tr("Previous slide (PageUp)"));
  next_->setToolTip(tr("Next slide (PageDown)"));
  leave_->setToolTip(tr("Leave the lecture; the lab stays as it is"));
  // Buttons must not take PageUp/PageDown or Space away from the window's own keys.
  for (QPushButton* b : {previous_, next_, leave_}) b->setFocusPolicy(Qt::TabFocus);
  position_->setTextFormat(Qt::PlainText);
  position_->setWordWrap(true);
  position_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  row->addWidget(previous_);
  row->addWidget(position_, 1);
  row->addWidget(next_);
  row->addWidget(leave_);
  layout->addLayout(row);

  claim_->setTextFormat(Qt::PlainText);
  claim_->setWordWrap(true);
  claim_->setAccessibleName(tr("The slide's claim"));
  layout->addWidget(claim_);

  verdict_->setTextFormat(Qt::PlainText);
  verdict_->setWordWrap(true);
  verdict_->setAccessibleName(tr("Whether the claim holds on the run shown"));
  verdict_->setVisible(false);
  layout->addWidget(verdict_);

  prediction_->setVisible(false);
  layout->addWidget(prediction_);

  lookAt_->setTextFormat(Qt::PlainText);
  lookAt_->setWordWrap(true);
  lookAt_->setAccessibleName(tr("What to look at"));
  sizeFonts();

  connect(previous_, &QPushButton::clicked, navigator_, &LectureNavigator::previous);
  connect(next_, &QPushButton::clicked, navigator_, &LectureNavigator::next);
  connect(leave_, &QPushButton::clicked, navigator_, &LectureNavigator::close);
  connect(navigator_, &LectureNavigator::moved, this, &LectureCaption::follow);
  follow();
}

void LectureCaption::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange) sizeFonts();
}

void LectureCaption::sizeFonts() {
  QFont claimFont = font();
  claimFont.setPointSizeF(claimFont.pointSizeF() * 1.5);  // 24 px or more on a projector (issue 28)
  claimFont.setBold(true);
  claim_->setFont(claimFont);
  QFont lookFont = font();
  // On a projector the type is already 1.4x the desk's; there the notes keep it, and the room
  // goes to the chart (issue 28: painted figures squeezed to a few rows at 1280x720).
  if (!compact_) lookFont.setPointSizeF(lookFont.pointSizeF() * 1.15);
  lookAt_->setFont(lookFont);
  // The verdict's numbers are the instructor's to read out: a step smaller on a projector.
  QFont verdictFont = font();
  if (compact_) verdictFont.setPointSizeF(verdictFont.pointSizeF() * 0.85);
  verdict_->setFont(verdictFont);
}

void LectureCaption::setCompact(bool compact) {
  compact_ = compact;
  sizeFonts();
  follow();
}

void LectureCaption::follow() {
  const PresetRef ref = navigator_->current();
  setVisible(static_cast<bool>(ref));
  // Predicting it would give the answer away; an own slide may have nothing to say here.
  lookAt_->setVisible(static_cast<bool>(ref) && !predicting_ && !ref.preset->lookAt.empty());
  if (!ref) return;
  const QString position = tr("%1 of %2: %3").arg(navigator_->index() + 1).arg(navigator_->count()).arg(toQ(ref.preset->title));
  position_->setText(compact_ ? position : tr("%1 — %2").arg(toQ(navigator_->lecture()->title), position));
  position_->setToolTip(toQ(navigator_->lecture()->title) + QStringLiteral("\n") + toQ(ref.preset->source));
  claim_->setText(toQ(ref.preset->claim));
  verdict_->setVisible(false);  // until the slide's run is on screen
  lookAt_->setText(tr("Look at: %1").arg(toQ(ref.preset->lookAt)));
  lookAt_->setToolTip(toQ(ref.preset->source));
  previous_->setEnabled(navigator_->canGoBack());
  next_->setEnabled(navigator_->canGoForward());
}

void LectureCaption::setPredicting(bool predicting) {
  predicting_ = predicting;
  claim_->setVisible(!predicting);
  const PresetRef ref = navigator_->current();
  lookAt_->setVisible(!predicting && ref && !ref.preset->lookAt.empty());
  if (predicting) {
    verdict_->setVisible(false);
    prediction_->setVisible(true);
  }
}

void LectureCaption::setAnswersShown(bool shown) { prediction_->setVisible(shown); }

void LectureCaption::showVerdict(const RunResult* shown) {
  const PresetRef ref = navigator_->current();
  if (predicting_ || !ref || ref.preset->checks.empty() || !shown || shown->labId != ref.lab->id) {
    verdict_->setVisible(false);
    return;
  }
  QString text;
  QColor colour(0x55, 0x55, 0x55);
  if (!(ParamSet(shown->params) == presetParams(*ref.lab, *ref.preset))) {
    // A verdict on other parameters would judge a claim the slide does not make.
    text = tr("Not judged: the parameters have left the slide's (PageUp, PageDown or the slide in the list go back).");
  } else {
    const ClaimVerdict verdict = judgeClaim(ref.preset->checks, *shown, ref.preset->differsOn);
    text = toQ(verdictLine(verdict, *shown));
    // What the run lacks is named by its ids, which are for `lectures --check`, not a class.
    if (verdict.kind == ClaimVerdict::Kind::CannotJudge)
      text = tr("Cannot be judged on %1: the run lacks what the claim is checked on (a trace that lost records "
                "leaves its counts out; warpscope-cli lectures --check names them).")
                 .arg(toQ(shown->deviceName.empty() ? shown->deviceId : shown->deviceName));
    // Dark enough for a washed-out projector; the words say it too, for who cannot tell them apart.
    if (verdict.kind == ClaimVerdict::Kind::Holds) colour = QColor(0x1b, 0x6e, 0x20);
    if (verdict.kind == ClaimVerdict::Kind::DoesNotHold) colour = QColor(0xa0, 0x10, 0x10);
    // Measured and explained: not a failure of the tool, a difference of this GPU.
    if (verdict.explained()) colour = QColor(0x8a, 0x4b, 0x00);
  }
  if (text != verdict_->text()) verdict_->setText(text);
  QPalette palette = verdict_->palette();
  palette.setColor(QPalette::WindowText, colour);
  verdict_->setPalette(palette);
  verdict_->setVisible(true);
}

}  // namespace warpscope::ui
