#pragma once
/// \file device_selector.h
/// The device combo: every device the Session lists (real GPUs first, then simulator
/// profiles), each with a tooltip of its properties, so a class sees which model it is looking at.

#include <QComboBox>
#include <QList>

#include "warpscope/device.h"

namespace warpscope::ui {

class DeviceSelector : public QComboBox {
  Q_OBJECT

 public:
  explicit DeviceSelector(QWidget* parent = nullptr);
  /// Fills the combo and selects `selectedId` (no deviceSelected emitted).
  void setDevices(const QList<DeviceInfo>& devices, const QString& selectedId);
  [[nodiscard]] QString currentDeviceId() const;
  /// Selects a device by id without emitting deviceSelected; false if unknown.
  bool selectDevice(const QString& deviceId);
  /// The listed device with this id, or null.
  [[nodiscard]] const DeviceInfo* device(const QString& deviceId) const;
  [[nodiscard]] const QList<DeviceInfo>& devices() const { return devices_; }

 signals:
  /// The user picked another device.
  void deviceSelected(const QString& deviceId);

 private:
  QList<DeviceInfo> devices_;
  bool syncing_ = false;
};

/// The tooltip for a device: kind, compute capability, SMs, clocks, memory, where the numbers
/// come from.
QString deviceToolTip(const DeviceInfo& device);

}  // namespace warpscope::ui
