#include "xy_renderer.h"

#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QPainter>
#include <QRegion>

namespace warpscope::ui {

XyRenderer::XyRenderer(QWidget* parent) : view_(new QChartView(new QChart, parent)) {
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setMinimumSize(480, 200);  // as the painted figures: a projector's 1280x720 lays it out whole
  view_->setAccessibleName(QObject::tr("Chart"));
  view_->setFocusPolicy(Qt::StrongFocus);
  // The keyboard focus ring, as the timeline and grid canvases draw theirs (figure_chrome.h).
  view_->setStyleSheet(QStringLiteral("QGraphicsView { border: 3px solid transparent; }"
                                      "QGraphicsView:focus { border: 3px solid #2a6fdb; }"));
  chart_ = std::make_unique<ViewChart>(view_->chart());
  // The view fills what the chart leaves (its rounded corners) itself, so a repaint of part of
  // the plot paints the plot's view alone: a viewport Qt must treat as see-through had the main
  // window, both splitters, the chart panel and four more widgets paint their backgrounds under
  // that part first, nine paints for one.
  view_->setBackgroundBrush(view_->palette().window());
  view_->viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
  view_->viewport()->setObjectName(QStringLiteral("plot"));  // what PaintRecorder names it
}

XyRenderer::~XyRenderer() {
  chart_.reset();
  delete view_.data();
}

QWidget* XyRenderer::widget() { return view_; }

void XyRenderer::show(const View& view, const QString& banner, Provenance provenance) {
  chart_->show(view, banner, provenance);
}

void XyRenderer::clear(const QString& message) { chart_->clear(message); }

void XyRenderer::settle() {
  QChart* chart = view_->chart();
  // The legend has a layout of its own (its focus entry's text changes with every move); it sits
  // in the chart's, so the chart's goes again after it (activate() does nothing when valid).
  for (QGraphicsLayout* layout : {chart->layout(), chart->legend()->layout(), chart->layout()})
    if (layout) layout->activate();
  if (!chart->scene()) return;
  // QGraphicsScene's dirty-item processing, queued to the scene: it asks the view to update what
  // changed and dispatches that update at once, which paints the window. Where the shows only
  // moved points, a line item asks for all of itself and the view would repaint the whole plot
  // under it: the view is told the area that changed instead (chart_change_area.h).
  QString why;
  const std::optional<QList<QRectF>> changed = chart_->takeChangedArea(&why);
  lastRepaint_ = changed ? QStringLiteral("%1 areas").arg(changed->size()) : QStringLiteral("whole: ") + why;
  if (!changed) {
    QCoreApplication::sendPostedEvents(chart->scene(), QEvent::MetaCall);
    return;
  }
  const QGraphicsView::ViewportUpdateMode mode = view_->viewportUpdateMode();
  view_->setViewportUpdateMode(QGraphicsView::NoViewportUpdate);
  QCoreApplication::sendPostedEvents(chart->scene(), QEvent::MetaCall);
  view_->setViewportUpdateMode(mode);
  // Painted now, as the scene's own update would have been (ChartPanel's redrawn() means it).
  QRegion region;
  for (const QRectF& part : *changed) region += view_->mapFromScene(part).boundingRect().adjusted(-2, -2, 2, 2);
  if (!region.isEmpty()) view_->viewport()->repaint(region);
}

void XyRenderer::renderTo(QPainter& painter, const QRectF& target) {
  // Lay the chart out at the target's size (axes, legend and title take their final places),
  // render its scene there, then give it back its on-screen geometry.
  QChart* chart = view_->chart();
  const QRectF onScreen = chart->geometry();
  const QRectF figure(QPointF(0, 0), target.size());
  chart->setGeometry(figure);
  if (chart->layout()) chart->layout()->activate();
  chart->scene()->render(&painter, target, figure, Qt::KeepAspectRatio);
  chart->setGeometry(onScreen);
  if (chart->layout()) chart->layout()->activate();
}

}  // namespace warpscope::ui
