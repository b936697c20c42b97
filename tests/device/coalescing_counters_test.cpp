// The coalescing lab's promise on a real GPU: the sectors per request the GPU's own counters report
// equal the 32-byte rule's count at every stride 1..32 and offset 0..31, for 4-, 8- and 16-byte
// elements (loads and stores), and the strided copy writes exactly the elements it should.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/device_query.h"
#include "cuda/kernels/fill_words.h"
#include "labs/coalescing/coalescing_kernels.h"
#include "labs/coalescing/coalescing_lab.h"

#include "gpu_context_test.h"

namespace warpscope {
namespace {

constexpr const char* kLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
constexpr const char* kLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
constexpr const char* kStoreSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
constexpr const char* kStoreRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";

class CoalescingCounters : public test::GpuContextTest {};

TEST_F(CoalescingCounters, SectorsPerRequestEqualTheRuleAtEveryStride1To32AndOffset0To31) {
  // Two quanta of 4-byte elements per launch (a multiple of every element size's quantum);
  // buffers large enough for stride 32 of 16-byte elements from offset 31.
  const unsigned long long kElements = 2 * labs::coalescingElementQuantum(4);
  const std::size_t bytes = (31 + kElements * 32) * 16 + 256;
  cuda::DeviceBuffer in(bytes), out(bytes);
  WS_CUDA_CHECK(cuda::launchFillRandom(in.as<std::uint32_t>(), bytes / 4, 7));
  const labs::MemoryTransactions rule;  // 32-byte sectors, 128-byte lines
  int compared = 0;
  for (int elementBytes : labs::kCoalescingElementBytes) {
    for (int stride = 1; stride <= 32; ++stride) {
      // One reading for the 32 offsets: each launch is one kernel, one range.
      const cuda::CounterReading r = cuda::readCounters(
          context_, {kLoadSectors, kLoadRequests, kStoreSectors, kStoreRequests},
          [&] {
            for (unsigned offset = 0; offset < 32; ++offset)
              WS_CUDA_CHECK(cuda::launchStridedCopy(elementBytes, kElements, static_cast<unsigned>(stride), offset,
                                                    in.get(), out.get()));
          },
          32);
      if (!r.ok()) GTEST_SKIP() << "counters unavailable here: " << r.unavailable;
      ASSERT_EQ(r.kernels.size(), 32u);
      for (int offset = 0; offset < 32; ++offset) {
        labs::CoalescingPlan plan;
        plan.elementBytes = elementBytes;
        plan.offsetElements = offset;
        const labs::WarpFootprint f = labs::coalescingFootprint(plan, stride, rule);
        const cuda::MetricValues& k = r.kernels[static_cast<std::size_t>(offset)];
        const std::string where = std::to_string(elementBytes) + " B, stride " + std::to_string(stride) + ", offset " +
                                  std::to_string(offset);
        EXPECT_DOUBLE_EQ(k.at(kLoadSectors) / k.at(kLoadRequests), f.sectors) << where << " (loads)";
        EXPECT_DOUBLE_EQ(k.at(kStoreSectors) / k.at(kStoreRequests), f.sectors) << where << " (stores)";
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 3 * 32 * 32);
}

TEST_F(CoalescingCounters, ALaunchOfElementsNotAMultipleOfTheQuantumIsRefused) {
  cuda::DeviceBuffer in(1 << 20), out(1 << 20);
  EXPECT_EQ(cuda::launchStridedCopy(4, labs::coalescingElementQuantum(4) + 1, 1, 0, in.get(), out.get()),
            cudaErrorInvalidValue);
}

TEST_F(CoalescingCounters, StridedCopyWritesExactlyItsElements) {
  const unsigned long long kElements = 2 * labs::coalescingElementQuantum(4);  // a multiple of every size's quantum
  for (int elementBytes : labs::kCoalescingElementBytes) {
    for (unsigned stride : {1u, 3u, 100u}) {
      const unsigned offset = 5;
      const std::size_t bytes = (offset + kElements * stride) * static_cast<std::size_t>(elementBytes) + 1024;
      cuda::DeviceBuffer in(bytes), out(bytes), bad(sizeof(unsigned long long));
      WS_CUDA_CHECK(cuda::launchFillRandom(in.as<std::uint32_t>(), bytes / 4, 11));
      WS_CUDA_CHECK(cuda::launchFillWords(out.as<std::uint32_t>(), bytes / 4, cuda::kPoisonWord));
      WS_CUDA_CHECK(cuda::launchStridedCopy(elementBytes, kElements, stride, offset, in.get(), out.get()));
      WS_CUDA_CHECK(cudaMemset(bad.get(), 0, sizeof(unsigned long long)));
      WS_CUDA_CHECK(cuda::launchCountStridedMismatches(out.as<std::uint32_t>(), bytes / 4, elementBytes, kElements, stride,
                                                       offset, 11, bad.as<unsigned long long>()));
      unsigned long long wrong = 1;
      WS_CUDA_CHECK(cudaMemcpy(&wrong, bad.get(), sizeof wrong, cudaMemcpyDeviceToHost));
      EXPECT_EQ(wrong, 0u) << elementBytes << " B, stride " << stride;
      // The check itself must see a wrong word: spoil one copied element.
      const std::uint32_t spoil = 0;
      WS_CUDA_CHECK(cudaMemcpy(out.as<std::uint32_t>() + offset * static_cast<unsigned>(elementBytes / 4), &spoil,
                               sizeof spoil, cudaMemcpyHostToDevice));
      WS_CUDA_CHECK(cudaMemset(bad.get(), 0, sizeof(unsigned long long)));
      WS_CUDA_CHECK(cuda::launchCountStridedMismatches(out.as<std::uint32_t>(), bytes / 4, elementBytes, kElements, stride,
                                                       offset, 11, bad.as<unsigned long long>()));
      WS_CUDA_CHECK(cudaMemcpy(&wrong, bad.get(), sizeof wrong, cudaMemcpyDeviceToHost));
      EXPECT_EQ(wrong, 1u) << elementBytes << " B, stride " << stride;
    }
  }
}

}  // namespace
}  // namespace warpscope
