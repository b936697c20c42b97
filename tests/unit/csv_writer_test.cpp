// The CSV writer: the '#' metadata lines, each kind's one table under them with its axes' units,
// RFC 4180 quoting (no row passes for a comment), named choices by name, a page map's changes, and
// the wide layout (a column per series).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "view_samples.h"
#include "warpscope/writers.h"
#include "writer_samples.h"

using namespace warpscope;
using namespace warpscope::testing_views;

namespace {

/// The '#' metadata lines a CSV starts with; a '#' line after the first other line fails the test.
std::vector<std::string> commentLines(const std::string& csv) {
  std::vector<std::string> lines;
  std::istringstream in(csv);
  bool table = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("#")) {
      EXPECT_FALSE(table) << "a '#' line inside the table: " << line;
      lines.push_back(line);
    }
    table = table || !line.starts_with("#");
  }
  return lines;
}

/// The lines of a CSV after its '#' metadata lines (the header first), as gnuplot, pandas'
/// comment='#' and R's comment.char='#' read it.
std::vector<std::string> csvLines(const std::string& csv) {
  (void)commentLines(csv);  // checks that '#' lines only come first
  std::vector<std::string> lines;
  std::istringstream in(csv);
  for (std::string line; std::getline(in, line);)
    if (!line.starts_with("#")) lines.push_back(line);
  return lines;
}

/// The records of a CSV after its '#' lines, fields unquoted per RFC 4180 (a quoted field may
/// hold commas, quotes and line breaks): what a script reading the file gets.
std::vector<std::vector<std::string>> csvRecords(const std::string& csv) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false;
  bool atLineStart = true;
  for (std::size_t i = 0; i < csv.size(); ++i) {
    const char c = csv[i];
    if (atLineStart && !quoted && c == '#') {  // a comment line: skip to its end
      i = csv.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    atLineStart = false;
    if (quoted) {
      if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      record.clear();
      atLineStart = true;
    } else {
      field += c;
    }
  }
  return records;
}

/// The value of a '# key: value' line, or "(none)".
std::string metadata(const std::string& csv, const std::string& key) {
  for (const std::string& line : commentLines(csv))
    if (line.starts_with("# " + key + ":")) return line.size() > key.size() + 4 ? line.substr(key.size() + 4) : "";
  return "(none)";
}

}  // namespace

TEST(CsvWriter, StartsWithMetadataLinesThenTheSameHeaderRowAndRows) {
  const std::string csv = write(*makeCsvWriter(), sampleResult());
  const std::vector<std::string> comments = commentLines(csv);
  ASSERT_GE(comments.size(), 10u);
  EXPECT_EQ(
      comments[0],
      "# format: warpscope-view-csv 1 (lines starting with # are metadata; the first other line names the columns)");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), comments[0]) << "the metadata comes first";
  EXPECT_EQ(metadata(csv, "lab"), "latency-arith");
  EXPECT_EQ(metadata(csv, "device"), "sim:h100");
  EXPECT_EQ(metadata(csv, "device_name"), "H100 SXM5 (model)");
  EXPECT_EQ(metadata(csv, "provenance"), "simulated");
  EXPECT_EQ(metadata(csv, "recorded_on"), "(none)") << "only a recorded run has the date";
  EXPECT_EQ(metadata(csv, "banner"), "Simulated: H100 SXM5 (model)");
  EXPECT_EQ(metadata(csv, "params"), "ilp=4, pattern=1, threads_per_block=256") << "latency-arith has no named pattern";
  EXPECT_EQ(metadata(csv, "view"), "fraction-vs-threads");
  EXPECT_EQ(metadata(csv, "title"), "Fraction, vs \"threads\"");
  EXPECT_EQ(metadata(csv, "kind"), "xy");
  EXPECT_EQ(metadata(csv, "layout"), "long");
  EXPECT_EQ(metadata(csv, "x"), "Threads per SM");
  EXPECT_EQ(metadata(csv, "y"), "Fraction of peak, FP32");
  EXPECT_EQ(metadata(csv, "x_scale"), "(none)") << "a linear axis says nothing";

  // What a script gets with the '#' lines skipped: the header row as before, then one row a point.
  const auto records = csvRecords(csv);
  ASSERT_EQ(records.size(), 1u + 3u);
  EXPECT_EQ(records[0], (std::vector<std::string>{"view", "series", "series_key", "x", "y", "y_min", "y_max"}));
  EXPECT_EQ(records[1], (std::vector<std::string>{"fraction-vs-threads", "ILP 4", "4", "32", "0.25", "0.24", "0.26"}));
  EXPECT_EQ(records[3][1], "name, with \"comma\"");
}

