// The streams lab's overlap model, on cases worked by hand (docs/labs/streams.md): one stream runs
// in order; the CUDA C++ Best Practices Guide's staged copies; one copy engine against two; a
// single hardware queue's false dependencies; the legacy default stream; pageable copies holding
// the host; small kernels side by side.
#include <gtest/gtest.h>

#include "labs/streams/streams_schedule.h"

using namespace warpscope::labs;

namespace {

/// Copies of 1 ms per chunk each way and kernels of 2 ms per chunk at the focus's chunk size: the
/// costs are per MiB, so a 1 MiB chunk (bufferMib = streams) costs exactly these.
StreamOpCosts unitCosts(double htod = 1, double kernel = 2, double dtoh = 1) {
  StreamOpCosts c;
  c.htod = {0, htod};
  c.kernel = {0, kernel};
  c.dtoh = {0, dtoh};
  return c;
}

StreamsConfig config(int streams, IssueOrder order = IssueOrder::DepthFirst) {
  StreamsConfig c;
  c.streams = streams;
  c.order = order;
  c.bufferMib = streams;  // 1 MiB chunks
  return c;
}

double total(const StreamsConfig& c, const StreamOpCosts& costs, int engines = 2) {
  StreamsMachine m;
  m.copyEngines = engines;
  m.hardwareQueues = c.hardwareQueues;
  return scheduleTotalMs(scheduleStreams(streamsIssueList(c, costs), m));
}

}  // namespace

TEST(StreamsSchedule, OneStreamRunsEveryOperationInTurn) {
  EXPECT_DOUBLE_EQ(total(config(1), unitCosts()), 1 + 2 + 1);
}

TEST(StreamsSchedule, StagedCopiesHideUnderKernelsAsTheBestPracticesGuideEstimates) {
  // Four streams, two engines: copy in 1, kernels 2 each back to back from t = 1, the last copy
  // out after the last kernel: 1 + 4 x 2 + 1 = 10 (the guide: kernels + copies / streams, with
  // the copies here per chunk: 8 + 4 x 2 / 4 = 10).
  EXPECT_DOUBLE_EQ(total(config(4), unitCosts()), 10);
  // Kernels shorter than copies: the copy engine in is the bottleneck: 4 x 2 + 1 + 1 = 10.
  EXPECT_DOUBLE_EQ(total(config(4), unitCosts(2, 1, 1)), 4 * 2 + 1 + 1);
}

TEST(StreamsSchedule, OneCopyEngineSerialisesCopiesInAndOut) {
  // Copies only (kernels of 0): two engines move chunk i out while chunk i + 1 comes in; one
  // engine moves every copy in turn.
  const StreamOpCosts copiesOnly = unitCosts(1, 0, 1);
  EXPECT_DOUBLE_EQ(total(config(4), copiesOnly, 2), 4 + 1);
  EXPECT_DOUBLE_EQ(total(config(4), copiesOnly, 1), 8);
}

TEST(StreamsSchedule, OneHardwareQueueMakesAKernelWaitForAnotherStreamsKernel) {
  // Eight small kernels (an eighth of the GPU, 2 ms each) on four streams, two each. Depth-first
  // issues k0 k4 (stream 0), k1 k5 (stream 1), ...: in one queue k4 waits for k0 at the head and
  // holds k1 behind it, so kernels run two at a time: 2 + 4 x 2 = 10. Breadth-first (k0 k1 k2 k3
  // k4 ...) lets the first four start together: 2 x 2 = 4.
  StreamsConfig c = config(4);
  c.workload = StreamsWorkload::SmallKernels;
  c.bufferMib = kSmallKernels;  // 1 MiB per kernel
  c.hardwareQueues = 1;
  StreamOpCosts costs = unitCosts(0, 2, 0);
  costs.kernelShare = 1.0 / 8;
  EXPECT_DOUBLE_EQ(total(c, costs), 10);
  c.order = IssueOrder::BreadthFirst;
  EXPECT_DOUBLE_EQ(total(c, costs), 4);
  // Eight queues: each stream has its own, no false dependencies in either order.
  c.hardwareQueues = 8;
  EXPECT_DOUBLE_EQ(total(c, costs), 4);
  c.order = IssueOrder::DepthFirst;
  EXPECT_DOUBLE_EQ(total(c, costs), 4);
}

