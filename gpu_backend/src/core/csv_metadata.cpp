// The '#' lines of a view's CSV (csv_metadata.h).
#include "core/csv_metadata.h"

#include "core/param_json.h"

namespace warpscope {
namespace {

/// The text on one line: bytes below 0x20 and DEL, and the Unicode line breaks some readers
/// split on (NEL U+0085, LS U+2028, PS U+2029, in UTF-8), become spaces.
std::string oneLine(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const auto next = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0; };
    if (c < 0x20 || c == 0x7f) {
      out += ' ';
    } else if (c == 0xc2 && next(1) == 0x85) {
      out += ' ';
      i += 1;
    } else if (c == 0xe2 && next(1) == 0x80 && (next(2) == 0xa8 || next(2) == 0xa9)) {
      out += ' ';
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string provenanceWord(const RunResult& result) {
  if (!result.recordedOn.empty()) return "recorded";
  return result.provenance == Provenance::Measured ? "measured" : "simulated";
}

std::string paramsText(const RunResult& result) {
  std::string text;
  const std::vector<ParamSpec> declared = resultParamSpecs(result);
  for (const auto& [id, value] : result.params)
    text += (text.empty() ? "" : ", ") + id + "=" + paramValueText(declared, id, value);
  return text;
}

void kindMetadata(const View& view, std::vector<CsvMetadataLine>& lines) {
  switch (view.kind) {
    case ViewKind::Xy:
      lines.push_back({"x", view.xLabel});
      lines.push_back({"y", view.yLabel});
      if (view.logX) lines.push_back({"x_scale", "log"});
      if (view.logY) lines.push_back({"y_scale", "log"});
      break;
    case ViewKind::Bars:
      lines.push_back({"category", view.bars.categoryLabel});
      lines.push_back({"value", view.bars.valueLabel});
      break;
    case ViewKind::Timeline:
      lines.push_back({"time", view.timeline.timeLabel});
      lines.push_back({"time_unit", view.timeline.timeUnit});
      for (const SpanKind& kind : view.timeline.kinds) lines.push_back({"span_kind " + kind.id, kind.label});
      break;
    case ViewKind::Grid:
      lines.push_back({"row_axis", view.grid.rowAxisLabel});
      lines.push_back({"column_axis", view.grid.columnAxisLabel});
      lines.push_back({"time_unit", view.grid.timeUnit});
      for (const CellState& state : view.grid.states) lines.push_back({"state " + state.id, state.label});
      break;
    case ViewKind::Listing:
      lines.push_back({"caption", view.listing.caption});
      for (const CellState& state : view.listing.states) lines.push_back({"state " + state.id, state.label});
      break;
  }
}

}  // namespace

std::vector<CsvMetadataLine> csvMetadata(const RunResult& result, const View& view, bool wide) {
  std::vector<CsvMetadataLine> lines{
      {"format", "warpscope-view-csv 1 (lines starting with # are metadata; the first other line names the columns)"},
      {"lab", result.labId},
      {"device", result.deviceId},
      {"device_name", result.deviceName},
      {"provenance", provenanceWord(result)},
  };
  if (!result.recordedOn.empty()) lines.push_back({"recorded_on", result.recordedOn});
  lines.push_back({"banner", result.banner()});
  lines.push_back({"params", paramsText(result)});
  lines.push_back({"view", view.id});
  lines.push_back({"title", view.title});
  lines.push_back({"kind", viewKindName(view.kind)});
  lines.push_back({"layout", wide ? "wide" : "long"});
  kindMetadata(view, lines);
  return lines;
}

std::string csvCommentLine(const CsvMetadataLine& line) {
  const std::string value = oneLine(line.value);
  return "# " + oneLine(line.key) + ":" + (value.empty() ? "" : " " + value);
}

}  // namespace warpscope
