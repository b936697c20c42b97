#pragma once
/// \file um_capture_records.h
/// CUPTI's unified-memory counter records (CUpti_ActivityUnifiedMemoryCounter3) as the labs'
/// UmEvent: kind, processors, migration or remote-map cause, access type, time and offset.
/// um_capture.cpp collects the records; this is the translation alone.

#include <cupti.h>

#include <cstdint>

#include "labs/um_common/um_trace.h"

namespace warpscope::cuda {

/// One record as an event, or false when it falls outside [base, base + bytes). Times are
/// microseconds after t0Ns; gpu0Id is the CUDA ordinal the lab calls GPU 0.
bool toEvent(const CUpti_ActivityUnifiedMemoryCounter3& r, std::uint64_t base, std::uint64_t bytes,
             std::uint64_t t0Ns, uint32_t gpu0Id, labs::um::UmEvent& e);

}  // namespace warpscope::cuda
