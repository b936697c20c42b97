#include "listing_renderer.h"

#include <QKeyEvent>
#include <QWheelEvent>

namespace warpscope::ui {

namespace {

/// The figure canvas with the keys and the wheel a reader expects of a listing.
class ListingCanvas : public FigureCanvas {
 public:
  ListingCanvas(ListingFigure& figure, QWidget* parent)
      : FigureCanvas([&figure](QPainter& p, const QRectF& r) { figure.paint(p, r); },
                     [&figure](QPointF pos, const QRectF& r) { return figure.describeLine(figure.lineAt(pos, r)); },
                     parent),
        figure_(figure) {}

  void scrollTo(int line) {
    figure_.scrollTo(line, QRectF(rect()));
    update();
  }

 protected:
  void wheelEvent(QWheelEvent* event) override {
    // Three lines a notch, as text views scroll; a touchpad's small steps add up.
    wheelEighths_ += event->angleDelta().y();
    const int notches = wheelEighths_ / 120;
    wheelEighths_ -= notches * 120;
    if (notches != 0) scrollTo(figure_.firstLine() - 3 * notches);
    event->accept();
  }

  void keyPressEvent(QKeyEvent* event) override {
    const int page = std::max(1, figure_.linesInSight(QRectF(rect())) - 1);
    switch (event->key()) {
      case Qt::Key_Up:
        scrollTo(figure_.firstLine() - 1);
        break;
      case Qt::Key_Down:
        scrollTo(figure_.firstLine() + 1);
        break;
      case Qt::Key_PageUp:
        scrollTo(figure_.firstLine() - page);
        break;
      case Qt::Key_PageDown:
        scrollTo(figure_.firstLine() + page);
        break;
      case Qt::Key_Home:
        scrollTo(0);
        break;
      case Qt::Key_End:
        scrollTo(static_cast<int>(figure_.listing().lines.size()));
        break;
      default:
        FigureCanvas::keyPressEvent(event);
        return;
    }
    event->accept();
  }

 private:
  ListingFigure& figure_;
  int wheelEighths_ = 0;
};

}  // namespace

ListingRenderer::ListingRenderer(QWidget* parent) {
  canvas_ = new ListingCanvas(figure_, parent);
  canvas_->setAccessibleName(QObject::tr("Listing"));
}

ListingRenderer::~ListingRenderer() { delete canvas_.data(); }

void ListingRenderer::show(const View& view, const QString& banner, Provenance provenance) {
  figure_.setView(view, banner, provenance);
  canvas_->setAccessibleDescription(figure_.titleText());
  canvas_->update();
}

void ListingRenderer::clear(const QString& message) {
  figure_.clear(message);
  canvas_->update();
}

void ListingRenderer::scrollTo(int line) { static_cast<ListingCanvas*>(canvas_.data())->scrollTo(line); }

}  // namespace warpscope::ui
