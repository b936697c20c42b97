#include "presenter_view.h"

#include <QGridLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

#include "chart_panel.h"
#include "controllers/predict_flow.h"
#include "lecture_caption.h"
#include "lecture_navigator.h"
#include "main_window.h"
#include "prediction_panel.h"
#include "qt_text.h"
#include "warpscope/claim_check.h"
#include "warpscope/lectures.h"
#include "warpscope/params.h"
#include "warpscope/prediction.h"

namespace warpscope::ui {

PresenterView::PresenterView(MainWindow* window)
    : QWidget(nullptr, Qt::Window), window_(window), chart_(new QLabel(this)), clockTimer_(new QTimer(this)) {
  setWindowTitle(tr("Warpscope: presenter view"));
  setAttribute(Qt::WA_DeleteOnClose, false);
  auto* grid = new QGridLayout(this);
  auto* left = new QVBoxLayout;
  auto* right = new QVBoxLayout;
  grid->addLayout(left, 0, 0);
  grid->addLayout(right, 0, 1);
  grid->setColumnStretch(0, 3);
  grid->setColumnStretch(1, 2);

  left->addWidget(addLabel(QStringLiteral("now"), 1.1, true));
  left->addWidget(addLabel(QStringLiteral("claim"), 1.3, true));
  left->addWidget(addLabel(QStringLiteral("phase"), 1.1, false));
  chart_->setObjectName(QStringLiteral("chart"));
  chart_->setAlignment(Qt::AlignCenter);
  chart_->setMinimumSize(320, 200);
  chart_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
  left->addWidget(chart_, 1);
  left->addWidget(addLabel(QStringLiteral("verdict"), 1.0, false));
  left->addWidget(addLabel(QStringLiteral("lookAt"), 1.0, false));

  right->addWidget(addLabel(QStringLiteral("clock"), 2.2, true));
  right->addWidget(addLabel(QStringLiteral("next"), 1.0, false));
  right->addWidget(addLabel(QStringLiteral("notes"), 1.15, false), 1);

  clockTimer_->setInterval(1000);
  connect(clockTimer_, &QTimer::timeout, this, &PresenterView::tick);
  restartClock();
  clockTimer_->start();

  connect(window_->lectureNavigator(), &LectureNavigator::moved, this, &PresenterView::refresh);
  connect(window_->predictFlow(), &PredictFlow::changed, this, &PresenterView::refresh);
  connect(window_->chartPanel(), &ChartPanel::redrawn, this, &PresenterView::refresh);
  // The window's actions (PageDown, R, 1-4, B, W, F7) work with this window in front too.
  addActions(window_->findChildren<QAction*>());
  refresh();
}

QLabel* PresenterView::addLabel(const QString& name, double scale, bool bold) {
  auto* label = new QLabel(this);
  label->setObjectName(name);
  label->setTextFormat(Qt::PlainText);
  label->setWordWrap(true);
  label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  QFont f = label->font();
  f.setPointSizeF(f.pointSizeF() * scale);
  f.setBold(bold);
  label->setFont(f);
  return label;
}

QString PresenterView::shownText(const QString& part) const {
  if (const auto* label = findChild<QLabel*>(part)) return label->text();
  return {};
}

void PresenterView::restartClock() {
  clock_.start();
  tick();
}

void PresenterView::tick() {
  const qint64 s = clock_.elapsed() / 1000;
  findChild<QLabel*>(QStringLiteral("clock"))
      ->setText(QStringLiteral("%1:%2").arg(s / 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0')));
}

void PresenterView::refresh() {
  if (!isVisible()) return;  // closed: no grabs of the chart on every redraw
  const auto set = [this](const QString& part, const QString& text) {
    auto* label = findChild<QLabel*>(part);
    label->setText(text);
    label->setVisible(!text.isEmpty());
  };
  LectureNavigator* nav = window_->lectureNavigator();
  const PresetRef ref = nav->current();
  if (!ref) {
    set(QStringLiteral("now"), tr("No lecture open: Lecture > a lecture, or the Lectures tab"));
    for (const char* part : {"claim", "phase", "verdict", "lookAt", "next", "notes"}) set(QString::fromLatin1(part), {});
    chart_->clear();
    return;
  }
  set(QStringLiteral("now"), tr("%1 of %2: %3").arg(nav->index() + 1).arg(nav->count()).arg(toQ(ref.preset->title)));
  const PredictFlow* flow = window_->predictFlow();
  const bool predicting = flow->phase() == PredictFlow::Phase::Predicting || flow->phase() == PredictFlow::Phase::Revealing;
  set(QStringLiteral("claim"), predicting ? toQ(ref.preset->question) : toQ(ref.preset->claim));
  QString phase;
  if (flow->phase() != PredictFlow::Phase::Off) {
    QStringList lines;
    for (std::size_t i = 0; i < ref.preset->answers.size(); ++i)
      lines << tr("%1   %2   (%n hand(s))", nullptr, flow->votes()[i])
                   .arg(toQ(answerLetter(static_cast<int>(i))), toQ(ref.preset->answers[i].text));
    lines << tr("R or PageDown reveals. The claim: %1").arg(toQ(ref.preset->claim));
    phase = predicting ? lines.join(QLatin1Char('\n'))
                       : window_->lectureCaption()->predictionPanel()->shownLines().join(QLatin1Char('\n'));
  }
  set(QStringLiteral("phase"), phase);
  // The verdict with its numbers, for the presenter even while the room predicts.
  QString verdict;
  if (const RunResult* run = window_->shownResult();
      run && run->labId == ref.lab->id && ParamSet(run->params) == presetParams(*ref.lab, *ref.preset) && !ref.preset->checks.empty())
    verdict = toQ(verdictLine(judgeClaim(ref.preset->checks, *run, ref.preset->differsOn), *run));
  set(QStringLiteral("verdict"), verdict);
  set(QStringLiteral("lookAt"), tr("Look at: %1").arg(toQ(ref.preset->lookAt)));
  if (nav->canGoForward()) {
    const Lecture* lecture = nav->lecture();
    const PresetRef next = lectureSlide(nav->registry(), *lecture, static_cast<std::size_t>(nav->index() + 1));
    set(QStringLiteral("next"), next ? tr("Next: %1\n%2").arg(toQ(next.preset->title), toQ(next.preset->claim)) : QString());
  } else {
    set(QStringLiteral("next"), tr("Last slide"));
  }
  set(QStringLiteral("notes"), ref.preset->notes.empty() ? QString() : tr("Notes: %1").arg(toQ(ref.preset->notes)));
  // The chart as the room sees it (veiled while the class predicts), scaled into its place.
  const QPixmap picture = window_->chartPanel()->grab();
  if (!picture.isNull())
    chart_->setPixmap(picture.scaled(chart_->size(), Qt::KeepAspectRatio, Qt::SmoothTransformation));
}

}  // namespace warpscope::ui
