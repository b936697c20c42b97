#include "labs/streams/streams_schedule.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <stdexcept>

namespace warpscope::labs {

const char* streamOpKindId(StreamOpKind kind) {
  switch (kind) {
    case StreamOpKind::HostToDevice: return "htod";
    case StreamOpKind::DeviceToHost: return "dtoh";
    case StreamOpKind::Marker: return "marker";
    case StreamOpKind::Kernel: break;
  }
  return "kernel";
}

LinearCost LinearCost::through(double mibA, double msA, double mibB, double msB) {
  LinearCost c;
  c.msPerMib = mibB != mibA ? (msB - msA) / (mibB - mibA) : mibB > 0 ? msB / mibB : 0;
  c.fixedMs = std::max(0.0, msA - c.msPerMib * mibA);
  return c;
}

double streamsChunkMib(const StreamsConfig& config) {
  // Whole 4 KiB pages, as the measurement cuts them (streams_model.h's streamsChunkBytes).
  return std::floor(double(config.bufferMib) * 256 / streamsChunks(config)) / 256;
}

std::vector<StreamOp> streamsIssueList(const StreamsConfig& config, const StreamOpCosts& costs) {
  const double mib = streamsChunkMib(config);
  const int chunks = streamsChunks(config);
  const bool pageable = config.hostMemory == HostMemory::Pageable;
  const bool copies = config.workload == StreamsWorkload::CopyAndCompute;
  const auto op = [&](StreamOpKind kind, int chunk) {
    StreamOp o;
    o.kind = kind;
    o.chunk = chunk;
    o.stream = chunk % config.streams;
    switch (kind) {
      case StreamOpKind::HostToDevice: o.durationMs = costs.htod.at(mib); o.pageable = pageable; break;
      case StreamOpKind::DeviceToHost: o.durationMs = costs.dtoh.at(mib); o.pageable = pageable; break;
      case StreamOpKind::Kernel: o.durationMs = costs.kernel.at(mib); o.gpuShare = costs.kernelShare; break;
      case StreamOpKind::Marker:
        o.durationMs = costs.markerMs;
        o.gpuShare = 0;  // one tiny block: it never waits for room on the SMs
        o.stream = config.defaultStream == DefaultStreamUse::Legacy ? -1 : config.streams;
        break;
    }
    return o;
  };
  std::vector<StreamOp> ops;
  const auto kernelAndMarker = [&](int c) {
    ops.push_back(op(StreamOpKind::Kernel, c));
    if (config.defaultStream != DefaultStreamUse::None) ops.push_back(op(StreamOpKind::Marker, c));
  };
  if (!copies) {
    // Small kernels: depth-first issues each stream's kernels together (stream 0's, then stream
    // 1's, ...), breadth-first one kernel per stream in turn (kernel c on stream c mod streams).
    std::vector<int> order;
    if (config.order == IssueOrder::DepthFirst)
      for (int s = 0; s < config.streams; ++s)
        for (int c = s; c < chunks; c += config.streams) order.push_back(c);
    else
      for (int c = 0; c < chunks; ++c) order.push_back(c);
    for (int c : order) kernelAndMarker(c);
    return ops;
  }
  if (config.order == IssueOrder::DepthFirst) {
    for (int c = 0; c < chunks; ++c) {
      ops.push_back(op(StreamOpKind::HostToDevice, c));
      kernelAndMarker(c);
      ops.push_back(op(StreamOpKind::DeviceToHost, c));
    }
    return ops;
  }
  for (int c = 0; c < chunks; ++c) ops.push_back(op(StreamOpKind::HostToDevice, c));
  for (int c = 0; c < chunks; ++c) kernelAndMarker(c);
  for (int c = 0; c < chunks; ++c) ops.push_back(op(StreamOpKind::DeviceToHost, c));
  return ops;
}

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

bool isCopy(StreamOpKind k) { return k == StreamOpKind::HostToDevice || k == StreamOpKind::DeviceToHost; }

/// The discrete-event run of scheduleStreams: a clock that moves from one event (an operation
/// finishing, the host issuing) to the next, and at each moment everything that may happen then.
class StreamsSimulation {
 public:
  StreamsSimulation(const std::vector<StreamOp>& ops, const StreamsMachine& machine)
      : ops_(ops), machine_(machine), start_(ops.size(), kNever), end_(ops.size(), kNever),
        queues_(static_cast<std::size_t>(std::max(1, machine.hardwareQueues))) {
    // Each operation's dependencies: the one before it in its stream, and around a legacy
    // default-stream operation everything before it (it) and everything after it (them).
    int lastLegacy = -1;
    std::vector<int> lastInStream;
    for (std::size_t i = 0; i < ops.size(); ++i) {
      std::vector<int> deps;
      const int s = ops[i].stream;
      const std::size_t slot = static_cast<std::size_t>(s + 1);
      if (lastInStream.size() <= slot) lastInStream.resize(slot + 1, -1);
      if (lastInStream[slot] >= 0) deps.push_back(lastInStream[slot]);
      if (s < 0)
        for (std::size_t j = 0; j < i; ++j) deps.push_back(static_cast<int>(j));
      else if (lastLegacy >= 0)
        deps.push_back(lastLegacy);
      if (s < 0) lastLegacy = static_cast<int>(i);
      lastInStream[slot] = static_cast<int>(i);
      deps_.push_back(std::move(deps));
    }
  }

