// The coalescing lab's 2D case on a real GPU: both mappings of the thread index copy every element
// of the matrix to its own place (checked on the host against the source), the GPU's counters give
// the rule's sectors per request (4 along a row, 32 down a column), and the lab's own measurement
// (which checks every word on the device) finds the thread-per-column copy the faster.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_backend.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/device_query.h"
#include "labs/coalescing/coalescing_kernels.h"
#include "labs/coalescing/coalescing_lab.h"
#include "gpu_context_test.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

constexpr const char* kLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
constexpr const char* kLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";

class CoalescingMatrixOnGpu : public test::GpuContextTest {};

TEST_F(CoalescingMatrixOnGpu, BothMappingsCopyEveryElementToItsPlace) {
  const unsigned side = 512;  // 1 MiB: a multiple of the kernel's quantum
  const std::size_t n = std::size_t{side} * side;
  std::vector<float> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = static_cast<float>(i % 9973) + 0.5f;
  cuda::DeviceBuffer in(n * 4), out(n * 4 + 256);
  WS_CUDA_CHECK(cudaMemcpy(in.get(), host.data(), n * 4, cudaMemcpyHostToDevice));
  for (int mapping : {0, 1}) {
    SCOPED_TRACE(mapping == 0 ? "thread per column" : "thread per row");
    WS_CUDA_CHECK(cudaMemset(out.get(), 0xFF, out.bytes()));  // poison (NaN), and past the end
    WS_CUDA_CHECK(cuda::launchMatrixCopy(mapping, side, in.get(), out.get()));
    std::vector<std::uint32_t> got(n + 64);
    WS_CUDA_CHECK(cudaMemcpy(got.data(), out.get(), got.size() * 4, cudaMemcpyDeviceToHost));
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t want = 0;
      std::memcpy(&want, &host[i], 4);
      wrong += got[i] != want;
    }
    for (std::size_t i = n; i < n + 64; ++i) wrong += got[i] != 0xFFFFFFFFu;
    EXPECT_EQ(wrong, 0u);
  }
  EXPECT_EQ(cuda::launchMatrixCopy(0, 100, in.get(), out.get()), cudaErrorInvalidValue);  // 10000: not whole blocks
}

TEST_F(CoalescingMatrixOnGpu, TheCountersGiveTheRulesSectorsPerRequest) {
  const unsigned side = 2048;
  const std::size_t bytes = std::size_t{side} * side * 4;
  cuda::DeviceBuffer in(bytes), out(bytes);
  WS_CUDA_CHECK(cudaMemset(in.get(), 0, bytes));
  for (int mapping : {0, 1}) {
    const cuda::CounterReading c = cuda::readCounters(context_, {kLoadSectors, kLoadRequests}, [&] {
      WS_CUDA_CHECK(cuda::launchMatrixCopy(mapping, side, in.get(), out.get()));
    });
    if (!c.ok()) GTEST_SKIP() << "counters unavailable: " << c.unavailable;
    const double perRequest = c.value(kLoadSectors) / c.value(kLoadRequests);
    std::cout << "  " << (mapping == 0 ? "thread per column" : "thread per row") << ": " << perRequest
              << " load sectors per request\n";
    EXPECT_NEAR(perRequest, mapping == 0 ? 4.0 : 32.0, 0.01);
  }
}

TEST_F(CoalescingMatrixOnGpu, TheLabMeasuresBothMappingsAndThreadPerColumnIsFaster) {
  auto backend = std::make_unique<cuda::CudaBackend>();
  const RunRequest request{labs::kCoalescingId, "cuda:0",
                           parseAssignments(labs::coalescingSpec().params, {"matrix_side=8192"}), RunScope::FullSweep};
  CancelToken cancel;
  const RunOutcome out = test::runResolved(*backend, request, {}, cancel);  // checks every word
  ASSERT_TRUE(out.ok()) << out.error().message;
  const Scalar* column = out.result().findScalar("coalescing.matrix_column_gbps");
  const Scalar* row = out.result().findScalar("coalescing.matrix_row_gbps");
  const Scalar* rowModel = out.result().findScalar("coalescing.matrix_row_gbps_model");
  ASSERT_TRUE(column && row && rowModel);
  std::cout << "  8192 x 8192: thread per column " << column->value << " GB/s, thread per row " << row->value
            << " GB/s (model " << rowModel->value << ")\n";
  EXPECT_GT(column->value, row->value);
  ASSERT_NE(out.result().findView("matrix-rows-vs-columns"), nullptr);
}

}  // namespace
}  // namespace warpscope
