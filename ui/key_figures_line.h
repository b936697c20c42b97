#pragma once
/// \file key_figures_line.h
/// The lab's key figures (LabSpec::keyFigures, or its first one-off figures) in large type under
/// the chart, where presentation mode and lectures put them instead of the numbers panel.

#include <QLabel>

#include "warpscope/result.h"

namespace warpscope::ui {

class KeyFiguresLine : public QLabel {
 public:
  explicit KeyFiguresLine(QWidget* parent = nullptr);
  /// Shows the key figures of `result`, or hides the line for none (nullptr, or no figures).
  void display(const RunResult* result);
};

}  // namespace warpscope::ui
