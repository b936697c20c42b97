#include "launch_options.h"

#include "user_lectures.h"

#include <QCommandLineParser>

#include <algorithm>
#include <exception>

#include "controllers/export_controller.h"
#include "qt_text.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

bool parseLaunchOptions(QCommandLineParser& parser, const QStringList& arguments, LaunchOptions* out,
                        QString* error) {
  parser.setApplicationDescription(QObject::tr(
      "Warpscope: interactive GPU performance labs. Every chart says what made it: a real GPU "
      "(\"Measured on\") or the simulator (\"Simulated:\")."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("FILE"),
                               QObject::tr("A recording (.wsrec), a run's JSON, or a PNG, SVG or PDF figure Warpscope "
                                           "exported: opened and shown as recorded."),
                               QStringLiteral("[FILE]"));
  const QCommandLineOption lab(QStringLiteral("lab"), QObject::tr("Lab to open (e.g. latency-arith)."),
                               QStringLiteral("ID"));
  const QCommandLineOption kernel(QStringLiteral("kernel"),
                                  QObject::tr("Your own kernel: a .cu file whose header declares its knobs "
                                              "(docs/your-kernel.md)."),
                                  QStringLiteral("FILE.cu"));
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
      QObject::tr("After the first run, change each Focus parameter N times in turn, print per parameter "
                  "the median, p95, min and max milliseconds from change to redrawn chart, and exit."),
      QStringLiteral("N"));
  const QCommandLineOption highContrast(QStringLiteral("high-contrast"),
                                        QObject::tr("Start with the high-contrast palette (View menu), for a projector."));
  const QCommandLineOption pin(QStringLiteral("pin"),
                               QObject::tr("Pin the run a recording or figure holds (Compare > Pin): runs of its lab "
                                           "are drawn over it, e.g. a model figure under the measurement."),
                               QStringLiteral("FILE"));
  const QCommandLineOption lecture(QStringLiteral("lecture"),
                                   QObject::tr("Open a lecture (warpscope-cli lectures lists them) at its first "
                                               "preset, or at --preset."),
                                   QStringLiteral("ID"));
  const QCommandLineOption preset(QStringLiteral("preset"),
                                  QObject::tr("Open a preset: its lab, parameters and view (within --lecture, "
                                              "the lecture stands at it)."),
                                  QStringLiteral("ID"));
  const QCommandLineOption windowSize(QStringLiteral("window-size"),
                                      QObject::tr("Window size in pixels, e.g. 1280x720 (a projector)."),
                                      QStringLiteral("WxH"));
  const QCommandLineOption presentation(QStringLiteral("presentation"),
                                        QObject::tr("Start in presentation mode (F5 toggles it)."));
  const QCommandLineOption predict(QStringLiteral("predict"),
                                   QObject::tr("Predict first: each lecture slide opens with its question and the "
                                               "data veiled; R or Next reveals it (Lecture > Predict first)."));
  const QCommandLineOption reveal(QStringLiteral("reveal"),
                                  QObject::tr("With --predict and --screenshot: reveal the slide's data before the "
                                              "picture is taken (the slide after its reveal)."));
  const QCommandLineOption presenter(QStringLiteral("presenter"),
                                     QObject::tr("Open the presenter view: with two screens the slide goes to the "
                                                 "second, the presenter view stays here; with one, F7 swaps them."));
  const QCommandLineOption handout(QStringLiteral("handout"),
                                   QObject::tr("Write --lecture's handout (PDF) from the runs in --handout-runs, then "
                                               "exit: what `warpscope-cli handout` calls."),
                                   QStringLiteral("FILE"));
  const QCommandLineOption handoutRuns(QStringLiteral("handout-runs"),
                                       QObject::tr("The folder of the slides' runs for --handout (01.wsrec, ...)."),
                                       QStringLiteral("DIR"));
  const QCommandLineOption predictionBoxes(QStringLiteral("prediction-boxes"),
                                           QObject::tr("With --handout: a page of empty prediction boxes per slide, "
                                                       "before the slides."));
  const QCommandLineOption page(QStringLiteral("page"),
                                QObject::tr("With FILE, a handout: open the figure of page N."), QStringLiteral("N"));
  const QCommandLineOption lectureFile(QStringLiteral("lecture-file"),
                                       QObject::tr("Also offer the lecture in FILE (your own; repeatable). Your folder "
                                                   "~/.local/share/warpscope/lectures is always read."),
                                       QStringLiteral("FILE"));
  const QCommandLineOption host(QStringLiteral("host"),
                                QObject::tr("Also use this host's GPUs, through `ssh HOST warpscope-cli serve` (your "
                                            "own OpenSSH, keys and ~/.ssh/config; repeatable). Their devices are "
                                            "ssh:HOST/cuda:0, ..."),
                                QStringLiteral("HOST"));
  parser.addOption(highContrast);
  parser.addOption(pin);
  parser.addOption(host);
  parser.addOptions({lab, kernel, device, set, view, exportFile, screenshot, measure, lecture, preset, windowSize,
                     presentation, predict, reveal, presenter, handout, handoutRuns, predictionBoxes, page, lectureFile});
  if (!parser.parse(arguments)) {
    *error = parser.errorText();
    return false;
  }
  if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);       // exits
  if (parser.isSet(QStringLiteral("version"))) parser.showVersion();  // exits
  if (parser.positionalArguments().size() > 1) {
    *error = QObject::tr("Unexpected argument '%1': one FILE at most (see --help)").arg(parser.positionalArguments().at(1));
    return false;
  }
  if (!parser.positionalArguments().isEmpty()) out->openPath = parser.positionalArguments().front();
  out->labId = parser.value(lab);
  out->kernelPath = parser.value(kernel);
  out->highContrast = parser.isSet(highContrast);
  out->pinPath = parser.value(pin);
  out->deviceId = parser.value(device);
  out->assignments = parser.values(set);
  out->viewId = parser.value(view);
  out->exportPath = parser.value(exportFile);
  out->screenshotPath = parser.value(screenshot);
  // An empty name would leave a window waiting for an export that can never be written.
  for (const QCommandLineOption* fileOption : {&exportFile, &screenshot}) {
    if (parser.isSet(*fileOption) && parser.value(*fileOption).isEmpty()) {
      *error = QObject::tr("--%1 needs a file name").arg(fileOption->names().front());
      return false;
    }
  }
  out->presentation = parser.isSet(presentation);
  out->predict = parser.isSet(predict) || parser.isSet(reveal);
  out->reveal = parser.isSet(reveal);
  out->presenter = parser.isSet(presenter);
  out->handoutPath = parser.value(handout);
  out->handoutRuns = parser.value(handoutRuns);
  out->predictionBoxes = parser.isSet(predictionBoxes);
  out->lectureFiles = parser.values(lectureFile);
  if (parser.isSet(page)) {
    bool ok = false;
    const int n = parser.value(page).toInt(&ok);
    if (!ok || n < 1) {
      *error = QObject::tr("--page needs a page number (1 or more), not '%1'").arg(parser.value(page));
      return false;
    }
    out->page = n;
  }
  if (!out->handoutPath.isEmpty() && (out->handoutRuns.isEmpty() || parser.value(lecture).isEmpty())) {
    *error = QObject::tr("--handout needs --lecture and --handout-runs (warpscope-cli handout makes both)");
    return false;
  }
  for (const QString& h : parser.values(host)) {
    // ssh takes a leading '-' as an option: a host never starts with one.
    if (h.isEmpty() || h.startsWith(QLatin1Char('-'))) {
      *error = QObject::tr("--host needs a host name as ssh takes it, not '%1'").arg(h);
      return false;
    }
    out->hosts.push_back(h.toStdString());
  }
  if (parser.isSet(windowSize)) {
    const QStringList parts = parser.value(windowSize).split(QLatin1Char('x'));
    bool okW = false;
    bool okH = false;
    const int w = parts.size() == 2 ? parts[0].toInt(&okW) : 0;
    const int h = parts.size() == 2 ? parts[1].toInt(&okH) : 0;
    if (!okW || !okH || w < 640 || h < 480 || w > 7680 || h > 4320) {
      *error = QObject::tr("--window-size takes WIDTHxHEIGHT from 640x480 to 7680x4320, not '%1'")
                   .arg(parser.value(windowSize));
      return false;
    }
    out->windowSize = QSize(w, h);
  }
  out->lectureId = parser.value(lecture);
  out->presetId = parser.value(preset);
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

