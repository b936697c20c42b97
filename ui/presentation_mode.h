#pragma once
/// \file presentation_mode.h
/// The window in front of a class: full screen, type scaled for a projector, the left panel
/// folded into a one-line strip of the parameters (a click or F6 reopens it) and the numbers
/// under the chart hidden. Also owns the type scale (Ctrl+= / Ctrl+-), which works in either
/// mode. MainWindow hands it the widgets it shows and hides.

#include <QObject>

#include <functional>

QT_BEGIN_NAMESPACE
class QMainWindow;
class QLabel;
class QWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

class ParamPanel;

class PresentationMode : public QObject {
  Q_OBJECT

 public:
  struct Parts {
    QMainWindow* window;
    QWidget* leftPanel;   ///< Folded into the strip while hidden.
    QWidget* scalarArea;  ///< Hidden while presenting: the chart takes the height.
    ParamPanel* params;   ///< What the strip summarizes.
  };
  /// `redraw` redraws the figures on screen: they take their type when they draw. The strip is
  /// created as a child of `stripParent`; the window places it.
  PresentationMode(Parts parts, std::function<void()> redraw, QWidget* stripParent);

  [[nodiscard]] QLabel* strip() const { return strip_; }
  [[nodiscard]] bool active() const { return active_; }

 public slots:
  void setActive(bool on);
  /// Scales the whole window's type (clamped to ui_scale's range) and redraws.
  void setTypeScale(double scale);
  void setLeftPanelVisible(bool visible);
  /// Rewrites the strip from the current parameters (nothing to do while it is hidden).
  void updateStrip();

 signals:
  void activeChanged(bool on);

 private:
  Parts parts_;
  std::function<void()> redraw_;
  QLabel* strip_;
  bool active_ = false;
  /// The type scale and window state before presenting, restored on leaving.
  double scaleBefore_ = 1.0;
  bool maximizedBefore_ = false;
};

}  // namespace warpscope::ui
