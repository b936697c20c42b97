#include "labs/streams/streams_lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/param_builders.h"
#include "labs/streams/streams_cuda.h"
#include "labs/streams/streams_model.h"
#include "labs/streams/streams_presets.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kStreamsId;
  lab.title = "Streams: copies under kernels";
  lab.summary =
      "A buffer in one chunk per stream, each copied to the GPU, processed by a kernel and copied back, on 1 to 8 "
      "streams. "
      "Operations of one stream run in order, of different streams in any order: with pinned host memory the copy "
      "engines move one chunk while the SMs process another. The total time against the number of streams for both "
      "issue orders, measured and modelled, and a timeline with a row per stream and per engine; pageable memory, "
      "the legacy default stream and a single hardware queue take the overlap away again.";
  lab.params = {
      intParam("streams", "Streams", "", 1, kMaxStreams, 1, 4,
               "The buffer is cut into one chunk per stream (small kernels: eight, round robin). One stream runs "
               "everything in order.",
               ParamRole::Focus),
      namedChoiceParam("order", "Issue order", {"depth-first", "breadth-first"}, 0,
                       "Depth-first: per chunk, copy in, kernel, copy out (small kernels: each stream's kernels "
                       "together). Breadth-first: every copy in, then every kernel, then every copy out (small "
                       "kernels: one per stream in turn). Matters when streams share a hardware queue.",
                       ParamRole::Focus),
      namedChoiceParam("host_memory", "Host memory", {"pinned", "pageable"}, 0,
                       "Pinned (cudaMallocHost): the copy engines read it directly while the host goes on. Pageable "
                       "(malloc): the driver stages each copy through a pinned buffer and the host waits for it."),
      namedChoiceParam("default_stream", "Default-stream kernel", {"none", "legacy", "per-thread"}, 0,
                       "A tiny kernel after each chunk's kernel on a default stream. The legacy default stream "
                       "waits for all earlier work of every stream and all later work waits for it; the per-thread "
                       "default stream (cudaStreamPerThread) is an ordinary stream."),
      namedChoiceParam("workload", "Work", {"copy-and-compute", "small-kernels"}, 0,
                       "Copy and compute: each chunk copied in, processed, copied out. Small kernels: no copies, "
                       "each chunk's kernel on an eighth of the SMs, so kernels of several streams fill the GPU "
                       "together.",
                       ParamRole::Sweep, {"Copy and compute", "Small kernels"}),
      choiceParam("hardware_queues", "Hardware queues", "", {1, 8, 32}, 8,
                  "CUDA_DEVICE_MAX_CONNECTIONS: the work queues streams map onto (8 by default). It must be set "
                  "before the CUDA context exists, so on a GPU a value other than the process's is measured in a "
                  "child process. With one queue, a kernel waiting for its stream holds up every stream's kernels "
                  "behind it (false dependencies); copies have the copy engines' own queues."),
      choiceParam("kernel_fmas", "Kernel length (FMAs per element)", "", {64, 256, 1024, 2048, 4096, 8192}, 2048,
                  "Dependent FMAs the kernel runs on each 4-byte element of its chunk: 2048 makes a kernel about as "
                  "long as its chunk's copy over PCIe 5."),
      choiceParam("buffer_mib", "Buffer", "MiB", {32, 64, 128, 256}, 128,
                  "The whole buffer, cut into one chunk per stream (small kernels: eight)."),
  };
  lab.views = {{"total-vs-streams", "Total time vs streams", ViewKind::Xy},
               {"timeline", "Timeline: streams and engines", ViewKind::Timeline},
               {"model-timeline", "Model timeline: streams and engines", ViewKind::Timeline, ViewSource::Model},
               {"operation-times", "Each operation on its own", ViewKind::Bars}};
  lab.presets = streamsPresets();
  lab.docPage = "labs/streams.md";
  lab.keyFigures = {"streams.total_ms", "streams.model_total_ms", "streams.speedup_vs_one_stream",
                    "streams.overlap_fraction"};
  lab.benchChecks = streamsBenchChecks;
  lab.benchFocusMove = {"streams", 4, 5};
  return lab;
}

