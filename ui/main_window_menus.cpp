// MainWindow's menus: File (open, exports), Run, View (presentation, type, palette, views),
// Compare, Lecture and Help, each action wired to the window. main_window.cpp builds the rest.
#include <QAction>
#include <QLabel>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>

#include "chart_panel.h"
#include "controllers/export_controller.h"
#include "help_dialogs.h"
#include "lecture_navigator.h"
#include "controllers/predict_flow.h"
#include "prediction_panel.h"
#include "presenter_view.h"
#include "warpscope/prediction.h"
#include "warpscope/registry.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_panel.h"
#include "presentation_mode.h"
#include "qt_text.h"
#include "ui_scale.h"
#include "views/view_chart.h"
#include "warpscope/lectures.h"

namespace warpscope::ui {

namespace {
/// The keys without repeats: a platform's standard key (ZoomOut is Ctrl+- here) may be the one
/// given beside it, and a keyboard sheet then lists it twice.
QList<QKeySequence> distinctKeys(const QList<QKeySequence>& keys) {
  QList<QKeySequence> distinct;
  for (const QKeySequence& k : keys)
    if (!k.isEmpty() && !distinct.contains(k)) distinct << k;
  return distinct;
}
}  // namespace

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* openFile = file->addAction(tr("&Open recording or figure…"));
  openFile->setShortcut(QKeySequence::Open);
  openFile->setToolTip(tr("A recording (.wsrec), a run's JSON, or a PNG, SVG or PDF figure Warpscope exported"));
  connect(openFile, &QAction::triggered, this, &MainWindow::openRunFileInteractively);
  QAction* openKernel = file->addAction(tr("Open &kernel…"));
  openKernel->setShortcut(QKeySequence(tr("Ctrl+K")));
  openKernel->setToolTip(tr("Your own .cu file, its knobs declared in its header (docs/your-kernel.md)"));
  connect(openKernel, &QAction::triggered, this, &MainWindow::openKernelFileInteractively);
  // The lab's examples, to start from without a file (installed as files too: docs/your-kernel.md).
  if (const labs::LabDefinition* kernelLab = LabRegistry::builtin().userKernelLab(); kernelLab && kernelLab->exampleKernels) {
    QMenu* examples = file->addMenu(tr("Open e&xample kernel"));
    for (const KernelSource& example : kernelLab->exampleKernels()) {
      const QString name = toQ(example.fileName);
      QAction* action = examples->addAction(name);
      connect(action, &QAction::triggered, this, [this, name] { openExampleKernel(name); });
    }
  }
  QAction* reloadKernel = file->addAction(tr("&Reload kernel"));
  reloadKernel->setShortcut(QKeySequence(tr("Ctrl+Shift+K")));
  reloadKernel->setToolTip(tr("Read the open kernel file again, after an edit"));
  connect(reloadKernel, &QAction::triggered, this, &MainWindow::reloadKernelFile);
  file->addSeparator();
  const struct {
    QString text;
    QKeySequence keys;
    ExportFormat format;
  } exports[] = {
      {tr("Export chart as &PNG…"), QKeySequence(tr("Ctrl+E")), ExportFormat::Png},
      {tr("Export chart as &SVG…"), QKeySequence(tr("Ctrl+Shift+E")), ExportFormat::Svg},
      {tr("Export chart as P&DF…"), QKeySequence(tr("Ctrl+Shift+P")), ExportFormat::Pdf},
      {tr("Export data as &CSV…"), QKeySequence(tr("Ctrl+Shift+C")), ExportFormat::Csv},
      {tr("Export data as wide CS&V (a column per series)…"), QKeySequence(), ExportFormat::CsvWide},
      {tr("Export data as &JSON…"), QKeySequence(tr("Ctrl+J")), ExportFormat::Json},
  };
  for (const auto& e : exports) {
    QAction* action = file->addAction(e.text);
    action->setShortcut(e.keys);
    const ExportFormat format = e.format;
    connect(action, &QAction::triggered, this, [this, format] { export_->exportInteractively(format); });
  }
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"));
  quit->setShortcut(QKeySequence::Quit);
  quit->setShortcutContext(Qt::ApplicationShortcut);
  connect(quit, &QAction::triggered, this, &QWidget::close);