  std::vector<ScheduledOp> run() {
    double now = 0;
    std::size_t done = 0;
    while (done < ops_.size()) {
      advanceAt(now);
      // The next moment something changes: an operation ends, or the host issues the next one.
      double next = kNever;
      for (std::size_t i = 0; i < ops_.size(); ++i)
        if (end_[i] > now && end_[i] < next) next = end_[i];
      if (!hostBlocked() && nextIssue_ < ops_.size() && hostT_ > now) next = std::min(next, hostT_);
      if (next == kNever) {
        done = static_cast<std::size_t>(std::count_if(end_.begin(), end_.end(), [&](double e) { return e <= now; }));
        if (done < ops_.size()) throw std::logic_error("streams model: operations wait for ones that never run");
        break;
      }
      now = next;
      done = static_cast<std::size_t>(std::count_if(end_.begin(), end_.end(), [&](double e) { return e <= now; }));
    }
    std::vector<ScheduledOp> out;
    for (std::size_t i = 0; i < ops_.size(); ++i) out.push_back({ops_[i], start_[i], end_[i]});
    return out;
  }

 private:
  [[nodiscard]] bool hostBlocked() const { return blockingOp_ >= 0; }
  [[nodiscard]] bool finished(int i, double now) const { return end_[static_cast<std::size_t>(i)] <= now; }

  std::size_t queueOf(const StreamOp& op) const {
    const int s = op.stream < 0 ? 0 : op.stream;  // the legacy stream sits on the first queue
    return static_cast<std::size_t>(s % static_cast<int>(queues_.size()));
  }

  /// Everything that can happen at `now`, until nothing more can.
  void advanceAt(double now) {
    for (bool moved = true; moved;) {
      moved = false;
      // A pageable copy that has ended gives the host back (one of no length, at once).
      if (blockingOp_ >= 0 && finished(blockingOp_, now)) {
        blockingOp_ = -1;
        hostT_ = std::max(hostT_, now);
        moved = true;
      }
      // The host issues kernels into their stream's hardware queue, copies to their engine's side.
      while (!hostBlocked() && nextIssue_ < ops_.size() && hostT_ <= now) {
        const std::size_t i = nextIssue_++;
        if (isCopy(ops_[i].kind)) waitingCopies_.push_back(i);
        else queues_[queueOf(ops_[i])].push_back(i);
        if (ops_[i].pageable && isCopy(ops_[i].kind)) blockingOp_ = static_cast<int>(i);
        else hostT_ += machine_.issueMs;
        moved = true;
      }
      // A copy goes to its engine once its dependencies have finished, in issue order among those
      // ready; each queue's head kernel goes to the SMs once its dependencies have finished.
      for (auto it = waitingCopies_.begin(); it != waitingCopies_.end();) {
        const std::size_t i = *it;
        if (std::all_of(deps_[i].begin(), deps_[i].end(), [&](int d) { return finished(d, now); })) {
          engineFifo(ops_[i]).push_back(i);
          it = waitingCopies_.erase(it);
          moved = true;
        } else {
          ++it;
        }
      }
      for (auto& q : queues_)
        while (!q.empty()) {
          const std::size_t head = q.front();
          const bool ready = std::all_of(deps_[head].begin(), deps_[head].end(), [&](int d) { return finished(d, now); });
          if (!ready) break;
          q.pop_front();
          engineFifo(ops_[head]).push_back(head);
          moved = true;
        }
      moved |= startCopies(now);
      moved |= startKernels(now);
    }
  }

