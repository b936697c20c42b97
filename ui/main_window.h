#pragma once
/// \file main_window.h
/// The Warpscope window: labs on the left with the device and the lab's parameters, the chart
/// (one tab per view) with its numbers on the right, run status at the bottom. It owns no
/// backend: every run goes through RunController, and it shows whatever comes back, keeping
/// the last good chart on screen when a run fails.

#include <QMainWindow>
#include <QTimer>

#include <map>
#include <optional>
#include <vector>
#include <string>

#include "warpscope/backend.h"
#include "warpscope/lab.h"
#include "warpscope/lectures.h"
#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

class ChartPanel;
class DeviceSelector;
class ExportController;
class LabList;
class KeyFiguresLine;
class LectureCaption;
class LectureNavigator;
class LecturePanel;
class PresentationMode;
class PredictFlow;
class PresenterView;
class Blackout;
class HandoutExport;
struct NewSlideText;
class MessageBar;
class ParamPanel;
class RunController;
class RunStatusBar;
class ScalarPanel;

/// What to show first; anything invalid is reported and replaced by the default.
struct StartupChoice {
  QString labId;                  ///< Empty: the registry's first lab.
  QString deviceId;               ///< Empty: the session's default device.
  std::optional<ParamSet> params; ///< Already validated against labId's declarations.
  QString viewId;                 ///< Empty: the lab's first view.
  QString lectureId;              ///< Non-empty: open this lecture, standing at lectureIndex.
  int lectureIndex = 0;
  QString presetId;               ///< The preset params and viewId came from (may be empty).
  QString openPath;               ///< Non-empty: open this recording or figure (`warpscope FILE`).
  QString kernelPath;             ///< Non-empty: open this kernel file (`--kernel FILE.cu`).
  std::optional<int> openPage;    ///< `--page N`: the figure of that page of a handout.
  QStringList lectureFiles;       ///< `--lecture-file`: own lectures offered beside the shipped ones.
  QString pinPath;                ///< Non-empty: pin the run this file holds (`--pin FILE`).
  /// Start where the last session ended (QSettings: lab, device, view, every lab's values) when
  /// nothing above names a lab; and keep the session when the window closes. Off in tests and
  /// scripted runs.
  bool persistSession = false;
};

