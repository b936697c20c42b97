#pragma once
/// \file xy_renderer.h
/// The xy view kind: a Qt Charts view driven by ViewChart (series, spread bands, focus marker,
/// banner in the chart title). Exports render the same chart's scene at the export's size.

#include <QChartView>
#include <QPointer>

#include <memory>

#include "view_chart.h"
#include "view_renderer.h"


namespace warpscope::ui {

class XyRenderer : public ViewRenderer {
 public:
  explicit XyRenderer(QWidget* parent = nullptr);
  ~XyRenderer() override;

  [[nodiscard]] ViewKind kind() const override { return ViewKind::Xy; }
  [[nodiscard]] QWidget* widget() override;
  void show(const View& view, const QString& banner, Provenance provenance) override;
  void clear(const QString& message) override;
  void renderTo(QPainter& painter, const QRectF& target) override;
  [[nodiscard]] QString titleText() const override { return chart_->titleText(); }

  /// Lays the chart out and paints what changed, now. Qt Charts lays out title, axes and legend
  /// through posted events, and the scene repaints changed items in a queued call that ends by
  /// painting the window: left to the event loop, a focus move painted the chart two or three
  /// times (once at once, again when the scene's call came, again for the legend's new focus
  /// entry). No paint happens when nothing changed.
  void settle();

  [[nodiscard]] QChartView* chartView() const { return view_; }
  /// How the last settle() repainted the plot: "3 areas" or "whole: an axis range changed".
  [[nodiscard]] const QString& lastRepaint() const { return lastRepaint_; }
  [[nodiscard]] const ViewChart& viewChart() const { return *chart_; }

 private:
  QPointer<QChartView> view_;
  std::unique_ptr<ViewChart> chart_;
  QString lastRepaint_;
};

}  // namespace warpscope::ui
