#pragma once
/// \file slurm_connect_dialog.h
/// Run > Connect through Slurm: the login host and the srun command that starts the GPU worker
/// in an allocation (docs/remote.md). The command is the user's to edit (partition, account, GPU
/// type, time) and is remembered per login host, so the next connection to that cluster starts
/// with it.

#include <QDialog>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
class QPushButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class SlurmConnectDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SlurmConnectDialog(QWidget* parent = nullptr);

  /// The login host as ssh takes it; "" runs srun on this machine.
  [[nodiscard]] QString login() const;
  [[nodiscard]] QString srunCommand() const;
  /// Sets the fields (tests; the last login is the default when the dialog opens).
  void setLogin(const QString& login);
  void setSrunCommand(const QString& command);

  /// The srun command remembered for `login` (the default one when none was).
  [[nodiscard]] static QString rememberedCommand(const QString& login);
  /// Remembers `command` for `login`, and `login` as the last one used.
  /// Remembers `login` and its `command` in the settings; empty when done, otherwise why not (the
  /// settings file re-checked first: nothing is saved over what is not a regular file).
  [[nodiscard]] static QString remember(const QString& login, const QString& command);

 private:
  QComboBox* login_;
  QLineEdit* command_;
  QPushButton* connect_;
};

}  // namespace warpscope::ui
