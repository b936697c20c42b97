#pragma once
/// \file atomics_kernels.h
/// The atomics lab's kernels (labs/atomics/atomics_shape.h says what they do): atomicAdd to one of
/// `addresses` words in global or shared memory, plain or warp-aggregated, int or float, and the
/// 256-bin histogram with global atomics or with a shared-memory copy per block. Host-callable
/// launch wrappers; no C++20 here.
///
/// What each compiles to (sm_90, read with cuobjdump -sass; tests/device/atomics_sass_test.cpp
/// guards it): the plain kernels add a run-time increment, so the compiler cannot count lanes
/// instead (atomicAdd(&s[i], 1u) becomes ATOMS.POPC.INC, aggregated by the compiler); the
/// aggregated kernels group a warp's lanes by word (cooperative groups' labeled_partition, MATCH)
/// and let one lane add the group's sum (cg::reduce).

#include <cuda_runtime_api.h>

#include <cstdint>

#include "labs/atomics/atomics_shape.h"

namespace warpscope::cuda {

/// Every thread adds `increment` (as an unsigned int or a float) `iterations` times, at iteration
/// i to word (its index + i) mod addresses (addresses a power of two). Global variants update
/// words[0, addresses); shared ones a zeroed shared array per block, which block b then stores to
/// words[b x addresses, (b + 1) x addresses). Returns cudaGetLastError().
cudaError_t launchAtomicAdds(labs::AtomicVariant variant, labs::AtomicValueType type, unsigned addresses,
                             unsigned iterations, std::uint32_t incrementBits, void* words);

/// The 256-bin histogram of `bytes` (a multiple of 4) into hist (zeroed first), each byte adding
/// `increment` (1, at run time), the input read `passes` times (so that a fast variant's launch
/// outlasts its start-up): with global atomics, or privatised in shared memory and merged with one
/// global atomic per block and bin. Returns cudaGetLastError().
cudaError_t launchHistogram(bool privatised, const std::uint8_t* data, unsigned bytes, unsigned passes, unsigned blocks,
                            std::uint32_t increment, std::uint32_t* hist);

/// The race: `threads` threads (blocks of min(threads, labs::kRaceBlockThreads); threads must be
/// a multiple of that) each add x[tid] to result[0]: racy, with result[0] += x[tid] (a plain load,
/// add and store), or with atomicAdd. result[0] is not zeroed here. Returns cudaGetLastError().
cudaError_t launchRaceSum(bool atomic, const std::uint32_t* x, unsigned threads, std::uint32_t* result);

/// Fills x[0, count) with labs::raceInput(i).
cudaError_t launchFillRaceInput(std::uint32_t* x, unsigned count);

/// Fills data[0, bytes) with byte value `value`, or with labs::histogramInputByte(i) when value < 0.
cudaError_t launchFillHistogramInput(std::uint8_t* data, unsigned bytes, int value);

}  // namespace warpscope::cuda
