// Issue 18, on the GPU machine: the real window, over the real GPU worker (`warpscope-cli serve`,
// as app/warpscope_main.cpp wires it), survives three kernel faults in a row and keeps what it
// had. One lab faults (WARPSCOPE_TEST_KERNEL_FAULT=out-of-bounds:latency-memory, inherited by every
// worker the window starts), another measures: its pinned run and the values the user set outlive
// the three workers that died, and a new worker measures it again. Without a GPU it skips, saying
// why (the worker's own reason: the window links no CUDA library to ask).
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QListWidget>
#include <QTemporaryDir>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "controllers/run_controller.h"
#include "kernel_examples.h"
#include "lab_list.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_control.h"
#include "param_panel.h"
#include "misbehaving_kernels.h"
#include "run_status_bar.h"
#include "warpscope/session.h"
#include "warpscope/worker_session.h"

namespace warpscope::test {
namespace {

using ui::MainWindow;
using ui::ParamControl;
using ui::RunController;

constexpr const char* kGpu = "cuda:0";
constexpr const char* kQuickLab = "latency-arith";     ///< About 0.6 s a sweep on an H100/H200.
constexpr const char* kFaultingLab = "latency-memory"; ///< Every run of it writes out of bounds.
/// Generous: a worker's start (a CUDA context) takes seconds, its hello may take 60, and every
/// faulting run ends its worker, so the next run starts one.
constexpr int kRunMs = 120'000;

/// NAME=value for the test's lifetime, then as it was (the worker inherits this process's
/// environment when it starts, so it must be set before the session is made).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const QByteArray& value)
      : name_(name), had_(qEnvironmentVariableIsSet(name)), old_(qgetenv(name)) {
    qputenv(name_, value);
  }
  ~ScopedEnv() {
    if (had_) qputenv(name_, old_);
    else qunsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  bool had_;
  QByteArray old_;
};

/// The worker the window starts: the warpscope-cli beside this binary (the GPU machine's bundle,
/// bin/), else WARPSCOPE_CLI as given, else the one this build made (build/app/, which the
/// worker's own lookup does not try from build/tests/ui/).
std::unique_ptr<ScopedEnv> pointAtTheWorker() {
  if (QFileInfo::exists(QCoreApplication::applicationDirPath() + QStringLiteral("/warpscope-cli"))) return nullptr;
  if (!qEnvironmentVariableIsEmpty("WARPSCOPE_CLI")) return nullptr;
  return std::make_unique<ScopedEnv>("WARPSCOPE_CLI", QByteArray(WARPSCOPE_CLI_PATH));
}

/// "" when the window's session (a real worker) offers cuda:0; otherwise why not, as the worker
/// said it ("no CUDA device: cudaGetDeviceCount: ..."). `workerStarted` is false when the worker
/// itself could not start (a missing warpscope-cli: a broken bundle, not a missing GPU).
std::string whyNoGpu(bool* workerStarted) {
  const std::unique_ptr<Session> session = worker::makeWorkerSession();
  *workerStarted = true;
  for (const DeviceInfo& d : session->devices())
    if (d.id == kGpu) return {};
  std::string why;
  for (const UnavailableDevice& u : session->unavailableDevices()) {
    if (!u.id.starts_with("cuda")) continue;
    if (u.reason.find("the GPU worker could not start") != std::string::npos) *workerStarted = false;
    why += (why.empty() ? "" : "; ") + u.reason;
  }
  if (why.empty()) why = "the GPU worker offers no cuda:0";
  return why.starts_with("no CUDA device: ") ? why.substr(16) : why;
}

/// The longest the GUI thread went without turning its event loop (the largest gap between the
/// ticks of a 20 ms timer): a window that waited on its worker would show seconds here.
class EventLoopWatch {
 public:
  EventLoopWatch() {
    QObject::connect(&timer_, &QTimer::timeout, [this] {
      const qint64 now = clock_.elapsed();
      longest_ = std::max(longest_, now - last_);
      last_ = now;
    });
    clock_.start();
    timer_.start(20);
  }
  [[nodiscard]] qint64 longestGapMs() const { return longest_; }

