// CSV form of one view of a RunResult: its table (view_table.h) with one header row, nothing else,
// so any spreadsheet reads it. Several views are several files; the JSON holds the whole run.
#include <algorithm>
#include <cctype>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/view_table.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

/// Quotes a field when it holds a comma, quote or line break (RFC 4180), or starts with '#'
/// (unquoted, a row could pass for a comment line).
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos && (text.empty() || text[0] != '#')) return text;
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
  explicit CsvWriter(std::string viewId) : viewId_(std::move(viewId)) {}
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
    writeTable(toTable(*view), out);
  }
  [[nodiscard]] std::string fileExtension() const override { return "csv"; }

 private:
  std::string viewId_;
};

}  // namespace

std::unique_ptr<ResultWriter> makeCsvWriter(const std::string& viewId) { return std::make_unique<CsvWriter>(viewId); }

std::unique_ptr<ResultWriter> makeWriter(const std::string& format, const std::string& viewId) {
  std::string lower = format;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "json") return makeJsonWriter();
  if (lower == "csv") return makeCsvWriter(viewId);
  throw BadInputError("unknown format '" + format + "' (formats: json, csv)");
}

}  // namespace warpscope
