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

/// Whole result (schema_version 2): device, provenance, banner, params, scalars, notes, and
/// each view as {id, title, kind, <its kind's metadata>, table: {columns, rows}}, the table
/// being the kind's one table form (src/core/view_table.h).
std::unique_ptr<ResultWriter> makeJsonWriter();
/// One view's table (view_table.h): one header row, then one row per point (xy), event
/// (timeline), cell per frame or change (grid) or bar (bars), quoted per RFC 4180. `viewId`
/// picks the view (empty: the first); an unknown one is a BadInputError listing the views.
std::unique_ptr<ResultWriter> makeCsvWriter(const std::string& viewId = {});
/// "json" or "csv" (case-insensitive; `viewId` is the CSV's view); throws BadInputError naming
/// the valid formats.
std::unique_ptr<ResultWriter> makeWriter(const std::string& format, const std::string& viewId = {});

/// A lab's declaration as JSON (what `warpscope-cli describe LAB` prints).
std::string describeLabJson(const LabSpec& lab);

/// Reads back what makeJsonWriter wrote (used for recordings and round-trip tests): schema
/// version 2, and version 1 (xy views with series[].points[], as in resources/recordings).
/// Throws BadInputError naming the first malformed field (for a table: view, row and column).
RunResult readResultJson(const std::string& text);

}  // namespace warpscope
