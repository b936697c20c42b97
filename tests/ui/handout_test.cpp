// Handouts (issue 30): `warpscope-cli handout` runs a lecture's slides and the window program lays
// them out as a PDF: a cover, a page a slide (claim, figure, verdict, question), optionally a page
// of prediction boxes a slide first; every slide's run rides along and reopens by page. The text
// is read back with pdftotext (poppler-utils, which scripts/install-deps.sh installs).
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "handout.h"
#include "kernel_lecture.h"
#include "qt_text.h"
#include "warpscope/lecture_file.h"
#include "warpscope/lectures.h"
#include "warpscope/recording.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"
#include "warpscope/slide_check.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// The PDF's text, pages split on form feeds, whitespace collapsed ("" pages: pdftotext missing).
QStringList pdfPages(const QString& path) {
  const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
  if (tool.isEmpty()) return {};
  QProcess p;
  p.start(tool, {path, QStringLiteral("-")});
  if (!p.waitForFinished(60000) || p.exitCode() != 0) return {};
  QStringList pages = QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\f'));
  if (!pages.isEmpty() && pages.last().trimmed().isEmpty()) pages.removeLast();
  // The PDF's fonts set "fi" and "fl" as ligatures; pdftotext gives them back as one character.
  for (QString& page : pages)
    page = page.replace(QChar(0xFB01), QStringLiteral("fi")).replace(QChar(0xFB02), QStringLiteral("fl"))
               .replace(QChar(0xFB00), QStringLiteral("ff")).replace(QChar(0xFB03), QStringLiteral("ffi"))
               .replace(QChar(0xFB04), QStringLiteral("ffl")).simplified();
  return pages;
}

/// Letters and digits only: pdftotext joins a word broken at a hyphen or slash across lines
/// ("instruction-bound" reads "instructionbound"), so texts are compared without the rest.
QString flat(const QString& text) {
  QString out;
  for (const QChar c : text)
    if (c.isLetterOrNumber()) out += c.toLower();
  return out;
}

int runCli(const QStringList& args, QString* output) {
  QProcess p;
  p.setProcessChannelMode(QProcess::MergedChannels);
  p.start(QStringLiteral(WARPSCOPE_SLURM_TEST_CLI), args);
  if (!p.waitForFinished(300000)) return -1;
  *output = QString::fromUtf8(p.readAll());
  return p.exitCode();
}

const Lecture& tuning() { return LectureLibrary::builtin().get("performance-tuning-2"); }

}  // namespace

TEST(Handout, TheCliWritesACoverAndAPageASlideWhoseTextAndRunsReadBack) {
  QTemporaryDir dir;
  const QString pdf = dir.filePath(QStringLiteral("tuning.pdf"));
  QString output;
  ASSERT_EQ(runCli({QStringLiteral("handout"), QStringLiteral("--lecture"), toQ(tuning().id), QStringLiteral("--device"),
                    QStringLiteral("sim:h200"), QStringLiteral("--out"), pdf},
                   &output),
            0)
      << output.toStdString();
  const int slides = static_cast<int>(tuning().presetIds.size());
  EXPECT_TRUE(output.contains(QStringLiteral("(%1 pages)").arg(1 + slides))) << output.toStdString();
  // Every slide's run reopens from its page (the cover is page 1).
  for (int i = 0; i < slides; ++i) {
    const Recording run = readRunFile(fromQ(pdf), 2 + i);
    EXPECT_EQ(run.presetId, tuning().presetIds[static_cast<std::size_t>(i)]) << "page " << 2 + i;
  }
  EXPECT_THROW((void)readRunFile(fromQ(pdf), 1), BadInputError) << "the cover has no figure";
  const QStringList pages = pdfPages(pdf);
  if (pages.isEmpty()) GTEST_SKIP() << "pdftotext (poppler-utils) is not installed: the text is not read back";
  ASSERT_EQ(pages.size(), 1 + slides);
  EXPECT_TRUE(flat(pages[0]).contains(flat(toQ(tuning().title))));
  EXPECT_TRUE(pages[0].contains(QStringLiteral("Simulated: H200"))) << pages[0].toStdString();
  for (int i = 0; i < slides; ++i) {
    const PresetRef ref = findPreset(LabRegistry::builtin(), tuning().presetIds[static_cast<std::size_t>(i)]);
    const QString& page = pages[1 + i];
    SCOPED_TRACE(ref.preset->id);
    EXPECT_TRUE(flat(page).contains(flat(toQ(ref.preset->claim)))) << page.toStdString();
    EXPECT_TRUE(page.contains(QStringLiteral("Holds on"))) << "the verdict with its numbers";
    EXPECT_TRUE(flat(page).contains(flat(toQ(ref.preset->question))));
    EXPECT_TRUE(page.contains(QStringLiteral("The data: ")));
  }
}

