#pragma once
/// \file chart_panel.h
/// The chart area: one tab per view of the result above a Qt Charts view. It draws whatever
/// RunResult MainWindow hands it and reports when the new picture has actually been painted
/// (the end point of the slider-latency measurement).

#include <QElapsedTimer>
#include <QWidget>

#include <memory>

#include "view_chart.h"
#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QChartView;
class QTabBar;
QT_END_NAMESPACE

namespace warpscope::ui {

class ChartPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ChartPanel(QWidget* parent = nullptr);
  ~ChartPanel() override;

  /// Shows `result`; keeps the selected view when the result still has it, otherwise selects
  /// `preferredViewId` or the first view. Series update in place when their names are unchanged.
  void display(const RunResult& result, const QString& preferredViewId = QString());
  /// Empties the chart with a message in its title (before the first result).
  void showPlaceholder(const QString& message);

  /// The id of the view on display ("" before any result).
  [[nodiscard]] QString currentViewId() const;
  /// Selects a view by id; false if the shown result has no such view.
  bool selectView(const QString& viewId);
  [[nodiscard]] QChartView* chartView() const { return chartView_; }
  [[nodiscard]] const ViewChart& viewChart() const { return *viewChart_; }
  [[nodiscard]] QTabBar* viewTabs() const { return tabs_; }

 signals:
  /// The user (or selectView) switched views.
  void currentViewChanged(const QString& viewId);
  /// The chart view painted the last display() on screen.
  void redrawn();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void showCurrent();
  void armRedraw();

  QTabBar* tabs_;
  QChartView* chartView_;
  std::unique_ptr<ViewChart> viewChart_;
  RunResult result_;
  bool redrawPending_ = false;
  bool syncingTabs_ = false;
};

/// The tab text of a view: its title, plus its y quantity when another view has the same title.
QString tabLabel(const RunResult& result, const View& view);

}  // namespace warpscope::ui
