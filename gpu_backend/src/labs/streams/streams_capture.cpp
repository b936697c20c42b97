#include "labs/streams/streams_capture.h"

#include <cupti.h>

#include <algorithm>
#include <map>
#include <mutex>

#include "cuda/cupti_loader.h"
#include "cuda/cupti_subscription.h"

namespace warpscope::cuda {

namespace {

struct ActivityRecord {
  labs::StreamOpKind kind = labs::StreamOpKind::Kernel;
  std::uint32_t streamId = 0;
  std::uint64_t startNs = 0, endNs = 0;
};

constexpr CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY};

}  // namespace

struct StreamsCapture::State {
  std::unique_lock<std::mutex> turn;
  std::string reason;
  bool recording = false;
  std::mutex recordsMutex;
  std::vector<ActivityRecord> records;
};

StreamsCapture::StreamsCapture() : state_(std::make_unique<State>()) {
  CuptiActivity& cupti = CuptiActivity::instance();
  if (!cupti.available()) {
    state_->reason = cupti.unavailableReason();
    return;
  }
  state_->turn = std::unique_lock<std::mutex>(cupti.captureMutex());
  cupti.flush();
  (void)cupti.takeDropped();
  State* state = state_.get();
  cupti.setSink(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, [state](const CUpti_Activity& record) {
    const auto& k = reinterpret_cast<const CUpti_ActivityKernel10&>(record);
    ActivityRecord r;  // a kernel; finish() tells markers (on a default stream) by their stream
    r.streamId = k.streamId;
    r.startNs = k.start;
    r.endNs = k.end;
    std::lock_guard<std::mutex> lock(state->recordsMutex);
    state->records.push_back(r);
  });
  cupti.setSink(CUPTI_ACTIVITY_KIND_MEMCPY, [state](const CUpti_Activity& record) {
    const auto& m = reinterpret_cast<const CUpti_ActivityMemcpy6&>(record);
    ActivityRecord r;
    if (m.copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD) r.kind = labs::StreamOpKind::HostToDevice;
    else if (m.copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOH) r.kind = labs::StreamOpKind::DeviceToHost;
    else return;  // the lab's setup copies (device to device) are not part of the run
    r.streamId = m.streamId;
    r.startNs = m.start;
    r.endNs = m.end;
    std::lock_guard<std::mutex> lock(state->recordsMutex);
    state->records.push_back(r);
  });
  state_->recording = true;  // from here on stop() undoes what was set up
  for (CUpti_ActivityKind kind : kKinds)
    if (const CUptiResult r = cuptiApi().cuptiActivityEnable(kind); r != CUPTI_SUCCESS) {
      state_->reason = "CUPTI cannot record kernels and copies: " + CuptiActivity::resultText(r);
      stop();
      return;
    }
}

void StreamsCapture::stop() {
  if (!state_->recording) return;
  for (CUpti_ActivityKind k : kKinds) (void)cuptiApi().cuptiActivityDisable(k);
  CuptiActivity& cupti = CuptiActivity::instance();
  cupti.flush();
  // After setSink returns no buffer is being delivered to the old sink: State may go.
  for (CUpti_ActivityKind k : kKinds) cupti.setSink(k, nullptr);
  state_->recording = false;
  if (state_->turn.owns_lock()) state_->turn.unlock();
}

StreamsCapture::~StreamsCapture() { stop(); }

bool StreamsCapture::available() const { return state_->reason.empty(); }
const std::string& StreamsCapture::unavailableReason() const { return state_->reason; }

std::optional<std::uint32_t> StreamsCapture::streamId(cudaStream_t stream, bool perThread) {
  std::uint32_t id = 0;
  if (cuptiApi().cuptiGetStreamIdEx(nullptr, perThread ? nullptr : reinterpret_cast<CUstream>(stream),
                                    perThread ? 1 : 0, &id) != CUPTI_SUCCESS)
    return std::nullopt;
  return id;
}

std::vector<labs::ScheduledOp> StreamsCapture::finish(const std::vector<labs::StreamOp>& issued,
                                                      const std::vector<std::uint32_t>& streamIds,
                                                      std::uint32_t markerStreamId, int* missing) {
  *missing = static_cast<int>(issued.size());
  if (!state_->recording) return {};
  (void)cudaDeviceSynchronize();
  stop();
  std::vector<ActivityRecord> records;
  {
    std::lock_guard<std::mutex> lock(state_->recordsMutex);
    records = std::move(state_->records);
  }

  // Records per lane: the lab's streams by CUPTI id, and one lane for the markers (their default
  // stream's kernels), each in the order they started. Records of other streams (the gate's) are
  // no operation of the run.
  std::map<std::uint32_t, int> streamOf;
  for (std::size_t s = 0; s < streamIds.size(); ++s) streamOf[streamIds[s]] = static_cast<int>(s);
  constexpr int kMarkerLane = -2;
  std::map<int, std::vector<ActivityRecord>> byLane;
  for (ActivityRecord r : records) {
    if (r.kind == labs::StreamOpKind::Kernel && r.streamId == markerStreamId) {
      r.kind = labs::StreamOpKind::Marker;
      byLane[kMarkerLane].push_back(r);
    } else if (auto it = streamOf.find(r.streamId); it != streamOf.end()) {
      byLane[it->second].push_back(r);
    }
  }
  for (auto& [lane, list] : byLane)
    std::stable_sort(list.begin(), list.end(), [](const ActivityRecord& a, const ActivityRecord& b) { return a.startNs < b.startNs; });
  std::map<std::pair<int, labs::StreamOpKind>, std::size_t> taken;
  std::vector<std::pair<labs::StreamOp, const ActivityRecord*>> matched;
  for (const labs::StreamOp& op : issued) {
    const int lane = op.kind == labs::StreamOpKind::Marker ? kMarkerLane : op.stream;
    auto& list = byLane[lane];
    // The lane's next record of the operation's kind (a stream's kinds interleave in issue order).
    std::size_t& next = taken[{lane, op.kind}];
    while (next < list.size() && list[next].kind != op.kind) ++next;
    if (next >= list.size()) continue;
    matched.emplace_back(op, &list[next++]);
  }
  std::uint64_t t0 = ~std::uint64_t{0};
  for (const auto& [op, r] : matched) t0 = std::min(t0, r->startNs);
  std::vector<labs::ScheduledOp> out;
  for (const auto& [op, r] : matched) out.push_back({op, double(r->startNs - t0) * 1e-6, double(r->endNs - t0) * 1e-6});
  *missing = static_cast<int>(issued.size() - out.size());
  return out;
}

}  // namespace warpscope::cuda