/// The window's first size: 1500x900, or less on a smaller screen (`available`: the screen's
/// available geometry; invalid when not known), leaving room for the frame.
QSize defaultWindowSize(const QSize& available);

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  /// `runs` must outlive the window; the window connects to it and calls start() on it.
  explicit MainWindow(RunController* runs, StartupChoice startup = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

 protected:
  void closeEvent(QCloseEvent* event) override;

 public:

  /// The result on display, focus updates merged in (null before the first).
  [[nodiscard]] const RunResult* shownResult() const { return shown_ ? &*shown_ : nullptr; }
  /// What the chart draws: shownResult() with a pinned run's series laid over it (compare.h).
  [[nodiscard]] const RunResult* displayedResult() const { return displayed_ ? &*displayed_ : nullptr; }
  [[nodiscard]] QString currentLabId() const;
  /// The declaration of the lab on show: a built-in lab's, or the open kernel file's (issue 33).
  [[nodiscard]] const LabSpec* currentLab() const { return lab_; }
  [[nodiscard]] QString currentDeviceId() const;

  [[nodiscard]] ChartPanel* chartPanel() const { return chartPanel_; }
  [[nodiscard]] ParamPanel* paramPanel() const { return paramPanel_; }
  [[nodiscard]] LabList* labList() const { return labList_; }
  [[nodiscard]] DeviceSelector* deviceSelector() const { return deviceSelector_; }
  [[nodiscard]] ScalarPanel* scalarPanel() const { return scalarPanel_; }
  [[nodiscard]] MessageBar* messageBar() const { return messageBar_; }
  [[nodiscard]] RunStatusBar* runStatusBar() const { return statusBar_; }
  [[nodiscard]] ExportController* exportController() const { return export_; }
  [[nodiscard]] LectureNavigator* lectureNavigator() const { return lectures_; }
  [[nodiscard]] LecturePanel* lecturePanel() const { return lecturePanel_; }
  [[nodiscard]] LectureCaption* lectureCaption() const { return lectureCaption_; }
  [[nodiscard]] PresentationMode* presentationMode() const { return presentation_; }
  [[nodiscard]] PredictFlow* predictFlow() const { return predict_; }
  /// Null until the presenter view is first opened.
  [[nodiscard]] PresenterView* presenterView() const { return presenter_; }
  [[nodiscard]] Blackout* blackout() const { return blackout_; }
  /// The lectures offered: the shipped ones and the instructor's own.
  [[nodiscard]] const LectureLibrary& offeredLectures() const { return library_; }

 public slots:
  /// Switches lab and runs its full sweep: the controls take the values this lab had when it
  /// was last left in this session, or its defaults. False if the id is unknown.
  bool selectLab(const QString& labId);
  /// Opens a lecture at its `index`-th preset (lab, parameters, view); false if unknown.
  bool openLecture(const QString& lectureId, int index = 0);
  /// File > Open kernel... (`--kernel FILE.cu`): the user's own kernel becomes the lab on screen,
  /// its header's params the controls (docs/your-kernel.md). A file that cannot be read or a
  /// header that cannot be used is said in the message bar naming the line, and nothing on screen
  /// changes. Returns that message, or "" when opened. Opening the same file again reloads it,
  /// keeping the values still valid.
  QString openKernelFile(const QString& path);
  /// File > Open example kernel: one of the examples the lab ships ("transpose.cu"), as a file
  /// would open; "" when it opened, else the message shown.
  QString openExampleKernel(const QString& fileName);
  void openKernelFileInteractively();
  /// File > Reload kernel (Ctrl+Shift+K): the open kernel file read again, after an edit.
  void reloadKernelFile();
  /// Presentation mode (F5 in, Esc out): see PresentationMode.
  void setPresentationMode(bool on);
  /// Lecture > Predict first (predict_flow.h).
  void setPredictFirst(bool on);
  /// Lecture > Presenter view (presenter_view.h): two screens, the window presents on the second
  /// and the presenter view takes the first; one screen, F7 swaps them.
  void setPresenterView(bool on);
  /// Lecture > Export handout...: asks where (and whether to add prediction pages), then has
  /// warpscope-cli make the open lecture's handout on the device on screen (handout_export.h).
  void exportHandoutInteractively();
  /// Lecture > Add this view as a slide...: the lab, parameters, view and moment on screen with
  /// the instructor's words, into one of their own lectures or a new one (saved at once in the
  /// user's folder, lecture_file.h). Returns "" or why not (the message bar says it too).
  QString addViewAsSlide(const NewSlideText& text);
  void addViewAsSlideInteractively();
  /// Lecture > Save lecture as...: the open lecture as a file (atomically); "" or why not.
  QString saveLectureAs(const QString& path);
  void saveLectureAsInteractively();
  /// The Lectures tab's Move up / Move down (`to`) or Remove on an own lecture's slide `from`,
  /// saved at once; "" or why not.
  QString editOwnLecture(const QString& lectureId, int from, int to, bool remove);
  /// B / W: the window black or white until any key (blackout.h).
  void blankScreen(const QColor& colour);
  /// Opens a recording, a run's JSON or a figure Warpscope exported: its lab, parameters, view
  /// and the recorded result, shown as recorded (no run). Returns the error shown in the
  /// message bar (naming the file and the problem; nothing on screen changes), or "" on success.
  QString openRunFile(const QString& path, std::optional<int> page = std::nullopt);
  /// File > Open: asks for a file, then openRunFile.
  void openRunFileInteractively();
  /// Compare > Pin (Ctrl+P): later results of this lab are drawn over the pinned one.
  void pinShownResult();
  /// Compare > Clear the pin.
  void clearPin();
  /// Compare > Pin the model of this GPU (Ctrl+Shift+M): the same parameters on the device's
  /// simulator model (Session::modelDeviceFor), pinned when the run comes back.
  void pinModel();
  /// Pins the run a recording or figure holds; returns the error (also shown) or "".
  QString pinRunFile(const QString& path);
  /// View > Next / Previous view (Ctrl+PgDn / Ctrl+PgUp): the chart's next tab, wrapping.
  void stepView(int step);
  /// Runs the current lab on another device. False if the id is unknown.
  bool selectDevice(const QString& deviceId);
  /// Queues a full sweep with the current values.
  void rerun();
  /// Cancels the run in flight and everything queued.
  void cancelRuns();
  /// Run > Connect to a GPU host (Ctrl+Shift+H): asks for a host as ssh takes it, then
  /// connectHost.
  void connectHostInteractively();
  /// Adds `host`'s GPUs through `ssh HOST warpscope-cli serve`; the device list gains them and the
  /// message bar says so (or why not). The current device stays selected.
  void connectHost(const QString& host, bool installWorker = false);
  /// Run > Connect through Slurm (Ctrl+Shift+L): asks for the login host and srun command
  /// (remembered per host), then connectSlurm.
  void connectSlurmInteractively();
  /// Adds the GPUs of a worker started by `srunCommand` on `login` (srun here when empty); the
  /// job's state shows while it waits in the queue, with a button that cancels it.
  void connectSlurm(const QString& login, const QString& srunCommand);
  /// Run > Cancel connecting to GPU hosts: gives up every connection still waiting.
  void cancelConnections();
  [[nodiscard]] bool isConnecting() const;

 signals:
  /// A result reached the screen (full sweep, or a focus point merged in place). `runSeconds`
  /// is the backend's time for the run shown (RunResult::elapsedSeconds); negative for a file
  /// shown as recorded.
  void resultDisplayed(bool fullSweep, double runSeconds);
  /// A run's answer reached the window, before anything is done with it (the slider timing's
  /// split of the window's part).
  void runAnswered();
  /// A run failed or was cancelled; the window keeps running and keeps the last chart.
  void runErrorShown(const warpscope::RunError& error);
  /// A startup choice was refused (unknown device); the window continues with the default.
  void startupProblem(const QString& message);
  /// The GPU asked for on the command line is not offered (no driver, no device): a device
  /// error, not bad input (exit 3 when scripted).
  void startupDeviceMissing(const QString& message);

 private:
  void buildUi();
  /// Validates and writes an own lecture, then keeps it in the library; "" or the problem.
  QString saveEditedLecture(const Lecture& edited);
  void buildMenus();
  /// Lists the lectures at the end of the Lecture menu again (one of the instructor's was added).
  void relistLectureMenu();
  void onSessionReady(const QList<DeviceInfo>& devices, const QString& defaultDeviceId);
  void onDevicesChanged(const QList<DeviceInfo>& devices, const QString& hostsFirstDeviceId, const QString& host,
                        int added);
  /// The controller's host-connection signals to the handlers below (main_window_hosts.cpp).
  void connectHostSignals();
  void onHostConnectProgress(const QString& host, const QString& state);
  void onHostConnectFailed(const QString& host, const QString& message, bool cancelled);
  void onHostNeedsWorker(const QString& host, const QString& why);
  /// The message bar's "Connecting to HOST: STATE" with its Cancel button.
  void showConnecting(const QString& host, const QString& state);
  /// A slider move (or a reset): the panel's values and its word on whether only Focus
  /// parameters changed go, as they are, into the run request (scopeForChange decides the scope).
  void onParamsChanged(const ParamSet& values, bool focusOnly);
  void onRunFinished(quint64 seq, const RunResult& result);
  void onRunFailed(quint64 seq, const RunError& error);
  /// Queues a run of the current lab on the current device with exactly `values` and `scope`.
  void submit(const ParamSet& values, RunScope scope);
  /// A full sweep of what the panel shows (a lab, device or file change, Rerun).
  void submitSweep();
  /// The values of the full sweep a focus result would be merged into: the latest one
  /// requested, while it is on screen or on its way; nullopt when there is none.
  [[nodiscard]] std::optional<ParamSet> sweepToMergeInto() const;
  /// Full sweep in the background for views a focus change left stale.
  void refreshStaleViews();
  /// The current lab's LabSpec::sameSweep (false without a lab).
  [[nodiscard]] bool sameSweep(const ParamSet& a, const ParamSet& b) const { return lab_ && lab_->sameSweep(a, b); }
  void showFull(const RunResult& result);
  /// Presenting: the lab's first few figures, large, under the chart (the numbers panel is away).
  void updateKeyFigures();
  /// In a lecture the numbers panel folds away and the key figures show under the chart.
  void foldNumbersForLecture();
  /// The run that failed was the lecture slide on screen, and another device could show it.
  [[nodiscard]] bool lectureSlideFailed(const RunError& error) const;
  /// Runs this slide on `deviceId`, remembering the lecture's device for the next slide.
  void detourSlideTo(const QString& deviceId);
  /// Greys the labs the selected device cannot run, with why (LabList::markUnavailable).
  void markLabsForDevice();
  /// Draws shown_ (with the pinned run, if any, of the same lab) in the chart panel.
  void displayShown();
  /// Esc: leaves the presentation mode first, then cancels runs.
  void escape();
  /// Makes `lab` current with `values` (or its remembered or default values), showing `viewId`
  /// first when given, and runs its sweep (unless run is false: an opened file shows its own).
  void switchLab(const LabSpec& lab, std::optional<ParamSet> values, const QString& viewId, bool run = true);
  /// Shows the preset the lecture stands at: its lab, its parameters (still live) and its view.
  void applyCurrentPreset();
  /// Moves an animated view to the preset's moment once its result is on screen.
  void applyPendingAnimationMoment();

  RunController* runs_;
  StartupChoice startup_;
  /// The shipped lectures and the instructor's own (user_lectures.h); edited in place by
  /// Lecture > Add this view as a slide... and the Lectures tab's slide buttons.
  QStringList lectureProblems_;
  LectureLibrary library_;
  const LabSpec* lab_ = nullptr;
  /// The open kernel file's declaration (lab_ points here while it is on screen), its text (sent
  /// with each of its runs: attachKernel) and its path.
  std::optional<LabSpec> kernelLab_;
  KernelSource kernel_;
  QString kernelPath_;
  /// The open kernel's declaration when labId is its lab's, else null.
  [[nodiscard]] const LabSpec* shownKernelLab(const QString& labId) const;
  /// openKernelFile's and openExampleKernel's common part: `path` empty for an example.
  QString openKernel(KernelSource kernel, const QString& path);
  /// Gives a request of the kernel on screen that kernel's text.
  void attachKernel(RunRequest& request) const;
  /// Makes `spec` (read from `kernel`, from the file at `path`, or "" for a saved run's kernel, a
  /// shipped example or a lecture slide's kernel) the open kernel's declaration and names it in
  /// the lab list; the caller switches to it.
  const LabSpec& adoptKernel(LabSpec spec, KernelSource kernel, const QString& path);
  /// The lab a slide shows: its lab's declaration, or for a slide of a user's kernel that kernel,
  /// adopted as the open kernel (kept as it is when it is already the open one).
  const LabSpec& labOfSlide(const PresetRef& slide);
  /// True when the lab on screen is `slide`'s (for a user's kernel: the same kernel text).
  [[nodiscard]] bool showsLabOf(const PresetRef& slide) const;
  bool sessionReady_ = false;
  std::optional<RunResult> shown_;
  std::optional<RunResult> pinned_;     ///< Compare > Pin: drawn under later runs of its lab.
  std::optional<RunResult> displayed_;  ///< shown_ with the pinned run laid over it.
  quint64 modelPinSeq_ = 0;             ///< The run whose result Compare > Pin the model pins.
  std::optional<ParamSet> lastFullParams_;  ///< Values of the latest full sweep requested.
  QString preferredView_;
  /// Each lab's values when it was last left: switching back restores them.
  std::map<std::string, ParamSet> valuesByLab_;
  /// The device the last session ended on (StartupChoice::persistSession), chosen if offered.
  QString restoredDeviceId_;
  /// A preset's animation moment (0..1 of the span) waiting for its result; negative: none.
  double pendingAnimationAt_ = -1;
  /// Restarted by every focus update that left a view stale; fires once the slider rests.
  QTimer staleRefresh_;

  QTabWidget* leftTabs_ = nullptr;
  PresentationMode* presentation_ = nullptr;
  PredictFlow* predict_ = nullptr;
  QAction* predictFirstAction_ = nullptr;
  QAction* presenterAction_ = nullptr;
  PresenterView* presenter_ = nullptr;
  Blackout* blackout_ = nullptr;
  HandoutExport* handoutExport_ = nullptr;
  QMenu* lectureMenu_ = nullptr;
  std::vector<QAction*> lectureActions_;  ///< The menu's one action a lecture
  LabList* labList_ = nullptr;
  DeviceSelector* deviceSelector_ = nullptr;
  ParamPanel* paramPanel_ = nullptr;
  ChartPanel* chartPanel_ = nullptr;
  ScalarPanel* scalarPanel_ = nullptr;
  MessageBar* messageBar_ = nullptr;
  RunStatusBar* statusBar_ = nullptr;
  ExportController* export_ = nullptr;
  LectureNavigator* lectures_ = nullptr;
  LecturePanel* lecturePanel_ = nullptr;
  LectureCaption* lectureCaption_ = nullptr;
  KeyFiguresLine* keyFigures_ = nullptr;
  QSplitter* chartSplitter_ = nullptr;  ///< Chart area over the numbers panel.
  bool numbersFolded_ = false;           ///< The numbers panel folded for a lecture.
  /// Non-empty while a lecture slide runs on another device than the lecture's (a recording of
  /// another GPU that holds it, or the model): the lecture's device, which the next slide restores.
  QString lectureDevice_;
};

/// "Bad input", "Device error", "Cancelled": how a RunError kind reads in the UI.
QString runErrorKindText(RunError::Kind kind);

}  // namespace warpscope::ui