TEST(Handout, PredictionPagesComeFirstAndThePagesRunsFollowThem) {
  QTemporaryDir dir;
  const QString pdf = dir.filePath(QStringLiteral("tuning.pdf"));
  QString output;
  ASSERT_EQ(runCli({QStringLiteral("handout"), QStringLiteral("--lecture"), toQ(tuning().id), QStringLiteral("--device"),
                    QStringLiteral("sim:h200"), QStringLiteral("--out"), pdf, QStringLiteral("--prediction-boxes")},
                   &output),
            0)
      << output.toStdString();
  const int slides = static_cast<int>(tuning().presetIds.size());
  EXPECT_EQ(readRunFile(fromQ(pdf), 2 + slides).presetId, tuning().presetIds.front());
  const QStringList pages = pdfPages(pdf);
  if (pages.isEmpty()) GTEST_SKIP() << "pdftotext (poppler-utils) is not installed: the text is not read back";
  ASSERT_EQ(pages.size(), 1 + 2 * slides);
  EXPECT_TRUE(pages[1].contains(QStringLiteral("Before class")));
  EXPECT_FALSE(pages[1].contains(QStringLiteral("The data: "))) << "a prediction page does not give the answer";
}

TEST(Handout, ASlideWithoutItsRunSaysWhyAndTheOthersAreWritten) {
  Session session;
  QTemporaryDir dir;
  HandoutInput input;
  input.lecture = &tuning();
  for (const std::string& id : tuning().presetIds) {
    HandoutSlide slide;
    slide.slide = findPreset(session.registry(), id);
    const SlideCheck check = checkSlide(session, slide.slide, "sim:h200");
    ASSERT_TRUE(check.result);
    slide.run = makeRecording({slide.slide.lab->id, "sim:h200", presetParams(*slide.slide.lab, *slide.slide.preset)},
                              *check.result, session.device("sim:h200"), id);
    input.slides.push_back(std::move(slide));
  }
  input.slides[1].run.reset();
  input.slides[1].problem = QStringLiteral("02.wsrec: the file is empty");
  const QString pdf = dir.filePath(QStringLiteral("h.pdf"));
  int pages = 0;
  ASSERT_EQ(writeHandout(input, pdf, &pages), QString());
  EXPECT_EQ(pages, 1 + static_cast<int>(input.slides.size()));
  EXPECT_THROW((void)readRunFile(fromQ(pdf), 3), BadInputError) << "slide 2 has no run to carry";
  EXPECT_EQ(readRunFile(fromQ(pdf), 4).presetId, tuning().presetIds[2]);
  const QStringList text = pdfPages(pdf);
  if (!text.isEmpty()) {
    EXPECT_TRUE(text[2].contains(QStringLiteral("No figure: 02.wsrec: the file is empty")));
  }
  // A file that cannot be written is an error naming it; nothing else is touched.
  const QString error = writeHandout(input, dir.filePath(QStringLiteral("missing/h.pdf")));
  EXPECT_TRUE(error.contains(QStringLiteral("missing/h.pdf"))) << error.toStdString();
}