  QMenu* run = menuBar()->addMenu(tr("&Run"));
  QAction* again = run->addAction(tr("Run &again"));
  // Not QKeySequence::Refresh: that is F5, which starts a show (presentation programs, clickers).
  again->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
  connect(again, &QAction::triggered, this, &MainWindow::rerun);
  QAction* cancel = run->addAction(tr("&Cancel run"));
  cancel->setShortcut(QKeySequence(Qt::Key_Escape));
  connect(cancel, &QAction::triggered, this, &MainWindow::escape);
  QAction* connectHostAction = run->addAction(tr("Connect to a GPU &host…"));
  connectHostAction->setShortcut(QKeySequence(tr("Ctrl+Shift+H")));
  connect(connectHostAction, &QAction::triggered, this, &MainWindow::connectHostInteractively);
  QAction* connectSlurmAction = run->addAction(tr("Connect through S&lurm…"));
  connectSlurmAction->setShortcut(QKeySequence(tr("Ctrl+Shift+L")));
  connect(connectSlurmAction, &QAction::triggered, this, &MainWindow::connectSlurmInteractively);
  // The message bar's Cancel is gone once something else is said there; this one stays.
  QAction* cancelConnecting = run->addAction(tr("Cancel connecting to GPU hosts"));
  connect(cancelConnecting, &QAction::triggered, this, &MainWindow::cancelConnections);
  connect(run, &QMenu::aboutToShow, cancelConnecting, [this, cancelConnecting] { cancelConnecting->setEnabled(isConnecting()); });
  QAction* reset = run->addAction(tr("&Reset parameters to defaults"));
  reset->setShortcut(QKeySequence(tr("Ctrl+R")));
  connect(reset, &QAction::triggered, paramPanel_, &ParamPanel::resetToDefaults);
  connect(paramPanel_, &ParamPanel::valueRefused, this,
          [this](const QString& message) { messageBar_->showMessage(message, MessageBar::Level::Warning); });

  QMenu* view = menuBar()->addMenu(tr("&View"));
  QAction* present = view->addAction(tr("&Presentation mode"));
  present->setCheckable(true);
  present->setShortcut(QKeySequence(Qt::Key_F5));
  present->setToolTip(tr("Full screen, large type, parameters in one line (Esc leaves)"));
  connect(present, &QAction::toggled, presentation_, &PresentationMode::setActive);
  connect(presentation_, &PresentationMode::activeChanged, present, &QAction::setChecked);
  QAction* panel = view->addAction(tr("Show or hide the &left panel"));
  panel->setShortcut(QKeySequence(Qt::Key_F6));
  connect(panel, &QAction::triggered, this, [this] {
    presentation_->setLeftPanelVisible(presentation_->strip()->isVisible());
  });
  view->addSeparator();
  QAction* larger = view->addAction(tr("&Larger type"));
  larger->setShortcuts(distinctKeys({QKeySequence(tr("Ctrl+=")), QKeySequence(QKeySequence::ZoomIn)}));
  connect(larger, &QAction::triggered, this, [this] { presentation_->setTypeScale(uiScale() * 1.15); });
  QAction* smaller = view->addAction(tr("&Smaller type"));
  smaller->setShortcuts(distinctKeys({QKeySequence(tr("Ctrl+-")), QKeySequence(QKeySequence::ZoomOut)}));
  connect(smaller, &QAction::triggered, this, [this] { presentation_->setTypeScale(uiScale() / 1.15); });
  QAction* actual = view->addAction(tr("&Normal type size"));
  actual->setShortcut(QKeySequence(tr("Ctrl+0")));
  connect(actual, &QAction::triggered, this, [this] { presentation_->setTypeScale(1.0); });

  QAction* contrast = view->addAction(tr("&High-contrast palette"));
  contrast->setCheckable(true);
  contrast->setChecked(highContrast());  // --high-contrast
  contrast->setToolTip(tr("Saturated dark colours and thicker lines, for a washed-out projector"));
  connect(contrast, &QAction::toggled, this, [this](bool on) {
    setHighContrast(on);
    // Rebuilt, not updated in place: the pens are chosen when a chart is built.
    if (shown_) {
      preferredView_ = chartPanel_->currentViewId();
      chartPanel_->showPlaceholder(QString());
      displayShown();
    }
  });

