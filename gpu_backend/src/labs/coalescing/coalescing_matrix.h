#pragma once
/// \file coalescing_matrix.h
/// The coalescing lab's 2D case (seed 002, "One thread per row or one thread per column?"): a
/// square row-major float matrix copied with the thread index mapped to the column (a warp's lanes
/// along a row: coalesced) or to the row (lanes down a column, a row pitch apart: not coalesced).
/// The record both backends fill per mapping, the rule's footprint of one warp, and the bars view
/// and scalars the two mappings make.

#include <cstdint>
#include <string>
#include <vector>

#include "labs/coalescing/coalescing_shape.h"
#include "mechanisms/memory_transactions.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// "thread per column" or "thread per row".
std::string matrixMappingName(MatrixMapping mapping);

/// The byte addresses the 32 lanes of the launch's first warp copy (every warp of the launch has
/// the same shape: 32 consecutive work items).
std::vector<std::uint64_t> matrixWarpAddresses(MatrixMapping mapping, int side);

/// The rule's footprint of one warp instruction (its load; its store is the same).
WarpFootprint matrixFootprint(MatrixMapping mapping, int side, const MemoryTransactions& rule);

/// One mapping's record, filled by either backend.
struct CoalescingMatrixPoint {
  MatrixMapping mapping = MatrixMapping::ThreadPerColumn;
  WarpFootprint model;         ///< The rule's footprint of one warp instruction.
  double usefulGBs = 0;        ///< Matrix bytes read + written / time (median).
  double usefulGBsMin = 0;     ///< Spread: slowest repetition...
  double usefulGBsMax = 0;     ///< ... and fastest.
  double modelUsefulGBs = 0;   ///< The model's (both backends draw it).
  double loadSectorsPerRequest = -1;  ///< The GPU's counters (negative: not read).
};

/// Adds the bars view "matrix-rows-vs-columns" (declared in `lab`), its scalars and a note to
/// `result`; points holds one record per mapping, in MatrixMapping order.
void addMatrixResults(RunResult& result, const LabSpec& lab, const std::vector<CoalescingMatrixPoint>& points, int side,
                      bool measured);

}  // namespace warpscope::labs
