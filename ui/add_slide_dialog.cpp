#include "add_slide_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>

namespace warpscope::ui {

AddSlideDialog::AddSlideDialog(const std::vector<std::pair<QString, QString>>& ownLectures, const QString& current,
                               const QString& suggestedTitle, QWidget* parent)
    : QDialog(parent), lecture_(new QComboBox(this)), newLecture_(new QLineEdit(this)), title_(new QLineEdit(this)),
      claim_(new QPlainTextEdit(this)), lookAt_(new QLineEdit(this)), question_(new QLineEdit(this)), notes_(new QLineEdit(this)) {
  setWindowTitle(tr("Add this view as a slide"));
  setMinimumWidth(600);  // the fields' hints fit without being cut
  auto* form = new QFormLayout(this);
  for (const auto& [id, title] : ownLectures) lecture_->addItem(title, id);
  lecture_->addItem(tr("A new lecture..."), QString());
  const int at = lecture_->findData(current);
  lecture_->setCurrentIndex(at >= 0 ? at : lecture_->count() - 1);
  form->addRow(tr("&Lecture:"), lecture_);
  newLecture_->setObjectName(QStringLiteral("newLecture"));
  newLecture_->setPlaceholderText(tr("The new lecture's title"));
  form->addRow(tr("New lecture's t&itle:"), newLecture_);
  auto follow = [this] { newLecture_->setEnabled(lecture_->currentData().toString().isEmpty()); };
  connect(lecture_, &QComboBox::currentIndexChanged, this, follow);
  follow();

  title_->setObjectName(QStringLiteral("title"));
  title_->setText(suggestedTitle);
  title_->setMaxLength(200);
  form->addRow(tr("Slide &title:"), title_);
  claim_->setObjectName(QStringLiteral("claim"));
  claim_->setPlaceholderText(tr("The slide's claim, in one or two sentences"));
  claim_->setTabChangesFocus(true);
  claim_->setFixedHeight(claim_->fontMetrics().lineSpacing() * 4);
  form->addRow(tr("&Claim:"), claim_);
  lookAt_->setObjectName(QStringLiteral("lookAt"));
  lookAt_->setMaxLength(2000);
  form->addRow(tr("Look &at:"), lookAt_);
  question_->setObjectName(QStringLiteral("question"));
  question_->setMaxLength(2000);
  question_->setPlaceholderText(tr("Optional: asked before the data shows (Predict first)"));
  form->addRow(tr("&Question:"), question_);
  for (int i = 0; i < 4; ++i) {
    auto* answer = new QLineEdit(this);
    answer->setObjectName(QStringLiteral("answer%1").arg(i + 1));
    answer->setMaxLength(200);
    form->addRow(tr("Answer &%1:").arg(QChar(u'A' + i)), answer);
    answers_.push_back(answer);
  }
  notes_->setObjectName(QStringLiteral("notes"));
  notes_->setMaxLength(2000);
  form->addRow(tr("Speaker &notes:"), notes_);
  auto* hint = new QLabel(tr("The slide keeps the lab, its parameters, the view and the animation's moment. It declares "
                             "no check: no verdict is shown under it, and a reveal marks no answer."),
                          this);
  hint->setWordWrap(true);
  form->addRow(hint);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Add slide"));
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, [this, hint] {
    if (const QString missing = problem(); !missing.isEmpty()) {
      hint->setText(missing);
      return;
    }
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString AddSlideDialog::problem() const {
  if (lecture_->currentData().toString().isEmpty() && newLecture_->text().trimmed().isEmpty())
    return tr("Give the new lecture a title.");
  if (title_->text().trimmed().isEmpty()) return tr("Give the slide a title.");
  if (claim_->toPlainText().trimmed().isEmpty()) return tr("Write the slide's claim.");
  if (claim_->toPlainText().size() > 2000) return tr("The claim is longer than 2,000 characters.");
  int answers = 0;
  for (QLineEdit* a : answers_) answers += a->text().trimmed().isEmpty() ? 0 : 1;
  if (!question_->text().trimmed().isEmpty() && answers == 1) return tr("A question needs at least two answers.");
  return {};
}

NewSlideText AddSlideDialog::text() const {
  NewSlideText t;
  t.lectureId = lecture_->currentData().toString();
  t.newLectureTitle = newLecture_->text().trimmed();
  t.title = title_->text().trimmed();
  t.claim = claim_->toPlainText().trimmed();
  t.lookAt = lookAt_->text().trimmed();
  t.question = question_->text().trimmed();
  for (QLineEdit* a : answers_)
    if (!a->text().trimmed().isEmpty()) t.answers << a->text().trimmed();
  t.notes = notes_->text().trimmed();
  return t;
}

QLineEdit* AddSlideDialog::field(const QString& name) const { return findChild<QLineEdit*>(name); }

}  // namespace warpscope::ui
