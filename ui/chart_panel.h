#pragma once
/// \file chart_panel.h
/// The chart area: one tab per view of the result above the renderer the current view's kind
/// needs (xy chart, timeline, grid, bars), with the shared animation controls under the
/// animated kinds. It draws whatever RunResult MainWindow hands it and reports when the new
/// picture has actually been painted (the end point of the slider-latency measurement).

#include <QWidget>

#include <map>
#include <memory>
#include <optional>

#include "views/view_chart.h"
#include "views/reveal_view.h"
#include "views/view_renderer.h"
#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QChartView;
class QStackedWidget;
class QTabBar;
QT_END_NAMESPACE

namespace warpscope::ui {

class AnimationBar;
class AnimationClock;
class XyRenderer;

class ChartPanel : public QWidget {
  Q_OBJECT

 public:
  /// How the xy chart on screen last repainted its plot (XyRenderer::lastRepaint); empty for
  /// other views. --measure-slider-latency says it of the slowest moves.
  [[nodiscard]] QString lastPlotRepaint() const;
  explicit ChartPanel(QWidget* parent = nullptr);
  ~ChartPanel() override;

  /// Shows `result`; keeps the selected view when the result still has it, otherwise selects
  /// `preferredViewId` or the first view. Series update in place when their names are unchanged;
  /// an animated view keeps its position when it is the same view.
  void display(const RunResult& result, const QString& preferredViewId = QString());
  /// On a projector (presentation mode) the view tabs hide: at 1280x720 their strip took the
  /// chart's height (axis titles cut) or scrolled, its first tabs cut. The chart's title names the
  /// view, and Ctrl+Tab steps on.
  void setTabsHidden(bool hidden);
  /// Empties the chart with a message in its title (before the first result).
  void showPlaceholder(const QString& message);
  /// Predict first (issue 30): draws the views with their data veiled up to `fraction` of the
  /// reveal (reveal_view.h; `isReference` names the lines drawn before it); nullopt draws them
  /// whole again. Redraws the view on screen.
  void setReveal(std::optional<double> fraction, IsReferenceSeries isReference = {});
  [[nodiscard]] std::optional<double> revealFraction() const { return revealFraction_; }

  /// The id of the view on display ("" before any result).
  [[nodiscard]] QString currentViewId() const;
  /// Selects a view by id; false if the shown result has no such view.
  bool selectView(const QString& viewId);
  [[nodiscard]] QTabBar* viewTabs() const { return tabs_; }

  /// The renderer drawing the current view.
  [[nodiscard]] ViewRenderer* currentRenderer() const { return current_; }
  /// The xy chart (always there; on screen for xy views).
  [[nodiscard]] QChartView* chartView() const;
  [[nodiscard]] const ViewChart& viewChart() const;

  [[nodiscard]] AnimationClock* animationClock() const { return clock_; }
  [[nodiscard]] AnimationBar* animationBar() const { return animationBar_; }
  /// The animation's position when the current view is animated (what an export shows).
  [[nodiscard]] std::optional<double> animationPosition() const;

 signals:
  /// The user (or selectView) switched views.
  void currentViewChanged(const QString& viewId);
  /// The chart view painted the last display() on screen.
  void redrawn();
  /// The new picture was just painted (or settled), before redrawn() is posted: the slider
  /// timing's split of the window's part (slider_latency_report.h).
  void painted();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void showCurrent();
  /// Paints the new picture now and announces redrawn(); `shownAnew`: the view's widget was
  /// just put on screen (or emptied), so it is painted even if its chart did not change.
  void armRedraw(bool shownAnew);
  ViewRenderer* rendererFor(ViewKind kind);
  /// Points the clock at an animated view: its stops, its span, and where to begin.
  void setUpAnimation(const View& view, bool sameView);
  [[nodiscard]] QWidget* paintTarget() const;

  QTabBar* tabs_;
  QStackedWidget* stack_;
  AnimationClock* clock_;
  AnimationBar* animationBar_;
  std::map<ViewKind, std::unique_ptr<ViewRenderer>> renderers_;
  XyRenderer* xy_ = nullptr;
  ViewRenderer* current_ = nullptr;
  std::string animatedViewId_;  ///< The view the clock's track belongs to.
  /// The animated view shown last (kept while a still view is shown): a sibling in the same
  /// time unit takes over its position.
  std::string lastAnimatedViewId_;
  RunResult result_;
  std::optional<double> revealFraction_;  ///< Predict first: how much of the data is drawn.
  IsReferenceSeries isReference_;
  bool redrawPending_ = false;
  bool settling_ = false;   ///< Inside armRedraw's settle of the xy chart.
  bool paintedNow_ = false; ///< The view was painted while it settled.
  bool syncingTabs_ = false;
};

/// The time unit an animated view plays in ("us", "cycles"; "" for still views). Animated
/// views of one result in the same unit share one time cursor: the timeline of a page map's
/// faults and the page map itself show the same moment.
std::string animationTimeUnit(const View& view);
/// The time span an animated view covers: first to last event (timeline), first frame to last
/// frame or change (grid). False when it has no time at all.
bool animationSpan(const View& view, double* start, double* end);

/// The tab text of a view: its title, plus its y quantity when another view has the same title.
QString tabLabel(const RunResult& result, const View& view);

}  // namespace warpscope::ui
