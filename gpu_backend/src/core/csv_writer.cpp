// CSV form of a RunResult: '#' comment lines carry the banner, parameters and scalars; then per
// view a '# view' line, its metadata as '# key: value' lines and its table (view_table.h), like
// PlotJuggler's export (a plain table first, then text). List values in comments are CSV records,
// so a label with a comma stays one item.
#include <algorithm>
#include <cctype>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/view_table.h"
#include "warpscope/params.h"
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

std::string csvNumbers(const std::vector<double>& values) {
  std::string record;
  for (std::size_t i = 0; i < values.size(); ++i) record += (i ? "," : "") + numberText(values[i]);
  return record;
}

/// A comment line ends at its line break, so breaks inside free text become spaces.
std::string oneLine(std::string text) {
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text;
}

void comment(std::ostream& out, const std::string& key, const std::string& value) {
  out << "# " << key << ": " << oneLine(value) << '\n';
}

void writeMetadata(const View& view, std::ostream& out) {
  out << "# view " << oneLine(view.id) << " (" << viewKindName(view.kind) << "): " << oneLine(view.title) << '\n';
  switch (view.kind) {
    case ViewKind::Xy: {
      comment(out, "x_label", view.xLabel);
      comment(out, "y_label", view.yLabel);
      if (view.yMaxHint != 0) comment(out, "y_max_hint", numberText(view.yMaxHint));
      std::vector<std::string> names;
      for (const auto& s : view.series) names.push_back(s.name);
      comment(out, "series", csvRecord(names));
      if (view.hasFocus) comment(out, "focus (series,x)", csvRecord({view.focusSeries, numberText(view.focusX)}));
      if (view.followsFocus) comment(out, "follows_focus", "true");
      if (view.logX) comment(out, "log_x", "true");
      if (view.logY) comment(out, "log_y", "true");
      break;
    }
    case ViewKind::Timeline: {
      const Timeline& t = view.timeline;
      comment(out, "time_label", t.timeLabel);
      comment(out, "time_unit", t.timeUnit);
      for (std::size_t i = 0; i < t.rows.size(); ++i)
        comment(out, "row " + std::to_string(i) + " (label,group,sub_rows)",
                csvRecord({t.rows[i].label, t.rows[i].group, std::to_string(t.rows[i].subRows)}));
      for (const auto& k : t.kinds) comment(out, "span_kind (id,label)", csvRecord({k.id, k.label}));
      if (!t.steps.empty()) comment(out, "steps", csvNumbers(t.steps));
      break;
    }
    case ViewKind::Grid: {
      const Grid& g = view.grid;
      comment(out, "row_axis_label", g.rowAxisLabel);
      comment(out, "column_axis_label", g.columnAxisLabel);
      comment(out, "row_labels", csvRecord(g.rowLabels));
      comment(out, "column_labels", csvRecord(g.columnLabels));
      for (const auto& s : g.states) comment(out, "state (id,label)", csvRecord({s.id, s.label}));
      comment(out, "time_unit", g.timeUnit);
      for (const auto& l : g.levels) comment(out, "level (name,columns_per_cell)", csvRecord({l.name, std::to_string(l.columnsPerCell)}));
      if (!g.changes.empty()) {
        // The change form (view_table.h): initial runs, then the changes, not a frame of every cell.
        if (!g.frames.empty()) comment(out, "initial_frame_label", g.frames.front().label);
        comment(out, "changes", std::to_string(g.changes.size()) +
                                    " (rows: the initial frame as runs of one state, then each change; replay rows up to a time for the state then)");
      }
      break;
    }
    case ViewKind::Bars: {
      const Bars& b = view.bars;
      comment(out, "category_label", b.categoryLabel);
      comment(out, "value_label", b.valueLabel);
      comment(out, "categories", csvRecord(b.categories));
      std::vector<std::string> names;
      for (const auto& s : b.series) names.push_back(s.name);
      comment(out, "series", csvRecord(names));
      break;
    }
  }
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
  void write(const RunResult& result, std::ostream& out) const override {
    out << "# " << oneLine(result.banner()) << '\n';
    out << "# lab: " << result.labId << ", device: " << result.deviceId << '\n';
    for (const auto& [id, value] : result.params) {
      out << "# param " << id << " = " << numberText(value);
      if (const auto name = result.paramNames.find(id); name != result.paramNames.end()) out << " (" << name->second << ")";
      out << '\n';
    }
    for (const auto& s : result.scalars)
      out << "# " << s.id << " = " << numberText(s.value) << (s.unit.empty() ? "" : " " + s.unit) << '\n';
    for (const auto& view : result.views) {
      writeMetadata(view, out);
      writeTable(toTable(view), out);
    }
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
