// The GUI's command line: refused options name what was wrong and what is valid.
#include <QCommandLineParser>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "kernel_lecture.h"
#include "launch_options.h"
#include "qt_text.h"
#include "warpscope/lecture_file.h"

using namespace warpscope::ui;

namespace {
LaunchOptions parse(QStringList args, QString* error = nullptr) {
  args.prepend(QStringLiteral("warpscope"));
  QCommandLineParser parser;
  LaunchOptions options;
  QString e;
  EXPECT_EQ(parseLaunchOptions(parser, args, &options, &e), error == nullptr) << e.toStdString();
  if (error) *error = e;
  return options;
}
}  // namespace

TEST(LaunchOptions, ParsesEveryOptionAndRepeatedSet) {
  const LaunchOptions o = parse({"--lab", "latency-memory", "--device", "sim:a100", "--set", "occupancy_pct=25",
                                 "--set", "element_bytes=8", "--view", "gbps-vs-occupancy", "--export", "out.svg",
                                 "--measure-slider-latency", "7", "--screenshot", "w.png"});
  EXPECT_EQ(o.labId, QStringLiteral("latency-memory"));
  EXPECT_EQ(o.deviceId, QStringLiteral("sim:a100"));
  EXPECT_EQ(o.assignments, QStringList({"occupancy_pct=25", "element_bytes=8"}));
  EXPECT_EQ(o.viewId, QStringLiteral("gbps-vs-occupancy"));
  EXPECT_EQ(o.exportPath, QStringLiteral("out.svg"));
  EXPECT_EQ(o.screenshotPath, QStringLiteral("w.png"));
  EXPECT_EQ(o.measureSliderChanges, 7);
  EXPECT_TRUE(o.scripted());
  StartupChoice startup;
  EXPECT_TRUE(validateLaunchOptions(o, &startup).isEmpty());
  ASSERT_TRUE(startup.params.has_value());
  EXPECT_EQ(startup.params->getInt("occupancy_pct"), 25);
  EXPECT_EQ(startup.viewId, QStringLiteral("gbps-vs-occupancy"));
}

TEST(LaunchOptions, UnknownLabIsRefusedListingTheKnownLabs) {
  StartupChoice startup;
  const QStringList problems = validateLaunchOptions(parse({"--lab", "nope"}), &startup);
  ASSERT_EQ(problems.size(), 1);
  EXPECT_TRUE(problems[0].contains("nope"));
  EXPECT_TRUE(problems[0].contains("latency-arith"));
  EXPECT_EQ(startup.labId, QStringLiteral("latency-arith")) << "continues with the first lab";
}

TEST(LaunchOptions, OutOfRangeSetNamesTheParameterAndItsValidRange) {
  StartupChoice startup;
  const QStringList problems =
      validateLaunchOptions(parse({"--lab", "latency-arith", "--set", "blocks_per_sm=99"}), &startup);
  ASSERT_EQ(problems.size(), 1);
  EXPECT_TRUE(problems[0].contains("blocks_per_sm")) << problems[0].toStdString();
  EXPECT_TRUE(problems[0].contains("8")) << problems[0].toStdString();
  EXPECT_FALSE(startup.params.has_value()) << "continues with the defaults";
}

TEST(LaunchOptions, UnknownViewAndExportTypeAreRefused) {
  StartupChoice startup;
  const QStringList problems =
      validateLaunchOptions(parse({"--lab", "latency-arith", "--view", "pie", "--export", "x.bmp"}), &startup);
  ASSERT_EQ(problems.size(), 2);
  EXPECT_TRUE(problems[0].contains("fraction-vs-threads")) << problems[0].toStdString();
  EXPECT_TRUE(problems[1].contains(".png")) << problems[1].toStdString();
}

TEST(LaunchOptions, MalformedMeasureCountIsAParseError) {
  QString error;
  parse({"--measure-slider-latency", "lots"}, &error);
  EXPECT_TRUE(error.contains("measure-slider-latency"));
}

// `--lecture ID --lecture-file FILE --set ...` at an instructor's own slide: --set goes on top of
// the slide's values (it used to replace them with the lab's defaults), here a user kernel's slide,
// whose parameters are its header's.
TEST(LaunchOptions, SetGoesOnTopOfAnOwnSlidesValuesAUserKernelsToo) {
  using namespace warpscope;
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("mine.json"));
  writeLectureFile(test::kernelSlidesLecture({test::exampleKernelSlide("transpose.cu", {"variant=tiled", "ROWS=16"}, "time")}),
                   fromQ(file));
  StartupChoice startup;
  const QStringList problems = validateLaunchOptions(
      parse({"--lecture-file", file, "--lecture", "my-kernels", "--set", "N=1024", "--view", "occupancy"}), &startup);
  EXPECT_TRUE(problems.isEmpty()) << problems.join(QStringLiteral("; ")).toStdString();
  EXPECT_EQ(startup.labId, QStringLiteral("user-kernel"));
  ASSERT_TRUE(startup.params.has_value());
  EXPECT_EQ(startup.params->get("N"), 1024) << "the --set";
  EXPECT_EQ(startup.params->get("variant"), 1) << "the slide's";
  EXPECT_EQ(startup.params->get("ROWS"), 16) << "the slide's";
  EXPECT_EQ(startup.viewId, QStringLiteral("occupancy")) << "a view of the kernel's header";
  const QStringList refused =
      validateLaunchOptions(parse({"--lecture-file", file, "--lecture", "my-kernels", "--set", "ROWS=5"}), &startup);
  ASSERT_EQ(refused.size(), 1);
  EXPECT_TRUE(refused[0].contains(QStringLiteral("one of 4, 8, 16, 32"))) << "the header's range: " << refused[0].toStdString();
  // --lab beside it names the same lab (the slide's declaration is its own, the lab the same).
  EXPECT_TRUE(validateLaunchOptions(parse({"--lab", "user-kernel", "--lecture-file", file, "--lecture", "my-kernels"}), &startup)
                  .isEmpty());
}
