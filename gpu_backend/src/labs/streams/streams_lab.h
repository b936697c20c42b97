#pragma once
// Lab "streams" (seed 003): streams and command queues. A buffer is cut into eight chunks, each
// copied to the device, processed by a kernel and copied back, on 1 to 8 streams; the host issues
// the work depth-first or breadth-first, from pinned or pageable memory, with or without a kernel on
// a default stream between chunks, into 1, 8 or 32 hardware work queues. The total time against
// the number of streams, measured and modelled, and a timeline with a row per stream and per
// engine (the copy engines, the SMs) show the copies sliding under the kernels, or not, and why.
//
// The room's core, shared by both backends: the declaration, the plan, the records both fill and
// their assembly into views and scalars.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/streams/streams_schedule.h"
#include "labs/streams/streams_shape.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kStreamsId = "streams";

const LabSpec& streamsSpec();
LabDefinition streamsLab();

/// The configuration the parameters describe (the focus: its streams and issue order).
StreamsConfig streamsConfig(const ParamSet& params);

/// What one run asks: the configurations to time (the focus's settings at 1..8 streams in both
/// orders; a slider step: the focus alone), and the focus itself, whose timeline is drawn.
struct StreamsPlan {
  StreamsConfig focus;
  std::vector<StreamsConfig> points;
  bool focusOnly = false;
};
StreamsPlan streamsPlan(const ParamSet& params, RunScope scope);

/// One configuration's total time, ms: the median over timed repetitions with the fastest and
/// slowest (the model: all equal), and the model's.
struct StreamsPoint {
  int streams = 1;
  IssueOrder order = IssueOrder::DepthFirst;
  double totalMs = 0, minMs = 0, maxMs = 0;
  double modelMs = 0;
};

struct StreamsRun {
  StreamsPlan plan;
  StreamOpCosts costs;       ///< Each operation on its own (measured on a GPU): the model's input.
  StreamOpCosts modelCosts;  ///< The same from the profile alone (the simulator's input).
  int copyEngines = 2;  ///< asyncEngineCount (the profile's on the simulator).
  std::vector<StreamsPoint> points;
  /// The focus configuration's operations as they ran (captured with CUPTI on a GPU) or as the
  /// model runs them.
  std::vector<ScheduledOp> timeline;
  std::string timelineSource;        ///< "CUPTI activity records" or "the overlap model".
  std::vector<ScheduledOp> modelTimeline;  ///< On a GPU: the model's, drawn apart.
  bool measured = false;
};

/// The point of `streams` streams in `order`, or nullptr.
const StreamsPoint* findStreamsPoint(const StreamsRun& run, int streams, IssueOrder order);

/// The timeline view of a schedule: a row per stream (and the default stream when used), then a
/// row per copy engine and one for the SMs; every operation appears on its stream's row and its
/// engine's, in ms from the first start.
View streamsTimelineView(const LabSpec& lab, const std::string& viewId, const StreamsConfig& config, int copyEngines,
                         const std::vector<ScheduledOp>& schedule, const std::string& source);

RunResult assembleStreamsResult(const DeviceInfo& device, const ParamSet& params, const StreamsRun& run, RunScope scope);

std::vector<BenchCheck> streamsBenchChecks(const RunResult& sweep, const DeviceInfo& device);

/// "depth-first", "breadth-first".
std::string issueOrderName(IssueOrder order);

}  // namespace warpscope::labs
