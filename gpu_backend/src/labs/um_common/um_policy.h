#pragma once
/// \file um_policy.h
/// The cudaMemAdvise policies the unified-memory labs compare (um-policies, um-thrashing): a
/// mechanism of the family, so it lives in its shared room, not in one lab's.

namespace warpscope::labs {

enum class UmPolicy : int {
  None,                ///< No advice: pages migrate on first touch, back and forth.
  ReadMostly,          ///< cudaMemAdviseSetReadMostly: read-only copies on each reader.
  PreferredCpu,        ///< cudaMemAdviseSetPreferredLocation = CPU.
  PreferredGpu,        ///< cudaMemAdviseSetPreferredLocation = GPU 0.
  AccessedByGpu,       ///< cudaMemAdviseSetAccessedBy = GPU 0 (mapped, no GPU faults).
};

}  // namespace warpscope::labs
