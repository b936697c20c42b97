// warpscope: the GUI entry point. Parses the command line, builds the window over a
// RunController (whose worker thread creates the Session) and, for --export, --screenshot and
// --measure-slider-latency, lets Automation drive the window and pick the exit code.

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>

#include "automation.h"
#include "handout.h"
#include "user_lectures.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"
#include "controllers/run_controller.h"
#include "launch_options.h"
#include "main_window.h"
#include "views/view_chart.h"
#include "message_bar.h"
#include "settings_file.h"
#include "warpscope/session.h"
#include "warpscope/worker_session.h"

namespace {

void nameTheApplication() {
  QCoreApplication::setApplicationName(QStringLiteral("Warpscope"));
  QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
  QCoreApplication::setOrganizationName(QStringLiteral("Warpscope"));
}

/// --help and --version print and exit; they must work where there is no display (ssh, CI),
/// so they are answered before QApplication, which needs one, is created.
bool asksForHelpOrVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"-h", "-?", "--help", "--help-all", "-v", "--version"})
      if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

/// Parses the application's arguments into options; --help and --version print and exit 0 from
/// inside. False (after printing why) for a malformed line.
bool parseOrReport(QCommandLineParser& parser, warpscope::ui::LaunchOptions* options) {
  QString parseError;
  if (warpscope::ui::parseLaunchOptions(parser, QCoreApplication::arguments(), options, &parseError)) return true;
  std::fprintf(stderr, "warpscope: %s\n", qPrintable(parseError));
  return false;
}

/// --handout: the lecture's slides from the runs warpscope-cli left, written as one PDF.
int writeHandoutAndExit(const warpscope::ui::LaunchOptions& options) {
  using namespace warpscope;
  // The shipped lectures and the instructor's own (--lecture-file), as the window offers them.
  const LectureLibrary library = ui::lectureLibrary(options.lectureFiles, nullptr);
  const Lecture* lecture = library.find(options.lectureId.toStdString());
  if (!lecture) {
    std::fprintf(stderr, "warpscope: unknown lecture '%s' (warpscope-cli lectures lists them)\n", qPrintable(options.lectureId));
    return ui::kExitBadInput;
  }
  ui::HandoutInput input = ui::readHandoutRuns(*lecture, LabRegistry::builtin(), options.handoutRuns);
  input.predictionBoxes = options.predictionBoxes;
  for (std::size_t i = 0; i < input.slides.size(); ++i)
    if (!input.slides[i].problem.isEmpty())
      std::fprintf(stderr, "warpscope: slide %zu: %s\n", i + 1, qPrintable(input.slides[i].problem));
  int pages = 0;
  if (const QString problem = ui::writeHandout(input, options.handoutPath, &pages); !problem.isEmpty()) {
    std::fprintf(stderr, "warpscope: %s\n", qPrintable(problem));
    return ui::kExitFailure;
  }
  std::printf("Wrote %s (%d pages)\n", qPrintable(options.handoutPath), pages);
  return ui::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace warpscope::ui;
  QCommandLineParser parser;
  LaunchOptions options;
  if (asksForHelpOrVersion(argc, argv)) {
    // No QApplication: help and version must print without a display.
    QCoreApplication core(argc, argv);
    nameTheApplication();
    return parseOrReport(parser, &options) ? kExitOk : kExitBadInput;
  }
  // A file-size limit (ulimit -f) raises SIGXFSZ on an export's write, and its default action
  // kills the window; ignored, the write fails with EFBIG and the export reports it, as the CLI's
  // writes do (file_write.cpp).
  std::signal(SIGXFSZ, SIG_IGN);
  QApplication app(argc, argv);
  nameTheApplication();
  if (!parseOrReport(parser, &options)) return kExitBadInput;
  // --handout: the PDF and nothing else (warpscope-cli handout runs the slides, then calls this).
  if (!options.handoutPath.isEmpty()) return writeHandoutAndExit(options);
  // Before the first QSettings, which reads the file (a FIFO there would block the window).
  const QString settingsProblem = protectSettingsFile(defaultSettingsPath());
  if (!settingsProblem.isEmpty()) std::fprintf(stderr, "warpscope: %s\n", qPrintable(settingsProblem));
  StartupChoice startup;
  const QStringList problems = validateLaunchOptions(options, &startup);
  // An interactive window starts where the last one ended; a scripted one is reproducible.
  startup.persistSession = !options.scripted() && qEnvironmentVariableIsEmpty("WARPSCOPE_NO_SESSION");
  // Nothing on the command line names a lab: the window may take the last session's.
  if (startup.persistSession && options.labId.isEmpty() && options.lectureId.isEmpty() && options.presetId.isEmpty() &&
      options.openPath.isEmpty() && options.assignments.isEmpty())
    startup.labId.clear();
  if (!problems.isEmpty() && options.scripted()) {
    for (const QString& p : problems) std::fprintf(stderr, "warpscope: %s\n", qPrintable(p));
    return kExitBadInput;
  }

  if (options.highContrast) setHighContrast(true);
  // Declared before the window so it outlives it: the window holds a pointer to it.
  // The GPU runs in a worker process (warpscope-cli serve): a kernel fault ends it, not the window.
  RunController runs([hosts = options.hosts] { return warpscope::worker::makeWorkerSession(hosts); });
  MainWindow window(&runs, startup);
  if (!problems.isEmpty()) {
    // Interactive: say what was refused and carry on with the defaults.
    window.messageBar()->showMessage(
        QObject::tr("%1\nContinuing with the defaults for these.").arg(problems.join(QLatin1Char('\n'))),
        MessageBar::Level::Warning);
  }

  if (!settingsProblem.isEmpty()) window.messageBar()->showMessage(settingsProblem, MessageBar::Level::Warning);

  std::unique_ptr<Automation> automation;
  if (options.scripted()) {
    automation = std::make_unique<Automation>(&window, &runs, options);
    QObject::connect(automation.get(), &Automation::finished, &app, [](int code) { QApplication::exit(code); });
  }
  if (options.windowSize.isValid()) window.resize(options.windowSize);
  if (options.predict) window.setPredictFirst(true);
  window.show();
  if (options.presentation) {
    window.setPresentationMode(true);
    // A given size wins over the screen's: screenshots of the projector's 1280x720 anywhere.
    if (options.windowSize.isValid()) {
      window.showNormal();
      window.resize(options.windowSize);
    }
  }
  if (options.presenter) window.setPresenterView(true);
  return QApplication::exec();
}
