#include "main_window.h"

#include <utility>

#include <QApplication>
#include <QGuiApplication>
#include <QWindow>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include "chart_panel.h"
#include "compare.h"
#include "controllers/animation_clock.h"
#include "controllers/export_controller.h"
#include "controllers/run_controller.h"
#include "device_selector.h"
#include "lab_list.h"
#include "key_figures_line.h"
#include "lecture_caption.h"
#include "controllers/predict_flow.h"
#include "user_lectures.h"
#include "blackout.h"
#include "presenter_view.h"
#include "lecture_navigator.h"
#include "lecture_panel.h"
#include "message_bar.h"
#include "param_panel.h"
#include "presentation_mode.h"
#include "qt_text.h"
#include "run_status_bar.h"
#include "scalar_panel.h"
#include "session_store.h"
#include "ui_scale.h"
#include "views/view_chart.h"
#include "warpscope/lectures.h"
#include "warpscope/recording.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

MainWindow::MainWindow(RunController* runs, StartupChoice startup, QWidget* parent)
    : QMainWindow(parent), runs_(runs), startup_(std::move(startup)),
      library_(lectureLibrary(startup_.lectureFiles, &lectureProblems_)) {
  registerMetaTypes();
  buildUi();
  buildMenus();
  // An own lecture that could not be read is named; the others and the shipped ones are offered.
  if (!lectureProblems_.isEmpty())
    messageBar_->showMessage(tr("Lecture files left out: %1").arg(lectureProblems_.join(QStringLiteral("; "))),
                             MessageBar::Level::Warning);

  // Long enough to span the gaps of a slider drag, short enough to feel immediate after it.
  staleRefresh_.setSingleShot(true);
  staleRefresh_.setInterval(400);
  connect(&staleRefresh_, &QTimer::timeout, this, &MainWindow::refreshStaleViews);

  connect(runs_, &RunController::sessionReady, this, &MainWindow::onSessionReady);
  connectHostSignals();
  connect(runs_, &RunController::sessionFailed, this, [this](const QString& message) {
    messageBar_->showMessage(tr("No backend is available: %1").arg(message), MessageBar::Level::Error);
    statusBar_->runEnded(tr("No backend"), -1);
  });
  // The controller sends start and progress only for runs still current, so a run whose
  // result will be dropped never moves the status bar; the seq needs no check here.
  connect(runs_, &RunController::runStarted, this, [this](quint64, const RunRequest& request) {
    statusBar_->runStarted(request.scope == RunScope::FocusOnly ? tr("Running the focus point…")
                                                                : tr("Running the sweep…"));
  });
  connect(runs_, &RunController::runProgress, this,
          [this](quint64, double fraction, const QString& what) { statusBar_->runProgress(fraction, what); });
  connect(runs_, &RunController::runFinished, this, &MainWindow::onRunFinished);
  connect(runs_, &RunController::runFailed, this, &MainWindow::onRunFailed);
  connect(runs_, &RunController::busyChanged, this, [this](bool busy) {
    if (!busy) statusBar_->setIdle();
  });

  // Controls are live before the session answers, so the lab and its parameters show at once.
  const LabRegistry& registry = LabRegistry::builtin();
  if (startup_.persistSession) {
    QSettings settings;
    SavedSession saved = loadSession(settings);
    valuesByLab_ = saved.valuesByLab;
    const bool named = !startup_.labId.isEmpty() || !startup_.lectureId.isEmpty() || !startup_.presetId.isEmpty() ||
                       !startup_.openPath.isEmpty();
    if (!named && !saved.labId.isEmpty()) {
      startup_.labId = saved.labId;
      startup_.viewId = saved.viewId;
      if (const auto values = valuesByLab_.find(fromQ(saved.labId)); values != valuesByLab_.end()) startup_.params = values->second;
    }
    if (startup_.deviceId.isEmpty()) restoredDeviceId_ = saved.deviceId;
  }
  QString labId = startup_.labId;
  if (labId.isEmpty() || !registry.find(fromQ(labId))) {
    labId = registry.labs().empty() ? QString() : toQ(registry.labs().front().id);
    startup_.params.reset();  // they were validated against another lab
  }
  preferredView_ = startup_.viewId;
  if (!labId.isEmpty()) {
    labList_->selectLab(labId);
    lab_ = registry.find(fromQ(labId));
    paramPanel_->setLab(*lab_);
    if (startup_.params) paramPanel_->setValues(*startup_.params);
    setWindowTitle(tr("Warpscope — %1").arg(toQ(lab_->title)));
  }
  if (!startup_.presetId.isEmpty()) {
    if (const PresetRef ref = findPreset(registry, fromQ(startup_.presetId))) pendingAnimationAt_ = ref.preset->animationAt;
  }
  if (!startup_.lectureId.isEmpty() && openLecture(startup_.lectureId, startup_.lectureIndex)) {
    // The lecture put its preset's lab, values and view up (nothing runs before the session
    // is ready); --set and --view from the command line go on top.
    if (startup_.params) paramPanel_->setValues(*startup_.params);
    if (!startup_.viewId.isEmpty()) preferredView_ = startup_.viewId;
  }
  runs_->start();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi() {
  setWindowTitle(tr("Warpscope"));
  auto* left = new QWidget(this);
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(6, 6, 6, 6);
  // Labs and lectures share the top of the left panel: a class follows a lecture, a student
  // picks labs.
  leftTabs_ = new QTabWidget(left);
  labList_ = new LabList(LabRegistry::builtin(), left);
  lectures_ = new LectureNavigator(library_, LabRegistry::builtin(), this);
  lecturePanel_ = new LecturePanel(lectures_, left);
  connect(lecturePanel_, &LecturePanel::moveSlide, this, [this](const QString& id, int from, int to) {
    if (const QString error = editOwnLecture(id, from, to, false); !error.isEmpty()) messageBar_->showMessage(error, MessageBar::Level::Warning);
  });
  connect(lecturePanel_, &LecturePanel::removeSlide, this, [this](const QString& id, int index) {
    if (const QString error = editOwnLecture(id, index, index, true); !error.isEmpty()) messageBar_->showMessage(error, MessageBar::Level::Warning);
  });
  leftTabs_->addTab(labList_, tr("&Labs"));
  leftTabs_->addTab(lecturePanel_, tr("L&ectures"));
  // Just tall enough for the labs there are: the parameters need the room.
  leftTabs_->setMaximumHeight(std::max(3, labList_->count()) * 34 + 48);
  auto* deviceLabel = new QLabel(tr("&Device"), left);
  deviceSelector_ = new DeviceSelector(left);
  deviceLabel->setBuddy(deviceSelector_);
  paramPanel_ = new ParamPanel;
  auto* scroll = new QScrollArea(left);
  scroll->setWidget(paramPanel_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  leftLayout->addWidget(leftTabs_);
  leftLayout->addWidget(deviceLabel);
  leftLayout->addWidget(deviceSelector_);
  leftLayout->addWidget(scroll, 1);
  left->setMinimumWidth(300);

  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(6, 6, 6, 6);
  messageBar_ = new MessageBar(right);
  chartPanel_ = new ChartPanel(right);
  scalarPanel_ = new ScalarPanel(right);
  // The numbers sit under the chart in a splitter: an instructor drags them away to give the
  // chart the whole height, or up to discuss them.
  auto* scalarScroll = new QScrollArea(right);
  scalarScroll->setWidget(scalarPanel_);
  scalarScroll->setWidgetResizable(true);
  scalarScroll->setFrameShape(QFrame::NoFrame);
  scalarScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // In a lecture the slide's claim stands above the chart and what to look at beneath it.
  lectureCaption_ = new LectureCaption(lectures_, right);
  // Predict first (issue 30): connected after the caption, so a slide's question replaces the
  // claim the caption has just put up.
  predict_ = new PredictFlow(lectures_, lectureCaption_, chartPanel_, [this] { return shownResult(); }, this);
  connect(predict_, &PredictFlow::changed, this, &MainWindow::updateKeyFigures);
  auto* chartArea = new QWidget(right);
  auto* chartAreaLayout = new QVBoxLayout(chartArea);
  chartAreaLayout->setContentsMargins(0, 0, 0, 0);
  chartAreaLayout->addWidget(chartPanel_, 1);
  // Presenting, the numbers panel folds away; the lab's first few figures stay, large, here.
  keyFigures_ = new KeyFiguresLine(chartArea);
  chartAreaLayout->addWidget(keyFigures_);
  chartAreaLayout->addWidget(lectureCaption_->lookAtLabel());
  chartSplitter_ = new QSplitter(Qt::Vertical, right);
  QSplitter* chartSplitter = chartSplitter_;
  chartSplitter->addWidget(chartArea);
  chartSplitter->addWidget(scalarScroll);
  chartSplitter->setStretchFactor(0, 1);
  chartSplitter->setStretchFactor(1, 0);
  chartSplitter->setCollapsible(0, false);
  chartSplitter->setSizes({640, 200});
  // While the left panel is hidden, one line above the chart still tells the class what runs.
  presentation_ = new PresentationMode({this, left, scalarScroll, paramPanel_}, [this] {
    if (shown_) displayShown();
  }, right);
  connect(presentation_, &PresentationMode::activeChanged, this, [this](bool on) {
    lectureCaption_->setCompact(on);
    chartPanel_->setTabsHidden(on);
    updateKeyFigures();
  });
  rightLayout->addWidget(messageBar_);
  rightLayout->addWidget(presentation_->strip());
  rightLayout->addWidget(lectureCaption_);
  rightLayout->addWidget(chartSplitter, 1);

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(left);
  splitter->addWidget(right);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({340, 1200});
  setCentralWidget(splitter);

  statusBar_ = new RunStatusBar(this);
  setStatusBar(statusBar_);

  // Figures show what the chart shows: the run, and a pinned run laid over it.
  export_ = new ExportController([this] { return displayed_ ? &*displayed_ : nullptr; },
                                 [this] { return chartPanel_->currentViewId(); }, this, this,
                                 [this] { return chartPanel_->animationPosition(); });
  connect(export_, &ExportController::exported, this,
          [this](const QString& path) { statusBar_->showMessage(tr("Exported %1").arg(path), 5000); });

  connect(labList_, &LabList::labSelected, this, [this](const QString& id) {
    lectures_->close();  // picking a lab by hand leaves the lecture
    selectLab(id);
  });
  connect(lectures_, &LectureNavigator::moved, this, &MainWindow::applyCurrentPreset);
  connect(lectures_, &LectureNavigator::moved, this, &MainWindow::foldNumbersForLecture);
  connect(deviceSelector_, &DeviceSelector::deviceSelected, this, [this](const QString& id) {
    lectureDevice_.clear();  // a device picked by hand is the lecture's from now on
    selectDevice(id);
  });
  connect(paramPanel_, &ParamPanel::paramsChanged, this, [this](const ParamSet& values, const QString&, bool focusOnly) {
    onParamsChanged(values, focusOnly);
    presentation_->updateStrip();
  });
  connect(statusBar_, &RunStatusBar::cancelRequested, this, &MainWindow::cancelRuns);
  connect(chartPanel_, &ChartPanel::currentViewChanged, this, [this](const QString& id) { preferredView_ = id; });
  resize(defaultWindowSize(screen() ? screen()->availableGeometry().size() : QSize()));
}

QSize defaultWindowSize(const QSize& available) {
  const QSize preferred(1500, 900);
  if (!available.isValid()) return preferred;
  // Room for the window manager's frame and title bar: on a projector's 1280x720 the window
  // opened at 1500x900 with Next and Leave lecture off screen.
  return preferred.boundedTo(available - QSize(16, 48));
}

QString MainWindow::currentLabId() const { return lab_ ? toQ(lab_->id) : QString(); }
QString MainWindow::currentDeviceId() const { return deviceSelector_->currentDeviceId(); }

void MainWindow::onSessionReady(const QList<DeviceInfo>& devices, const QString& defaultDeviceId) {
  QString deviceId = defaultDeviceId;
  // The last session's device, when it is still there (a GPU may be gone); silently otherwise.
  for (const DeviceInfo& d : devices)
    if (!restoredDeviceId_.isEmpty() && toQ(d.id) == restoredDeviceId_) deviceId = restoredDeviceId_;
  bool known = false;
  for (const DeviceInfo& d : devices) known = known || toQ(d.id) == startup_.deviceId;
  if (!startup_.deviceId.isEmpty()) {
    if (known) {
      deviceId = startup_.deviceId;
    } else if (const QString why = runs_->whyNotOffered(startup_.deviceId); !why.isEmpty()) {
      // A GPU that is not there: say why (as warpscope-cli does), not that the id is unknown.
      const QString message = tr("No GPU %1: %2.").arg(startup_.deviceId, why);
      messageBar_->showMessage(message + tr(" Using %1.").arg(defaultDeviceId), MessageBar::Level::Warning);
      emit startupDeviceMissing(message);
    } else {
      QStringList ids;
      for (const DeviceInfo& d : devices) ids << toQ(d.id);
      const QString message = tr("Unknown device '%1'. Known devices: %2.")
                                  .arg(startup_.deviceId, ids.join(QStringLiteral(", ")));
      messageBar_->showMessage(message + tr(" Using %1.").arg(defaultDeviceId), MessageBar::Level::Warning);
      emit startupProblem(message);
    }
  }
  deviceSelector_->setDevices(devices, deviceId);
  markLabsForDevice();
  if (const DeviceInfo* device = deviceSelector_->device(deviceSelector_->currentDeviceId())) paramPanel_->setDevice(*device);
  if (devices.isEmpty()) {
    messageBar_->showMessage(tr("No device is available: neither a GPU nor a simulator profile."),
                             MessageBar::Level::Error);
    return;
  }
  sessionReady_ = true;
  statusBar_->runEnded(tr("Ready"), -1);
  if (!startup_.pinPath.isEmpty())
    if (const QString error = pinRunFile(startup_.pinPath); !error.isEmpty()) emit startupProblem(error);
  if (!startup_.openPath.isEmpty()) {
    // `warpscope FILE`: the file's run is what comes up; a bad file is said, then the lab runs.
    const QString error = openRunFile(startup_.openPath, startup_.openPage);
    if (error.isEmpty()) return;
    emit startupProblem(error);
  }
  if (!startup_.kernelPath.isEmpty()) {
    // `warpscope --kernel FILE.cu`: the kernel comes up and runs; a bad file is said, then the lab runs.
    const QString error = openKernelFile(startup_.kernelPath);
    if (error.isEmpty()) return;
    emit startupProblem(error);
  }
  submitSweep();
}

bool MainWindow::selectLab(const QString& labId) {
  // The lab of an open kernel file is that file's, not the example it opens with.
  const LabSpec* lab = shownKernelLab(labId);
  if (!lab) lab = LabRegistry::builtin().find(fromQ(labId));
  if (!lab) return false;
  labList_->selectLab(labId);
  if (lab == lab_) return true;
  switchLab(*lab, std::nullopt, QString());
  return true;
}

bool MainWindow::openLecture(const QString& lectureId, int index) {
  if (!lectures_->open(lectureId, index)) return false;
  leftTabs_->setCurrentWidget(lecturePanel_);
  return true;
}

void MainWindow::switchLab(const LabSpec& lab, std::optional<ParamSet> values, const QString& viewId, bool run) {
  if (lab_) valuesByLab_[lab_->id] = paramPanel_->values();
  labList_->selectLab(toQ(lab.id));
  const bool sameLab = &lab == lab_;
  lab_ = &lab;
  if (!sameLab) paramPanel_->setLab(lab);
  if (!values) {
    if (const auto remembered = valuesByLab_.find(lab.id); remembered != valuesByLab_.end()) values = remembered->second;
  }
  if (values) paramPanel_->setValues(*values);
  setWindowTitle(tr("Warpscope — %1").arg(toQ(lab.title)));
  presentation_->updateStrip();
  preferredView_ = viewId;
  if (!sameLab) {
    shown_.reset();
    displayed_.reset();
    chartPanel_->showPlaceholder(tr("Running %1…").arg(toQ(lab.title)));
    scalarPanel_->clear();
  } else if (!viewId.isEmpty()) {
    chartPanel_->selectView(viewId);
  }
  if (run) submitSweep();
}

void MainWindow::applyCurrentPreset() {
  const PresetRef ref = lectures_->current();
  if (!ref) {  // the lecture closed: the lab, its values and its device stay on screen
    lectureDevice_.clear();
    return;
  }
  std::optional<ParamSet> values;
  try {
    values = presetParams(*ref.lab, *ref.preset);
  } catch (const BadInputError& e) {
    messageBar_->showMessage(tr("Bad input: %1").arg(toQ(e.what())), MessageBar::Level::Error);
    return;
  }
  pendingAnimationAt_ = ref.preset->animationAt;
  // A slide that came from another device (another GPU's recording, the model) was a detour for
  // that slide only: this one runs on the lecture's device again.
  if (!lectureDevice_.isEmpty()) {
    const QString lectureDevice = std::exchange(lectureDevice_, QString());
    if (deviceSelector_->device(lectureDevice)) {
      deviceSelector_->selectDevice(lectureDevice);
      markLabsForDevice();
      paramPanel_->setDevice(*deviceSelector_->device(lectureDevice));
    }
  }
  switchLab(labOfSlide(ref), values, toQ(ref.preset->view));
}

void MainWindow::applyPendingAnimationMoment() {
  if (pendingAnimationAt_ < 0 || !shown_) return;
  const double at = pendingAnimationAt_;
  pendingAnimationAt_ = -1;
  const std::string viewId = fromQ(chartPanel_->currentViewId());
  for (const View& view : shown_->views) {
    double start = 0;
    double end = 0;
    if (view.id != viewId || !animationSpan(view, &start, &end)) continue;
    chartPanel_->animationClock()->seek(start + at * (end - start));
  }
}

void MainWindow::markLabsForDevice() {
  const DeviceInfo* device = deviceSelector_->device(currentDeviceId());
  labList_->markUnavailable(runs_->unavailableLabs(currentDeviceId()), device ? toQ(device->name) : currentDeviceId());
}

bool MainWindow::selectDevice(const QString& deviceId) {
  if (!deviceSelector_->device(deviceId)) return false;
  deviceSelector_->selectDevice(deviceId);
  markLabsForDevice();
  // Managed-memory sizes are capped on a real GPU: the sliders follow before the run reads them.
  if (const DeviceInfo* device = deviceSelector_->device(deviceId)) paramPanel_->setDevice(*device);
  submitSweep();
  return true;
}

void MainWindow::rerun() { submitSweep(); }

void MainWindow::escape() {
  if (presentation_->active()) {
    presentation_->setActive(false);
    return;
  }
  cancelRuns();
}

void MainWindow::setPresentationMode(bool on) { presentation_->setActive(on); }

void MainWindow::setPredictFirst(bool on) { predictFirstAction_->setChecked(on); }

void MainWindow::blankScreen(const QColor& colour) {
  if (!blackout_) blackout_ = new Blackout(this);
  blackout_->cover(colour);
}

void MainWindow::setPresenterView(bool on) {
  if (presenterAction_->isChecked() != on) {
    presenterAction_->setChecked(on);  // comes back here through the action
    return;
  }
  if (!on) {
    if (presenter_) presenter_->hide();
    return;
  }
  if (!presenter_) presenter_ = new PresenterView(this);
  presenter_->restartClock();
  const QList<QScreen*> screens = QGuiApplication::screens();
  if (screens.size() >= 2) {
    // The projector is the second screen: the window presents there, the laptop keeps the view.
    windowHandle()->setScreen(screens[1]);
    setGeometry(screens[1]->geometry());
    setPresentationMode(true);
    presenter_->setGeometry(screens[0]->availableGeometry());
    presenter_->showMaximized();
  } else {
    presenter_->resize(size());
    presenter_->show();
    presenter_->raise();
    presenter_->activateWindow();
  }
  presenter_->refresh();
}

void MainWindow::showFull(const RunResult& result) {
  shown_ = result;
  displayShown();
  scalarPanel_->display(*shown_);
  applyPendingAnimationMoment();
  predict_->resultShown();
}

void MainWindow::displayShown() {
  if (!shown_) return;
  displayed_ = pinned_ && pinned_->labId == shown_->labId ? withPinned(*shown_, *pinned_) : *shown_;
  chartPanel_->display(*displayed_, preferredView_);
  updateKeyFigures();
  lectureCaption_->showVerdict(&*shown_);
}

void MainWindow::foldNumbersForLecture() {
  // A slide is its chart, its claim and what to look at: at 1280x720 the numbers panel under
  // them leaves the chart too short for its own legend and axis titles. In a lecture it folds
  // away (a drag on the splitter brings it back) and the key figures stand under the chart, as
  // when presenting.
  const bool inLecture = static_cast<bool>(lectures_->current());
  if (inLecture != numbersFolded_) {
    numbersFolded_ = inLecture;
    const QList<int> sizes = chartSplitter_->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    chartSplitter_->setSizes(inLecture ? QList<int>{total, 0} : QList<int>{total * 3 / 4, total / 4});
  }
  updateKeyFigures();
}

void MainWindow::updateKeyFigures() {
  // Predicting, the figures would give the answer away: they wait for the reveal.
  const bool predicting = predict_->phase() == PredictFlow::Phase::Predicting || predict_->phase() == PredictFlow::Phase::Revealing;
  const bool show = (presentation_->active() || numbersFolded_) && !predicting;
  keyFigures_->display(show && shown_ ? &*shown_ : nullptr);
}

void MainWindow::stepView(int step) {
  QTabBar* tabs = chartPanel_->viewTabs();
  if (!tabs || tabs->count() < 2) return;
  tabs->setCurrentIndex((tabs->currentIndex() + step + tabs->count()) % tabs->count());
}

}  // namespace warpscope::ui
