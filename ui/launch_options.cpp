#include "launch_options.h"

#include <QCommandLineParser>

#include <exception>

#include "controllers/export_controller.h"
#include "qt_text.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

bool parseLaunchOptions(QCommandLineParser& parser, const QStringList& arguments, LaunchOptions* out,
                        QString* error) {
  parser.setApplicationDescription(QObject::tr(
      "Warpscope: interactive GPU performance labs. Every chart says what made it: a real GPU "
      "(\"Measured on\") or the simulator (\"Simulated:\")."));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption lab(QStringLiteral("lab"), QObject::tr("Lab to open (e.g. latency-arith)."),
                               QStringLiteral("ID"));
  const QCommandLineOption device(QStringLiteral("device"),
                                  QObject::tr("Device to run on (cuda:0, sim:h100, ...)."), QStringLiteral("ID"));
  const QCommandLineOption set(QStringLiteral("set"),
                               QObject::tr("Set a lab parameter; repeatable. VALUE is a number, or a name for a "
                                           "named choice (e.g. pattern=odd-even)."),
                               QStringLiteral("NAME=VALUE"));
  const QCommandLineOption view(QStringLiteral("view"),
                                QObject::tr("View to show or export (default: the lab's first)."), QStringLiteral("ID"));
  const QCommandLineOption exportFile(
      QStringLiteral("export"),
      QObject::tr("After the first full run write FILE (.png .svg .pdf .csv .json) and exit. "
                  "Exit 2: bad input, 3: device error."),
      QStringLiteral("FILE"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                      QObject::tr("After the first full run save the whole window as a PNG and exit."),
                                      QStringLiteral("FILE"));
  const QCommandLineOption measure(
      QStringLiteral("measure-slider-latency"),
      QObject::tr("After the first run, change a focus slider N times, print the median/min/max "
                  "milliseconds from change to redrawn chart, and exit."),
      QStringLiteral("N"));
  parser.addOptions({lab, device, set, view, exportFile, screenshot, measure});
  if (!parser.parse(arguments)) {
    *error = parser.errorText();
    return false;
  }
  if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);       // exits
  if (parser.isSet(QStringLiteral("version"))) parser.showVersion();  // exits
  if (!parser.positionalArguments().isEmpty()) {
    *error = QObject::tr("Unexpected argument '%1' (see --help)").arg(parser.positionalArguments().front());
    return false;
  }
  out->labId = parser.value(lab);
  out->deviceId = parser.value(device);
  out->assignments = parser.values(set);
  out->viewId = parser.value(view);
  out->exportPath = parser.value(exportFile);
  out->screenshotPath = parser.value(screenshot);
  if (parser.isSet(measure)) {
    bool ok = false;
    const int n = parser.value(measure).toInt(&ok);
    if (!ok || n < 1 || n > 100000) {
      *error = QObject::tr("--measure-slider-latency takes a count from 1 to 100000, not '%1'")
                   .arg(parser.value(measure));
      return false;
    }
    out->measureSliderChanges = n;
  }
  return true;
}

QStringList validateLaunchOptions(const LaunchOptions& options, StartupChoice* startup) {
  QStringList problems;
  const LabRegistry& registry = LabRegistry::builtin();
  const LabSpec* lab = nullptr;
  if (!options.labId.isEmpty()) {
    lab = registry.find(fromQ(options.labId));
    if (!lab) {
      QStringList ids;
      for (const LabSpec& l : registry.labs()) ids << toQ(l.id);
      problems << QObject::tr("Unknown lab '%1'. Known labs: %2.").arg(options.labId, ids.join(QStringLiteral(", ")));
    }
  }
  if (!lab && !registry.labs().empty()) lab = &registry.labs().front();
  startup->labId = lab ? toQ(lab->id) : QString();
  startup->deviceId = options.deviceId;

  if (lab && !options.assignments.isEmpty()) {
    std::vector<std::string> assignments;
    for (const QString& a : options.assignments) assignments.push_back(fromQ(a));
    try {
      startup->params = parseAssignments(lab->params, assignments);
    } catch (const std::exception& e) {
      // parseAssignments names the parameter and its valid range.
      problems << toQ(e.what());
    }
  }

  if (lab && !options.viewId.isEmpty()) {
    bool known = false;
    QStringList ids;
    for (const ViewSpec& v : lab->views) {
      ids << toQ(v.id);
      known = known || toQ(v.id) == options.viewId;
    }
    if (known) {
      startup->viewId = options.viewId;
    } else {
      problems << QObject::tr("Unknown view '%1' for lab %2. Views: %3.")
                      .arg(options.viewId, toQ(lab->id), ids.join(QStringLiteral(", ")));
    }
  }

  if (!options.exportPath.isEmpty() && !exportFormatForPath(options.exportPath)) {
    problems << QObject::tr("Cannot tell the export format of '%1': use .png, .svg, .pdf, .csv or .json.")
                    .arg(options.exportPath);
  }
  return problems;
}

}  // namespace warpscope::ui
