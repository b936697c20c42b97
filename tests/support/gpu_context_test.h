#pragma once
// A device test that needs a DeviceContext of its own on GPU 0 (counters, labs' measurement
// functions called directly): skips, saying why, where no GPU answers.
#include <gtest/gtest.h>

#include <string>

#include "cuda/cuda_check.h"
#include "cuda/device_context.h"
#include "cuda/device_query.h"

namespace warpscope::test {

class GpuContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    WS_CUDA_CHECK(cudaSetDevice(0));
    context_.ordinal = 0;
    context_.info = cuda::queryDevice(0);
  }
  cuda::DeviceContext context_;
};

}  // namespace warpscope::test
