// The one table form per view kind (core/view_table.h): its columns, its row counts, and that
// fromTable undoes toTable and refuses malformed tables by view, row and column.
#include "core/view_table.h"

#include <gtest/gtest.h>

#include "core/text_limits.h"
#include "view_samples.h"
#include "warpscope/params.h"

using namespace warpscope;
using namespace warpscope::testing_views;

namespace {

/// The view with its per-row data removed: what a reader knows before it reads the table.
View metadataOnly(View view) {
  for (auto& series : view.series) series.points.clear();
  view.timeline.events.clear();
  view.grid.frames.clear();
  for (auto& series : view.bars.series) series.values.clear();
  view.listing.lines.clear();
  return view;
}

/// fromTable's message for the table, or "" when it accepts it.
std::string refusal(const View& view, const ViewTable& table) {
  View target = metadataOnly(view);
  try {
    fromTable(target, table);
  } catch (const BadInputError& e) {
    return e.what();
  }
  return "";
}

std::size_t columnOf(const ViewTable& table, const std::string& name) {
  for (std::size_t i = 0; i < table.columns.size(); ++i)
    if (table.columns[i] == name) return i;
  ADD_FAILURE() << "no column " << name;
  return 0;
}

}  // namespace

TEST(ViewTable, EachKindHasItsDocumentedColumns) {
  using Columns = std::vector<std::string>;
  EXPECT_EQ(toTable(xyView()).columns, (Columns{"view", "series", "series_key", "x", "y", "y_min", "y_max"}));
  EXPECT_EQ(toTable(timelineView()).columns,
            (Columns{"row", "row_label", "group", "start", "end", "kind", "sub_row_mask", "payload"}));
  EXPECT_EQ(toTable(gridView()).columns, (Columns{"frame", "time", "frame_label", "row", "row_label", "column",
                                                  "column_label", "state", "text"}));
  EXPECT_EQ(toTable(barsView()).columns, (Columns{"category", "series", "value", "low", "high"}));
  EXPECT_EQ(toTable(listingView()).columns, (Columns{"line", "state", "text"}));
  for (const View& view : everyKind()) EXPECT_EQ(toTable(view).columns, tableColumns(view.kind));
}

TEST(ViewTable, OneRowPerPointEventCellPerFrameAndBar) {
  EXPECT_EQ(toTable(xyView()).rows.size(), 3u);
  EXPECT_EQ(toTable(timelineView()).rows.size(), 3u);
  EXPECT_EQ(toTable(gridView()).rows.size(), 2u * 2u * 3u) << "2 frames of 2 x 3 cells";
  EXPECT_EQ(toTable(barsView()).rows.size(), 3u * 2u);
  EXPECT_EQ(toTable(listingView()).rows.size(), 4u);
  for (const View& view : everyKind())
    for (const auto& row : toTable(view).rows) EXPECT_EQ(row.size(), tableColumns(view.kind).size());
}

TEST(ViewTable, FromTableUndoesToTableForEveryKind) {
  for (const View& original : everyKind()) {
    View back = metadataOnly(original);
    fromTable(back, toTable(original));
    EXPECT_TRUE(sameView(back, original)) << viewKindName(original.kind);
  }
}

TEST(ViewTable, FromTableReplacesPerRowDataInsteadOfAppending) {
  View view = xyView();
  fromTable(view, toTable(xyView()));
  EXPECT_TRUE(sameView(view, xyView()));
}

TEST(ViewTable, SubRowMaskIsHexTextSoAll64BitsSurvive) {
  const ViewTable table = toTable(timelineView());
  const std::size_t mask = columnOf(table, "sub_row_mask");
  EXPECT_EQ(std::get<std::string>(table.rows[0][mask]), "0xffff");
  EXPECT_EQ(std::get<std::string>(table.rows[1][mask]), "0xffff0000ffff0000");
  EXPECT_EQ(std::get<std::string>(table.rows[2][mask]), "0x0");
}

TEST(ViewTable, GridCellsNameTheirStateByIdInRowMajorOrder) {
  const ViewTable table = toTable(gridView());
  const std::size_t state = columnOf(table, "state");
  const std::size_t column = columnOf(table, "column_label");
  // Frame 1 starts after the 6 cells of frame 0; its first cell is state 1 ("gpu0").
  EXPECT_EQ(std::get<std::string>(table.rows[6][state]), "gpu0");
  EXPECT_EQ(std::get<std::string>(table.rows[7][state]), "cpu");
  EXPECT_EQ(std::get<std::string>(table.rows[8][column]), "2, last");
}

