// The profiler's side of the limiter lab (seed 001, "Analysis with the Profiler", "Instruction
// Throughput: Analysis"): per element of the stream, the instructions each kernel issued and
// executed and the DRAM bytes it moved, and the scalars the seed's ratios are read from.
#include <string>

#include "core/sweep_format.h"
#include "labs/limiter/limiter_lab.h"
#include "labs/limiter_common/limiter_assembly.h"

namespace warpscope::labs {

namespace {

constexpr LimiterVariant kOrder[] = {LimiterVariant::Full, LimiterVariant::MemoryOnly, LimiterVariant::MathOnly,
                                     LimiterVariant::StoreOnly};
constexpr const char* kNames[] = {"Full", "Memory-only", "Math-only", "Store-only"};
constexpr const char* kKeys[] = {"full", "memory_only", "math_only", "store_only"};

}  // namespace

View limiterCountersView(const LabSpec& lab, const LimiterCounterSet& counters, int focusK, std::size_t elements,
                         int warpSize) {
  View view = declaredView(lab, "counters-per-element");
  view.title += " at K = " + std::to_string(focusK);
  // A focus rerun on a GPU reads no counters (a reading costs more than a slider step may take):
  // the full run when the slider rests brings them.
  view.followsFocus = true;
  view.bars.categoryLabel = "Kernel";
  view.bars.valueLabel = "Per element: thread instructions or DRAM bytes";
  if (!counters.available) {
    view.title += ": no counters (" + counters.why + ")";
    return view;
  }
  // The banner says model or measured; the notes say how (the kernels' structure, or counters in
  // launches of their own).
  view.title += counters.modelled ? " (model)" : " (hardware counters)";
  const double n = elements > 0 ? static_cast<double>(elements) : 1;
  BarSeries issued{"Thread instructions issued", {}};
  BarSeries executed{"Thread instructions executed", {}};
  BarSeries bytes{"DRAM bytes", {}};
  for (int i = 0; i < kLimiterVariantCount; ++i) {
    const LimiterCounts& c = counters.of(kOrder[i]);
    view.bars.categories.push_back(kNames[i]);
    const double is = warpSize * c.instIssued / n, ex = warpSize * c.instExecuted / n, by = c.dramBytes / n;
    issued.values.push_back({is, is, is});
    executed.values.push_back({ex, ex, ex});
    bytes.values.push_back({by, by, by});
  }
  view.bars.series = {std::move(issued), std::move(executed), std::move(bytes)};
  return view;
}

void addLimiterCounterScalars(RunResult& result, const LimiterCounterSet& counters, const DeviceInfo& device) {
  result.scalars.push_back({"limiter.ipc_peak_fp32",
                            "Peak IPC per SM for FP32 instructions alone (schedulers x warp FMAs each issues a cycle)",
                            limiterFp32IpcPeak(device), "warp instr/cycle"});
  if (!counters.available) return;
  const std::string by = counters.modelled ? "Model count: " : "Counter: ";
  const LimiterCounts& full = counters.of(LimiterVariant::Full);
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({"limiter.counters." + id, by + label, value, unit});
  };
  add("inst_issued", "full kernel, warp instructions issued", full.instIssued, "warp instr");
  add("inst_executed", "full kernel, warp instructions executed", full.instExecuted, "warp instr");
  add("replay_pct", "full kernel, (issued - executed) / issued",
      full.instIssued > 0 ? 100 * (full.instIssued - full.instExecuted) / full.instIssued : 0, "%");
  add("ipc", "full kernel, IPC (warp instructions executed per active cycle per SM)", full.ipc, "warp instr/cycle");
  add("dram_bytes", "full kernel, DRAM bytes read + written", full.dramBytes, "B");
  add("instr_per_byte", "full kernel, 32 x instructions issued : DRAM bytes (the seed's profiler ratio)",
      limiterInstructionsPerByte(full, device.warpSize), "instr/byte");
  for (int i = 1; i < kLimiterVariantCount; ++i) {
    const LimiterCounts& c = counters.of(kOrder[i]);
    const std::string name = kNames[i];
    add(std::string(kKeys[i]) + ".inst_executed", name + ", warp instructions executed", c.instExecuted, "warp instr");
    add(std::string(kKeys[i]) + ".dram_bytes", name + ", DRAM bytes read + written", c.dramBytes, "B");
  }
}

}  // namespace warpscope::labs
