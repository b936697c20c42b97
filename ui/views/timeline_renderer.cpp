#include "timeline_renderer.h"

#include "figure_chrome.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace warpscope::ui {

namespace {
constexpr double kZoomStep = 1.5;
/// Pixels a press may move and still count as a click (places the cursor).
constexpr double kClickSlop = 4.0;
}  // namespace

TimelineCanvas::TimelineCanvas(QWidget* parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  setAttribute(Qt::WA_OpaquePaintEvent);  // the figure fills every pixel
  setMinimumSize(480, 200);  // as FigureCanvas: a projector's 1280x720 lays it out whole
  setAccessibleName(tr("Timeline"));
  figure_.clear(tr("Waiting for the first run…"));
}

QRectF TimelineCanvas::plot() const { return figure_.layout(QRectF(rect())).plot; }

void TimelineCanvas::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  figure_.paint(painter, QRectF(rect()));
  if (hasFocus()) paintFocusRing(painter, QRectF(rect()));
}

void TimelineCanvas::focusInEvent(QFocusEvent* event) {
  QWidget::focusInEvent(event);
  update();  // the focus ring
}

void TimelineCanvas::focusOutEvent(QFocusEvent* event) {
  QWidget::focusOutEvent(event);
  update();
}

void TimelineCanvas::zoomTimeAround(double factor, double anchorTime) {
  figure_.viewport().zoomTime(factor, anchorTime);
  update();
}

void TimelineCanvas::wheelEvent(QWheelEvent* event) {
  const QRectF p = plot();
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return event->ignore();
  TimelineViewport& vp = figure_.viewport();
  const Qt::KeyboardModifiers mods = event->modifiers();
  const QPointF at = event->position();
  if ((mods & Qt::ControlModifier) && (mods & Qt::ShiftModifier)) {
    vp.zoomRows(std::pow(kZoomStep, notches), vp.r0() + (at.y() - p.top()) / p.height() * (vp.r1() - vp.r0()));
  } else if (mods & Qt::ControlModifier) {
    vp.zoomTime(std::pow(kZoomStep, notches), vp.timeAt(at.x(), p));
  } else if (mods & Qt::ShiftModifier) {
    vp.pan(-notches * 0.1 * (vp.t1() - vp.t0()), 0);
  } else {
    vp.pan(0, -notches * std::max(1.0, 0.1 * (vp.r1() - vp.r0())));
  }
  update();
  event->accept();
}

void TimelineCanvas::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
  pressAt_ = lastDragAt_ = event->position();
  dragging_ = false;
}

void TimelineCanvas::mouseMoveEvent(QMouseEvent* event) {
  if (!(event->buttons() & Qt::LeftButton)) return;
  const QPointF at = event->position();
  if (!dragging_ && (at - pressAt_).manhattanLength() < kClickSlop) return;
  dragging_ = true;
  const QRectF p = plot();
  TimelineViewport& vp = figure_.viewport();
  const QPointF d = at - lastDragAt_;
  vp.pan(-d.x() / p.width() * (vp.t1() - vp.t0()), -d.y() / p.height() * (vp.r1() - vp.r0()));
  lastDragAt_ = at;
  setCursor(Qt::ClosedHandCursor);
  update();
}

void TimelineCanvas::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mouseReleaseEvent(event);
  unsetCursor();
  if (!dragging_) {
    const QRectF p = plot();
    if (p.contains(event->position()) && onCursorRequest_)
      onCursorRequest_(figure_.viewport().timeAt(event->position().x(), p));
  }
  dragging_ = false;
}

void TimelineCanvas::keyPressEvent(QKeyEvent* event) {
  TimelineViewport& vp = figure_.viewport();
  const double tSpan = vp.t1() - vp.t0();
  const double rSpan = vp.r1() - vp.r0();
  const bool ctrl = event->modifiers() & Qt::ControlModifier;
  // Zoom in time around the cursor when it is on screen, otherwise around the middle.
  const double cursor = figure_.cursorTime();
  const double anchor = figure_.cursorInside() && cursor >= vp.t0() && cursor <= vp.t1() ? cursor : vp.t0() + tSpan / 2;
  switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
      if (ctrl) {
        vp.zoomRows(kZoomStep, vp.r0() + rSpan / 2);
      } else {
        vp.zoomTime(kZoomStep, anchor);
      }
      break;
    case Qt::Key_Minus:
      if (ctrl) {
        vp.zoomRows(1 / kZoomStep, vp.r0() + rSpan / 2);
      } else {
        vp.zoomTime(1 / kZoomStep, anchor);
      }
      break;
    case Qt::Key_0:
      vp.reset(figure_.model().startTime(), figure_.model().endTime(), figure_.model().rowCount());
      break;
    case Qt::Key_Left: vp.pan(-0.1 * tSpan, 0); break;
    case Qt::Key_Right: vp.pan(0.1 * tSpan, 0); break;
    case Qt::Key_Up: vp.pan(0, -std::max(1.0, 0.1 * rSpan)); break;
    case Qt::Key_Down: vp.pan(0, std::max(1.0, 0.1 * rSpan)); break;
    case Qt::Key_PageUp: vp.pan(0, -0.9 * rSpan); break;
    case Qt::Key_PageDown: vp.pan(0, 0.9 * rSpan); break;
    default:
      event->ignore();  // the chart panel's animation keys
      return;
  }
  update();
  event->accept();
}

bool TimelineCanvas::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const int id = figure_.eventAt(help->pos(), QRectF(rect()));
    if (id >= 0) {
      QToolTip::showText(help->globalPos(), figure_.describeEvent(id), this);
    } else {
      QToolTip::hideText();
      event->ignore();
    }
    return true;
  }
  return QWidget::event(event);
}

TimelineRenderer::TimelineRenderer(QWidget* parent) : canvas_(new TimelineCanvas(parent)) {}

TimelineRenderer::~TimelineRenderer() { delete canvas_.data(); }

void TimelineRenderer::show(const View& view, const QString& banner, Provenance provenance) {
  canvas_->figure().setView(view, banner, provenance);
  canvas_->setAccessibleDescription(canvas_->figure().titleText());
  canvas_->update();
}

void TimelineRenderer::clear(const QString& message) {
  canvas_->figure().clear(message);
  canvas_->update();
}

void TimelineRenderer::renderTo(QPainter& painter, const QRectF& target) { canvas_->figure().paint(painter, target); }

void TimelineRenderer::setCursorTime(double time) {
  TimelineFigure& f = canvas_->figure();
  f.setCursorTime(time);
  // While it plays through a zoomed-in window, the window follows the cursor.
  if (f.cursorInside()) f.viewport().ensureVisible(time);
  canvas_->update();
}

std::optional<AnimationTrack> TimelineRenderer::animationTrack() const {
  const TimelineModel& m = canvas_->figure().model();
  // A new timeline starts whole (cursor at the end): Play then grows it from the start.
  return AnimationTrack{m.startTime(), m.endTime(), m.stepTimes(), false, m.endTime()};
}

double TimelineRenderer::cursorTime() const { return canvas_->figure().cursorTime(); }

QString TimelineRenderer::titleText() const { return canvas_->figure().titleText(); }

}  // namespace warpscope::ui
