// What --measure-slider-latency prints: the line scripts grep ("slider-latency:"), the window's
// part beside the backend's, and full sweeps kept out of the in-place figures.
#include <gtest/gtest.h>

#include "slider_latency_report.h"

using namespace warpscope::ui;

namespace {

SliderMove move(double totalMs, double backendMs, bool inPlace, const char* to = "1") {
  return {totalMs, backendMs, inPlace, QString::fromLatin1(to)};
}

}  // namespace

TEST(SliderLatencyReport, TheFirstLineKeepsItsLeadingWordsAndSplitsTheWindowFromTheBackend) {
  std::vector<SliderMove> moves;
  for (int i = 1; i <= 20; ++i) moves.push_back(move(10.0 + i, 2.0, true));
  const QStringList lines = sliderLatencyReport(moves, QStringLiteral("stride"), QStringLiteral("sim:h100"),
                                                QStringLiteral("coalescing"));
  ASSERT_EQ(lines.size(), 3);
  EXPECT_TRUE(lines[0].startsWith(QStringLiteral("slider-latency: 20 changes of stride on sim:h100 (coalescing): "))) << lines[0].toStdString();
  EXPECT_TRUE(lines[0].contains(QStringLiteral("median 20.50 ms, p95 29.00 ms, min 11.00 ms, max 30.00 ms"))) << lines[0].toStdString();
  EXPECT_TRUE(lines[0].contains(QStringLiteral("(20 updated in place, 0 as a full sweep)")));
  EXPECT_TRUE(lines[0].contains(QStringLiteral("window part median 18.50 ms, p95 27.00 ms")));
  EXPECT_TRUE(lines[0].contains(QStringLiteral("backend median 2.00 ms, p95 2.00 ms")));
  EXPECT_TRUE(lines[1].contains(QStringLiteral("slowest: stride = 1, 30.00 ms (window part 28.00 ms)")));
}

TEST(SliderLatencyReport, TheWindowsPartIsSplitIntoItsPhasesByTheirMedians) {
  std::vector<SliderMove> moves;
  for (int i = 0; i < 3; ++i) {
    SliderMove m = move(20.0 + i, 5.0, true);
    m.arrivedMs = 6.0 + i;     // hops 1, 2, 3
    m.paintedMs = 10.0 + i;    // merge and chart 4
    m.displayedMs = 12.0 + i;  // numbers 2
    moves.push_back(m);        // posted events 8
  }
  const QStringList lines = sliderLatencyReport(moves, QStringLiteral("p"), QStringLiteral("d"), QStringLiteral("l"));
  ASSERT_EQ(lines.size(), 3);
  EXPECT_TRUE(lines[2].contains(QStringLiteral("hops 2.00 ms, merge and chart painted 4.00 ms, numbers and status 2.00 ms, "
                                               "posted events (layouts) 8.00 ms")))
      << lines[2].toStdString();
}

TEST(SliderLatencyReport, AFullSweepAMoveCausedIsCountedApartFromTheInPlaceUpdates) {
  std::vector<SliderMove> moves{move(10, 1, true), move(12, 1, true), move(500, 450, false, "9"), move(14, 1, true)};
  const QString line = sliderLatencyReport(moves, QStringLiteral("p"), QStringLiteral("d"), QStringLiteral("l")).front();
  EXPECT_TRUE(line.contains(QStringLiteral("median 12.00 ms"))) << line.toStdString();
  EXPECT_TRUE(line.contains(QStringLiteral("max 14.00 ms"))) << "the sweep is not an in-place update";
  EXPECT_TRUE(line.contains(QStringLiteral("(3 updated in place, 1 as a full sweep)")));
  EXPECT_TRUE(line.contains(QStringLiteral("the full sweeps: median 500.00 ms, max 500.00 ms")));
}

TEST(SliderLatencyReport, WithoutAnInPlaceUpdateTheFullSweepsAreTimedAndSaidToBe) {
  std::vector<SliderMove> moves{move(100, 80, false), move(120, 90, false)};
  const QString line = sliderLatencyReport(moves, QStringLiteral("p"), QStringLiteral("d"), QStringLiteral("l")).front();
  EXPECT_TRUE(line.contains(QStringLiteral("median 110.00 ms"))) << line.toStdString();
  EXPECT_TRUE(line.contains(QStringLiteral("window part median 25.00 ms")));
  EXPECT_TRUE(line.contains(QStringLiteral("no move updated in place")));
}

TEST(SliderLatencyReport, PercentilesAreNearestRank) {
  EXPECT_DOUBLE_EQ(percentileOf({1, 2, 3, 4}, 95), 4);
  EXPECT_DOUBLE_EQ(percentileOf({}, 95), 0);
  EXPECT_DOUBLE_EQ(medianOf({3, 1, 2, 4}), 2.5);
}

TEST(SliderLatencyReport, TheThreeSlowestWindowPartsSayWhatTheyPainted) {
  std::vector<SliderMove> moves;
  for (int i = 1; i <= 10; ++i) {
    SliderMove m = move(10.0 + i, 2.0 * (i % 3), true, i == 10 ? "ten" : "v");
    m.painted = QStringLiteral("painted %1").arg(i);
    moves.push_back(m);
  }
  const QStringList lines = sliderLatencyReport(moves, QStringLiteral("stride"), QStringLiteral("d"), QStringLiteral("l"));
  ASSERT_EQ(lines.size(), 6);
  // Window parts (total 10 + i less backend 2 x (i mod 3)): 19 at i = 9, 18 at 10, 16 at 6.
  EXPECT_EQ(lines[3], QStringLiteral("  window part 19.00 ms at stride = v: painted painted 9"));
  EXPECT_EQ(lines[4], QStringLiteral("  window part 18.00 ms at stride = ten: painted painted 10"));
  EXPECT_EQ(lines[5], QStringLiteral("  window part 16.00 ms at stride = v: painted painted 6"));
}

// Issue 33: a user kernel's variant costs a compile on its first visit only; the moves back to a
// value are what a class drags through, said apart.
TEST(SliderLatencyReport, MovesBackToAValueAreSaidApartFromFirstVisits) {
  std::vector<SliderMove> moves{move(650, 645, true, "tiled"), move(640, 636, true, "naive"),
                                move(6, 3, true, "padded"),    move(5, 3, true, "tiled"),
                                move(7, 4, true, "naive"),     move(5, 3, true, "padded")};
  const QStringList lines = sliderLatencyReport(moves, QStringLiteral("variant"), QStringLiteral("cuda:0"),
                                                QStringLiteral("user-kernel"));
  EXPECT_TRUE(lines[1].contains(QStringLiteral("slowest: variant = tiled, 650.00 ms"))) << lines[1].toStdString();
  EXPECT_TRUE(lines[1].contains(
      QStringLiteral("back to a value moved to before: median 5.00 ms, p95 7.00 ms, max 7.00 ms (3 of 6 moves)")))
      << lines[1].toStdString();
  // Every move to a new value: nothing to say apart.
  const QStringList fresh = sliderLatencyReport({move(5, 3, true, "a"), move(6, 3, true, "b")}, QStringLiteral("x"),
                                                QStringLiteral("cuda:0"), QStringLiteral("lab"));
  EXPECT_FALSE(fresh[1].contains(QStringLiteral("back to a value"))) << fresh[1].toStdString();
}
