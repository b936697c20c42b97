#pragma once
/// \file kernel_fault_setting.h
/// How the CUDA backend reads WARPSCOPE_TEST_KERNEL_FAULT, the tests' fault injection
/// (fault_injection.h). Strict, and test only:
///   out-of-bounds          every CUDA run faults (tests/device/worker_fault_test.cpp)
///   out-of-bounds:LABID    only the runs of lab LABID, e.g. out-of-bounds:latency-memory (a window
///                          test faults one lab and measures another in the same window)
/// Anything else (unset, empty, another kind, another case, spaces, "out-of-bounds:" without a lab)
/// faults nothing. No CUDA here, so the unit tests check the parsing without a GPU.

#include <string_view>

namespace warpscope::cuda {

/// True when `setting` (the variable's value, null when unset) asks for a fault in a run of `labId`.
inline bool kernelFaultRequested(const char* setting, std::string_view labId) {
  if (!setting) return false;
  constexpr std::string_view kOutOfBounds = "out-of-bounds";
  const std::string_view value(setting);
  if (value == kOutOfBounds) return true;
  if (!value.starts_with(kOutOfBounds) || value.size() <= kOutOfBounds.size() + 1 || value[kOutOfBounds.size()] != ':')
    return false;
  return value.substr(kOutOfBounds.size() + 1) == labId;
}

}  // namespace warpscope::cuda
