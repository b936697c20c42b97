// The worker protocol's wire form of a view (view_json.h, issue 27): a grid with a frame per step
// goes as frames of state indices instead of its table, reads back to the same view, and is read
// as hostile as a file; files keep the one table form and never read frames.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "core/view_json.h"
#include "view_samples.h"
#include "warpscope/params.h"

using namespace warpscope;
using namespace warpscope::testing_views;
using nlohmann::json;

namespace {

/// A grid of `frames` frames of 32 x 32 cells with text, the shape of bank-conflicts' banks.
View bankSizedGrid(int frames) {
  View v = gridView();
  v.grid.rowLabels.assign(32, "row");
  v.grid.columnLabels.assign(32, "column");
  v.grid.frames.clear();
  for (int f = 0; f < frames; ++f) {
    GridFrame frame{static_cast<double>(f), "step " + std::to_string(f), std::vector<int>(1024), std::vector<std::string>(1024)};
    for (int i = 0; i < 1024; ++i) {
      frame.cells[static_cast<std::size_t>(i)] = (i + f) % 2;
      frame.text[static_cast<std::size_t>(i)] = i % 3 == 0 ? std::to_string(i % 32) : "";
    }
    v.grid.frames.push_back(std::move(frame));
  }
  return v;
}

/// `view`'s wire object with its first frame's `key` replaced by `value`.
json wireWith(const View& view, const std::string& key, const json& value) {
  json object = viewToJson(view, JsonForm::Wire);
  object["frames"][0][key] = value;
  return object;
}

std::string refusal(const json& object) {
  try {
    (void)viewFromJson(object, JsonForm::Wire);
  } catch (const BadInputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST(ViewJsonWire, AGridOfMoreThan16StatesWritesTwoHexDigitsACell) {
  View view = gridView();
  for (int s = 2; s < 40; ++s) view.grid.states.push_back({"s" + std::to_string(s), "state " + std::to_string(s)});
  view.grid.frames[1].cells = {39, 0, 17, 1, 16, 15};
  const json wire = viewToJson(view, JsonForm::Wire);
  EXPECT_EQ(wire["frames"][1]["cells"], "27001101100f");
  EXPECT_TRUE(sameView(viewFromJson(wire, JsonForm::Wire), view));
}

TEST(ViewJsonWire, AGridWithFramesGoesAsFramesAndReadsBackTheSameView) {
  for (const View& view : {gridView(), bankSizedGrid(33)}) {
    const json wire = viewToJson(view, JsonForm::Wire);
    EXPECT_TRUE(wire.contains("frames"));
    EXPECT_FALSE(wire.contains("table"));
    EXPECT_TRUE(sameView(viewFromJson(wire, JsonForm::Wire), view));
  }
}

TEST(ViewJsonWire, TheBankSizedGridIsAnEighthOfItsTableOrLess) {
  const View view = bankSizedGrid(33);
  const std::size_t table = viewToJson(view, JsonForm::Document).dump().size();
  const std::size_t frames = viewToJson(view, JsonForm::Wire).dump().size();
  EXPECT_LT(frames * 8, table) << "frames " << frames << " bytes, table " << table;
}

TEST(ViewJsonWire, EveryOtherViewAndTheChangeFormGoAsTheirTables) {
  for (const View& view : {xyView(), timelineView(), barsView(), pageMapView()}) {
    const json wire = viewToJson(view, JsonForm::Wire);
    EXPECT_EQ(wire, viewToJson(view, JsonForm::Document)) << view.id;
    EXPECT_TRUE(sameView(viewFromJson(wire, JsonForm::Wire), view)) << view.id;
  }
}

TEST(ViewJsonWire, AFileHasTablesOnlyAndAGridAsFramesIsRefusedThere) {
  EXPECT_TRUE(viewToJson(gridView()).contains("table"));
  EXPECT_THROW((void)viewFromJson(viewToJson(gridView(), JsonForm::Wire)), BadInputError);
}

TEST(ViewJsonWire, MalformedFramesAreRefusedNamingTheFrameAndWhatIsWrong) {
  const View view = gridView();  // 2 x 3 cells, 2 states
  EXPECT_NE(refusal(wireWith(view, "cells", "01")).find("frames[0] cells has 2 digits, the grid's 6 cells 6"),
            std::string::npos);
  EXPECT_NE(refusal(wireWith(view, "cells", "000002")).find("cell 5 is state 2"), std::string::npos);
  EXPECT_NE(refusal(wireWith(view, "cells", "0000-0")).find("cell 4 is not written in hex"), std::string::npos);
  EXPECT_NE(refusal(wireWith(view, "cells", json::array({0, 0, 0, 0, 0, 0}))).find("cells"), std::string::npos);
  EXPECT_NE(refusal(wireWith(view, "text", json::array({"a"}))).find("1 texts at 0 cells"), std::string::npos);
  json repeated = wireWith(view, "text_at", json::array({3, 3}));
  repeated["frames"][0]["text"] = json::array({"a", "b"});
  EXPECT_NE(refusal(repeated).find("text_at[1] is 3, not a cell after"), std::string::npos) << refusal(repeated);
  json outside = wireWith(view, "text_at", json::array({6}));
  outside["frames"][0]["text"] = json::array({"a"});
  EXPECT_NE(refusal(outside).find("text_at[0] is 6"), std::string::npos) << refusal(outside);
  EXPECT_NE(refusal(wireWith(view, "label", 7)).find("label"), std::string::npos);
  json notAnArray = viewToJson(view, JsonForm::Wire);
  notAnArray["frames"] = "frames";
  EXPECT_NE(refusal(notAnArray).find("frames is not an array"), std::string::npos);
}

TEST(ViewJsonWire, MoreFramesThanTheCellBoundAreRefusedBeforeAnyIsRead) {
  View view = gridView();
  view.grid.rowLabels.assign(2048, "row");
  view.grid.columnLabels.assign(2048, "column");  // 4 Mi cells: the most a grid may declare
  view.grid.frames.clear();
  json object = viewToJson(view, JsonForm::Wire);
  object["frames"] = json::array();
  for (int f = 0; f < 9; ++f) object["frames"].push_back(json::object());  // 9 x 4 Mi > 32 Mi cells
  EXPECT_NE(refusal(object).find("9 frames of 4194304 cells"), std::string::npos) << refusal(object);
}
