#pragma once
/// \file param_panel.h
/// The parameter panel of the selected lab, generated only from the lab's ParamSpecs: Sweep
/// parameters (they reshape the whole chart) above Focus parameters (they move the highlighted
/// point), and a "Reset to defaults" button.

#include <QMap>
#include <QWidget>

#include "warpscope/lab.h"
#include "warpscope/params.h"

QT_BEGIN_NAMESPACE
class QPushButton;
class QVBoxLayout;
QT_END_NAMESPACE

namespace warpscope::ui {

class ParamControl;

class ParamPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ParamPanel(QWidget* parent = nullptr);

  /// Replaces the controls with one per ParamSpec of `lab`, at their defaults.
  void setLab(const LabSpec& lab);
  /// Moves the controls to `values` without emitting paramsChanged.
  void setValues(const ParamSet& values);
  /// The current value of every parameter.
  [[nodiscard]] ParamSet values() const;
  /// The control for a parameter id, or null.
  [[nodiscard]] ParamControl* control(const QString& id) const { return controls_.value(id); }
  [[nodiscard]] int controlCount() const { return static_cast<int>(controls_.size()); }
  [[nodiscard]] QPushButton* resetButton() const { return reset_; }

 public slots:
  /// Every control back to its declared default; emits paramsChanged once (as a sweep change).
  void resetToDefaults();

 signals:
  /// The user changed `changedId` (empty after a reset); `values` holds every parameter.
  /// `focusOnly` is true when only a Focus parameter changed.
  void paramsChanged(const warpscope::ParamSet& values, const QString& changedId, bool focusOnly);

 private:
  /// Greys out the controls the current values make meaningless (ParamSpec::isRelevant).
  void updateRelevance();

  QVBoxLayout* controlsLayout_;
  QPushButton* reset_;
  QMap<QString, ParamControl*> controls_;
  QWidget* content_ = nullptr;
};

}  // namespace warpscope::ui