 private:
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_ = 0;
  qint64 longest_ = 0;
};

/// Moves a parameter's slider to `value`, as a user drags it (the control emits, the window runs).
void drag(ParamControl* control, double value) {
  ASSERT_NE(control, nullptr);
  ASSERT_NE(control->slider(), nullptr) << control->spec().id;
  const ParamSpec& spec = control->spec();
  control->slider()->setValue(static_cast<int>(std::lround((value - spec.min) / spec.step)));
  ASSERT_EQ(control->value(), value) << spec.id;
}

/// The value `id` had in the run (NaN when the result does not say).
double param(const RunResult& result, const std::string& id) {
  const auto value = result.params.find(id);
  return value == result.params.end() ? std::nan("") : value->second;
}

bool anyNoteHas(const RunResult& result, const std::string& text) {
  return std::any_of(result.notes.begin(), result.notes.end(),
                     [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

void saveArtifact(MainWindow& window, const QString& name) {
  // Set WARPSCOPE_UI_TEST_ARTIFACTS=DIR to look at the window at these moments.
  if (const QString dir = qEnvironmentVariable("WARPSCOPE_UI_TEST_ARTIFACTS"); !dir.isEmpty())
    window.grab().save(QDir(dir).filePath(name));
}

/// `text` written to DIR/name, for File > Open kernel.
QString writeKernel(const QTemporaryDir& dir, const QString& name, const std::string& text) {
  const QString path = dir.filePath(name);
  QFile out(path);
  EXPECT_TRUE(out.open(QIODevice::WriteOnly));
  out.write(QByteArray::fromStdString(text));
  return path;
}

/// The window as the application builds it: a RunController whose worker thread makes the worker
/// session, and the window over it on the quick lab on cuda:0, shown (offscreen).
struct GpuWindow {
  static ui::StartupChoice quickLabOnGpu() {
    ui::StartupChoice startup;
    startup.labId = QString::fromLatin1(kQuickLab);
    startup.deviceId = QString::fromLatin1(kGpu);
    return startup;
  }
  RunController runs{[] { return worker::makeWorkerSession(); }};
  MainWindow window{&runs, quickLabOnGpu()};
  QSignalSpy displayed{&window, &MainWindow::resultDisplayed};
  QSignalSpy errors{&window, &MainWindow::runErrorShown};

  GpuWindow() { window.show(); }
  /// What the window says, for a failing assertion's message.
  [[nodiscard]] std::string state() const {
    return "message bar: '" + window.messageBar()->text().toStdString() + "', status: '" +
           window.runStatusBar()->statusText().toStdString() + "'";
  }
  /// Waits for the runs queued to end (false after kRunMs).
  bool idle() { return QTest::qWaitFor([&] { return !runs.isBusy(); }, kRunMs); }
};

}  // namespace

TEST(WindowGpuFaults, ThreeKernelFaultsInARowKeepThePinAndTheValuesAndANewWorkerMeasures) {
  const std::unique_ptr<ScopedEnv> cli = pointAtTheWorker();
  const ScopedEnv fault("WARPSCOPE_TEST_KERNEL_FAULT", QByteArray("out-of-bounds:") + kFaultingLab);
  bool workerStarted = false;
  if (const std::string why = whyNoGpu(&workerStarted); !why.empty()) {
    if (!workerStarted) FAIL() << "the GPU worker did not start (is warpscope-cli beside this test?): " << why;
    GTEST_SKIP() << "no CUDA device: " << why;
  }

  GpuWindow gpu;
  RunController& runs = gpu.runs;
  MainWindow& window = gpu.window;
  QSignalSpy& displayed = gpu.displayed;
  QSignalSpy& errors = gpu.errors;
  const auto state = [&] { return gpu.state(); };
  const auto idle = [&] { return gpu.idle(); };

  // 1. The quick lab's first sweep, measured on cuda:0.
  ASSERT_TRUE(QTest::qWaitFor([&] { return displayed.count() + errors.count() >= 1; }, kRunMs)) << state();
  ASSERT_TRUE(idle()) << state();
  ASSERT_EQ(errors.count(), 0) << state();
  ASSERT_EQ(window.currentDeviceId(), QString::fromLatin1(kGpu));
  ASSERT_NE(window.shownResult(), nullptr);
  EXPECT_EQ(window.shownResult()->provenance, Provenance::Measured);

  // 2. The user sets two values (a focus one, then a sweep one: one sweep runs with both), and
  // pins what comes back.
  ParamControl* threads = window.paramPanel()->control(QStringLiteral("threads_per_block"));
  ParamControl* blocks = window.paramPanel()->control(QStringLiteral("blocks_per_sm"));
  const double threadsSet = 512;
  const double blocksSet = 2;
  displayed.clear();
  ASSERT_NO_FATAL_FAILURE(drag(threads, threadsSet));
  ASSERT_NO_FATAL_FAILURE(drag(blocks, blocksSet));
  ASSERT_TRUE(runs.isBusy());
  ASSERT_TRUE(idle()) << state();
  ASSERT_EQ(errors.count(), 0) << state();
  ASSERT_GE(displayed.count(), 1);
  ASSERT_NE(window.shownResult(), nullptr);
  EXPECT_EQ(param(*window.shownResult(), "threads_per_block"), threadsSet);
  EXPECT_EQ(param(*window.shownResult(), "blocks_per_sm"), blocksSet);
  const RunResult pinned = *window.shownResult();
  window.pinShownResult();
  ASSERT_TRUE(window.messageBar()->text().startsWith(QStringLiteral("Pinned: "))) << state();

  // 3. The faulting lab on cuda:0, three runs in a row (selecting it, moving a slider, Run
  // again), each ending its worker; the window says so each time and keeps answering.
  const int resultsBeforeFaults = static_cast<int>(displayed.count());
  const EventLoopWatch watch;
  const auto expectFault = [&](int n) {
    ASSERT_TRUE(runs.isBusy()) << "fault " << n << ": a run was queued";
    ASSERT_TRUE(idle()) << "fault " << n << ": " << state();
    ASSERT_EQ(errors.count(), n) << state();
    const RunError error = errors.at(n - 1).at(0).value<RunError>();
    std::cout << "  fault " << n << ": " << error.message << "\n";
    EXPECT_EQ(error.kind, RunError::Kind::Device);
    EXPECT_TRUE(error.deviceContextLost) << error.message;
    EXPECT_NE(error.message.find("illegal"), std::string::npos) << error.message;
    const QString bar = window.messageBar()->text();
    EXPECT_TRUE(window.messageBar()->isVisible());
    EXPECT_EQ(window.messageBar()->level(), ui::MessageBar::Level::Error);
    EXPECT_TRUE(bar.contains(QStringLiteral("The GPU worker ended with its CUDA context"))) << bar.toStdString();
    EXPECT_TRUE(bar.contains(QStringLiteral("the next run starts a new one"))) << bar.toStdString();
    EXPECT_TRUE(window.runStatusBar()->statusText().startsWith(QStringLiteral("Run failed"))) << state();
    EXPECT_FALSE(window.runStatusBar()->cancelButton()->isEnabled()) << "idle again, nothing left to cancel";
    EXPECT_TRUE(window.isVisible());
    EXPECT_EQ(window.currentLabId(), QString::fromLatin1(kFaultingLab));
    EXPECT_EQ(window.currentDeviceId(), QString::fromLatin1(kGpu));
  };
  ASSERT_TRUE(window.selectLab(QString::fromLatin1(kFaultingLab)));
  ASSERT_NO_FATAL_FAILURE(expectFault(1));
  ParamControl* elements = window.paramPanel()->control(QStringLiteral("elements_per_thread"));
  const double elementsSet = 4;
  ASSERT_NO_FATAL_FAILURE(drag(elements, elementsSet));
  ASSERT_NO_FATAL_FAILURE(expectFault(2));
  window.rerun();
  ASSERT_NO_FATAL_FAILURE(expectFault(3));
  EXPECT_EQ(elements->value(), elementsSet) << "the faulting lab's value survives its faults";
  EXPECT_EQ(displayed.count(), resultsBeforeFaults) << "no result came from the faulting lab";
  EXPECT_LT(watch.longestGapMs(), 2000) << "the window's event loop stalled while workers died and restarted";
  saveArtifact(window, QStringLiteral("window_after_three_faults.png"));

  // 4. Back to the quick lab: its values come back, and its sweep runs on a new worker (the run
  // says the last one had ended), drawn over the pin, which is the run pinned before the faults.
  displayed.clear();
  ASSERT_TRUE(window.selectLab(QString::fromLatin1(kQuickLab)));
  EXPECT_EQ(window.paramPanel()->control(QStringLiteral("threads_per_block"))->value(), threadsSet);
  EXPECT_EQ(window.paramPanel()->control(QStringLiteral("blocks_per_sm"))->value(), blocksSet);
  ASSERT_TRUE(runs.isBusy());
  ASSERT_TRUE(idle()) << state();
  ASSERT_EQ(errors.count(), 3) << state();
  ASSERT_GE(displayed.count(), 1);
  const RunResult* shown = window.shownResult();
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(shown->labId, kQuickLab);
  EXPECT_EQ(shown->deviceId, kGpu);
  EXPECT_EQ(shown->provenance, Provenance::Measured);
  EXPECT_EQ(param(*shown, "threads_per_block"), threadsSet);
  EXPECT_EQ(param(*shown, "blocks_per_sm"), blocksSet);
  EXPECT_TRUE(anyNoteHas(*shown, "a new GPU worker was started")) << "measured by a new worker";
  EXPECT_FALSE(window.messageBar()->isVisible()) << "a good run clears the error: " << state();
  ASSERT_NE(window.displayedResult(), nullptr);
  // withPinned appends the pinned run's series after the shown ones, in the pinned run's order.
  ASSERT_FALSE(pinned.views.empty());
  const View& pinnedView = pinned.views.front();
  const View* drawn = window.displayedResult()->findView(pinnedView.id);
  const View* measured = shown->findView(pinnedView.id);
  ASSERT_NE(drawn, nullptr);
  ASSERT_NE(measured, nullptr);
  std::vector<const Series*> expected;
  for (const Series& s : pinnedView.series)
    if (s.comparesWith.empty()) expected.push_back(&s);
  ASSERT_EQ(drawn->series.size(), measured->series.size() + expected.size()) << "every series of the pinned run is drawn";
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const Series& overlay = drawn->series[measured->series.size() + k];
    const Series& original = *expected[k];
    EXPECT_EQ(overlay.comparesWith, original.name);
    ASSERT_EQ(overlay.points.size(), original.points.size()) << overlay.name;
    for (std::size_t i = 0; i < overlay.points.size(); ++i) {
      EXPECT_EQ(overlay.points[i].x, original.points[i].x) << overlay.name;
      EXPECT_EQ(overlay.points[i].y, original.points[i].y) << overlay.name << ": the pin is the run pinned before the faults";
    }
  }
  saveArtifact(window, QStringLiteral("window_back_after_faults.png"));

  // 5. One more run of it: measured again, by the same (new) worker this time.
  displayed.clear();
  window.rerun();
  ASSERT_TRUE(runs.isBusy());
  ASSERT_TRUE(idle()) << state();
  ASSERT_EQ(errors.count(), 3) << state();
  ASSERT_EQ(displayed.count(), 1);
  ASSERT_NE(window.shownResult(), nullptr);
  EXPECT_EQ(window.shownResult()->provenance, Provenance::Measured);
  EXPECT_FALSE(anyNoteHas(*window.shownResult(), "a new GPU worker was started")) << "the new worker stayed";
}

// Issue 33: the user's own kernel in the window over the real GPU worker. A kernel that writes
// through a wild pointer and one that never ends (its header's budget: 300 ms) each end only their
// worker: the window says which kernel with which values, keeps answering, keeps the file open,
// and the next kernel is measured by a new worker.
TEST(WindowGpuFaults, AUserKernelThatFaultsOrNeverEndsCostsOnlyItsWorkerAndTheNextKernelIsMeasured) {
  const std::unique_ptr<ScopedEnv> cli = pointAtTheWorker();
  bool workerStarted = false;
  if (const std::string why = whyNoGpu(&workerStarted); !why.empty()) {
    if (!workerStarted) FAIL() << "the GPU worker did not start (is warpscope-cli beside this test?): " << why;
    GTEST_SKIP() << "no CUDA device: " << why;
  }
  QTemporaryDir dir;
  const QString reduction =
      writeKernel(dir, QStringLiteral("reduction.cu"), test::kernelExample("reduction.cu").text);
  const QString wild = writeKernel(dir, QStringLiteral("wild.cu"), kFaultingKernel);
  const QString spin = writeKernel(dir, QStringLiteral("spin.cu"), kEndlessKernel);

  GpuWindow gpu;
  MainWindow& window = gpu.window;
  QSignalSpy& displayed = gpu.displayed;
  QSignalSpy& errors = gpu.errors;
  const auto state = [&] { return gpu.state(); };
  const auto idle = [&] { return gpu.idle(); };
  ASSERT_TRUE(QTest::qWaitFor([&] { return displayed.count() + errors.count() >= 1; }, kRunMs)) << state();
  ASSERT_TRUE(idle()) << state();

  // 1. The reduction example, measured, with its focus variant's SASS.
  displayed.clear();
  ASSERT_TRUE(window.openKernelFile(reduction).isEmpty()) << state();
  ASSERT_TRUE(idle()) << state();
  ASSERT_EQ(errors.count(), 0) << state();
  ASSERT_GE(displayed.count(), 1);
  ASSERT_NE(window.shownResult(), nullptr);
  EXPECT_EQ(window.shownResult()->kernel.fileName, "reduction.cu");
  EXPECT_EQ(window.shownResult()->provenance, Provenance::Measured);
  const View* sass = window.shownResult()->findView("sass");
  ASSERT_NE(sass, nullptr);
  std::cout << "  SASS: " << sass->listing.caption << "\n";
  // Where the toolkit's cuobjdump is (the GPU machine), the listing holds the kernel's instructions.
  if (QFileInfo::exists(QStringLiteral("/usr/local/cuda/bin/cuobjdump"))) {
    EXPECT_GT(sass->listing.lines.size(), 20u) << sass->listing.caption;
  }
  saveArtifact(window, QStringLiteral("window_user_kernel_measured.png"));

  // 2. The faulting kernel, then the endless one: each run ends its worker and says so by name.
  const EventLoopWatch watch;
  const auto expectLost = [&](int n, const QString& path, const std::string& named, const std::string& why) {
    ASSERT_TRUE(window.openKernelFile(path).isEmpty()) << "the header is valid: " << state();
    ASSERT_TRUE(idle()) << state();
    ASSERT_EQ(errors.count(), n) << state();
    const RunError error = errors.at(n - 1).at(0).value<RunError>();
    std::cout << "  " << named << ": " << error.message << "\n";
    EXPECT_TRUE(error.deviceContextLost) << error.message;
    EXPECT_NE(error.message.find(named), std::string::npos) << error.message;
    EXPECT_NE(error.message.find(why), std::string::npos) << error.message;
    EXPECT_EQ(window.messageBar()->level(), ui::MessageBar::Level::Error);
    EXPECT_TRUE(window.messageBar()->text().contains(QStringLiteral("The GPU worker ended with its CUDA context")))
        << state();
    EXPECT_TRUE(window.isVisible());
    EXPECT_EQ(window.currentLabId(), QStringLiteral("user-kernel"));
    EXPECT_TRUE(window.labList()->currentItem()->text().contains(QFileInfo(path).fileName()))
        << "the file stays open, to be fixed and reloaded";
  };
  ASSERT_NO_FATAL_FAILURE(expectLost(1, wild, "wild with N 1024", "illegal"));
  ASSERT_NO_FATAL_FAILURE(expectLost(2, spin, "spin with N 1024", "budget of 300 ms"));
  EXPECT_LT(watch.longestGapMs(), 2000) << "the window's event loop stalled while the workers ended";
  saveArtifact(window, QStringLiteral("window_user_kernel_after_budget.png"));

  // 3. The reduction again: measured by a new worker.
  displayed.clear();
  ASSERT_TRUE(window.openKernelFile(reduction).isEmpty()) << state();
  ASSERT_TRUE(idle()) << state();
  ASSERT_EQ(errors.count(), 2) << state();
  ASSERT_GE(displayed.count(), 1);
  ASSERT_NE(window.shownResult(), nullptr);
  EXPECT_EQ(window.shownResult()->provenance, Provenance::Measured);
  EXPECT_TRUE(anyNoteHas(*window.shownResult(), "a new GPU worker was started"));
  // The bar now says the file was opened (information), not the error.
  EXPECT_NE(window.messageBar()->level(), ui::MessageBar::Level::Error) << "a good run clears the error: " << state();
  EXPECT_FALSE(window.messageBar()->text().contains(QStringLiteral("GPU worker ended"))) << state();
}

}  // namespace warpscope::test
