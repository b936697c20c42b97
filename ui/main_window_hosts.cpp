// MainWindow: GPUs on other hosts, through the user's ssh, and inside Slurm allocations
// (docs/remote.md).
#include <QInputDialog>
#include <QSettings>

#include "controllers/run_controller.h"
#include "device_selector.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_panel.h"
#include "run_status_bar.h"
#include "settings_file.h"
#include "slurm_connect_dialog.h"

namespace warpscope::ui {

namespace {
constexpr const char* kLastHostKey = "remote/lastHost";
}

void MainWindow::connectHostSignals() {
  connect(runs_, &RunController::devicesChanged, this, &MainWindow::onDevicesChanged);
  connect(runs_, &RunController::hostConnectFailed, this, &MainWindow::onHostConnectFailed);
  connect(runs_, &RunController::hostNeedsWorker, this, &MainWindow::onHostNeedsWorker);
  connect(runs_, &RunController::hostConnectProgress, this, &MainWindow::onHostConnectProgress);
}

void MainWindow::connectHostInteractively() {
  QSettings settings;
  bool ok = false;
  const QString host = QInputDialog::getText(
      this, tr("Connect to a GPU host"),
      tr("Host as ssh takes it: a name, user@name or a Host alias of ~/.ssh/config.\n"
         "Warpscope runs its GPU worker there through ssh with your own keys. A host without this "
         "version's worker\ncan get it: Warpscope offers to copy it into ~/.cache/warpscope/ there."),
      QLineEdit::Normal, settings.value(QString::fromLatin1(kLastHostKey)).toString(), &ok);
  if (!ok || host.trimmed().isEmpty()) return;
  // Saved only over a regular file (re-checked: it may have changed while the window ran).
  if (const QString problem = settingsFileProblem(settings.fileName()); problem.isEmpty())
    settings.setValue(QString::fromLatin1(kLastHostKey), host.trimmed());
  else
    messageBar_->showMessage(tr("The host is used but not remembered: %1").arg(problem), MessageBar::Level::Warning);
  connectHost(host.trimmed());
}

void MainWindow::connectHost(const QString& host, bool installWorker) {
  if (const QString name = runs_->connectHost(host, installWorker); !name.isEmpty())
    showConnecting(name, installWorker ? tr("installing the worker") : tr("starting ssh"));
}

void MainWindow::onHostNeedsWorker(const QString& host, const QString& why) {
  // Offered, never done unasked: it writes into the user's home on that host.
  messageBar_->showMessage(tr("%1. Install Warpscope's worker there (into ~/.cache/warpscope/, no root needed)?").arg(why),
                           MessageBar::Level::Warning, tr("Install"),
                           [this, host] {
                             if (const QString name = runs_->installWorkerAndConnect(host); !name.isEmpty())
                               showConnecting(name, tr("installing the worker"));
                           });
  statusBar_->runEnded(tr("Not connected to %1: no worker of this version there").arg(host), -1);
}

void MainWindow::connectSlurmInteractively() {
  SlurmConnectDialog dialog(this);
  if (dialog.exec() != QDialog::Accepted) return;
  if (const QString problem = SlurmConnectDialog::remember(dialog.login(), dialog.srunCommand()); !problem.isEmpty())
    messageBar_->showMessage(tr("The login and srun command are used but not remembered: %1").arg(problem),
                             MessageBar::Level::Warning);
  connectSlurm(dialog.login(), dialog.srunCommand());
}

void MainWindow::connectSlurm(const QString& login, const QString& srunCommand) {
  if (const QString name = runs_->connectSlurm(login, srunCommand); !name.isEmpty()) showConnecting(name, tr("starting srun"));
}

void MainWindow::cancelConnections() {
  for (const QString& host : runs_->connectingHosts()) runs_->cancelConnect(host);
}

bool MainWindow::isConnecting() const { return !runs_->connectingHosts().isEmpty(); }

void MainWindow::showConnecting(const QString& host, const QString& state) {
  const QString text = tr("Connecting to %1: %2").arg(host, state);
  messageBar_->showMessage(text, MessageBar::Level::Info, tr("Cancel"), [this, host] { runs_->cancelConnect(host); });
  statusBar_->runEnded(text, -1);
}

void MainWindow::onHostConnectProgress(const QString& host, const QString& state) {
  // The message bar follows the wait unless the user dismissed it or something else replaced it;
  // the status bar always does.
  const QString prefix = tr("Connecting to %1: ").arg(host);
  if (messageBar_->isVisible() && messageBar_->text().startsWith(prefix)) showConnecting(host, state);
  else statusBar_->runEnded(prefix + state, -1);
}

void MainWindow::onDevicesChanged(const QList<DeviceInfo>& devices, const QString& hostsFirstDeviceId,
                                  const QString& host, int added) {
  const QString current = deviceSelector_->currentDeviceId();
  deviceSelector_->setDevices(devices, current);
  markLabsForDevice();
  if (const DeviceInfo* device = deviceSelector_->device(current)) paramPanel_->setDevice(*device);
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

void MainWindow::onHostConnectFailed(const QString& host, const QString& message, bool cancelled) {
  if (cancelled) messageBar_->showMessage(tr("Not connected to %1: %2").arg(host, message), MessageBar::Level::Info);
  else messageBar_->showMessage(tr("Could not connect to %1: %2").arg(host, message), MessageBar::Level::Error);
  statusBar_->runEnded(tr("Not connected to %1").arg(host), -1);
}

}  // namespace warpscope::ui
