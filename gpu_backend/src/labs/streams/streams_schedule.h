#pragma once
// Lab "streams": the overlap model. Given each operation's duration on its own, where it runs
// (copy engine or SMs), its stream and the order the host issued it in, it works out when each one
// runs, by the rules the hardware follows:
// - operations of one stream run one after another, in issue order;
// - streams map onto the device's hardware work queues (CUDA_DEVICE_MAX_CONNECTIONS, 8 by
//   default) round robin; a queue hands its kernels to the SMs in order, and its head waits until
//   the operation before it in the same stream has finished: a kernel of another stream queued
//   behind it waits too (a false dependency). Copies do not go through these queues: on an H100
//   (2026-11-26) one queue delayed no copy (docs/labs/streams.md); a copy waits only for its
//   stream and its engine;
// - a copy engine runs one copy at a time, in the order they were handed to it; with two engines
//   (asyncEngineCount >= 2) copies to and from the device run side by side, with one they share it;
// - kernels start in the order handed over while the SMs have room: one that fills the GPU runs
//   alone, kernels that each use a share of it run together;
// - a legacy default-stream operation waits for every earlier operation and every later one waits
//   for it;
// - a pageable copy keeps the host busy until it has finished (the driver stages it through a
//   pinned buffer), so the host issues nothing meanwhile; a copy to pageable memory also waits for
//   the stream's earlier work before it starts.
// With every operation issued before the first starts (the measurement queues them behind a gate),
// this is the CUDA C++ Best Practices Guide's staged-copy estimate (total = kernel time + copy
// time / streams, for kernels at least as long as copies) refined by the issue order and the
// engine count: docs/labs/streams.md works the cases by hand.

#include <vector>

#include "labs/streams/streams_shape.h"

namespace warpscope::labs {

struct StreamOp {
  StreamOpKind kind = StreamOpKind::Kernel;
  int chunk = 0;
  int stream = 0;             ///< 0..streams-1; -1: the legacy default stream.
  double durationMs = 0;      ///< On its own, the device otherwise idle.
  double gpuShare = 1;        ///< Kernels: the fraction of the SMs it occupies (1: the whole GPU).
  bool pageable = false;      ///< A copy from or to pageable host memory.
};

struct StreamsMachine {
  int copyEngines = 2;        ///< asyncEngineCount: 1 shares one engine between both directions.
  int hardwareQueues = 8;     ///< CUDA_DEVICE_MAX_CONNECTIONS.
  /// The host's time to issue one asynchronous call, ms; 0 when the work is queued behind a gate.
  double issueMs = 0;
};

/// When an operation ran, in ms from the start.
struct ScheduledOp {
  StreamOp op;
  double startMs = 0;
  double endMs = 0;
};

/// An operation's time on its own as a function of its chunk: fixed + MiB x msPerMib.
struct LinearCost {
  double fixedMs = 0;
  double msPerMib = 0;
  [[nodiscard]] double at(double mib) const { return fixedMs + mib * msPerMib; }
  /// The line through two measured sizes (the fixed part never below 0).
  static LinearCost through(double mibA, double msA, double mibB, double msB);
};

/// Each kind of operation's cost, and a kernel's share of the SMs (1: it fills the GPU).
struct StreamOpCosts {
  LinearCost htod, kernel, dtoh;
  double markerMs = 0;
  double kernelShare = 1;
};

/// Bytes in one chunk of the configuration's buffer, in MiB.
double streamsChunkMib(const StreamsConfig& config);

/// Operations in the order the host issues them, with their streams and durations. The
/// per-thread default stream is stream `config.streams` (one past the chunks' streams).
std::vector<StreamOp> streamsIssueList(const StreamsConfig& config, const StreamOpCosts& costs);

/// Runs `ops` (in issue order) on the machine. Every operation appears once in the result, in
/// issue order.
std::vector<ScheduledOp> scheduleStreams(const std::vector<StreamOp>& ops, const StreamsMachine& machine);

/// The end of the last operation, ms.
double scheduleTotalMs(const std::vector<ScheduledOp>& schedule);

/// The fraction of the copies' time during which a kernel ran too (0: none overlapped).
double copyOverlapFraction(const std::vector<ScheduledOp>& schedule);

}  // namespace warpscope::labs
