#pragma once
/// \file writers.h
/// Printers behind one interface (nvbench style). The GUI's export and the CLI write through
/// these, so a CSV from either is byte-for-byte the same format.

#include <memory>
#include <ostream>
#include <string>

#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope {

class ResultWriter {
 public:
  virtual ~ResultWriter() = default;
  virtual void write(const RunResult& result, std::ostream& out) const = 0;
  [[nodiscard]] virtual std::string fileExtension() const = 0;
};

/// Whole result (schema_version 3): device, provenance, banner, params (named choices by name),
/// scalars, notes, and each view as {id, title, kind, <its kind's metadata>, table: {columns,
/// rows}}, the table being the kind's one table form (src/core/view_table.h). Its JSON Schema is
/// resources/schema/warpscope-run.schema.json.
std::unique_ptr<ResultWriter> makeJsonWriter();

/// How a CSV lays out its view.
enum class CsvLayout {
  Long,  ///< The view's table (view_table.h): one row per point, event, cell or change, or bar.
  Wide,  ///< xy and bars only: one column per series (core/wide_table.h), as gnuplot and spreadsheets plot.
};

/// One view's table: '#' metadata lines (lab, device, provenance, parameters, the view, its axes
/// and units: core/csv_metadata.h), one header row, then the rows, quoted per RFC 4180 (and any
/// field holding '#', so no row passes for a comment). `viewId` picks the view (empty: the
/// first); an unknown one is a BadInputError listing the views, and so is a Wide timeline or grid.
std::unique_ptr<ResultWriter> makeCsvWriter(const std::string& viewId = {}, CsvLayout layout = CsvLayout::Long);
/// "json" or "csv" (case-insensitive; `viewId` and `layout` are the CSV's); throws BadInputError
/// naming the valid formats, or saying a wide layout is a CSV's.
std::unique_ptr<ResultWriter> makeWriter(const std::string& format, const std::string& viewId = {},
                                         CsvLayout layout = CsvLayout::Long);

/// A lab's declaration as JSON (what `warpscope-cli describe LAB` prints).
std::string describeLabJson(const LabSpec& lab);

/// Reads back what makeJsonWriter wrote (used for recordings and round-trip tests): schema
/// version 3, version 2 (params all numbers) and version 1 (xy views with series[].points[], as
/// in resources/recordings). A named choice reads as a number or a name in any version.
/// Throws BadInputError naming the first malformed field (for a table: view, row and column).
RunResult readResultJson(const std::string& text);

}  // namespace warpscope