TEST(ViewTable, GridFrameWithOnlyEmptyTextReadsBackWithoutText) {
  View view = gridView();
  view.grid.frames[0].text = std::vector<std::string>(6, "");
  View back = metadataOnly(view);
  fromTable(back, toTable(view));
  EXPECT_TRUE(back.grid.frames[0].text.empty());
  EXPECT_EQ(back.grid.frames[1].text, view.grid.frames[1].text);
}

TEST(ViewTable, RefusesAWrongOrMissingColumnByName) {
  ViewTable table = toTable(timelineView());
  table.columns[3] = "begin";
  EXPECT_NE(refusal(timelineView(), table).find("'begin', expected 'start'"), std::string::npos)
      << refusal(timelineView(), table);
  table = toTable(barsView());
  table.columns.pop_back();
  EXPECT_NE(refusal(barsView(), table).find("column 'high' is missing"), std::string::npos);
}

TEST(ViewTable, RefusesARowWithTheWrongCellCount) {
  ViewTable table = toTable(barsView());
  table.rows[2].pop_back();
  EXPECT_NE(refusal(barsView(), table).find("rows[2] has 4 cells, expected 5"), std::string::npos);
}

TEST(ViewTable, RefusesTextWhereANumberBelongsNamingViewRowAndColumn) {
  ViewTable table = toTable(xyView());
  table.rows[1][columnOf(table, "y")] = std::string("fast");
  const std::string message = refusal(xyView(), table);
  EXPECT_NE(message.find("view 'fraction-vs-threads'"), std::string::npos) << message;
  EXPECT_NE(message.find("rows[1], column 'y': expected a number"), std::string::npos) << message;
}

TEST(ViewTable, RefusesIndicesOutsideTheMetadata) {
  ViewTable table = toTable(timelineView());
  table.rows[0][columnOf(table, "row")] = 2.0;
  EXPECT_NE(refusal(timelineView(), table).find("column 'row': 2 is not one of the view's 2 timeline rows"),
            std::string::npos)
      << refusal(timelineView(), table);
  table = toTable(gridView());
  table.rows[0][columnOf(table, "column")] = 1.5;
  EXPECT_NE(refusal(gridView(), table).find("column 'column'"), std::string::npos);
}

TEST(ViewTable, RefusesNamesTheMetadataDoesNotDeclare) {
  ViewTable table = toTable(xyView());
  table.rows[0][columnOf(table, "series_key")] = 5.0;
  EXPECT_NE(refusal(xyView(), table).find("'ILP 4' with key 5 is not one of the view's series"), std::string::npos);
  table = toTable(gridView());
  table.rows[4][columnOf(table, "state")] = std::string("gpu7");
  EXPECT_NE(refusal(gridView(), table).find("'gpu7' is not one of the view's cell states"), std::string::npos);
  table = toTable(barsView());
  table.rows[0][columnOf(table, "category")] = std::string("zero copy");
  EXPECT_NE(refusal(barsView(), table).find("'zero copy' is not one of the view's categories"), std::string::npos);
}

TEST(ViewTable, RefusesARedundantLabelThatDisagreesWithTheMetadata) {
  ViewTable table = toTable(timelineView());
  table.rows[2][columnOf(table, "row_label")] = std::string("warp 9");
  EXPECT_NE(refusal(timelineView(), table).find("column 'row_label': 'warp 9' disagrees"), std::string::npos);
}

TEST(ViewTable, RefusesAMalformedSubRowMask) {
  ViewTable table = toTable(timelineView());
  for (const char* bad : {"ffff", "0x", "0xfffg", "0x10000000000000000"}) {
    table.rows[0][columnOf(table, "sub_row_mask")] = std::string(bad);
    EXPECT_NE(refusal(timelineView(), table).find("is not a hex mask"), std::string::npos) << bad;
  }
}

TEST(ViewTable, RefusesRepeatedOrMissingGridCellsAndBars) {
  ViewTable table = toTable(gridView());
  table.rows[1] = table.rows[0];
  EXPECT_NE(refusal(gridView(), table).find("repeats cell (row 0, column 0) of frame 0"), std::string::npos)
      << refusal(gridView(), table);
  table = toTable(gridView());
  table.rows.erase(table.rows.begin() + 7);
  EXPECT_NE(refusal(gridView(), table).find("frame 1 has no row for cell (row 0, column 1)"), std::string::npos)
      << refusal(gridView(), table);
  table = toTable(barsView());
  table.rows.pop_back();
  EXPECT_NE(refusal(barsView(), table).find("no row for the bar of series 'Model' in category 'on demand'"),
            std::string::npos)
      << refusal(barsView(), table);
}

TEST(ViewTable, RefusesGridFramesOutOfOrder) {
  ViewTable table = toTable(gridView());
  table.rows[0][columnOf(table, "frame")] = 1.0;
  EXPECT_NE(refusal(gridView(), table).find("column 'frame'"), std::string::npos) << refusal(gridView(), table);
}

