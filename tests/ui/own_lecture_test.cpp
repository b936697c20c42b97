// Lectures of your own in the window (issue 30): the view on screen becomes a slide of a new
// lecture in the user's folder, which reopens at that lab, parameters and view; slides move and go
// away, each change saved at once; a broken file in the folder is named and the rest offered.
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QSlider>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "add_slide_dialog.h"
#include "chart_panel.h"
#include "controllers/run_controller.h"
#include "lecture_navigator.h"
#include "lecture_panel.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_control.h"
#include "param_panel.h"
#include "qt_text.h"
#include "warpscope/lecture_file.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// The user's lectures folder pointed at a fresh temporary one for the test's life.
struct OwnFolder {
  QTemporaryDir dir;
  OwnFolder() { qputenv("WARPSCOPE_LECTURES_DIR", dir.path().toUtf8()); }
  ~OwnFolder() { qunsetenv("WARPSCOPE_LECTURES_DIR"); }
};

struct Window {
  RunController runs{[] { return std::make_unique<Session>(); }};
  MainWindow window;
  explicit Window(StartupChoice startup = startupOnModel()) : window(&runs, std::move(startup)) { window.show(); }
  static StartupChoice startupOnModel() {
    StartupChoice s;
    s.deviceId = QStringLiteral("sim:h200");
    s.labId = QStringLiteral("latency-arith");
    return s;
  }
  bool idle() {
    return QTest::qWaitFor([&] { return !runs.isBusy() && window.shownResult(); }, 20000);
  }
};

/// Sets a parameter as a user does (its drop-down or its slider), which runs the lab.
void setAsUser(MainWindow& window, const QString& id, double value) {
  ParamControl* control = window.paramPanel()->control(id);
  ASSERT_NE(control, nullptr);
  if (QComboBox* box = control->comboBox()) {
    box->setCurrentIndex(box->findData(value));
  } else {
    const ParamSpec& spec = control->spec();
    control->slider()->setValue(static_cast<int>((value - spec.min) / spec.step + 0.5));
  }
}

NewSlideText slideText(const QString& title) {
  NewSlideText t;
  t.newLectureTitle = QStringLiteral("My ILP talk");
  t.title = title;
  t.claim = QStringLiteral("Eight chains per thread need few warps.");
  t.question = QStringLiteral("How much of the peak at 64 threads?");
  t.answers = {QStringLiteral("Under a quarter"), QStringLiteral("Over half")};
  return t;
}

}  // namespace

