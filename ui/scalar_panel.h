#pragma once
/// \file scalar_panel.h
/// The numbers under the chart: ceilings, best fraction of peak, the focus point's values, and
/// the run's notes (how ceilings were measured, what was checked).

#include <QWidget>

#include <vector>

#include "warpscope/result.h"

namespace warpscope::ui {

class FigureGrid;
class TextBlock;

class ScalarPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ScalarPanel(QWidget* parent = nullptr);
  /// Shows the scalars and notes of `result`.
  void display(const RunResult& result);
  void clear();
  /// The plain text shown (for tests and accessibility).
  [[nodiscard]] QString scalarsText() const;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  /// Shows shown_ as tables; true when the table's height changed (scalars_ asked for a layout).
  bool render();

  std::vector<Scalar> shown_;
  std::vector<std::string> keyFigureIds_;  ///< The shown lab's (LabSpec::keyFigures).
  int pairsPerRow_ = 2;
  // Not labels: they take new text with every focus move (figure_grid.h, text_block.h say why).
  FigureGrid* scalars_;
  TextBlock* notes_;
};

/// "4201 GB/s", "0.62", "75 %": a scalar's value with its unit, as people write it.
QString formatScalar(const Scalar& scalar);

}  // namespace warpscope::ui
