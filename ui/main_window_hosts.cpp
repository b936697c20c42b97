// MainWindow: GPUs on other hosts, through the user's ssh (docs/remote.md).
#include <QInputDialog>
#include <QSettings>

#include "controllers/run_controller.h"
#include "device_selector.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_panel.h"
#include "run_status_bar.h"

namespace warpscope::ui {

namespace {
constexpr const char* kLastHostKey = "remote/lastHost";
}

void MainWindow::connectHostInteractively() {
  QSettings settings;
  bool ok = false;
  const QString host = QInputDialog::getText(
      this, tr("Connect to a GPU host"),
      tr("Host as ssh takes it: a name, user@name or a Host alias of ~/.ssh/config.\n"
         "Warpscope runs `ssh HOST warpscope-cli serve` with your own keys; the host needs the same "
         "Warpscope version's warpscope-cli on its PATH."),
      QLineEdit::Normal, settings.value(QString::fromLatin1(kLastHostKey)).toString(), &ok);
  if (!ok || host.trimmed().isEmpty()) return;
  settings.setValue(QString::fromLatin1(kLastHostKey), host.trimmed());
  connectHost(host.trimmed());
}

void MainWindow::connectHost(const QString& host) {
  statusBar_->runEnded(tr("Connecting to %1…").arg(host), -1);
  runs_->connectHost(host);
}

void MainWindow::onDevicesChanged(const QList<DeviceInfo>& devices, const QString& hostsFirstDeviceId,
                                  const QString& host) {
  const QString current = deviceSelector_->currentDeviceId();
  deviceSelector_->setDevices(devices, current);
  markLabsForDevice();
  if (const DeviceInfo* device = deviceSelector_->device(current)) paramPanel_->setDevice(*device);
  int added = 0;
  for (const DeviceInfo& d : devices) added += QString::fromStdString(d.id).startsWith(QStringLiteral("ssh:") + host + QLatin1Char('/'));
  if (hostsFirstDeviceId.isEmpty()) {
    messageBar_->showMessage(tr("Connected to %1, but it offers no GPU (warpscope-cli devices on it says why).").arg(host),
                             MessageBar::Level::Warning);
  } else {
    const QString first = hostsFirstDeviceId;
    messageBar_->showMessage(tr("Connected to %1: %n device(s) added to the device list.", nullptr, added).arg(host),
                             MessageBar::Level::Info, tr("Use %1").arg(first), [this, first] { selectDevice(first); });
  }
  statusBar_->runEnded(tr("Connected to %1").arg(host), -1);
}

void MainWindow::onHostConnectFailed(const QString& host, const QString& message) {
  messageBar_->showMessage(tr("Could not connect to %1: %2").arg(host, message), MessageBar::Level::Error);
  statusBar_->runEnded(tr("Not connected to %1").arg(host), -1);
}

}  // namespace warpscope::ui
