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
/// '#' comment lines with the banner, lab and device, parameters and scalars; then per view a
/// '# view ID (KIND): TITLE' line, its metadata as '# key: value' lines, and its table: a header
/// row and one row per point (xy), event (timeline), cell per frame (grid) or bar (bars),
/// quoted per RFC 4180. Named-choice parameters are written as their value.
std::unique_ptr<ResultWriter> makeCsvWriter();
/// "json" or "csv" (case-insensitive); throws BadInputError naming the valid formats.
std::unique_ptr<ResultWriter> makeWriter(const std::string& format);

/// A lab's declaration as JSON (what `warpscope-cli describe LAB` prints).
std::string describeLabJson(const LabSpec& lab);

/// Reads back what makeJsonWriter wrote (used for recordings and round-trip tests): schema
/// version 2, and version 1 (xy views with series[].points[], as in resources/recordings).
/// Throws BadInputError naming the first malformed field (for a table: view, row and column).
RunResult readResultJson(const std::string& text);

}  // namespace warpscope
