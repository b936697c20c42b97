#pragma once
// The page flags' advice as processor bits, shared by the UVM engine's files (uvm_engine.cpp,
// uvm_fault_service.cpp, uvm_cpu_access.cpp).
#include <cstdint>

#include "labs/um_common/uvm_page_table.h"

namespace warpscope::labs::um {

inline constexpr std::uint8_t kCpuBit = processorBit(Processor::Cpu);

/// The processors that always map the page (cudaMemAdviseSetAccessedBy).
inline std::uint8_t accessedByBits(std::uint8_t flags) {
  std::uint8_t bits = 0;
  if (flags & kAccessedByGpu0) bits |= processorBit(Processor::Gpu0);
  if (flags & kAccessedByGpu1) bits |= processorBit(Processor::Gpu1);
  return bits;
}

/// The preferred location's bit (0: none).
inline std::uint8_t preferredBit(std::uint8_t flags) {
  if (flags & kPreferCpu) return kCpuBit;
  if (flags & kPreferGpu0) return processorBit(Processor::Gpu0);
  if (flags & kPreferGpu1) return processorBit(Processor::Gpu1);
  return 0;
}

}  // namespace warpscope::labs::um