namespace {

/// The preset --lecture/--preset open; fills startup's lecture, preset, params and view.
/// Throws BadInputError for an unknown lecture or preset, or a preset the lecture lacks.
PresetRef resolveStartupPreset(const LaunchOptions& options, StartupChoice* startup) {
  const LabRegistry& registry = LabRegistry::builtin();
  std::string presetId = fromQ(options.presetId);
  if (!options.lectureId.isEmpty()) {
    // The shipped lectures and the user's own (user_lectures.h), as the window will offer them.
    const LectureLibrary library = lectureLibrary(options.lectureFiles, nullptr);
    const Lecture& lecture = library.get(fromQ(options.lectureId));
    if (presetId.empty()) presetId = lecture.presetIds.front();
    const auto at = std::find(lecture.presetIds.begin(), lecture.presetIds.end(), presetId);
    if (at == lecture.presetIds.end())
      throw BadInputError("lecture '" + lecture.id + "' has no preset '" + presetId + "'");
    startup->lectureId = toQ(lecture.id);
    startup->lectureIndex = static_cast<int>(at - lecture.presetIds.begin());
    const PresetRef slide = lectureSlide(registry, lecture, static_cast<std::size_t>(startup->lectureIndex));
    startup->params = presetParams(*slide.lab, *slide.preset);
    startup->viewId = toQ(slide.preset->view);
    // An instructor's own slide lives in `library`, gone when this returns: only a lab's preset is
    // handed on (the window finds the slide again through its own library); of an own slide, its
    // lab (for a user's kernel, the declaration the ref holds).
    if (!slide.lab->findPreset(presetId)) return PresetRef{slide.lab, nullptr, slide.kernelLab};
    startup->presetId = toQ(presetId);
    return slide;
  }
  const PresetRef ref = getPreset(registry, presetId);
  startup->presetId = toQ(presetId);
  startup->params = presetParams(*ref.lab, *ref.preset);
  startup->viewId = toQ(ref.preset->view);
  return ref;
}

}  // namespace

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
  // A preset (or a lecture's first preset) names its own lab; --lab beside it must agree.
  PresetRef preset;
  if (!options.lectureId.isEmpty() || !options.presetId.isEmpty()) {
    try {
      preset = resolveStartupPreset(options, startup);
    } catch (const std::exception& e) {
      problems << toQ(e.what());
    }
  }
  if (preset.lab) {  // a lab's preset, or an own slide (its lab only: the slide is the window's to find)
    if (lab && lab->id != preset.lab->id)  // by id: a user kernel's slide declares its own lab
      problems << QObject::tr("--lab %1 does not match preset '%2', which belongs to lab %3.")
                      .arg(options.labId, preset.preset ? toQ(preset.preset->id) : options.lectureId, toQ(preset.lab->id));
    lab = preset.lab;
  }
  if (!lab && !registry.labs().empty()) lab = &registry.labs().front();
  startup->labId = lab ? toQ(lab->id) : QString();
  startup->deviceId = options.deviceId;
  startup->openPath = options.openPath;
  startup->kernelPath = options.kernelPath;
  startup->openPage = options.page;
  startup->lectureFiles = options.lectureFiles;
  startup->pinPath = options.pinPath;

  if (lab && !options.assignments.isEmpty()) {
    std::vector<std::string> assignments;
    for (const QString& a : options.assignments) assignments.push_back(fromQ(a));
    try {
      // --set goes on top of the preset's own settings; of an own slide (whose settings stay in
      // its lecture), on top of the values resolveStartupPreset took from it.
      if (preset) {
        startup->params = presetParams(*lab, *preset.preset, assignments);
      } else if (preset.lab && startup->params) {
        const ParamSet given = parseAssignments(lab->params, assignments);
        ParamSet values = *startup->params;
        for (const std::string& a : assignments) {
          const std::string name = a.substr(0, a.find('='));
          values.set(name, given.get(name));
        }
        startup->params = values;
      } else {
        startup->params = parseAssignments(lab->params, assignments);
      }
    } catch (const std::exception& e) {
      // parseAssignments names the parameter and its valid range.
      problems << toQ(e.what());
    }
  }

  if (!options.openPath.isEmpty() || !options.kernelPath.isEmpty()) {
    // The file names its own lab (a kernel file declares its own): its views are checked when it
    // is opened.
    startup->viewId = options.viewId;
  } else if (lab && !options.viewId.isEmpty()) {
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