TEST(StreamsSchedule, CopiesDoNotWaitInTheKernelsHardwareQueue) {
  // Measured on an H100: one queue delayed no copy. Depth-first copy and compute into one queue
  // takes as long as into eight.
  StreamsConfig one = config(4);
  one.hardwareQueues = 1;
  EXPECT_DOUBLE_EQ(total(one, unitCosts()), total(config(4), unitCosts()));
}

TEST(StreamsSchedule, TheLegacyDefaultStreamWaitsForEverythingAndEverythingWaitsForIt) {
  StreamsConfig c = config(2);
  c.defaultStream = DefaultStreamUse::Legacy;
  StreamOpCosts costs = unitCosts();
  costs.markerMs = 0;
  // Issue: in0 k0 m0 out0 in1 k1 m1 out1. m0 waits for in0 and k0 (3); out0 and in1 wait for m0;
  // k1 after in1 (3 + 1 + 2 = 6); m1 then waits for out0 too (done at 4): 6; out1 at 7.
  EXPECT_DOUBLE_EQ(total(c, costs), 7);
  c.defaultStream = DefaultStreamUse::PerThread;  // an ordinary stream: the overlap stays
  EXPECT_DOUBLE_EQ(total(c, costs), total(config(2), costs));
}

TEST(StreamsSchedule, PageableCopiesHoldTheHostSoNothingOverlaps) {
  StreamsConfig c = config(4);
  c.hostMemory = HostMemory::Pageable;
  const auto schedule = [&] {
    StreamsMachine m;
    return scheduleStreams(streamsIssueList(c, unitCosts()), m);
  }();
  // Depth-first: in_i holds the host until it ends, and out_i until kernel i and the copy end:
  // every chunk runs alone, 4 x (1 + 2 + 1) = 16, and no copy runs under a kernel.
  EXPECT_DOUBLE_EQ(scheduleTotalMs(schedule), 16);
  EXPECT_DOUBLE_EQ(copyOverlapFraction(schedule), 0);
}

TEST(StreamsSchedule, SmallKernelsOfSeveralStreamsRunSideBySide) {
  StreamsConfig c = config(1);
  c.workload = StreamsWorkload::SmallKernels;  // eight kernels, round robin
  c.bufferMib = kSmallKernels;                 // 1 MiB each
  StreamOpCosts costs = unitCosts(0, 2, 0);
  costs.kernelShare = 1.0 / 8;
  EXPECT_DOUBLE_EQ(total(c, costs), 8 * 2);
  c.streams = 8;
  EXPECT_DOUBLE_EQ(total(c, costs), 2);
  // Kernels that fill the GPU cannot share it, streams or not.
  costs.kernelShare = 1;
  EXPECT_DOUBLE_EQ(total(c, costs), 8 * 2);
}

TEST(StreamsSchedule, OverlapFractionCountsCopyTimeWithAKernelRunning) {
  StreamsMachine m;
  const auto one = scheduleStreams(streamsIssueList(config(1), unitCosts()), m);
  EXPECT_DOUBLE_EQ(copyOverlapFraction(one), 0);
  // Four streams (schedule above): copies in 1..3 and outs 0..2 run under kernels: 6 of 8 ms.
  const auto four = scheduleStreams(streamsIssueList(config(4), unitCosts()), m);
  EXPECT_DOUBLE_EQ(copyOverlapFraction(four), 6.0 / 8);
}

TEST(StreamsSchedule, TheLineThroughTwoSizesGivesEveryChunksCost) {
  const LinearCost c = LinearCost::through(16, 0.31, 128, 2.34);
  EXPECT_NEAR(c.at(16), 0.31, 1e-12);
  EXPECT_NEAR(c.at(128), 2.34, 1e-12);
  EXPECT_GE(LinearCost::through(16, 0.1, 128, 2.0).fixedMs, 0);  // never a negative fixed part
}
