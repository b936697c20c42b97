#include "prediction_panel.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include "qt_text.h"
#include "warpscope/prediction.h"

namespace warpscope::ui {

namespace {
// Dark enough for a washed-out projector, as the verdict's colours.
const QColor kRight(0x1b, 0x6e, 0x20);
const QColor kText(0x11, 0x11, 0x11);
}  // namespace

PredictionPanel::PredictionPanel(QWidget* parent) : QWidget(parent), question_(new QLabel(this)), outcome_(new QLabel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 2, 0, 2);
  layout->setSpacing(2);
  question_->setTextFormat(Qt::PlainText);
  question_->setWordWrap(true);
  question_->setAccessibleName(tr("The slide's question"));
  layout->addWidget(question_);
  for (int i = 0; i < kMaxAnswers; ++i) {
    auto* answer = new QLabel(this);
    answer->setTextFormat(Qt::PlainText);
    answer->setWordWrap(true);
    answer->setAccessibleName(tr("Answer %1").arg(toQ(answerLetter(i))));
    layout->addWidget(answer);
    answers_.push_back(answer);
  }
  outcome_->setTextFormat(Qt::PlainText);
  outcome_->setWordWrap(true);
  layout->addWidget(outcome_);
  sizeFonts();
  render();
}

void PredictionPanel::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange) sizeFonts();
}

void PredictionPanel::sizeFonts() {
  // The question as large as a claim (24 px and up on a projector), the answers a step smaller.
  QFont questionFont = font();
  questionFont.setPointSizeF(questionFont.pointSizeF() * 1.5);
  questionFont.setBold(true);
  question_->setFont(questionFont);
  QFont answerFont = font();
  answerFont.setPointSizeF(answerFont.pointSizeF() * 1.3);
  for (QLabel* a : answers_) a->setFont(answerFont);
}

void PredictionPanel::setQuestion(const PresetSpec& preset) {
  question_->setText(toQ(preset.question));
  texts_.clear();
  for (const PresetAnswer& a : preset.answers) texts_.push_back(a.text);
  votes_.fill(0);
  marked_ = -1;
  revealed_ = false;
  render();
}

void PredictionPanel::setVotes(const std::array<int, kMaxAnswers>& votes) {
  votes_ = votes;
  render();
}

void PredictionPanel::showReveal(int rightAnswer, const QString& why) {
  revealed_ = true;
  marked_ = rightAnswer;
  outcome_->setText(why);
  render();
}

void PredictionPanel::render() {
  int total = 0;
  for (int v : votes_) total += v;
  // After the reveal the claim and its verdict stand above: the panel keeps to the answer the data
  // gave, on one line with the room's hands, so the chart keeps its height at 1280x720.
  question_->setVisible(!revealed_);
  QStringList hands;
  for (int i = 0; i < static_cast<int>(texts_.size()) && total > 0; ++i)
    hands << QStringLiteral("%1 %2").arg(toQ(answerLetter(i))).arg(votes_[static_cast<std::size_t>(i)]);
  for (int i = 0; i < kMaxAnswers; ++i) {
    QLabel* label = answers_[static_cast<std::size_t>(i)];
    const bool has = i < static_cast<int>(texts_.size()) && (!revealed_ || i == marked_);
    label->setVisible(has);
    if (!has) continue;
    QString line = QStringLiteral("%1   %2").arg(toQ(answerLetter(i)), toQ(texts_[static_cast<std::size_t>(i)]));
    if (!revealed_ && total > 0) line += tr("   (%n hand(s))", nullptr, votes_[static_cast<std::size_t>(i)]);
    if (revealed_) {
      line = tr("✓ The data: %1").arg(line);
      if (!hands.isEmpty()) line += tr("   (hands: %1)").arg(hands.join(QStringLiteral(" · ")));
    }
    label->setText(line);
    QFont f = label->font();
    f.setBold(revealed_);
    label->setFont(f);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, revealed_ ? kRight : kText);
    label->setPalette(palette);
  }
  outcome_->setVisible(revealed_ && !outcome_->text().isEmpty());
}

QStringList PredictionPanel::shownLines() const {
  QStringList lines{question_->text()};
  for (QLabel* a : answers_)
    if (!a->isHidden()) lines << a->text();
  if (!outcome_->isHidden()) lines << outcome_->text();
  return lines;
}

}  // namespace warpscope::ui
