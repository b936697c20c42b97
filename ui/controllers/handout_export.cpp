#include "controllers/handout_export.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QProgressDialog>
#include <QRegularExpression>

namespace warpscope::ui {

HandoutExport::HandoutExport(QWidget* dialogParent) : QObject(dialogParent), dialogParent_(dialogParent) {}

QString HandoutExport::cliProgram() { return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("warpscope-cli")); }

bool HandoutExport::running() const { return process_ && process_->state() != QProcess::NotRunning; }

bool HandoutExport::start(const QString& lectureId, const QString& lectureFile, const QString& deviceId, const QString& path,
                          bool predictionBoxes) {
  if (running()) {
    emit finished(path, tr("A handout is already being made."));
    return false;
  }
  if (!QFileInfo(cliProgram()).isExecutable()) {
    emit finished(path, tr("Cannot make a handout: %1 is not there (it is built and installed beside warpscope).").arg(cliProgram()));
    return false;
  }
  path_ = path;
  errors_.clear();
  cancelled_ = false;
  delete process_;
  process_ = new QProcess(this);
  QStringList args{QStringLiteral("handout"), QStringLiteral("--device"), deviceId, QStringLiteral("--out"), path};
  args << (lectureFile.isEmpty() ? QStringList{QStringLiteral("--lecture"), lectureId} : QStringList{QStringLiteral("--lecture-file"), lectureFile});
  if (predictionBoxes) args << QStringLiteral("--prediction-boxes");
  connect(process_, &QProcess::readyReadStandardOutput, this, &HandoutExport::onOutput);
  connect(process_, &QProcess::readyReadStandardError, this, [this] { errors_ += QString::fromUtf8(process_->readAllStandardError()); });
  connect(process_, &QProcess::finished, this, [this](int code, QProcess::ExitStatus) { onFinished(code); });
  delete progress_;
  progress_ = new QProgressDialog(tr("Running the slides for the handout..."), tr("Cancel"), 0, 0, dialogParent_);
  progress_->setWindowTitle(tr("Export handout"));
  progress_->setMinimumDuration(300);
  connect(progress_, &QProgressDialog::canceled, this, [this] {
    cancelled_ = true;
    if (running()) process_->kill();
  });
  process_->start(cliProgram(), args);
  return true;
}

void HandoutExport::onOutput() {
  // "[3/15] preset: holds": the slides run one by one; the PDF is written after the last.
  static const QRegularExpression step(QStringLiteral("^\\[(\\d+)/(\\d+)\\] (\\S+)"));
  while (process_->canReadLine()) {
    const QString line = QString::fromUtf8(process_->readLine()).trimmed();
    if (const auto m = step.match(line); m.hasMatch() && progress_) {
      progress_->setMaximum(m.captured(2).toInt() + 1);
      progress_->setValue(m.captured(1).toInt());
      progress_->setLabelText(tr("Slide %1 of %2: %3").arg(m.captured(1), m.captured(2), m.captured(3)));
    }
  }
}

void HandoutExport::onFinished(int exitCode) {
  onOutput();
  if (progress_) progress_->reset();
  QString error;
  if (cancelled_) error = tr("The handout was cancelled; %1 was not written.").arg(path_);
  else if (exitCode != 0)
    error = tr("The handout was not written: %1").arg(errors_.trimmed().isEmpty() ? tr("warpscope-cli exited %1").arg(exitCode)
                                                                                  : errors_.trimmed().split(QLatin1Char('\n')).last());
  emit finished(path_, error);
}

}  // namespace warpscope::ui
