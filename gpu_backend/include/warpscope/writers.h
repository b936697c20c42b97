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

/// Whole result: device, provenance, banner, params, scalars, views, notes.
std::unique_ptr<ResultWriter> makeJsonWriter();
/// One row per point: view,series,x,y,y_min,y_max, preceded by '#' comment lines with the
/// banner, parameters and scalars.
std::unique_ptr<ResultWriter> makeCsvWriter();
/// "json" or "csv" (case-insensitive); throws BadInputError naming the valid formats.
std::unique_ptr<ResultWriter> makeWriter(const std::string& format);

/// A lab's declaration as JSON (what `warpscope-cli describe LAB` prints).
std::string describeLabJson(const LabSpec& lab);

/// Reads back what makeJsonWriter wrote (used for recordings and round-trip tests).
/// Throws BadInputError naming the first malformed field.
RunResult readResultJson(const std::string& text);

}  // namespace warpscope
