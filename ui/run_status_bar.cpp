#include "run_status_bar.h"

#include <QProgressBar>
#include <QPushButton>

#include "status_text.h"

namespace warpscope::ui {

namespace {
QString formatSeconds(double s) {
  if (s < 0.01) return QObject::tr("%1 ms").arg(QString::number(s * 1000.0, 'f', 1));
  return s < 1.0 ? QObject::tr("%1 ms").arg(QString::number(s * 1000.0, 'f', 0))
                 : QObject::tr("%1 s").arg(QString::number(s, 'f', 2));
}
}  // namespace

RunStatusBar::RunStatusBar(QWidget* parent) : QStatusBar(parent) {
  text_ = new StatusText(Qt::AlignLeft, {}, this);
  text_->setText(tr("Starting…"));
  text_->setObjectName(QStringLiteral("status"));
  progress_ = new QProgressBar(this);
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  progress_->setMaximumWidth(220);
  progress_->setVisible(false);
  elapsed_ = new StatusText(Qt::AlignRight, QStringLiteral("000.00 ms"), this);  // the widest formatSeconds gives
  elapsed_->setObjectName(QStringLiteral("run time"));
  elapsed_->setToolTip(tr("Time of the run in flight, or of the last run"));
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setToolTip(tr("Stop the run between launches (Esc)"));
  cancel_->setEnabled(false);
  addWidget(text_, 1);
  addPermanentWidget(progress_);
  addPermanentWidget(elapsed_);
  addPermanentWidget(cancel_);
  connect(cancel_, &QPushButton::clicked, this, &RunStatusBar::cancelRequested);
  ticker_.setInterval(100);
  connect(&ticker_, &QTimer::timeout, this, &RunStatusBar::tick);
  // The progress bar and Cancel come only for a run that lasts: shown and hidden on every focus
  // move of a drag they laid the status bar out twice a move and flickered (issue 27). Esc and
  // Run > Cancel run cancel at any time.
  busyDelay_.setSingleShot(true);
  busyDelay_.setInterval(kBusyDelayMs);
  connect(&busyDelay_, &QTimer::timeout, this, [this] {
    progress_->setVisible(true);
    cancel_->setEnabled(true);
  });
}

void RunStatusBar::runStarted(const QString& what) {
  clock_.start();
  progress_->setValue(0);
  if (!progress_->isVisible() && !busyDelay_.isActive()) busyDelay_.start();
  text_->setText(what);
  tick();
  ticker_.start();
}

void RunStatusBar::runProgress(double fraction, const QString& what) {
  progress_->setValue(static_cast<int>(fraction * 1000.0));
  if (!what.isEmpty()) text_->setText(what);
}

void RunStatusBar::runEnded(const QString& summary, double seconds) {
  ticker_.stop();
  text_->setText(summary);
  elapsed_->setText(seconds >= 0 ? formatSeconds(seconds) : QString());
  progress_->setValue(progress_->maximum());
}

void RunStatusBar::setIdle() {
  ticker_.stop();
  busyDelay_.stop();
  progress_->setVisible(false);
  cancel_->setEnabled(false);
}

QString RunStatusBar::statusText() const { return text_->text(); }

void RunStatusBar::tick() {
  if (clock_.isValid()) elapsed_->setText(formatSeconds(static_cast<double>(clock_.elapsed()) / 1000.0));
}

}  // namespace warpscope::ui
