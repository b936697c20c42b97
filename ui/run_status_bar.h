#pragma once
/// \file run_status_bar.h
/// The status bar's run widgets: a progress bar with what is being measured, the elapsed time
/// of the run in flight (or of the last run), and a Cancel button (Esc).

#include <QElapsedTimer>
#include <QStatusBar>
#include <QTimer>

QT_BEGIN_NAMESPACE
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class StatusText;

class RunStatusBar : public QStatusBar {
  Q_OBJECT

 public:
  explicit RunStatusBar(QWidget* parent = nullptr);

  /// A run began: progress at 0, the clock starts; the progress bar and Cancel show once runs
  /// have gone on for kBusyDelayMs without the bar going idle.
  void runStarted(const QString& what);
  static constexpr int kBusyDelayMs = 250;
  void runProgress(double fraction, const QString& what);
  /// The run ended; `summary` replaces the progress text, `seconds` is the run's own time.
  void runEnded(const QString& summary, double seconds);
  /// Nothing queued or running any more: Cancel disabled, progress hidden.
  void setIdle();

  [[nodiscard]] QPushButton* cancelButton() const { return cancel_; }
  [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
  [[nodiscard]] QString statusText() const;

 signals:
  /// The user pressed Cancel (or Esc).
  void cancelRequested();

 private:
  void tick();

  StatusText* text_;
  QProgressBar* progress_;
  StatusText* elapsed_;
  QPushButton* cancel_;
  QElapsedTimer clock_;
  QTimer ticker_;
  QTimer busyDelay_;
};

}  // namespace warpscope::ui