TEST(CsvWriter, NamesEachKindsAxesWithTheirUnits) {
  RunResult r = sampleResult();
  r.views[0].logX = r.views[0].logY = true;
  const std::string xy = write(*makeCsvWriter(), r);
  EXPECT_EQ(metadata(xy, "x_scale"), "log");
  EXPECT_EQ(metadata(xy, "y_scale"), "log");
  const std::string timeline = write(*makeCsvWriter("divergence-timeline"), r);
  EXPECT_EQ(metadata(timeline, "kind"), "timeline");
  EXPECT_EQ(metadata(timeline, "time"), "Time (SM cycles)");
  EXPECT_EQ(metadata(timeline, "time_unit"), "cycles");
  EXPECT_EQ(metadata(timeline, "span_kind path-1"), "Path 1 (if)");
  EXPECT_EQ(metadata(timeline, "span_kind path-2"), "Path 2, \"else\"");
  const std::string grid = write(*makeCsvWriter("um-pages"), r);
  EXPECT_EQ(metadata(grid, "row_axis"), "2 MiB chunk");
  EXPECT_EQ(metadata(grid, "column_axis"), "64 KiB block");
  EXPECT_EQ(metadata(grid, "time_unit"), "us");
  EXPECT_EQ(metadata(grid, "state gpu0"), "Resident on GPU 0");
  const std::string bars = write(*makeCsvWriter("modes"), r);
  EXPECT_EQ(metadata(bars, "category"), "Mode");
  EXPECT_EQ(metadata(bars, "value"), "GB/s");
  EXPECT_EQ(metadata(bars, "x"), "(none)");
}

TEST(CsvWriter, SaysARecordedRunIsRecordedAndWhen) {
  RunResult r = sampleResult();
  r.provenance = Provenance::Measured;
  EXPECT_EQ(metadata(write(*makeCsvWriter(), r), "provenance"), "measured");
  r.recordedOn = "2026-11-24";
  const std::string csv = write(*makeCsvWriter(), r);
  EXPECT_EQ(metadata(csv, "provenance"), "recorded");
  EXPECT_EQ(metadata(csv, "recorded_on"), "2026-11-24");
  EXPECT_EQ(metadata(csv, "banner"), "Recorded on H100 SXM5 (model), 2026-11-24");
}

// A title from a hostile file (a figure's run) cannot end its '#' line and start a row.
TEST(CsvWriter, AHostileTitleStaysOnItsOneCommentLine) {
  RunResult r = sampleResult();
  r.views[0].title = "evil\nfraction-vs-threads,ILP 4,4,1,1,1,1\r\n# x: no\u2028again\u0085end\x7f";
  r.views[0].xLabel = "Threads\rper SM";
  r.deviceName = "GPU\n0";
  const std::string csv = write(*makeCsvWriter(), r);
  EXPECT_EQ(metadata(csv, "title"), "evil fraction-vs-threads,ILP 4,4,1,1,1,1  # x: no again end ");
  EXPECT_EQ(metadata(csv, "x"), "Threads per SM");
  EXPECT_EQ(metadata(csv, "device_name"), "GPU 0");
  EXPECT_EQ(csv.find('\r'), std::string::npos);
  EXPECT_EQ(csvRecords(csv).size(), 1u + 3u) << "no row more than the view's points";
}

TEST(CsvWriter, NamedChoicesAreWrittenByName) {
  RunResult r = sampleResult();
  r.labId = "divergence";
  r.params = {{"paths", 4}, {"pattern", 1}, {"simt_table", 1}};
  EXPECT_EQ(metadata(write(*makeCsvWriter(), r), "params"), "paths=4, pattern=odd-even, simt_table=predicated");
}

TEST(CsvWriter, EachViewIsItsOwnTablePickedById) {
  const RunResult r = sampleResult();
  const auto timeline = csvLines(write(*makeCsvWriter("divergence-timeline"), r));
  EXPECT_EQ(timeline.front(), "row,row_label,group,start,end,kind,sub_row_mask,payload");
  EXPECT_EQ(timeline.size(), 1u + 3u);
  EXPECT_EQ(timeline[1], "0,warp 0,SM 0,0,10.5,path-1,0xffff,mask 0x0000ffff");
  const auto grid = csvLines(write(*makeCsvWriter(r.views[2].id), r));
  EXPECT_EQ(grid.front(), "frame,time,frame_label,row,row_label,column,column_label,state,text");
  EXPECT_EQ(grid.size(), 1u + 12u);
  const auto bars = csvLines(write(*makeCsvWriter(r.views[3].id), r));
  EXPECT_EQ(bars.front(), "category,series,value,low,high");
  EXPECT_EQ(bars.size(), 1u + 6u);
  EXPECT_EQ(bars[1], "on demand,Measured,100,90,110");
  try {
    (void)write(*makeCsvWriter("nope"), r);
    FAIL() << "an unknown view was written";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("views: fraction-vs-threads, divergence-timeline"), std::string::npos) << e.what();
  }
}

