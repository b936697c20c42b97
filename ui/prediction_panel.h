#pragma once
/// \file prediction_panel.h
/// Predict first (issue 30), what the room reads: the slide's question in large type and its
/// lettered answers, each with the show of hands the instructor counted (keys 1-4). After the
/// reveal it keeps one line, the answer the data gave with the room's hands ("✓ The data: B ...
/// (hands: A 3 · B 12)"); the claim and its verdict then stand above it as on any slide.

#include <QWidget>

#include <array>
#include <vector>

#include "warpscope/lab.h"

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace warpscope::ui {

class PredictionPanel : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxAnswers = 4;
  explicit PredictionPanel(QWidget* parent = nullptr);

  /// A new question: its answers, no votes, nothing marked.
  void setQuestion(const PresetSpec& preset);
  void setVotes(const std::array<int, kMaxAnswers>& votes);
  /// Marks the answer the data gave (-1: none), with `why` under the answers (the verdict's line
  /// when the data gives none of them).
  void showReveal(int rightAnswer, const QString& why);
  /// The words on screen, for tests and the presenter view: the question, then one line an answer.
  [[nodiscard]] QStringList shownLines() const;
  [[nodiscard]] int marked() const { return marked_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void render();
  void sizeFonts();

  QLabel* question_;
  std::vector<QLabel*> answers_;
  QLabel* outcome_;
  std::vector<std::string> texts_;
  std::array<int, kMaxAnswers> votes_{};
  int marked_ = -1;
  bool revealed_ = false;
};

}  // namespace warpscope::ui
