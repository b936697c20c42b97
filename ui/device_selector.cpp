#include "device_selector.h"

#include "qt_text.h"

namespace warpscope::ui {

QString deviceToolTip(const DeviceInfo& d) {
  const auto row = [](const QString& k, const QString& v) {
    return QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>").arg(k.toHtmlEscaped(), v.toHtmlEscaped());
  };
  const double gib = 1024.0 * 1024.0 * 1024.0;
  QString html = QStringLiteral("<p><b>%1</b> (%2)<br>%3</p><table>")
                     .arg(toQ(d.name).toHtmlEscaped(), toQ(d.id).toHtmlEscaped(),
                          d.kind == DeviceKind::Cuda        ? QObject::tr("Real GPU: charts say \"Measured on\"")
                          : d.kind == DeviceKind::Recording ? QObject::tr("Runs recorded on a real GPU, shown as "
                                                                          "measured: charts say \"Recorded on\"")
                                                            : QObject::tr("Simulator profile: charts say \"Simulated:\""));
  html += row(QObject::tr("Compute capability"), toQ(d.computeCapability));
  html += row(QObject::tr("SMs"), QString::number(d.smCount));
  html += row(QObject::tr("FP32 lanes / SM"), QString::number(d.fp32LanesPerSm));
  html += row(QObject::tr("SM clock"), QObject::tr("%1 MHz").arg(formatNumber(d.smClockMhz, 5)));
  html += row(QObject::tr("FP32 peak"), QObject::tr("%1 GFLOP/s").arg(formatNumber(d.theoreticalFp32Gflops(), 5)));
  html += row(QObject::tr("DRAM bandwidth"), QObject::tr("%1 GB/s").arg(formatNumber(d.dramBandwidthGBs, 5)));
  html += row(QObject::tr("L2"), QObject::tr("%1 MiB").arg(formatNumber(static_cast<double>(d.l2Bytes) / (1024.0 * 1024.0), 4)));
  html += row(QObject::tr("Memory"), QObject::tr("%1 GiB").arg(formatNumber(static_cast<double>(d.globalMemBytes) / gib, 4)));
  html += row(QObject::tr("Max threads / SM"), QString::number(d.maxThreadsPerSm));
  html += row(QObject::tr("Registers / SM"), QString::number(d.registersPerSm));
  html += QStringLiteral("</table>");
  if (!d.sources.empty())
    html += QStringLiteral("<p><i>%1</i></p>").arg(QObject::tr("Source: %1").arg(toQ(d.sources)).toHtmlEscaped());
  return html;
}

DeviceSelector::DeviceSelector(QWidget* parent) : QComboBox(parent) {
  setAccessibleName(tr("Device"));
  setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  setMinimumContentsLength(18);
  addItem(tr("Looking for devices…"));
  setEnabled(false);
  connect(this, &QComboBox::currentIndexChanged, this, [this](int i) {
    if (syncing_ || i < 0) return;
    setToolTip(itemData(i, Qt::ToolTipRole).toString());
    emit deviceSelected(currentDeviceId());
  });
}

void DeviceSelector::setDevices(const QList<DeviceInfo>& devices, const QString& selectedId) {
  syncing_ = true;
  devices_ = devices;
  clear();
  bool separated = false;
  for (const DeviceInfo& d : devices) {
    if (d.kind == DeviceKind::Simulator && count() > 0 && !separated) {
      insertSeparator(count());  // real and recorded GPUs above, simulator profiles below
      separated = true;
    }
    const QString prefix = d.kind == DeviceKind::Cuda        ? tr("GPU: ")
                           : d.kind == DeviceKind::Recording ? tr("Recorded: ")
                                                             : tr("Model: ");
    addItem(prefix + toQ(d.name), toQ(d.id));
    setItemData(count() - 1, deviceToolTip(d), Qt::ToolTipRole);
  }
  if (devices.isEmpty()) addItem(tr("No device available"));
  setEnabled(!devices.isEmpty());
  syncing_ = false;
  selectDevice(selectedId);
}

QString DeviceSelector::currentDeviceId() const { return currentData().toString(); }

bool DeviceSelector::selectDevice(const QString& deviceId) {
  const int i = findData(deviceId);
  if (i < 0) return false;
  syncing_ = true;
  setCurrentIndex(i);
  setToolTip(itemData(i, Qt::ToolTipRole).toString());
  syncing_ = false;
  return true;
}

const DeviceInfo* DeviceSelector::device(const QString& deviceId) const {
  for (const DeviceInfo& d : devices_)
    if (toQ(d.id) == deviceId) return &d;
  return nullptr;
}

}  // namespace warpscope::ui
