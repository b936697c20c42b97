#pragma once
/// \file um_system_memory_scenario.h
/// Lab "um-system-memory": the two parts of the seed's slides that no other um-* lab shows, as one
/// kind of scenario for both backends.
///   System-wide atomics ("Concurrent access", "Exclusive access"): a managed array of counters
///   that CPU threads (std::atomic_ref fetch_add) and a kernel (atomicAdd_system) increment at the
///   same time, beside each side alone and the device-scope atomicAdd baseline.
///   System-allocated memory ("Unified memory with system allocator", "What you can do with
///   unified memory"): a kernel reading and rewriting malloc'd memory, a global array and a stack
///   buffer (where the driver supports it: cudaDevAttrPageableMemoryAccess), beside the same
///   kernel on cudaMallocManaged memory and on cudaMalloc after cudaMemcpy.

#include <cstdint>

namespace warpscope::labs {

enum class SysKind : int {
  DeviceAtomicsAlone,  ///< Device-scope atomicAdd, the counters prefetched to the GPU, no CPU.
  SystemAtomicsAlone,  ///< atomicAdd_system, the same, no CPU.
  CpuAtomicsAlone,     ///< The CPU threads alone, counters in host memory.
  CpuGpuAtomics,       ///< The CPU threads and the atomicAdd_system kernel at the same time.
  Malloc,              ///< A kernel on malloc'd memory (HMM/ATS only).
  GlobalArray,         ///< ... on a global (static) array of the host program.
  StackBuffer,         ///< ... on a buffer on the calling thread's stack.
  Managed,             ///< ... on cudaMallocManaged memory first touched by the CPU.
  ExplicitCopy,        ///< ... on cudaMalloc memory after cudaMemcpy from malloc'd memory.
};
inline constexpr int kSysKindCount = 9;

inline bool isAtomicsKind(SysKind k) { return static_cast<int>(k) <= static_cast<int>(SysKind::CpuGpuAtomics); }
/// The kinds whose memory the driver must let the GPU reach through the CPU's page tables.
inline bool needsPageableAccess(SysKind k) {
  return k == SysKind::Malloc || k == SysKind::GlobalArray || k == SysKind::StackBuffer;
}
inline bool gpuTakesPart(SysKind k) { return k != SysKind::CpuAtomicsAlone; }
inline bool cpuTakesPart(SysKind k) { return k == SysKind::CpuAtomicsAlone || k == SysKind::CpuGpuAtomics; }

/// The global array and the stack buffer are smaller than the buffer: a program's static data and
/// a thread's stack (8 MiB by default on Linux) hold less than its heap.
inline constexpr std::uint64_t kGlobalArrayBytes = 4ull << 20;
inline constexpr std::uint64_t kStackBufferBytes = 256ull << 10;

struct SystemScenario {
  SysKind kind = SysKind::CpuGpuAtomics;
  // -- atomics --
  int cpuThreads = 2;                          ///< 0: the GPU alone (no CPU scenarios are planned).
  int counters = 4;                            ///< 1 .. 64 counters of 8 bytes, every one incremented by every side.
  bool separatePages = false;                  ///< false: packed in one page; true: one counter per 64 KiB.
  std::uint64_t gpuOps = 4ull << 20;           ///< The kernel's atomics in all.
  std::uint64_t cpuOpsPerThread = 4ull << 10;  ///< Each CPU thread's atomics.
  // -- system memory --
  std::uint64_t bufferBytes = 64ull << 20;  ///< malloc, managed and explicit copy.
};

/// The bytes a system-memory scenario's kernel reads (and rewrites).
inline std::uint64_t touchedBytes(const SystemScenario& s) {
  switch (s.kind) {
    case SysKind::GlobalArray:
      return kGlobalArrayBytes;
    case SysKind::StackBuffer:
      return kStackBufferBytes;
    default:
      return s.bufferBytes;
  }
}

}  // namespace warpscope::labs