TEST(OwnLecture, TheViewOnScreenBecomesASlideOfANewLectureThatReopensAsIt) {
  OwnFolder folder;
  Window w;
  ASSERT_TRUE(w.idle());
  setAsUser(w.window, QStringLiteral("ilp"), 8);
  ASSERT_TRUE(QTest::qWaitFor([&] { return !w.runs.isBusy() && w.window.shownResult()->params.at("ilp") == 8; }, 20000));
  ASSERT_TRUE(w.window.chartPanel()->selectView(QStringLiteral("fraction-vs-ilp")));
  ASSERT_EQ(w.window.addViewAsSlide(slideText(QStringLiteral("ILP 8"))), QString());
  const QString file = folder.dir.filePath(QStringLiteral("my-ilp-talk.json"));
  ASSERT_TRUE(QFileInfo::exists(file)) << "saved at once in the user's folder";
  const Lecture* mine = w.window.offeredLectures().find("my-ilp-talk");
  ASSERT_NE(mine, nullptr);
  EXPECT_EQ(mine->file, fromQ(file));
  EXPECT_GE(w.window.lecturePanel()->lectureChooser()->findText(QStringLiteral("My ILP talk (yours)")), 0);
  bool inMenu = false;  // and in the Lecture menu
  for (QAction* a : w.window.findChildren<QAction*>()) inMenu = inMenu || a->text() == QStringLiteral("My ILP talk (yours)");
  EXPECT_TRUE(inMenu);
  // A second slide into the same lecture, at other values.
  setAsUser(w.window, QStringLiteral("ilp"), 1);
  ASSERT_TRUE(QTest::qWaitFor([&] { return !w.runs.isBusy() && w.window.shownResult()->params.at("ilp") == 1; }, 20000));
  NewSlideText second = slideText(QStringLiteral("ILP 1"));
  second.lectureId = QStringLiteral("my-ilp-talk");
  ASSERT_EQ(w.window.addViewAsSlide(second), QString());
  EXPECT_EQ(readLectureFile(LabRegistry::builtin(), fromQ(file)).presetIds.size(), 2u);

  // Opened, the first slide stands at its lab, parameters and view.
  ASSERT_TRUE(w.window.openLecture(QStringLiteral("my-ilp-talk")));
  ASSERT_TRUE(w.idle());
  const PresetRef first = w.window.lectureNavigator()->current();
  ASSERT_TRUE(first);
  EXPECT_EQ(first.preset->title, "ILP 8");
  EXPECT_EQ(w.window.paramPanel()->values().get("ilp"), 8);
  EXPECT_EQ(w.window.chartPanel()->currentViewId(), QStringLiteral("fraction-vs-ilp"));

  // Move the second slide up, then remove the first: each saved at once.
  ASSERT_EQ(w.window.editOwnLecture(QStringLiteral("my-ilp-talk"), 1, 0, false), QString());
  Lecture saved = readLectureFile(LabRegistry::builtin(), fromQ(file));
  EXPECT_EQ(lectureSlide(LabRegistry::builtin(), saved, 0).preset->title, "ILP 1");
  ASSERT_EQ(w.window.editOwnLecture(QStringLiteral("my-ilp-talk"), 0, 0, true), QString());
  saved = readLectureFile(LabRegistry::builtin(), fromQ(file));
  ASSERT_EQ(saved.presetIds.size(), 1u);
  EXPECT_EQ(lectureSlide(LabRegistry::builtin(), saved, 0).preset->title, "ILP 8");
  EXPECT_NE(w.window.editOwnLecture(QStringLiteral("my-ilp-talk"), 0, 0, true), QString()) << "the last slide stays";
  EXPECT_NE(w.window.editOwnLecture(QStringLiteral("volkov-lower-occupancy"), 0, 1, false), QString())
      << "a shipped lecture is not edited";
}

TEST(OwnLecture, ABrokenFileInTheFolderIsNamedAndTheOthersAreOffered) {
  OwnFolder folder;
  Lecture good = LectureLibrary::builtin().lectures().front();
  good.id = "my-copy";
  writeLectureFile(good, fromQ(folder.dir.filePath(QStringLiteral("a.json"))));
  QFile broken(folder.dir.filePath(QStringLiteral("b.json")));
  ASSERT_TRUE(broken.open(QIODevice::WriteOnly));
  broken.write("{\"format\": 1");
  broken.close();
  Window w;
  EXPECT_NE(w.window.offeredLectures().find("my-copy"), nullptr);
  EXPECT_TRUE(w.window.messageBar()->text().contains(QStringLiteral("b.json"))) << w.window.messageBar()->text().toStdString();
  // And one named on the command line is offered too; an id already taken is named, not doubled.
  StartupChoice withFile = Window::startupOnModel();
  withFile.lectureFiles = {folder.dir.filePath(QStringLiteral("a.json"))};
  Window again(withFile);
  EXPECT_TRUE(again.window.messageBar()->text().contains(QStringLiteral("another lecture's")));
}

TEST(OwnLecture, TheDialogAsksForWhatASlideNeeds) {
  AddSlideDialog dialog({{QStringLiteral("my-talk"), QStringLiteral("My talk")}}, QString(), QStringLiteral("Hiding arithmetic latency"));
  // It fits a 1280x720 screen (a laptop on a projector's resolution).
  EXPECT_LE(dialog.sizeHint().height(), 700);
  EXPECT_LE(dialog.sizeHint().width(), 1280);
  if (const QString shots = qEnvironmentVariable("WARPSCOPE_TEST_SHOTS"); !shots.isEmpty()) {
    dialog.show();
    dialog.grab().save(shots + QStringLiteral("/add-slide-dialog.png"));
  }
  EXPECT_EQ(dialog.problem(), QStringLiteral("Give the new lecture a title."));
  dialog.field(QStringLiteral("newLecture"))->setText(QStringLiteral("Mine"));
  EXPECT_EQ(dialog.problem(), QStringLiteral("Write the slide's claim."));
}
