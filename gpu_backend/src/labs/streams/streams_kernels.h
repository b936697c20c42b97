#pragma once
/// \file streams_kernels.h
/// The streams lab's kernels, host-callable launch wrappers (no C++20 here): the chunk kernel
/// (a dependent FMA chain per element), the marker (a tiny kernel on a default stream) and the gate
/// (one thread spinning on a host flag, so a whole run can be queued before any of it starts: the
/// host's enqueue time stays out of the timing, as nvbandwidth does it).

#include <cuda_runtime_api.h>

#include <cstddef>

namespace warpscope::cuda {

/// out[i] = in[i] after `fmas` dependent y = y * a + b (a = 1 gives in[i] + fmas x b exactly for
/// small integers). blocks == 0: one thread per element (the whole GPU); otherwise that many blocks
/// of threadsPerBlock, each striding over the chunk. Returns cudaGetLastError().
cudaError_t launchChunkKernel(const float* in, float* out, std::size_t elements, int fmas, float a, float b,
                              unsigned blocks, unsigned threadsPerBlock, cudaStream_t stream);

/// One block of 32 threads that writes one word: a few microseconds of launch on `stream`.
cudaError_t launchMarker(unsigned* word, unsigned value, cudaStream_t stream);

/// One thread that waits until *flag (host memory mapped into the device) is non-zero, at most
/// timeoutNs of the GPU's global timer; it writes 1 to *timedOut if it gave up.
cudaError_t launchGate(const volatile int* flag, int* timedOut, unsigned long long timeoutNs, cudaStream_t stream);

}  // namespace warpscope::cuda