TEST(Handout, AnInstructorsOwnLectureFileGetsItsHandoutToo) {
  QTemporaryDir dir;
  Lecture mine;
  mine.id = "my-talk";
  mine.title = "My talk";
  mine.source = "Made in Warpscope";
  OwnSlide own;
  own.labId = "latency-arith";
  own.preset.id = "own-1";
  own.preset.title = "ILP 8 at 64 threads";
  own.preset.claim = "Eight chains per thread need few warps.";
  own.preset.settings = {"ilp=8", "threads_per_block=64"};
  own.preset.view = "fraction-vs-threads";
  mine.ownSlides = {own};
  mine.presetIds = {"own-1", "volkov-ilp-peak-with-fewer-threads"};
  const QString file = dir.filePath(QStringLiteral("my-talk.json"));
  writeLectureFile(mine, fromQ(file));
  const QString pdf = dir.filePath(QStringLiteral("mine.pdf"));
  QString output;
  ASSERT_EQ(runCli({QStringLiteral("handout"), QStringLiteral("--lecture-file"), file, QStringLiteral("--device"),
                    QStringLiteral("sim:h200"), QStringLiteral("--out"), pdf},
                   &output),
            0)
      << output.toStdString();
  EXPECT_TRUE(output.contains(QStringLiteral("(3 pages)"))) << output.toStdString();
  const Recording first = readRunFile(fromQ(pdf), 2);
  EXPECT_EQ(first.presetId, "own-1");
  EXPECT_EQ(first.result.params.at("ilp"), 8);
  EXPECT_EQ(readRunFile(fromQ(pdf), 3).presetId, "volkov-ilp-peak-with-fewer-threads");
  const QStringList pages = pdfPages(pdf);
  if (!pages.isEmpty()) {
    EXPECT_TRUE(flat(pages[1]).contains(flat(toQ(own.preset.claim))));
  }
}

// A slide of a user's kernel (issue 33) runs from the kernel its lecture file carries. Without a GPU
// it is compiled only, and its page says so rather than "Simulated".
TEST(Handout, ASlideOfAUsersKernelRunsTheKernelItsFileCarries) {
  QTemporaryDir dir;
  OwnSlide own = test::exampleKernelSlide("transpose.cu", {"variant=padded", "N=1024"}, "occupancy");
  own.preset.claim = "One word of padding spreads a tile's column over all 32 banks.";
  OwnSlide timed = own;  // a view only a GPU makes
  timed.preset.view = "time";
  const Lecture mine = test::kernelSlidesLecture({own, timed});
  const QString file = dir.filePath(QStringLiteral("my-kernels.json"));
  writeLectureFile(mine, fromQ(file));
  const QString pdf = dir.filePath(QStringLiteral("kernels.pdf"));
  QString output;
  ASSERT_EQ(runCli({QStringLiteral("handout"), QStringLiteral("--lecture-file"), file, QStringLiteral("--device"),
                    QStringLiteral("sim:h200"), QStringLiteral("--out"), pdf},
                   &output),
            0)
      << output.toStdString();
  // Without the toolkit's NVRTC nothing compiles: the page says why (the handout is still written).
  // Any other missing figure is a failure (a kernel not carried would make the example refuse
  // `variant`).
  if (output.contains(QStringLiteral("has no figure")) && output.contains(QStringLiteral("NVRTC")))
    GTEST_SKIP() << "the kernel could not be compiled here: " << output.toStdString();
  ASSERT_FALSE(output.contains(QStringLiteral("has no figure"))) << output.toStdString();
  const Recording run = readRunFile(fromQ(pdf), 2);
  EXPECT_EQ(run.result.kernel, own.kernel);
  EXPECT_EQ(run.result.params.at("variant"), 2);
  EXPECT_EQ(run.result.params.at("N"), 1024);
  const QStringList pages = pdfPages(pdf);
  if (!pages.isEmpty()) {
    ASSERT_GE(pages.size(), 2);
    EXPECT_TRUE(flat(pages[1]).contains(flat(toQ(own.preset.claim)))) << pages[1].toStdString();
    EXPECT_TRUE(pages[1].contains(QStringLiteral("no GPU ran it"))) << pages[1].toStdString();
    EXPECT_FALSE(pages[1].contains(QStringLiteral("Simulated"))) << pages[1].toStdString();
    EXPECT_FALSE(pages[1].contains(QStringLiteral("Look at:"))) << "no empty 'Look at:'";
    ASSERT_GE(pages.size(), 3);
    EXPECT_TRUE(pages[2].contains(QStringLiteral("This run has no view 'time'"))) << "another view is not passed off as the slide's: "
                                                                                 << pages[2].toStdString();
  }
}
