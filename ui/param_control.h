#pragma once
/// \file param_control.h
/// One parameter's control, built only from its ParamSpec: a slider paired with a spin box (or
/// a combo box when the spec lists choices, showing the names of a named choice), the unit
/// after the value, the help text as a tooltip. Values always land on the declared grid, so a request never fails validation.

#include <QWidget>

#include "warpscope/params.h"

QT_BEGIN_NAMESPACE
class QAbstractSpinBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QSpinBox;
QT_END_NAMESPACE

namespace warpscope::ui {

class ParamControl : public QWidget {
  Q_OBJECT

 public:
  explicit ParamControl(ParamSpec spec, QWidget* parent = nullptr);

  [[nodiscard]] const ParamSpec& spec() const { return spec_; }
  [[nodiscard]] double value() const { return value_; }
  /// Moves every widget to `value` (snapped to the grid) without emitting valueChanged.
  void setValue(double value);

  /// The widgets, for tests and for keyboard focus order. slider() and spinBox() are null when
  /// the spec has choices; comboBox() is null otherwise.
  [[nodiscard]] QSlider* slider() const { return slider_; }
  [[nodiscard]] QAbstractSpinBox* spinBox() const;
  [[nodiscard]] QComboBox* comboBox() const { return combo_; }
  [[nodiscard]] QLabel* label() const { return label_; }
  /// The tooltip every widget of this control carries: help text and valid range.
  [[nodiscard]] QString toolTipText() const;

  /// The nearest valid value: one of the choices, or min + k*step inside [min, max].
  [[nodiscard]] double snap(double value) const;

 signals:
  /// The user moved the control to a new valid value.
  void valueChanged(const QString& id, double value);
  /// The user typed a value outside the declaration; `message` names the parameter, what was
  /// typed, the valid range and the value kept.
  void refused(const QString& message);

 private:
  [[nodiscard]] int stepCount() const;
  [[nodiscard]] int indexOf(double value) const;
  [[nodiscard]] double valueAt(int index) const;
  void userChanged(double value);
  /// A value committed in the spin box: applied when the declaration accepts it, else refused.
  void typedValue(double value);
  void refuseTyped(const QString& typed);
  void syncWidgets();

  ParamSpec spec_;
  double value_ = 0;
  bool syncing_ = false;
  QLabel* label_ = nullptr;
  QSlider* slider_ = nullptr;
  QSpinBox* intSpin_ = nullptr;
  QDoubleSpinBox* doubleSpin_ = nullptr;
  QComboBox* combo_ = nullptr;
};

/// "256 threads", "8 bytes", "75 %": a value with its unit.
QString formatWithUnit(double value, const std::string& unit);

}  // namespace warpscope::ui
