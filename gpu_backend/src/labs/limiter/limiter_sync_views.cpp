// The __syncthreads() experiment's view (seed 001, "Simplified View of Latency and Syncs"): the
// memory-only and math-only times beside the full kernel as one block of 512 threads per SM and
// as two blocks of 256, and the scalars its slide is checked on.
#include <string>

#include "core/sweep_format.h"
#include "labs/limiter/limiter_lab.h"
#include "labs/limiter_common/limiter_assembly.h"

namespace warpscope::labs {

namespace {

BarValue bar(const VariantTime& t) { return {t.ms, t.fastestMs, t.slowestMs}; }

}  // namespace

View limiterSyncView(const LabSpec& lab, const LimiterSyncTimes& sync, bool modelled) {
  View view = declaredView(lab, "sync-overlap");
  view.bars.categoryLabel = "Kernel (512 threads per SM)";
  view.bars.valueLabel = "Time per launch (ms)";
  if (!sync.present) {
    view.title += ": not run";
    return view;
  }
  view.title += " at K = " + std::to_string(sync.fmasPerElement);
  view.bars.categories = {"Memory-only", "Math-only", "Memory-only + math-only", "Full, 1 block of 512",
                          "Full, 2 blocks of 256"};
  const BarValue sum{sync.memoryOnly.ms + sync.mathOnly.ms, sync.memoryOnly.fastestMs + sync.mathOnly.fastestMs,
                     sync.memoryOnly.slowestMs + sync.mathOnly.slowestMs};
  view.bars.series.push_back({modelled ? "Model" : "Measured (median; whiskers: fastest to slowest)",
                              {bar(sync.memoryOnly), bar(sync.mathOnly), sum, bar(sync.oneBlock),
                               bar(sync.twoBlocks)}});
  return view;
}

void addLimiterSyncScalars(RunResult& result, const LimiterSyncTimes& sync) {
  if (!sync.present) return;
  const double mem = sync.memoryOnly.ms, math = sync.mathOnly.ms;
  result.scalars.push_back({"limiter.sync.time_ms.memory_only", "__syncthreads() kernel, memory-only (1 x 512)", mem,
                            "ms"});
  result.scalars.push_back({"limiter.sync.time_ms.math_only", "__syncthreads() kernel, math-only (1 x 512)", math,
                            "ms"});
  result.scalars.push_back({"limiter.sync.time_ms.parts_sum", "__syncthreads() kernel, memory-only + math-only",
                            mem + math, "ms"});
  result.scalars.push_back({"limiter.sync.time_ms.one_block", "__syncthreads() kernel, one block of 512 per SM",
                            sync.oneBlock.ms, "ms"});
  result.scalars.push_back({"limiter.sync.time_ms.two_blocks", "__syncthreads() kernel, two blocks of 256 per SM",
                            sync.twoBlocks.ms, "ms"});
  result.scalars.push_back({"limiter.sync.overlap.one_block", "Overlap of memory and math, one block of 512 per SM",
                            limiterOverlap(sync.oneBlock.ms, mem, math), ""});
  result.scalars.push_back({"limiter.sync.overlap.two_blocks", "Overlap of memory and math, two blocks of 256 per SM",
                            limiterOverlap(sync.twoBlocks.ms, mem, math), ""});
}

}  // namespace warpscope::labs