  std::deque<std::size_t>& engineFifo(const StreamOp& op) {
    if (!isCopy(op.kind)) return kernelFifo_;
    if (machine_.copyEngines >= 2 && op.kind == StreamOpKind::DeviceToHost) return copyFifo_[1];
    return copyFifo_[0];
  }

  bool startCopies(double now) {
    bool moved = false;
    for (int e = 0; e < 2; ++e) {
      auto& fifo = copyFifo_[e];
      if (fifo.empty() || copyBusyUntil_[e] > now) continue;
      const std::size_t i = fifo.front();
      fifo.pop_front();
      start_[i] = now;
      end_[i] = now + ops_[i].durationMs;
      copyBusyUntil_[e] = end_[i];
      moved = true;
    }
    return moved;
  }

  bool startKernels(double now) {
    bool moved = false;
    while (!kernelFifo_.empty()) {
      double used = 0;
      for (std::size_t r : running_)
        if (end_[r] > now) used += ops_[r].gpuShare;
      const std::size_t i = kernelFifo_.front();
      if (used > 1e-9 && used + ops_[i].gpuShare > 1 + 1e-9) break;  // waits for room, in order
      kernelFifo_.pop_front();
      start_[i] = now;
      end_[i] = now + ops_[i].durationMs;
      running_.push_back(i);
      moved = true;
    }
    return moved;
  }

  const std::vector<StreamOp>& ops_;
  StreamsMachine machine_;
  std::vector<double> start_, end_;
  std::vector<std::vector<int>> deps_;
  std::vector<std::deque<std::size_t>> queues_;
  std::vector<std::size_t> waitingCopies_;  ///< Issued copies whose dependencies are not yet done.
  std::deque<std::size_t> copyFifo_[2];
  double copyBusyUntil_[2] = {0, 0};
  std::deque<std::size_t> kernelFifo_;
  std::vector<std::size_t> running_;
  std::size_t nextIssue_ = 0;
  double hostT_ = 0;
  int blockingOp_ = -1;
};

}  // namespace

std::vector<ScheduledOp> scheduleStreams(const std::vector<StreamOp>& ops, const StreamsMachine& machine) {
  return StreamsSimulation(ops, machine).run();
}

double scheduleTotalMs(const std::vector<ScheduledOp>& schedule) {
  double total = 0;
  for (const ScheduledOp& s : schedule) total = std::max(total, s.endMs);
  return total;
}

double copyOverlapFraction(const std::vector<ScheduledOp>& schedule) {
  double copyTime = 0, hidden = 0;
  for (const ScheduledOp& c : schedule) {
    if (!isCopy(c.op.kind)) continue;
    copyTime += c.endMs - c.startMs;
    // The part of this copy during which some kernel ran: kernels' intervals clipped to the copy
    // and merged (kernels may overlap each other).
    std::vector<std::pair<double, double>> under;
    for (const ScheduledOp& k : schedule)
      if (k.op.kind == StreamOpKind::Kernel && k.endMs > c.startMs && k.startMs < c.endMs)
        under.emplace_back(std::max(k.startMs, c.startMs), std::min(k.endMs, c.endMs));
    std::sort(under.begin(), under.end());
    double reach = c.startMs;
    for (const auto& [a, b] : under) {
      hidden += std::max(0.0, b - std::max(a, reach));
      reach = std::max(reach, b);
    }
  }
  return copyTime > 0 ? hidden / copyTime : 0;
}

}  // namespace warpscope::labs
