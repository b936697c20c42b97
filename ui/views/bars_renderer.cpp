#include "bars_renderer.h"

namespace warpscope::ui {

BarsRenderer::BarsRenderer(QWidget* parent) {
  canvas_ = new FigureCanvas([this](QPainter& p, const QRectF& r) { figure_.paint(p, r); },
                             [this](QPointF pos, const QRectF& r) {
                               int series = 0, category = 0;
                               return figure_.barAt(pos, r, &series, &category) ? figure_.describeBar(series, category) : QString();
                             },
                             parent);
  canvas_->setAccessibleName(QObject::tr("Bar chart"));
}

BarsRenderer::~BarsRenderer() { delete canvas_.data(); }

void BarsRenderer::show(const View& view, const QString& banner, Provenance provenance) {
  figure_.setView(view, banner, provenance);
  canvas_->setAccessibleDescription(figure_.titleText());
  canvas_->update();
}

void BarsRenderer::clear(const QString& message) {
  figure_.clear(message);
  canvas_->update();
}

}  // namespace warpscope::ui
