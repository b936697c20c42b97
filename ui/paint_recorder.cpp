#include "paint_recorder.h"

#include <QCoreApplication>
#include <QPaintEvent>
#include <QWidget>

namespace warpscope::ui {

namespace {
/// The class without its namespace and the object's name ("QWidget plot"); a scroll area's
/// viewport as "QScrollArea viewport".
QString nameOf(const QObject* object) {
  const QString name = QString::fromLatin1(object->metaObject()->className()).section(QStringLiteral("::"), -1);
  if (object->objectName() == QLatin1String("qt_scrollarea_viewport") && object->parent())
    return nameOf(object->parent()) + QStringLiteral(" viewport");
  if (object->objectName().isEmpty() || object->objectName().startsWith(QLatin1String("qt_"))) return name;
  return name + QLatin1Char(' ') + object->objectName();
}
}  // namespace

void PaintRecorder::start() {
  painted_.clear();
  laidOut_.clear();
  if (!recording_) QCoreApplication::instance()->installEventFilter(this);
  recording_ = true;
}

QString PaintRecorder::stop() {
  if (recording_) QCoreApplication::instance()->removeEventFilter(this);
  recording_ = false;
  QStringList parts;
  for (auto it = painted_.cbegin(); it != painted_.cend(); ++it)
    parts << QStringLiteral("%1 %2x%3%4")
                 .arg(it.key())
                 .arg(it->width)
                 .arg(it->height)
                 .arg(it->count > 1 ? QStringLiteral(" x%1").arg(it->count) : QString());
  if (!laidOut_.isEmpty()) parts << QStringLiteral("layout: ") + laidOut_.keys().join(QStringLiteral(", "));
  return parts.isEmpty() ? QStringLiteral("nothing") : parts.join(QStringLiteral("; "));
}

bool PaintRecorder::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Paint && watched->isWidgetType()) {
    const QRect box = static_cast<QPaintEvent*>(event)->region().boundingRect();
    Painted& p = painted_[nameOf(watched)];
    ++p.count;
    p.pixels += qint64(box.width()) * box.height();
    if (qint64(box.width()) * box.height() >= qint64(p.width) * p.height) {
      p.width = box.width();
      p.height = box.height();
    }
  } else if (event->type() == QEvent::LayoutRequest && watched->isWidgetType()) {
    ++laidOut_[nameOf(watched)];
  }
  return false;
}

}  // namespace warpscope::ui
