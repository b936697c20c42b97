#pragma once
/// \file um_model_support.h
/// Small helpers the five um-* models share: a phase from a modelled time, the model's note, and
/// checks of scenario sizes.

#include <cstdint>
#include <string>

#include "labs/um_common/um_trace.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/um_policy.h"
#include "mechanisms/device_profile.h"
#include "warpscope/params.h"

namespace warpscope::labs::um {

/// A phase the model timed once (median = min = max).
inline UmPhaseTiming modelPhase(const std::string& name, double us, std::uint64_t bytes) {
  UmPhaseTiming phase;
  phase.name = name;
  phase.medianMs = phase.minMs = phase.maxMs = us / 1000.0;
  phase.bytes = bytes;
  return phase;
}

/// Throws BadInputError unless bytes is a positive whole number of 4 KiB pages below 2^32 pages.
inline void checkManagedBytes(const char* what, std::uint64_t bytes) {
  if (bytes == 0 || bytes % kPageBytes != 0 || bytes / kPageBytes >= 0xffffffffull)
    throw BadInputError(std::string(what) + " must be a positive multiple of 4096 bytes (got " + std::to_string(bytes) + ")");
}

/// Sets `policy`'s cudaMemAdvise on every page of the engine's allocation (um-policies, um-thrashing).
inline void applyUmPolicy(UvmEngine& engine, UmPolicy policy) {
  const std::uint32_t n = engine.pages.pageCount();
  switch (policy) {
    case UmPolicy::None: break;
    case UmPolicy::ReadMostly: engine.pages.setFlag(0, n, kReadMostly, true); break;
    case UmPolicy::PreferredCpu: engine.pages.setFlag(0, n, kPreferCpu, true); break;
    case UmPolicy::PreferredGpu: engine.pages.setFlag(0, n, kPreferGpu0, true); break;
    case UmPolicy::AccessedByGpu: engine.pages.setFlag(0, n, kAccessedByGpu0, true); break;
  }
}

}  // namespace warpscope::labs::um
