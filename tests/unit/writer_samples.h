#pragma once
// The run the writer tests write and read (writers_test.cpp: JSON; csv_writer_test.cpp: CSV):
// every view kind with named choices, a scalar and a note; and a page map beside a grid.
#include <sstream>
#include <string>

#include "view_samples.h"
#include "warpscope/writers.h"

namespace warpscope::testing_views {

/// Every view kind (view_samples.h) in one run, with a named choice, a scalar and a note.
inline RunResult sampleResult() {
  RunResult r;
  r.labId = "latency-arith";
  r.deviceId = "sim:h100";
  r.deviceName = "H100 SXM5 (model)";
  r.provenance = Provenance::Simulated;
  r.params = {{"ilp", 4}, {"threads_per_block", 256}, {"pattern", 1}};
  r.paramNames = {{"pattern", "odd-even"}};
  r.views = everyKind();
  r.scalars.push_back({"ceiling.fp32_gflops", "Peak", 66912, "GFLOP/s"});
  r.notes.push_back("a note");
  return r;
}

/// What `writer` writes for `r`.
inline std::string write(const ResultWriter& writer, const RunResult& r) {
  std::ostringstream out;
  writer.write(r, out);
  return out.str();
}

/// The sample with a page map (a grid with changes and levels) beside a plain grid.
inline RunResult pageMapResult() {
  RunResult r = sampleResult();
  r.views = {pageMapView(), gridView()};
  return r;
}

}  // namespace warpscope::testing_views
