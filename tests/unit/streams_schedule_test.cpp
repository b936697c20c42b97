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

TEST(StreamsSchedule, DepthFirstIssueIntoOneHardwareQueueWaitsBehindEachCopyOut) {
  // With one queue, depth-first puts chunk i's copy out ahead of chunk i + 1's copy in: the copy
  // out waits for its kernel, and the queue with it, so chunk i + 1 comes in only after kernel i:
  // per chunk copy in 1 + kernel 2, the last copy out 1: 4 x 3 + 1 = 13.
  StreamsConfig depth = config(4);
  depth.hardwareQueues = 1;
  EXPECT_DOUBLE_EQ(total(depth, unitCosts()), 13);
  // Breadth-first into the same queue: every copy in is handed over at once, kernels follow them,
  // the copies out come after the last kernel is handed over: 1 + 4 x 2 + 1 = 10.
  StreamsConfig breadth = config(4, IssueOrder::BreadthFirst);
  breadth.hardwareQueues = 1;
  EXPECT_DOUBLE_EQ(total(breadth, unitCosts()), 10);
  // Eight queues: no false dependencies, both orders as fast.
  EXPECT_DOUBLE_EQ(total(config(4, IssueOrder::BreadthFirst), unitCosts()), total(config(4), unitCosts()));
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
