#include "grid_renderer.h"

#include <algorithm>

namespace warpscope::ui {

GridRenderer::GridRenderer(QWidget* parent) {
  canvas_ = new FigureCanvas([this](QPainter& p, const QRectF& r) { figure_.paint(p, r); },
                             [this](QPointF pos, const QRectF& r) {
                               int row = 0, column = 0;
                               return figure_.cellAt(pos, r, &row, &column) ? figure_.describeCell(row, column) : QString();
                             },
                             parent);
  canvas_->setAccessibleName(QObject::tr("Grid"));
}

GridRenderer::~GridRenderer() { delete canvas_.data(); }

void GridRenderer::show(const View& view, const QString& banner, Provenance provenance) {
  figure_.setView(view, banner, provenance);
  canvas_->setAccessibleDescription(figure_.titleText());
  canvas_->update();
}

void GridRenderer::clear(const QString& message) {
  figure_.clear(message);
  canvas_->update();
}

void GridRenderer::renderTo(QPainter& painter, const QRectF& target) { figure_.paint(painter, target); }

std::optional<AnimationTrack> GridRenderer::animationTrack() const {
  const auto& frames = figure_.grid().frames;
  AnimationTrack track;
  track.stepwise = true;
  for (const GridFrame& f : frames) track.stops.push_back(f.time);
  std::sort(track.stops.begin(), track.stops.end());
  if (!track.stops.empty()) {
    // A new grid opens complete, on its last frame, like a timeline with its cursor at the end:
    // the figure on screen and in an export is the whole table; Play replays it from the start.
    track.start = track.stops.front();
    track.end = track.initial = track.stops.back();
  }
  return track;
}

void GridRenderer::setCursorTime(double time) {
  const int before = figure_.frameIndex();
  figure_.setCursorTime(time);
  if (figure_.frameIndex() != before) canvas_->update();  // most ticks change nothing
}

}  // namespace warpscope::ui
