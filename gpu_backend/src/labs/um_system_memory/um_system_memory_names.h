#pragma once
/// \file um_system_memory_names.h
/// What um-system-memory calls its scenarios (the bars' categories and the "shown" choice) and
/// the note both backends give where the GPU cannot reach system-allocated memory.

#include <string>

#include "labs/um_system_memory/um_system_memory_scenario.h"

namespace warpscope::labs {

/// The bars' category: "atomicAdd, GPU alone", ..., "malloc", "cudaMallocManaged", ...
inline const char* systemScenarioName(SysKind kind) {
  switch (kind) {
    case SysKind::DeviceAtomicsAlone:
      return "atomicAdd, GPU alone";
    case SysKind::SystemAtomicsAlone:
      return "atomicAdd_system, GPU alone";
    case SysKind::CpuAtomicsAlone:
      return "CPU threads alone";
    case SysKind::CpuGpuAtomics:
      return "CPU and GPU together";
    case SysKind::Malloc:
      return "malloc";
    case SysKind::GlobalArray:
      return "global array";
    case SysKind::StackBuffer:
      return "stack buffer";
    case SysKind::Managed:
      return "cudaMallocManaged";
    case SysKind::ExplicitCopy:
      return "cudaMalloc + cudaMemcpy";
  }
  return "?";
}

/// The command line's name of each scenario for the "shown" choice, in SysKind order.
inline const char* systemScenarioId(SysKind kind) {
  static const char* const ids[kSysKindCount] = {"device-alone", "system-alone", "cpu-alone", "cpu-gpu", "malloc",
                                                 "global",       "stack",        "managed",   "explicit"};
  return ids[static_cast<int>(kind)];
}

/// Why a kernel is not run on malloc'd, global or stack memory here.
inline std::string pageableAccessMissingNote(int attributeValue) {
  return "not run: cudaDevAttrPageableMemoryAccess is " + std::to_string(attributeValue) +
         " here, so a kernel touching malloc'd, global or stack memory would fault. The GPU reaches "
         "system-allocated memory through HMM (x86: NVIDIA's open kernel modules, a Linux kernel with HMM, "
         "6.1.24 or later, and CUDA 12.2 or later) or ATS (POWER9, Grace Hopper)";
}

}  // namespace warpscope::labs
