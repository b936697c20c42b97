#pragma once
/// \file paint_recorder.h
/// What the window painted and laid out while it is installed, in one line: the widgets that
/// got paint events with the size of the area each painted, and those that laid themselves out.
/// --measure-slider-latency prints it for its slowest moves, so a slow move on a GPU machine says
/// where it went (a whole panel repainted, the main window laid out) without a profiler there.

#include <QMap>
#include <QObject>
#include <QString>

namespace warpscope::ui {

class PaintRecorder : public QObject {
 public:
  /// Starts recording the application's events (clears what was recorded).
  void start();
  /// Stops; returns e.g. "QChartView viewport 133x67; TextBlock 702x40 x2; layout: MainWindow".
  QString stop();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Painted {
    int count = 0;
    qint64 pixels = 0;  ///< Of the painted regions' bounding boxes, summed.
    int width = 0;      ///< Of the largest.
    int height = 0;
  };
  QMap<QString, Painted> painted_;
  QMap<QString, int> laidOut_;
  bool recording_ = false;
};

}  // namespace warpscope::ui
