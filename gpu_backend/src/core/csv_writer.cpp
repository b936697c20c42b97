// CSV form of a RunResult: '#' comment lines carry the banner, parameters and scalars; then one
// row per point, like PlotJuggler's export (a plain table first, then text).
#include <algorithm>
#include <cctype>
#include <iomanip>
#include <limits>

#include "warpscope/params.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

/// Quotes a field when it holds a comma, quote or newline (RFC 4180).
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

class CsvWriter final : public ResultWriter {
 public:
  void write(const RunResult& result, std::ostream& out) const override {
    out << std::setprecision(std::numeric_limits<double>::max_digits10 - 2);
    out << "# " << result.banner() << '\n';
    out << "# lab: " << result.labId << ", device: " << result.deviceId << '\n';
    for (const auto& [id, value] : result.params) out << "# param " << id << " = " << value << '\n';
    for (const auto& s : result.scalars) out << "# " << s.id << " = " << s.value << ' ' << s.unit << '\n';
    out << "view,series,x,y,y_min,y_max,x_label,y_label\n";
    for (const auto& view : result.views)
      for (const auto& series : view.series)
        for (const auto& p : series.points)
          out << csvField(view.id) << ',' << csvField(series.name) << ',' << p.x << ',' << p.y << ','
              << p.yMin << ',' << p.yMax << ',' << csvField(view.xLabel) << ',' << csvField(view.yLabel)
              << '\n';
  }
  [[nodiscard]] std::string fileExtension() const override { return "csv"; }
};

}  // namespace

std::unique_ptr<ResultWriter> makeCsvWriter() { return std::make_unique<CsvWriter>(); }

std::unique_ptr<ResultWriter> makeWriter(const std::string& format) {
  std::string lower = format;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "json") return makeJsonWriter();
  if (lower == "csv") return makeCsvWriter();
  throw BadInputError("unknown format '" + format + "' (formats: json, csv)");
}

}  // namespace warpscope
