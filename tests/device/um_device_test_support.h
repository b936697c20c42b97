#pragma once
// Shared by the unified-memory device tests: the skip guard (no GPU, or no concurrent managed
// access, which on-demand faulting needs), a device context and where tables go.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "cuda/cuda_check.h"
#include "cuda/device_context.h"
#include "cuda/device_query.h"

namespace warpscope::cuda::umtest {

/// Empty when the tests can run; else why not.
inline std::string umSkipReason() {
  if (std::string why = cudaUnavailableReason(); !why.empty()) return "no CUDA device: " + why;
  int concurrent = 0;
  if (cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, 0) != cudaSuccess || !concurrent)
    return "device 0 has no concurrent managed access (no GPU page faults to measure)";
  return {};
}

inline DeviceContext makeContext() {
  DeviceContext c;
  c.ordinal = 0;
  WS_CUDA_CHECK(cudaSetDevice(0));
  c.info = queryDevice(0);
  return c;
}

/// Prints text and, with WARPSCOPE_DEVICE_TEST_OUT set, writes it to that folder as file.
inline void publish(const std::string& file, const std::string& text) {
  std::cout << text << std::flush;
  if (const char* dir = std::getenv("WARPSCOPE_DEVICE_TEST_OUT")) std::ofstream(std::string(dir) + "/" + file) << text;
}

}  // namespace warpscope::cuda::umtest
