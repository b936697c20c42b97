#include "slurm_connect_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include "qt_text.h"
#include "settings_file.h"
#include "warpscope/worker.h"

namespace warpscope::ui {

namespace {
constexpr const char* kLastLoginKey = "slurm/lastLogin";
constexpr const char* kLoginsKey = "slurm/logins";
/// QSettings keys keep '/' for groups; login names cannot hold one (worker::checkHostName).
QString commandKey(const QString& login) {
  return QStringLiteral("slurm/srunCommand/") + (login.isEmpty() ? QStringLiteral("(this machine)") : login);
}
}  // namespace

SlurmConnectDialog::SlurmConnectDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Connect through Slurm"));
  auto* intro = new QLabel(
      tr("Warpscope runs the srun command below on the login host with your own ssh keys: the GPU worker "
         "starts inside the allocation, and the window shows the job's state while it waits in the queue. "
         "Closing the window (or cancelling the wait) ends the job.\n\n"
         "The command is yours to edit (partition, account, GPU type, time); it is remembered for each "
         "login host. The cluster's nodes need the same Warpscope version's warpscope-cli."));
  intro->setWordWrap(true);

  login_ = new QComboBox;
  login_->setEditable(true);
  login_->setInsertPolicy(QComboBox::NoInsert);
  login_->lineEdit()->setPlaceholderText(tr("empty: srun on this machine"));
  QSettings settings;
  login_->addItems(settings.value(QString::fromLatin1(kLoginsKey)).toStringList());
  login_->setEditText(settings.value(QString::fromLatin1(kLastLoginKey)).toString());
  login_->setToolTip(tr("The cluster's login host as ssh takes it: a name, user@name or a Host alias of ~/.ssh/config"));

  command_ = new QLineEdit(rememberedCommand(login()));
  command_->setMinimumWidth(520);
  command_->setToolTip(tr("Run by the login host's shell; it must start `warpscope-cli serve` in the allocation"));
  auto* reset = new QPushButton(tr("&Default command"));
  reset->setToolTip(toQ(worker::defaultSrunCommand()));
  connect(reset, &QPushButton::clicked, this, [this] { command_->setText(toQ(worker::defaultSrunCommand())); });
  // Another login host brings its own remembered command.
  connect(login_, &QComboBox::editTextChanged, this, [this] { command_->setText(rememberedCommand(login())); });

  auto* commandRow = new QHBoxLayout;
  commandRow->addWidget(command_, 1);
  commandRow->addWidget(reset);
  auto* form = new QFormLayout;
  form->addRow(tr("&Login host:"), login_);
  auto* commandLabel = new QLabel(tr("&srun command:"));
  commandLabel->setBuddy(command_);  // a row of a layout gets no buddy by itself
  form->addRow(commandLabel, commandRow);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
  connect_ = buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
  connect_->setDefault(true);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(command_, &QLineEdit::textChanged, this,
          [this](const QString& text) { connect_->setEnabled(!text.trimmed().isEmpty()); });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addLayout(form);
  layout->addWidget(buttons);
}

QString SlurmConnectDialog::login() const { return login_->currentText().trimmed(); }
QString SlurmConnectDialog::srunCommand() const { return command_->text().trimmed(); }
void SlurmConnectDialog::setLogin(const QString& login) { login_->setEditText(login); }
void SlurmConnectDialog::setSrunCommand(const QString& command) { command_->setText(command); }

QString SlurmConnectDialog::rememberedCommand(const QString& login) {
  return QSettings().value(commandKey(login), toQ(worker::defaultSrunCommand())).toString();
}

QString SlurmConnectDialog::remember(const QString& login, const QString& command) {
  QSettings settings;
  // QSettings saves at its end by renaming over the file its symlinks name: re-checked now, since
  // the file may have changed while the window ran. Nothing set, nothing saved.
  if (const QString problem = settingsFileProblem(settings.fileName()); !problem.isEmpty()) return problem;
  settings.setValue(commandKey(login), command);
  settings.setValue(QString::fromLatin1(kLastLoginKey), login);
  QStringList logins = settings.value(QString::fromLatin1(kLoginsKey)).toStringList();
  logins.removeAll(login);
  logins.prepend(login);
  settings.setValue(QString::fromLatin1(kLoginsKey), logins.mid(0, 10));
  return {};
}

}  // namespace warpscope::ui
