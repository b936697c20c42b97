#pragma once
/// \file add_slide_dialog.h
/// Lecture > Add this view as a slide... (issue 30): the instructor's words for a slide made of
/// what the window shows (lab, parameters, view, animation moment), and the own lecture it goes
/// into, or a new one.

#include <QDialog>

#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace warpscope::ui {

struct NewSlideText {
  QString lectureId;        ///< An own lecture's id; empty: a new lecture titled newLectureTitle.
  QString newLectureTitle;
  QString title;
  QString claim;
  QString lookAt;
  QString question;
  QStringList answers;      ///< The non-empty ones, in order.
  QString notes;
};

class AddSlideDialog : public QDialog {
  Q_OBJECT

 public:
  /// `ownLectures`: (id, title) of the lectures a slide may go into; `current`: the one to offer.
  AddSlideDialog(const std::vector<std::pair<QString, QString>>& ownLectures, const QString& current,
                 const QString& suggestedTitle, QWidget* parent = nullptr);

  [[nodiscard]] NewSlideText text() const;
  /// What is missing ("" when the slide can be added): a title, a claim, a lecture title.
  [[nodiscard]] QString problem() const;
  /// The fields by name, for tests: "title", "claim", "lookAt", "question", "answer1".."answer4",
  /// "newLecture".
  [[nodiscard]] QLineEdit* field(const QString& name) const;
  [[nodiscard]] QComboBox* lectureChooser() const { return lecture_; }

 private:
  QComboBox* lecture_;
  QLineEdit* newLecture_;
  QLineEdit* title_;
  QPlainTextEdit* claim_;
  QLineEdit* lookAt_;
  QLineEdit* question_;
  std::vector<QLineEdit*> answers_;
  QLineEdit* notes_;
};

}  // namespace warpscope::ui
