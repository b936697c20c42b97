// The user's own kernel in the window (issue 33): File > Open kernel... makes the file's header the
// controls and sends the file's text with every run; a header that cannot be used is said in the
// message bar naming its line, and nothing on screen changes; reopening the file keeps the values
// still valid.
#include <gtest/gtest.h>

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <algorithm>
#include <sstream>
#include <string>

#include "add_slide_dialog.h"
#include "chart_panel.h"
#include "lab_list.h"
#include "lecture_navigator.h"
#include "message_bar.h"
#include "param_panel.h"
#include "qt_text.h"
#include "scale_kernel.h"
#include "warpscope/lecture_file.h"
#include "warpscope/registry.h"
#include "warpscope/writers.h"
#include "window_fixture.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

const char* const kKernel = test::kScaleKernel;

QString writeFile(const QTemporaryDir& dir, const QString& name, const std::string& text) {
  const QString path = dir.filePath(name);
  QFile out(path);
  EXPECT_TRUE(out.open(QIODevice::WriteOnly));
  out.write(QByteArray::fromStdString(text));
  return path;
}

}  // namespace

TEST(KernelWindow, OpeningAKernelMakesItsHeaderTheControlsAndSendsItsTextWithEachRun) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  QTemporaryDir dir;
  const QString path = writeFile(dir, QStringLiteral("scale.cu"), kKernel);
  ASSERT_TRUE(f.window.openKernelFile(path).isEmpty()) << fromQ(f.window.messageBar()->text());
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.window.currentLabId(), QStringLiteral("user-kernel"));
  const ParamSet values = f.window.paramPanel()->values();
  EXPECT_EQ(values.get("BLOCK"), 128);
  EXPECT_EQ(values.get("N"), 2048);
  ASSERT_GT(f.state->runCount(), 0u);
  const RunRequest last = f.state->run(f.state->runCount() - 1);
  EXPECT_EQ(last.labId, "user-kernel");
  EXPECT_EQ(last.kernel.fileName, "scale.cu");
  EXPECT_EQ(last.kernel.text, kKernel);
  // The list names the open file, not the example the lab opens with.
  EXPECT_TRUE(f.window.labList()->currentItem()->text().contains(QStringLiteral("scale.cu")))
      << fromQ(f.window.labList()->currentItem()->text());
}

TEST(KernelWindow, AHeaderThatCannotBeUsedIsSaidWithItsLineAndNothingChanges) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  const QString labBefore = f.window.currentLabId();
  const ParamSet valuesBefore = f.window.paramPanel()->values();
  const size_t runsBefore = f.state->runCount();
  QTemporaryDir dir;
  std::string bad = kKernel;
  bad.replace(bad.find("default 128"), 11, "default 100");
  const QString message = f.window.openKernelFile(writeFile(dir, QStringLiteral("bad.cu"), bad));
  EXPECT_TRUE(message.contains(QStringLiteral("line 3"))) << fromQ(message);
  EXPECT_EQ(f.window.messageBar()->level(), MessageBar::Level::Error);
  EXPECT_EQ(f.window.currentLabId(), labBefore);
  EXPECT_EQ(f.window.paramPanel()->values(), valuesBefore);
  EXPECT_EQ(f.state->runCount(), runsBefore);
}

TEST(KernelWindow, ReopeningTheFileAfterAnEditKeepsTheValuesStillValid) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  QTemporaryDir dir;
  const QString path = writeFile(dir, QStringLiteral("scale.cu"), kKernel);
  ASSERT_TRUE(f.window.openKernelFile(path).isEmpty());
  ASSERT_TRUE(f.waitIdle());
  ParamSet values = f.window.paramPanel()->values();
  values.set("BLOCK", 256);
  values.set("N", 4096);
  f.window.paramPanel()->setValues(values);
  // The edit drops 4K from N's range: BLOCK keeps 256, N falls back to its default.
  std::string edited = kKernel;
  edited.replace(edited.find("1K..4K"), 6, "1K..2K");
  writeFile(dir, QStringLiteral("scale.cu"), edited);
  f.window.reloadKernelFile();
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.window.paramPanel()->values().get("BLOCK"), 256);
  EXPECT_EQ(f.window.paramPanel()->values().get("N"), 2048);
  EXPECT_EQ(f.state->run(f.state->runCount() - 1).kernel.text, edited);
}

TEST(KernelWindow, ASavedRunOfAKernelOpensWithThatKernelsControls) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  // A run of a kernel whose params are not those of the example the lab opens with.
  RunResult run;
  run.labId = "user-kernel";
  run.deviceId = test::kFakeDeviceId;
  run.deviceName = "A GPU";
  run.provenance = Provenance::Measured;
  run.kernel = {"scale.cu", kKernel};
  run.params = {{"BLOCK", 256}, {"N", 1024}};
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("scale-run.json"));
  {
    std::ostringstream text;
    makeJsonWriter()->write(run, text);
    writeFile(dir, QStringLiteral("scale-run.json"), text.str());
  }
  ASSERT_TRUE(f.window.openRunFile(path).isEmpty()) << fromQ(f.window.messageBar()->text());
  EXPECT_EQ(f.window.currentLabId(), QStringLiteral("user-kernel"));
  EXPECT_EQ(f.window.paramPanel()->values().get("BLOCK"), 256);
  EXPECT_EQ(f.window.paramPanel()->values().get("N"), 1024);
  // Run > Run again runs that kernel, not the example.
  const size_t runsBefore = f.state->runCount();
  f.window.rerun();
  ASSERT_TRUE(f.waitIdle());
  ASSERT_GT(f.state->runCount(), runsBefore);
  EXPECT_EQ(f.state->run(f.state->runCount() - 1).kernel.text, kKernel);
}

