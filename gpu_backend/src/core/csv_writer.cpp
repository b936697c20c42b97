// CSV form of one view of a RunResult: '#' metadata lines (csv_metadata.h), then its table
// (view_table.h), or its wide form (wide_table.h), under one header row. Several views are
// several files; the JSON holds the whole run.
#include <algorithm>
#include <cctype>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/csv_metadata.h"
#include "core/view_table.h"
#include "core/wide_table.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

/// Quotes a field when it holds a comma, quote or line break (RFC 4180), or a '#': unquoted, a
/// row could pass for a comment line, and pandas' comment='#' drops the rest of a line from an
/// unquoted '#' on.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n#") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

/// Numbers with the precision of the table (15 significant digits: exact for measured values,
/// free of binary noise such as 0.1 -> 0.10000000000000001).
std::string numberText(double value) {
  std::ostringstream out;
  out << std::setprecision(std::numeric_limits<double>::max_digits10 - 2) << value;
  return out.str();
}

/// One CSV record from already formatted items.
std::string csvRecord(const std::vector<std::string>& items) {
  std::string record;
  for (std::size_t i = 0; i < items.size(); ++i) record += (i ? "," : "") + csvField(items[i]);
  return record;
}

void writeTable(const ViewTable& table, std::ostream& out) {
  out << csvRecord(table.columns) << '\n';
  for (const auto& row : table.rows) {
    std::vector<std::string> items;
    for (const auto& cell : row) {
      if (const auto* text = std::get_if<std::string>(&cell)) items.push_back(*text);
      else items.push_back(numberText(std::get<double>(cell)));
    }
    out << csvRecord(items) << '\n';
  }
}

class CsvWriter final : public ResultWriter {
 public:
  CsvWriter(std::string viewId, CsvLayout layout) : viewId_(std::move(viewId)), layout_(layout) {}
  void write(const RunResult& result, std::ostream& out) const override {
    if (result.views.empty()) throw BadInputError("the result has no view to write as CSV");
    const View* view = viewId_.empty() ? &result.views.front() : result.findView(viewId_);
    if (!view) {
      std::string ids;
      for (const View& v : result.views) ids += (ids.empty() ? "" : ", ") + v.id;
      // `describe` lists every view a lab declares; some come only from some devices (streams'
      // model timeline stands beside a GPU's measured one): say so rather than only "no view".
      const LabSpec* lab = LabRegistry::builtin().find(result.labId);
      const bool declared = lab && std::any_of(lab->views.begin(), lab->views.end(),
                                               [&](const ViewSpec& v) { return v.id == viewId_; });
      if (declared)
        throw BadInputError(result.labId + " declares view '" + viewId_ + "', but its run on " + result.deviceId +
                            " does not make it (views of this run: " + ids + ")");
      throw BadInputError("the result has no view '" + viewId_ + "' (views: " + ids + ")");
    }
    const bool wide = layout_ == CsvLayout::Wide;
    // The table first: a wide timeline is refused before a line is written.
    const ViewTable table = wide ? toWideTable(*view) : toTable(*view);
    for (const CsvMetadataLine& line : csvMetadata(result, *view, wide)) out << csvCommentLine(line) << '\n';
    writeTable(table, out);
  }
  [[nodiscard]] std::string fileExtension() const override { return "csv"; }

 private:
  std::string viewId_;
  CsvLayout layout_;
};

}  // namespace

std::unique_ptr<ResultWriter> makeCsvWriter(const std::string& viewId, CsvLayout layout) {
  return std::make_unique<CsvWriter>(viewId, layout);
}

std::unique_ptr<ResultWriter> makeWriter(const std::string& format, const std::string& viewId, CsvLayout layout) {
  std::string lower = format;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "json") {
    if (layout == CsvLayout::Wide) throw BadInputError("--wide lays out a CSV: it needs --format csv, not json");
    return makeJsonWriter();
  }
  if (lower == "csv") return makeCsvWriter(viewId, layout);
  throw BadInputError("unknown format '" + format + "' (formats: json, csv)");
}

}  // namespace warpscope
