#pragma once
/// \file handout_export.h
/// Lecture > Export handout...: the open lecture's handout (handout.h) for the device on screen,
/// made by `warpscope-cli handout` beside this program (the slides run there, not in the window),
/// with a progress dialog that follows its "[i/N]" lines and can cancel it. The window stays live.

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QProcess;
class QProgressDialog;
class QWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

class HandoutExport : public QObject {
  Q_OBJECT

 public:
  explicit HandoutExport(QWidget* dialogParent);

  /// Starts the handout of `lectureId` on `deviceId` into `path`; false (and `finished` with the
  /// reason) when one is already being made or the CLI is not there.
  /// `lectureFile`: an own lecture's file (empty for a shipped lecture).
  bool start(const QString& lectureId, const QString& lectureFile, const QString& deviceId, const QString& path,
             bool predictionBoxes);
  [[nodiscard]] bool running() const;
  /// The command line program used (beside this one).
  [[nodiscard]] static QString cliProgram();

 signals:
  /// Done: `error` empty on success, else what went wrong (the CLI's own words).
  void finished(const QString& path, const QString& error);

 private:
  void onOutput();
  void onFinished(int exitCode);

  QWidget* dialogParent_;
  QProcess* process_ = nullptr;
  QProgressDialog* progress_ = nullptr;
  QString path_;
  QString errors_;
  bool cancelled_ = false;
};

}  // namespace warpscope::ui