// ---- the grid's change form (the page map) -----------------------------------------------

TEST(ViewTable, GridWithChangesListsInitialRunsThenChangesNotFramesOfEveryCell) {
  const ViewTable table = toTable(pageMapView());
  EXPECT_EQ(table.columns, (std::vector<std::string>{"time", "first_cell", "count", "state"}));
  ASSERT_EQ(table.rows.size(), 2u + 4u) << "2 initial runs (cpu x6, unpopulated x2), then 4 changes";
  EXPECT_EQ(table.rows[0], (std::vector<TableCell>{0.0, 0.0, 6.0, std::string("cpu")}));
  EXPECT_EQ(table.rows[1], (std::vector<TableCell>{0.0, 6.0, 2.0, std::string("unpopulated")}));
  EXPECT_EQ(table.rows[3], (std::vector<TableCell>{2.5, 0.0, 4.0, std::string("gpu0")}));
}

TEST(ViewTable, GridChangeFormRoundTripsIncludingAChangeAtTheInitialTime) {
  const View original = pageMapView();
  View back = metadataOnly(original);
  back.grid.changes.clear();
  back.grid.frames = {{0, "t = 0 us", {}, {}}};  // the initial label is metadata
  fromTable(back, toTable(original));
  EXPECT_TRUE(sameView(back, original));
}

TEST(ViewTable, AFrameTableClearsChangesAndAChangeTableReplacesFrames) {
  View frames = gridView();
  frames.grid.changes = {{5, 0, 1, 1}};  // left over from an earlier read
  fromTable(frames, toTable(gridView()));
  EXPECT_TRUE(frames.grid.changes.empty());
  EXPECT_EQ(frames.grid.frames.size(), 2u);
  View changes = pageMapView();
  changes.grid.frames.push_back(changes.grid.frames.front());
  fromTable(changes, toTable(pageMapView()));
  EXPECT_EQ(changes.grid.frames.size(), 1u) << "changes apply on top of one initial frame";
  EXPECT_TRUE(sameView(changes, pageMapView()));
}

TEST(ViewTable, RefusesMalformedChangeTables) {
  const View view = pageMapView();
  ViewTable table = toTable(view);
  table.rows[1][1] = 7.0;  // the second initial run skips a cell
  EXPECT_NE(refusal(view, table).find("leaves a gap"), std::string::npos) << refusal(view, table);
  table = toTable(view);
  table.rows.resize(1);  // the initial frame stops short
  EXPECT_NE(refusal(view, table).find("initial frame's runs end at cell 6 of 8"), std::string::npos) << refusal(view, table);
  table = toTable(view);
  table.rows[5][0] = 1.0;  // out of time order
  EXPECT_NE(refusal(view, table).find("changes come in time order"), std::string::npos) << refusal(view, table);
  table = toTable(view);
  table.rows[4][2] = 5.0;  // cells 4.. 8 run past the end
  EXPECT_NE(refusal(view, table).find("run past the grid's 8 cells"), std::string::npos) << refusal(view, table);
  table = toTable(view);
  table.rows[3][3] = std::string("gpu7");
  EXPECT_NE(refusal(view, table).find("'gpu7' is not one of the view's cell states"), std::string::npos);
}

TEST(ViewTable, ListingLinesAreNumberedInOrderAndNameTheirClassById) {
  const ViewTable table = toTable(listingView());
  EXPECT_EQ(std::get<double>(table.rows[1][0]), 2.0);
  EXPECT_EQ(std::get<std::string>(table.rows[1][1]), "global");
  EXPECT_EQ(std::get<std::string>(table.rows[0][1]), "") << "a line without a class";
}

TEST(ViewTable, RefusesAListingLineMovedLeftOutOrOfAnUndeclaredClass) {
  ViewTable table = toTable(listingView());
  std::swap(table.rows[1], table.rows[2]);
  EXPECT_NE(refusal(listingView(), table).find("rows[1], column 'line': 3 where line 2 belongs"), std::string::npos)
      << refusal(listingView(), table);
  table = toTable(listingView());
  table.rows.erase(table.rows.begin());
  EXPECT_NE(refusal(listingView(), table).find("where line 1 belongs"), std::string::npos);
  table = toTable(listingView());
  table.rows[3][columnOf(table, "state")] = std::string("texture");
  EXPECT_NE(refusal(listingView(), table).find("'texture' is not one of the view's line classes"), std::string::npos);
}

TEST(ViewTable, RefusesAListingLongerThanTheLimitBeforeReadingItsLines) {
  ViewTable table = toTable(listingView());
  table.rows.assign(kMaxListingLines + 1, table.rows[0]);
  EXPECT_NE(refusal(listingView(), table).find("more than the 20000 a listing may have"), std::string::npos)
      << refusal(listingView(), table);
}
