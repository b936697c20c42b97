// The streams lab's timeline view: what ran where and when, from a schedule (captured or modelled).
#include <algorithm>
#include <cstdio>
#include <set>

#include "labs/streams/streams_lab.h"
#include "labs/streams/streams_model.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

/// The SMs' row is split in eighths: a kernel on the whole GPU lights all of them, a small kernel
/// (an eighth of the SMs) one, so kernels side by side are seen side by side.
constexpr int kSmSubRows = kSmallKernels;

std::string opPayload(const ScheduledOp& s, const StreamsConfig& config) {
  char text[160];
  const double mib = double(streamsChunkBytes(config)) / (1 << 20);
  switch (s.op.kind) {
    case StreamOpKind::HostToDevice:
    case StreamOpKind::DeviceToHost:
      std::snprintf(text, sizeof text, "chunk %d, %.0f MiB %s, %.3f ms", s.op.chunk + 1, mib,
                    s.op.kind == StreamOpKind::HostToDevice ? "to the device" : "to the host", s.endMs - s.startMs);
      break;
    case StreamOpKind::Kernel:
      std::snprintf(text, sizeof text, "chunk %d's kernel, %.3f ms", s.op.chunk + 1, s.endMs - s.startMs);
      break;
    case StreamOpKind::Marker:
      std::snprintf(text, sizeof text, "default-stream kernel after chunk %d, %.3f ms", s.op.chunk + 1, s.endMs - s.startMs);
      break;
  }
  return text;
}

}  // namespace

View streamsTimelineView(const LabSpec& lab, const std::string& viewId, const StreamsConfig& config, int copyEngines,
                         const std::vector<ScheduledOp>& schedule, const std::string& source) {
  View v = declaredView(lab, viewId);
  v.title += ": " + std::to_string(config.streams) + (config.streams == 1 ? " stream, " : " streams, ") +
             issueOrderName(config.order) + " (" + source + ")";
  Timeline& t = v.timeline;
  t.timeLabel = "Time (ms)";
  t.timeUnit = "ms";
  t.kinds = {{"htod", "Copy to the device"},
             {"kernel", "Kernel"},
             {"dtoh", "Copy to the host"},
             {"marker", "Default-stream kernel"}};
  for (int s = 0; s < config.streams; ++s) t.rows.push_back({"stream " + std::to_string(s + 1), "Streams", 0});
  int defaultRow = -1;
  if (config.defaultStream != DefaultStreamUse::None) {
    defaultRow = static_cast<int>(t.rows.size());
    t.rows.push_back({config.defaultStream == DefaultStreamUse::Legacy ? "legacy default stream" : "per-thread default stream",
                      "Streams", 0});
  }
  const bool copies = config.workload == StreamsWorkload::CopyAndCompute;
  int htodRow = -1, dtohRow = -1;
  if (copies) {
    htodRow = static_cast<int>(t.rows.size());
    if (copyEngines >= 2) {
      t.rows.push_back({"copy engine: to the device", "Engines", 0});
      dtohRow = htodRow + 1;
      t.rows.push_back({"copy engine: to the host", "Engines", 0});
    } else {
      t.rows.push_back({"copy engine (both ways)", "Engines", 0});
      dtohRow = htodRow;
    }
  }
  const int smRow = static_cast<int>(t.rows.size());
  t.rows.push_back({"SMs", "Engines", kSmSubRows});
  t.unlitSubRowLabel = "Pale eighths of the SMs: idle";

  double t0 = schedule.empty() ? 0 : schedule.front().startMs;
  for (const ScheduledOp& s : schedule) t0 = std::min(t0, s.startMs);
  std::vector<ScheduledOp> byStart = schedule;
  std::stable_sort(byStart.begin(), byStart.end(), [](const ScheduledOp& a, const ScheduledOp& b) { return a.startMs < b.startMs; });
  // Sub-rows of the SMs' row in use until when: each kernel takes the eighths its share needs.
  std::vector<double> eighthBusyUntil(kSmSubRows, -1e300);
  std::set<double> steps;
  for (const ScheduledOp& s : byStart) {
    const double a = s.startMs - t0, b = s.endMs - t0;
    const std::string kind = streamOpKindId(s.op.kind);
    const std::string payload = opPayload(s, config);
    const int streamRow = s.op.stream >= 0 && s.op.stream < config.streams ? s.op.stream : defaultRow;
    if (streamRow >= 0) t.events.push_back({streamRow, a, b, kind, 0, payload});
    int engineRow = smRow;
    if (s.op.kind == StreamOpKind::HostToDevice) engineRow = htodRow;
    if (s.op.kind == StreamOpKind::DeviceToHost) engineRow = dtohRow;
    std::uint64_t mask = 0;
    if (engineRow == smRow) {
      const int eighths = std::clamp(static_cast<int>(s.op.gpuShare * kSmSubRows + 0.5), 1, kSmSubRows);
      for (int e = 0, taken = 0; e < kSmSubRows && taken < eighths; ++e)
        if (eighthBusyUntil[e] <= a + 1e-9) {
          mask |= std::uint64_t{1} << e;
          eighthBusyUntil[e] = b;
          ++taken;
        }
      if (mask == 0) mask = (std::uint64_t{1} << kSmSubRows) - 1;  // measured kernels may overlap at their edges
    }
    if (engineRow >= 0) t.events.push_back({engineRow, a, b, kind, mask, payload});
    steps.insert(a);
    steps.insert(b);
  }
  t.steps.assign(steps.begin(), steps.end());
  return v;
}

}  // namespace warpscope::labs