// File > Open example kernel: the lab's shipped examples open as a file would, without one.
TEST(KernelWindow, AnExampleKernelOpensFromTheMenuWithItsControlsAndText) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  QAction* transpose = nullptr;
  for (QAction* menu : f.window.menuBar()->actions())
    if (menu->menu())
      for (QAction* item : menu->menu()->actions())
        if (item->menu() && QString(item->text()).remove(QLatin1Char('&')).contains(QStringLiteral("example kernel")))
          for (QAction* example : item->menu()->actions())
            if (example->text() == QStringLiteral("transpose.cu")) transpose = example;
  ASSERT_NE(transpose, nullptr) << "File > Open example kernel > transpose.cu";
  transpose->trigger();
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.window.currentLabId(), QStringLiteral("user-kernel"));
  EXPECT_NE(f.window.paramPanel()->control(QStringLiteral("variant")), nullptr);
  EXPECT_TRUE(f.window.messageBar()->text().startsWith(QStringLiteral("Opened the example transpose.cu")))
      << fromQ(f.window.messageBar()->text());
  const RunRequest last = f.state->run(f.state->runCount() - 1);
  EXPECT_EQ(last.kernel.fileName, "transpose.cu");
  EXPECT_NE(last.kernel.text.find("transpose"), std::string::npos);
  EXPECT_FALSE(f.window.openExampleKernel(QStringLiteral("nothing.cu")).isEmpty()) << "an unknown name is said";
}

// Lecture > Add this view as a slide of your kernel: the slide carries the kernel's text, so the
// lecture file is all a class needs. It reopens, with another kernel on screen, with the slide's
// kernel's controls at the slide's values (a named choice by its name), and its runs send that text.
TEST(KernelWindow, AViewOfYourKernelBecomesASlideThatCarriesTheKernelAndReopensWithItsControls) {
  QTemporaryDir lectures;
  qputenv("WARPSCOPE_LECTURES_DIR", lectures.path().toUtf8());
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  ASSERT_TRUE(f.window.openExampleKernel(QStringLiteral("transpose.cu")).isEmpty());
  ASSERT_TRUE(f.waitIdle());
  const std::string transposeText = f.state->run(f.state->runCount() - 1).kernel.text;
  ParamSet values = f.window.paramPanel()->values();
  values.set("variant", 1);  // tiled
  values.set("ROWS", 16);
  f.window.paramPanel()->setValues(values);
  NewSlideText text;
  text.newLectureTitle = QStringLiteral("My kernels");
  text.title = QStringLiteral("Tiled: coalesced, with bank conflicts");
  text.claim = QStringLiteral("The tile's columns fall in one bank.");
  ASSERT_EQ(f.window.addViewAsSlide(text), QString()) << fromQ(f.window.messageBar()->text());
  const QString viewOfSlide = f.window.chartPanel()->currentViewId();
  const Lecture saved = readLectureFile(LabRegistry::builtin(), fromQ(lectures.filePath(QStringLiteral("my-kernels.json"))));
  ASSERT_EQ(saved.ownSlides.size(), 1u);
  const OwnSlide& slide = saved.ownSlides[0];
  EXPECT_EQ(slide.kernel.fileName, "transpose.cu");
  EXPECT_EQ(slide.kernel.text, transposeText);
  EXPECT_NE(std::find(slide.preset.settings.begin(), slide.preset.settings.end(), "variant=tiled"), slide.preset.settings.end());
  EXPECT_NE(slide.preset.source.find("transpose.cu"), std::string::npos) << slide.preset.source;

  // Another kernel on screen, from a file, then the lecture.
  QTemporaryDir dir;
  ASSERT_TRUE(f.window.openKernelFile(writeFile(dir, QStringLiteral("scale.cu"), kKernel)).isEmpty());
  ASSERT_TRUE(f.waitIdle());
  ASSERT_TRUE(f.window.openLecture(QStringLiteral("my-kernels")));
  ASSERT_TRUE(f.waitIdle());
  EXPECT_EQ(f.window.currentLabId(), QStringLiteral("user-kernel"));
  EXPECT_EQ(f.window.paramPanel()->control(QStringLiteral("BLOCK")), nullptr) << "the scale's controls are gone";
  ASSERT_NE(f.window.paramPanel()->control(QStringLiteral("variant")), nullptr);
  EXPECT_EQ(f.window.paramPanel()->values().get("variant"), 1);
  EXPECT_EQ(f.window.paramPanel()->values().get("ROWS"), 16);
  EXPECT_EQ(f.window.chartPanel()->currentViewId(), viewOfSlide);
  const RunRequest last = f.state->run(f.state->runCount() - 1);
  EXPECT_EQ(last.kernel.fileName, "transpose.cu");
  EXPECT_EQ(last.kernel.text, transposeText);
  EXPECT_EQ(last.params.get("ROWS"), 16);
  EXPECT_TRUE(f.window.labList()->currentItem()->text().contains(QStringLiteral("transpose.cu")));
  qunsetenv("WARPSCOPE_LECTURES_DIR");
}