const char* const kOrderNames[] = {"depth-first", "breadth-first"};

}  // namespace

const LabSpec& streamsSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition streamsLab() {
  return {streamsSpec(), &simulateStreams, WARPSCOPE_GPU_MEASUREMENT(measureStreams),
          {"fma_pipeline", "dram", "copy_kernel", "host_link", "streams"}};
}

std::string issueOrderName(IssueOrder order) { return kOrderNames[static_cast<int>(order)]; }

StreamsConfig streamsConfig(const ParamSet& params) {
  StreamsConfig c;
  c.streams = params.getInt("streams");
  c.order = static_cast<IssueOrder>(params.getInt("order"));
  c.hostMemory = static_cast<HostMemory>(params.getInt("host_memory"));
  c.defaultStream = static_cast<DefaultStreamUse>(params.getInt("default_stream"));
  c.workload = static_cast<StreamsWorkload>(params.getInt("workload"));
  c.hardwareQueues = params.getInt("hardware_queues");
  c.kernelFmas = params.getInt("kernel_fmas");
  c.bufferMib = params.getInt("buffer_mib");
  return c;
}

StreamsPlan streamsPlan(const ParamSet& params, RunScope scope) {
  StreamsPlan plan;
  plan.focus = streamsConfig(params);
  const auto at = [&](int streams, IssueOrder order) {
    StreamsConfig c = plan.focus;
    c.streams = streams;
    c.order = order;
    return c;
  };
  if (scope == RunScope::FocusOnly) {
    plan.focusOnly = true;
    plan.points.push_back(plan.focus);  // the speed-up over one stream comes with the full run
    return plan;
  }
  for (IssueOrder order : {IssueOrder::DepthFirst, IssueOrder::BreadthFirst})
    for (int s = 1; s <= kMaxStreams; ++s) plan.points.push_back(at(s, order));
  return plan;
}

const StreamsPoint* findStreamsPoint(const StreamsRun& run, int streams, IssueOrder order) {
  for (const StreamsPoint& p : run.points)
    if (p.streams == streams && p.order == order) return &p;
  return nullptr;
}

namespace {

View totalView(const LabSpec& lab, const StreamsRun& run) {
  View v = declaredView(lab, "total-vs-streams");
  const StreamsConfig& f = run.plan.focus;
  v.title += f.workload == StreamsWorkload::SmallKernels ? ": small kernels"
                                                         : std::string(": ") + (f.hostMemory == HostMemory::Pinned ? "pinned" : "pageable");
  v.xLabel = "Streams";
  v.yLabel = "Total time (ms)";
  for (IssueOrder order : {IssueOrder::DepthFirst, IssueOrder::BreadthFirst}) {
    Series measured{issueOrderName(order), {}, double(static_cast<int>(order))};
    Series model{"Model: " + issueOrderName(order), {}, double(static_cast<int>(order))};
    for (const StreamsPoint& p : run.points) {
      if (p.order != order) continue;
      measured.points.push_back({double(p.streams), p.totalMs, p.minMs, p.maxMs});
      model.points.push_back({double(p.streams), p.modelMs, p.modelMs, p.modelMs});
    }
    v.series.push_back(sortedByX(measured));
    if (run.measured) v.series.push_back(sortedByX(model));
  }
  v.hasFocus = true;
  v.focusSeries = issueOrderName(f.order);
  v.focusX = f.streams;
  return v;
}

View operationTimesView(const LabSpec& lab, const StreamsRun& run) {
  View v = declaredView(lab, "operation-times");
  const double mib = streamsChunkMib(run.plan.focus);
  char chunk[64];
  std::snprintf(chunk, sizeof chunk, "Operation (one chunk: %.0f MiB)", mib);
  v.bars.categoryLabel = chunk;
  v.bars.valueLabel = "Time on its own (ms)";
  const bool copies = run.plan.focus.workload == StreamsWorkload::CopyAndCompute;
  if (copies) v.bars.categories = {"copy in", "kernel", "copy out"};
  else v.bars.categories = {"kernel (an eighth of the SMs)"};
  const auto values = [&](const StreamOpCosts& c) {
    std::vector<BarValue> b;
    const auto bar = [&](const LinearCost& cost) { b.push_back({cost.at(mib), cost.at(mib), cost.at(mib)}); };
    if (copies) bar(c.htod);
    bar(c.kernel);
    if (copies) bar(c.dtoh);
    return b;
  };
  v.bars.series.push_back({run.measured ? "Measured" : "Model", values(run.costs)});
  if (run.measured) v.bars.series.push_back({"Model (profile)", values(run.modelCosts)});
  return v;
}

}  // namespace

