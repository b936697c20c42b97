#pragma once
/// \file message_bar.h
/// A non-modal message strip above the chart for run errors and refused options: the class
/// keeps watching the last good chart while the message says what went wrong.

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QToolButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class MessageBar : public QWidget {
  Q_OBJECT

 public:
  enum class Level { Info, Warning, Error };

  explicit MessageBar(QWidget* parent = nullptr);
  /// Shows `text` (plain text) until dismissed or replaced.
  void showMessage(const QString& text, Level level);
  /// Hides the strip.
  void dismiss();
  [[nodiscard]] QString text() const;
  [[nodiscard]] Level level() const { return level_; }

 private:
  QLabel* label_;
  QToolButton* close_;
  Level level_ = Level::Info;
};

}  // namespace warpscope::ui
