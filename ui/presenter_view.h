#pragma once
/// \file presenter_view.h
/// The laptop's screen while the projector shows the slide (issue 30): the slide on screen (its
/// chart in small, its claim or, while the class predicts, its question with the hands counted),
/// the next slide, what to look at, the verdict with its numbers, the speaker notes and the time
/// since the presenter view opened. With two screens the window goes to the second one, in
/// presentation mode, and this view to the first; with one, F7 swaps which of the two is shown.
/// The lecture's keys (PageDown, R, 1-4, B, W) work here as in the window.

#include <QElapsedTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QTimer;
QT_END_NAMESPACE

namespace warpscope::ui {

class MainWindow;

class PresenterView : public QWidget {
  Q_OBJECT

 public:
  explicit PresenterView(MainWindow* window);

  /// Reads the window's state again (slide, phase, run, chart).
  void refresh();
  /// Starts the clock again (a new presentation).
  void restartClock();
  /// What the view shows, label by label (for tests): "now", "claim", "next", "lookAt",
  /// "verdict", "notes", "clock", "phase".
  [[nodiscard]] QString shownText(const QString& part) const;

 private:
  void tick();
  QLabel* addLabel(const QString& name, double scale, bool bold);

  MainWindow* window_;
  QLabel* chart_;
  QTimer* clockTimer_;
  QElapsedTimer clock_;
};

}  // namespace warpscope::ui
