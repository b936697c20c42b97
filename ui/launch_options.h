#pragma once
#include <string>
#include <vector>
/// \file launch_options.h
/// The GUI's command line: what to show first, and the scripted modes (--export,
/// --screenshot, --measure-slider-latency) that render or time the real window and exit.

#include <QSize>
#include <QString>

#include <optional>
#include <QStringList>

#include "main_window.h"

QT_BEGIN_NAMESPACE
class QCommandLineParser;
QT_END_NAMESPACE

namespace warpscope::ui {

/// Exit codes shared with warpscope-cli.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,   ///< Anything else, e.g. the export file could not be written.
  kExitBadInput = 2,  ///< Unknown lab/device/view/parameter or a value out of range.
  kExitDevice = 3,    ///< The device failed.
};

struct LaunchOptions {
  QString labId;
  QString deviceId;
  QStringList assignments;  ///< "NAME=VALUE" from every --set.
  QString viewId;
  QString exportPath;
  QString screenshotPath;
  QString pinPath;            ///< --pin FILE: a recording or figure pinned from the start (Compare).
  bool highContrast = false;  ///< --high-contrast: View > High-contrast palette from the start.
  QString openPath;  ///< The positional FILE: a recording, a run's JSON or a figure to open.
  QString kernelPath;  ///< --kernel FILE.cu: the user's own kernel (docs/your-kernel.md).
  int measureSliderChanges = 0;
  QString lectureId;  ///< --lecture: open it (at --preset, or its first preset).
  QString presetId;   ///< --preset: its lab, parameters and view.
  QSize windowSize;   ///< --window-size WxH (invalid: the default size).
  bool presentation = false;  ///< --presentation: start in presentation mode.
  bool predict = false;       ///< --predict: Lecture > Predict first on.
  bool reveal = false;        ///< --reveal: scripted, the slide's data revealed before the screenshot.
  bool presenter = false;     ///< --presenter: the presenter view opens with the window.
  QString handoutPath;        ///< --handout FILE: write the lecture's handout and exit (no window).
  QString handoutRuns;        ///< --handout-runs DIR: the slides' runs, NN.wsrec.
  bool predictionBoxes = false;  ///< --prediction-boxes: a page of empty boxes per slide first.
  std::optional<int> page;    ///< --page N: with FILE (a handout), the figure of that page.
  QStringList lectureFiles;   ///< --lecture-file FILE (repeatable): an instructor's own lectures.
  /// --host HOST (repeatable): that host's GPUs too, through `ssh HOST warpscope-cli serve`.
  std::vector<std::string> hosts;

  /// True when the run ends by itself (export, screenshot, measurement) instead of waiting
  /// for the user: then every refused option is fatal (exit 2) instead of a warning.
  [[nodiscard]] bool scripted() const {
    return !exportPath.isEmpty() || !screenshotPath.isEmpty() || measureSliderChanges > 0;
  }
};

/// Declares the options on `parser` and parses `arguments`. Returns false with `error` set
/// for malformed options (e.g. a non-numeric --measure-slider-latency); --help/--version are
/// handled by the parser itself.
bool parseLaunchOptions(QCommandLineParser& parser, const QStringList& arguments, LaunchOptions* out,
                        QString* error);

/// Checks lab, --set, --view and the export file type against the registry, fills `startup`
/// with what is valid, and returns one message per refused option (naming the valid lab ids,
/// parameter ranges or views). The device is checked once the Session has listed its devices.
QStringList validateLaunchOptions(const LaunchOptions& options, StartupChoice* startup);

}  // namespace warpscope::ui