  // Between the chart's tabs from anywhere (QTabWidget's own Ctrl+PgDn needs the focus on it).
  QAction* nextView = view->addAction(tr("&Next view"));
  nextView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageDown));
  connect(nextView, &QAction::triggered, this, [this] { stepView(+1); });
  QAction* previousView = view->addAction(tr("Pre&vious view"));
  previousView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_PageUp));
  connect(previousView, &QAction::triggered, this, [this] { stepView(-1); });

  QMenu* compare = menuBar()->addMenu(tr("&Compare"));
  QAction* pin = compare->addAction(tr("&Pin this result"));
  pin->setShortcut(QKeySequence(tr("Ctrl+P")));
  pin->setToolTip(tr("Keep this run on the chart, dashed, under later runs of the same lab: another device, "
                     "other parameters, the model against the measurement"));
  connect(pin, &QAction::triggered, this, &MainWindow::pinShownResult);
  QAction* model = compare->addAction(tr("Pin the &model of this GPU"));
  model->setShortcut(QKeySequence(tr("Ctrl+Shift+M")));
  model->setToolTip(tr("Runs the same parameters on the simulator's model of this GPU and pins it: the model "
                       "drawn dashed over the measurement, with how far apart they lie"));
  connect(model, &QAction::triggered, this, &MainWindow::pinModel);
  QAction* unpin = compare->addAction(tr("&Clear the pin"));
  connect(unpin, &QAction::triggered, this, &MainWindow::clearPin);

  QMenu* lecture = menuBar()->addMenu(tr("Lec&ture"));
  // PageDown/PageUp are what presentation clickers send.
  QAction* nextSlide = lecture->addAction(tr("&Next slide"));
  nextSlide->setShortcut(QKeySequence(Qt::Key_PageDown));
  // Predicting, the clicker's Next first reveals the slide's data.
  connect(nextSlide, &QAction::triggered, this, [this] {
    if (!predict_->consumeNext()) lectures_->next();
  });
  QAction* previousSlide = lecture->addAction(tr("&Previous slide"));
  previousSlide->setShortcut(QKeySequence(Qt::Key_PageUp));
  connect(previousSlide, &QAction::triggered, lectures_, &LectureNavigator::previous);
  QAction* leave = lecture->addAction(tr("&Leave lecture"));
  connect(leave, &QAction::triggered, lectures_, &LectureNavigator::close);
  lecture->addSeparator();
  // Predict first (issue 30): the class answers each slide's question before the data shows.
  QAction* predictFirst = predictFirstAction_ = lecture->addAction(tr("Pre&dict first"));
  predictFirst->setCheckable(true);
  predictFirst->setObjectName(QStringLiteral("predictFirst"));
  predictFirst->setToolTip(tr("Each slide opens with its question and the data veiled; R or Next reveals it"));
  connect(predictFirst, &QAction::toggled, predict_, &PredictFlow::setEnabled);
  QAction* reveal = lecture->addAction(tr("&Reveal the data"));
  reveal->setShortcut(QKeySequence(Qt::Key_R));
  connect(reveal, &QAction::triggered, predict_, &PredictFlow::reveal);
  QAction* presenter = presenterAction_ = lecture->addAction(tr("Presen&ter view"));
  presenter->setCheckable(true);
  presenter->setToolTip(tr("Two screens: the slide on the projector, the presenter view here; one screen: F7 swaps them"));
  connect(presenter, &QAction::toggled, this, &MainWindow::setPresenterView);
  QAction* swap = lecture->addAction(tr("&Swap presenter view and slide"));
  swap->setShortcut(QKeySequence(Qt::Key_F7));
  connect(swap, &QAction::triggered, this, [this] {
    if (!presenter_ || !presenter_->isVisible()) return setPresenterView(true);
    QWidget* front = presenter_->isActiveWindow() ? static_cast<QWidget*>(this) : presenter_;
    front->raise();
    front->activateWindow();
  });
  // As presentation programs: B blacks the projector out, W whites it, any key returns.
  QAction* black = lecture->addAction(tr("&Black screen"));
  black->setShortcut(QKeySequence(Qt::Key_B));
  connect(black, &QAction::triggered, this, [this] { blankScreen(Qt::black); });
  QAction* white = lecture->addAction(tr("&White screen"));
  white->setShortcut(QKeySequence(Qt::Key_W));
  connect(white, &QAction::triggered, this, [this] { blankScreen(Qt::white); });
  QAction* addSlide = lecture->addAction(tr("&Add this view as a slide..."));
  addSlide->setToolTip(tr("The lab, parameters, view and moment on screen become a slide of your own lecture"));
  connect(addSlide, &QAction::triggered, this, &MainWindow::addViewAsSlideInteractively);
  QAction* saveAs = lecture->addAction(tr("Sa&ve lecture as..."));
  connect(saveAs, &QAction::triggered, this, &MainWindow::saveLectureAsInteractively);
  QAction* handout = lecture->addAction(tr("E&xport handout..."));
  handout->setToolTip(tr("The open lecture on paper (PDF): a page a slide with its figure, claim, verdict and question"));
  connect(handout, &QAction::triggered, this, &MainWindow::exportHandoutInteractively);
  QMenu* hands = lecture->addMenu(tr("Count a &hand"));
  std::vector<QAction*> handActions;
  for (int i = 0; i < PredictionPanel::kMaxAnswers; ++i) {
    QAction* hand = hands->addAction(tr("For answer %1").arg(toQ(answerLetter(i))));
    hand->setShortcut(QKeySequence(Qt::Key_1 + i));
    connect(hand, &QAction::triggered, predict_, [this, i] { predict_->vote(i); });
    handActions.push_back(hand);
  }
  lecture->addSeparator();
  lectureMenu_ = lecture;
  relistLectureMenu();
  // Outside a lecture the keys belong to the focused widget (a list or a slider pages).
  // Predicting, the keys R and 1-4 are the flow's; otherwise they stay the focused widget's.
  auto follow = [this, nextSlide, previousSlide, leave, reveal, handActions, black, white, handout, saveAs] {
    handout->setEnabled(lectures_->active());
    saveAs->setEnabled(lectures_->active());
    // B and W blank a slide on the projector; outside a lecture or presentation they stay letters.
    black->setEnabled(lectures_->active() || presentation_->active());
    white->setEnabled(lectures_->active() || presentation_->active());
    const bool predicting = predict_->phase() == PredictFlow::Phase::Predicting;
    nextSlide->setEnabled(lectures_->canGoForward() || predict_->phase() == PredictFlow::Phase::Predicting ||
                          predict_->phase() == PredictFlow::Phase::Revealing);
    previousSlide->setEnabled(lectures_->canGoBack());
    leave->setEnabled(lectures_->active());
    reveal->setEnabled(predicting);
    for (QAction* hand : handActions) hand->setEnabled(predicting);
  };
  connect(lectures_, &LectureNavigator::moved, this, follow);
  connect(predict_, &PredictFlow::changed, this, follow);
  connect(presentation_, &PresentationMode::activeChanged, this, follow);
  follow();

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* labPage = help->addAction(tr("About this &lab"));
  labPage->setShortcut(QKeySequence(Qt::Key_F1));
  connect(labPage, &QAction::triggered, this, [this] {
    if (lab_) showLabPage(this, *lab_);
  });
  QAction* keys = help->addAction(tr("&Keyboard shortcuts"));
  keys->setShortcut(QKeySequence(tr("Ctrl+/")));
  connect(keys, &QAction::triggered, this, [this] { showKeyboardSheet(this, menuBar()); });
  help->addSeparator();
  QAction* about = help->addAction(tr("&About Warpscope"));
  connect(about, &QAction::triggered, this, [this] {
    QMessageBox::about(this, tr("About Warpscope"),
                       tr("<p><b>Warpscope</b>: why a GPU is fast or slow, live.</p>"
                          "<p>Every chart says what made it: <i>Measured on &lt;GPU&gt;</i> for a real "
                          "GPU, <i>Simulated: &lt;profile&gt;</i> for the model.</p>"));
  });
}

void MainWindow::relistLectureMenu() {
  // The lectures close the menu: shipped ones, then the instructor's own (a new one included).
  for (QAction* a : lectureActions_) {
    lectureMenu_->removeAction(a);
    a->deleteLater();
  }
  lectureActions_.clear();
  for (const Lecture& l : lectures_->library().lectures()) {
    QAction* open = lectureMenu_->addAction(l.file.empty() ? toQ(l.title) : tr("%1 (yours)").arg(toQ(l.title)));
    const QString id = toQ(l.id);
    connect(open, &QAction::triggered, this, [this, id] { openLecture(id); });
    lectureActions_.push_back(open);
  }
}

}  // namespace warpscope::ui