RunResult assembleStreamsResult(const DeviceInfo& device, const ParamSet& params, const StreamsRun& run, RunScope scope) {
  RunResult result = resultShell(kStreamsId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;
  const LabSpec& lab = streamsSpec();
  const StreamsConfig& f = run.plan.focus;
  result.views.push_back(totalView(lab, run));
  result.views.push_back(streamsTimelineView(lab, "timeline", f, run.copyEngines, run.timeline, run.timelineSource));
  if (!run.modelTimeline.empty())
    result.views.push_back(
        streamsTimelineView(lab, "model-timeline", f, run.copyEngines, run.modelTimeline, "the overlap model"));
  result.views.push_back(operationTimesView(lab, run));

  const std::string where = std::to_string(f.streams) + (f.streams == 1 ? " stream, " : " streams, ") + issueOrderName(f.order);
  if (const StreamsPoint* p = findStreamsPoint(run, f.streams, f.order)) {
    result.scalars.push_back({"streams.total_ms", "Total time, " + where, p->totalMs, "ms"});
    result.scalars.push_back({"streams.model_total_ms", "Model: total time, " + where, p->modelMs, "ms"});
    if (const StreamsPoint* one = findStreamsPoint(run, 1, f.order); one && p->totalMs > 0)
      result.scalars.push_back({"streams.speedup_vs_one_stream", "One stream's time / " + where, one->totalMs / p->totalMs,
                                "x"});
  }
  if (!run.timeline.empty())
    result.scalars.push_back({"streams.overlap_fraction", "Copy time with a kernel running (" + run.timelineSource + ")",
                              copyOverlapFraction(run.timeline), "fraction"});
  result.scalars.push_back({"streams.copy_engines", "Copy engines (asyncEngineCount)", double(run.copyEngines), ""});
  result.scalars.push_back({"streams.hardware_queues", "Hardware queues (CUDA_DEVICE_MAX_CONNECTIONS)",
                            double(f.hardwareQueues), ""});
  return result;
}

std::vector<BenchCheck> streamsBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  std::vector<BenchCheck> checks;
  const View* v = sweep.findView("total-vs-streams");
  if (v && v->series.size() == 4)
    for (std::size_t s = 0; s < 4; s += 2) {
      const Series& measured = v->series[s];
      const Series& model = v->series[s + 1];
      int within = 0;
      double worst = 1;
      for (std::size_t i = 0; i < measured.points.size() && i < model.points.size(); ++i) {
        const double ratio = measured.points[i].y / model.points[i].y;
        within += std::abs(ratio - 1) <= 0.10;
        if (std::abs(ratio - 1) > std::abs(worst - 1)) worst = ratio;
      }
      const int total = static_cast<int>(measured.points.size());
      std::ostringstream detail;
      detail << "furthest measured / model: " << worst;
      checks.push_back({measured.name + ": points within 10% of the model", double(within), std::to_string(total),
                        within == total, true, detail.str()});
    }
  if (const Scalar* overlap = sweep.findScalar("streams.overlap_fraction"))
    checks.push_back({"copy time with a kernel running (focus timeline)", overlap->value, "> 0.5 (pinned, 4 streams)",
                      overlap->value > 0.5, true, overlap->label});
  if (const Scalar* speedup = sweep.findScalar("streams.speedup_vs_one_stream"))
    checks.push_back({"speed-up over one stream at the focus", speedup->value, "reported", true, false, speedup->label});
  return checks;
}

}  // namespace warpscope::labs
