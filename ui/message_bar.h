#pragma once
/// \file message_bar.h
/// A non-modal message strip above the chart for run errors and refused options: the class
/// keeps watching the last good chart while the message says what went wrong.

#include <QWidget>

#include <functional>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QToolButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class MessageBar : public QWidget {
  Q_OBJECT

 public:
  enum class Level { Info, Warning, Error };

  explicit MessageBar(QWidget* parent = nullptr);
  /// Shows `text` (plain text) until dismissed or replaced. With an actionText, a button beside
  /// it offers the way out (e.g. "Run on the H200 model"); clicking it dismisses the message
  /// and calls `action`.
  void showMessage(const QString& text, Level level, const QString& actionText = {},
                   std::function<void()> action = {});
  /// Hides the strip.
  void dismiss();
  [[nodiscard]] QString text() const;
  [[nodiscard]] Level level() const { return level_; }
  /// The offered action's button (hidden when the message has none), for tests.
  [[nodiscard]] QPushButton* actionButton() const { return action_; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  /// A wrapped label in a box layout gets the height of one line unless told: its minimum height
  /// follows the lines the text needs at the width it has (a second line was cut at 1280 px).
  void fitLabelHeight();
  QLabel* label_;
  QPushButton* action_;
  QToolButton* close_;
  std::function<void()> onAction_;
  Level level_ = Level::Info;
};

}  // namespace warpscope::ui
