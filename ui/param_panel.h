#pragma once
/// \file param_panel.h
/// The parameter panel of the selected lab, generated only from the lab's ParamSpecs: Sweep
/// parameters (they reshape the whole chart) above Focus parameters (they move the highlighted
/// point), and a "Reset to defaults" button.

#include <QMap>
#include <QWidget>

#include <optional>

#include "warpscope/lab.h"
#include "warpscope/params.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QVBoxLayout;
QT_END_NAMESPACE

namespace warpscope::ui {

class ParamControl;

class ParamPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ParamPanel(QWidget* parent = nullptr);

  /// Replaces the controls with one per ParamSpec of `lab`, at their defaults, as they apply
  /// on the current device (capParamsForDevice).
  void setLab(const LabSpec& lab);
  /// The device runs go to: managed-memory sizes are capped on a real GPU (half its free
  /// memory), with the reason in the tooltip and in a small note under the control. Rebuilds
  /// the controls when a cap changes, keeping every value the new limits accept (others move
  /// to the nearest valid one) without emitting paramsChanged.
  void setDevice(const DeviceInfo& device);
  /// The declarations the controls follow (the lab's, capped for the device).
  [[nodiscard]] const std::vector<ParamSpec>& specs() const { return specs_; }
  /// The note under a capped parameter's control, or null when it is not capped.
  [[nodiscard]] QLabel* capNote(const QString& id) const { return capNotes_.value(id); }
  /// Moves the controls to `values` without emitting paramsChanged.
  void setValues(const ParamSet& values);
  /// The current value of every parameter.
  [[nodiscard]] ParamSet values() const;
  /// One line for a class: "Label: value unit" of every relevant parameter, joined by " · ".
  [[nodiscard]] QString summary() const;
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
  /// A typed value was refused (ParamControl::refused).
  void valueRefused(const QString& message);

 private:
  /// Greys out the controls the current values make meaningless (ParamSpec::isRelevant).
  void updateRelevance();
  void rebuild();

  QVBoxLayout* controlsLayout_;
  QPushButton* reset_;
  QMap<QString, ParamControl*> controls_;
  QMap<QString, QLabel*> capNotes_;
  QWidget* content_ = nullptr;
  std::optional<LabSpec> lab_;
  std::optional<DeviceInfo> device_;
  std::vector<ParamSpec> specs_;
};

}  // namespace warpscope::ui