TEST(CsvWriter, QuotesCommasQuotesAndAnyHashPerRfc4180) {
  RunResult r = sampleResult();
  EXPECT_EQ(csvLines(write(*makeCsvWriter(), r))[3], "fraction-vs-threads,\"name, with \"\"comma\"\"\",0.1,1,2,3,4");
  EXPECT_EQ(csvLines(write(*makeCsvWriter("divergence-timeline"), r))[3],
            "1,\"warp 1, spare\",SM 0,3,4,path-1,0x0,\"#idle, \"\"quoted\"\"\"");
  EXPECT_EQ(csvLines(write(*makeCsvWriter(r.views[3].id), r))[3], "\"prefetch, async\",Measured,300,290,310");
  // pandas' comment='#' drops a line's rest from an unquoted '#' on, wherever it stands.
  r.views[1].timeline.events[0].payload = "lane #3";
  EXPECT_EQ(csvLines(write(*makeCsvWriter("divergence-timeline"), r))[1],
            "0,warp 0,SM 0,0,10.5,path-1,0xffff,\"lane #3\"");
}

TEST(CsvWriter, AGridWithChangesListsTheChangesNotAFrameOfEveryCell) {
  const RunResult r = pageMapResult();
  EXPECT_EQ(csvLines(write(*makeCsvWriter(r.views[0].id), r)),
            (std::vector<std::string>{"time,first_cell,count,state", "0,0,6,cpu", "0,6,2,unpopulated", "0,6,1,cpu",
                                      "2.5,0,4,gpu0", "2.5,4,2,gpu0", "7.25,1,1,cpu"}));
  EXPECT_EQ(csvLines(write(*makeCsvWriter(r.views[1].id), r)).front(),
            "frame,time,frame_label,row,row_label,column,column_label,state,text");
}

// ---- the wide layout: one column per series ---------------------------------------------

namespace {

/// Three series over different x: A without spread at 1, 2, 4; B with a spread at 2 and 3; C
/// named like A, at 4 twice (two rows at x = 4).
View unevenXyView() {
  View v;
  v.id = "uneven";
  v.title = "Uneven";
  v.kind = ViewKind::Xy;
  v.xLabel = "Threads per SM";
  v.yLabel = "GB/s";
  v.series.push_back({"A", {{4, 40, 40, 40}, {1, 10, 10, 10}, {2, 20, 20, 20}}, 1});
  v.series.push_back({"B", {{2, 21, 19, 23}, {3, 31, 31, 31}}, 2});
  v.series.push_back({"A", {{4, 41, 41, 41}, {4, 42, 42, 42}}, 3});
  v.series.push_back({"never measured", {}, 4});
  return v;
}

}  // namespace

TEST(CsvWriter, WideXyHasAColumnPerSeriesAtTheUnionOfXs) {
  RunResult r = sampleResult();
  r.views = {unevenXyView()};
  const std::string csv = write(*makeCsvWriter("", CsvLayout::Wide), r);
  EXPECT_EQ(metadata(csv, "layout"), "wide");
  EXPECT_EQ(metadata(csv, "x"), "Threads per SM");
  EXPECT_EQ(csvLines(csv), (std::vector<std::string>{
                               "Threads per SM,A,B,B y_min,B y_max,A (2),never measured",
                               "1,10,,,,,",
                               "2,20,21,19,23,,",
                               "3,,31,31,31,,",
                               "4,40,,,,41,",
                               "4,,,,,42,",
                           }))
      << csv;
}

TEST(CsvWriter, WideXyOfTheSampleKeepsItsQuotedSeriesNames) {
  const std::vector<std::string> lines = csvLines(write(*makeCsvWriter("", CsvLayout::Wide), sampleResult()));
  EXPECT_EQ(
      lines.front(),
      "Threads per SM,ILP 4,ILP 4 y_min,ILP 4 y_max,\"name, with \"\"comma\"\"\",\"name, with \"\"comma\"\" y_min\","
      "\"name, with \"\"comma\"\" y_max\",never measured");
  EXPECT_EQ(lines,
            (std::vector<std::string>{lines.front(), "1,,,,2,3,4,", "32,0.25,0.24,0.26,,,,", "64,0.5,0.5,0.5,,,,"}));
}

TEST(CsvWriter, WideBarsHaveACategoryColumnThenAColumnPerSeries) {
  RunResult r = sampleResult();
  const std::string csv = write(*makeCsvWriter("modes", CsvLayout::Wide), r);
  EXPECT_EQ(metadata(csv, "category"), "Mode");
  EXPECT_EQ(csvLines(csv),
            (std::vector<std::string>{"Mode,Measured,Measured low,Measured high,Model", "on demand,100,90,110,120",
                                      "\"prefetch, async\",300,290,310,320", "on demand,101,99,102,121"}));
}

TEST(CsvWriter, WideRefusesTimelinesAndGridsNamingTheKind) {
  const RunResult r = sampleResult();
  for (const char* id : {"divergence-timeline", "um-pages"}) {
    std::ostringstream out;
    try {
      makeCsvWriter(id, CsvLayout::Wide)->write(r, out);
      FAIL() << id << " was written wide";
    } catch (const BadInputError& e) {
      const std::string kind = std::string(id) == "um-pages" ? "' is a grid" : "' is a timeline";
      EXPECT_NE(std::string(e.what()).find("writes xy and bars views; view '" + std::string(id) + kind),
                std::string::npos)
          << e.what();
    }
    EXPECT_EQ(out.str(), "") << "nothing half-written";
  }
}
