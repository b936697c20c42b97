#include "focus_ring_item.h"

#include <QChart>
#include <QFont>
#include <QFontInfo>
#include <QGraphicsEllipseItem>
#include <QPainter>
#include <QStaticText>

#include <algorithm>

namespace warpscope::ui {

namespace {
/// Over every series item (Qt Charts' ChartPresenter::SeriesZValue is 4) and under the legend
/// (5), as the scatter series added after the lines was, also over lines added after the ring.
constexpr qreal kRingZ = 4.5;
/// Pixels between a ring's edge and its readout, and round the readout's text.
constexpr qreal kReadoutGap = 6;
constexpr qreal kReadoutPadding = 3;
}  // namespace

/// A ring's readout: its text on a white box, readable over lines and grid on a projector.
class FocusReadoutItem : public QGraphicsItem {
 public:
  explicit FocusReadoutItem(QGraphicsItem* parent) : QGraphicsItem(parent) { setAcceptedMouseButtons(Qt::NoButton); }

  void setText(const QString& text, const QFont& font) {
    if (text == text_.text() && font == font_) return;
    prepareGeometryChange();
    font_ = font;
    text_.setText(text);
    text_.setTextFormat(Qt::PlainText);
    text_.prepare(QTransform(), font_);
    const QSizeF size = text_.size();
    box_ = QRectF(0, 0, size.width() + 2 * kReadoutPadding, size.height() + 2 * kReadoutPadding);
  }
  [[nodiscard]] QString text() const { return text_.text(); }
  [[nodiscard]] QRectF boundingRect() const override { return box_; }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
    if (text_.text().isEmpty()) return;
    painter->setPen(QPen(QColor(0x11, 0x11, 0x11), 1));
    painter->setBrush(QColor(255, 255, 255, 235));
    painter->drawRoundedRect(box_.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    painter->setFont(font_);
    painter->drawStaticText(QPointF(kReadoutPadding, kReadoutPadding), text_);
  }

 private:
  QStaticText text_;
  QFont font_;
  QRectF box_;
};

FocusRingItem::FocusRingItem(QChart* chart, QAbstractSeries* series, qreal size, const QPen& pen, const QBrush& brush)
    : QGraphicsItem(chart), chart_(chart), series_(series), size_(size), pen_(pen), brush_(brush) {
  setZValue(kRingZ);
  // Like a scatter series' item: spans the plot, draws nothing itself, clips its markers to it.
  setFlags(QGraphicsItem::ItemHasNoContents | QGraphicsItem::ItemClipsChildrenToShape);
  setAcceptedMouseButtons(Qt::NoButton);
  setAcceptHoverEvents(false);
}

void FocusRingItem::setValues(const QList<QPointF>& values, const QStringList& readouts) {
  values_ = values;
  while (readouts_.size() > values_.size()) delete readouts_.takeLast();
  while (readouts_.size() < values_.size()) readouts_.append(new FocusReadoutItem(this));
  for (qsizetype i = 0; i < readouts_.size(); ++i) {
    readouts_[i]->setText(readouts.value(i), readoutFont_);
    readouts_[i]->setVisible(!readouts.value(i).isEmpty());
  }
  while (rings_.size() > values_.size()) delete rings_.takeLast();
  while (rings_.size() < values_.size()) {
    auto* ring = new QGraphicsEllipseItem(0, 0, size_, size_, this);
    ring->setPen(pen_);
    ring->setBrush(brush_);
    ring->setAcceptedMouseButtons(Qt::NoButton);
    rings_.append(ring);
  }
  remap();
}

void FocusRingItem::remap() {
  const QRectF plot = chart_->plotArea();
  if (plot != plot_) {
    prepareGeometryChange();
    plot_ = plot;
  }
  setPos(plot.topLeft());  // no repaint when it is where it was
  for (qsizetype i = 0; i < rings_.size(); ++i) {
    // Where ScatterChartItem puts a marker: its bounding box (the pen's half width included)
    // centred on the point, in the plot's coordinates.
    const QPointF at = chart_->mapToPosition(values_[i], series_) - plot.topLeft();
    const QRectF box = rings_[i]->boundingRect();
    rings_[i]->setPos(at.x() - box.width() / 2, at.y() - box.height() / 2);
    // The readout above and right of its ring; left of it near the plot's right edge, below it
    // near the top, so it stays inside the plot (which clips it).
    const QRectF text = readouts_[i]->boundingRect();
    const qreal reach = box.width() / 2 + kReadoutGap;
    qreal x = at.x() + reach;
    if (x + text.width() > plot.width()) x = at.x() - reach - text.width();
    qreal y = at.y() - reach - text.height();
    if (y < 0) y = at.y() + reach;
    readouts_[i]->setPos(std::max<qreal>(0, x), y);
  }
}

QStringList FocusRingItem::readouts() const {
  QStringList texts;
  for (const FocusReadoutItem* readout : readouts_) texts << readout->text();
  return texts;
}

void FocusRingItem::setReadoutFont(const QFont& font) {
  // In pixels, as the chart's other text: a point size grows with the device's resolution, and a
  // PDF export or a handout (300 dpi) drew the readout three times too large, off the plot.
  readoutFont_ = font;
  if (font.pixelSize() <= 0) readoutFont_.setPixelSize(QFontInfo(font).pixelSize());
  for (FocusReadoutItem* readout : readouts_) readout->setText(readout->text(), readoutFont_);
  remap();
}

}  // namespace warpscope::ui
