#include "labs/um_system_memory/um_system_memory_lab.h"

#include <sstream>

#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_views.h"
#include "labs/um_system_memory/um_system_memory_cuda.h"
#include "labs/um_system_memory/um_system_memory_layout.h"
#include "labs/um_system_memory/um_system_memory_model.h"
#include "labs/um_system_memory/um_system_memory_names.h"
#include "labs/um_system_memory/um_system_memory_presets.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

/// The "shown" choice's order: the contended run first (the default), then the rest in SysKind order.
const std::vector<SysKind>& shownOrder() {
  static const std::vector<SysKind> order = {
      SysKind::CpuGpuAtomics, SysKind::DeviceAtomicsAlone, SysKind::SystemAtomicsAlone, SysKind::CpuAtomicsAlone,
      SysKind::Malloc,        SysKind::GlobalArray,        SysKind::StackBuffer,        SysKind::Managed,
      SysKind::ExplicitCopy};
  return order;
}

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kUmSystemMemoryId;
  lab.title = "Unified memory: system-wide atomics and system-allocated memory";
  lab.summary =
      "CPU threads (std::atomic_ref) and a kernel (atomicAdd_system) add to the same managed counters at the "
      "same time: without atomics over the link, every handover is a page fault that unmaps the page on one "
      "side and migrates it to the other. Beside it, a kernel reads and rewrites plain malloc'd memory, a "
      "global array and a stack buffer where the driver lets the GPU reach them (HMM or ATS), next to "
      "cudaMallocManaged memory and an explicit cudaMemcpy, first and second touch.";
  lab.params = {
      intParam("cpu_threads", "CPU threads", "threads", 0, 8, 1, 2,
               "Host threads adding to the counters while the kernel does (0: the GPU alone, no CPU configurations)."),
      choiceParam("counters", "Counters", "counters", {1, 4, 16, 64}, 4,
                  "8-byte counters every CPU thread and every GPU thread add to, in turn."),
      namedChoiceParam("layout", "Counters lie", {"same-page", "separate-pages"}, 0,
                       "same-page: packed in one 4 KiB page, which moves as one. separate-pages: one counter per "
                       "64 KiB, each its own page for the driver to move.",
                       ParamRole::Sweep, {"on one page", "on separate pages"}),
      choiceParam("gpu_mops", "Kernel's atomics", "M ops", {1, 4, 16, 64}, 4,
                  "atomicAdd_system (or atomicAdd) operations of the kernel in all, in millions."),
      choiceParam("cpu_kops", "Atomics per CPU thread", "K ops", {1, 4, 16, 64, 256}, 4,
                  "fetch_add operations of each CPU thread, in thousands."),
      um::bufferMibParam(64, {16, 64, 256},
                         "Size of the malloc'd, managed and copied buffers the kernel reads and rewrites (the global "
                         "array is 4 MiB, the stack buffer 256 KiB)."),
  };
  lab.views = {
      {"atomic-rates", "The kernel's atomic operations per second by configuration", ViewKind::Bars},
      {"cpu-atomic-rates", "The CPU threads' atomic operations per second by configuration", ViewKind::Bars},
      {"atomic-events", "Unified-memory events during the atomics (traced run)", ViewKind::Bars},
      {"system-gbps", "A kernel on each kind of memory: first and second touch", ViewKind::Bars},
  };
  std::vector<std::string> ids, labels;
  for (const SysKind k : shownOrder()) {
    ids.push_back(systemScenarioId(k));
    labels.push_back(systemScenarioName(k));
  }
  um::finishUmSpec(lab, ids,
                   "Which configuration the timeline and the page map show: the CPU and the GPU adding together "
                   "(the page moving between them), or any other scenario of the run.",
                   labels);
  lab.presets = umSystemMemoryPresets();
  lab.keyFigures = {"atomics.cpu_gpu.gpu_mops", "atomics.system_alone.gpu_mops", "system.managed.first_gbps",
                    "system.explicit.first_gbps"};
  return lab;
}

/// The model's attributes, from the profile (Pascal and later on Linux: concurrent managed access).
SystemAttributes modelAttributes(const sim::DeviceProfile& profile) {
  const SystemHostParams p = systemHostParams(profile);
  return {1, p.hostNativeAtomics ? 1 : 0, p.pageableMemoryAccess ? 1 : 0, p.usesHostPageTables ? 1 : 0};
}

std::string scenarioName(const SystemScenario& s) { return systemScenarioName(s.kind); }

RunResult simulateUmSystemMemory(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const SystemAttributes attributes = modelAttributes(profile);
  um::UmRun run;
  run.scenarios =
      um::runPlan<SystemScenario>(systemPlan(request.params), monitor, scenarioName,
                                  [&](const SystemScenario& s) { return simulateSystemScenario(profile, s); });
  monitor.done();
  return assembleUmSystemMemory(profile.info, request.params, run, attributes);
}

/// Million operations per second of an atomics phase (8 bytes per operation).
BarValue mopsOf(const um::UmScenarioResult& s, const std::string& phase) {
  const BarValue gbps = um::phaseGbps(s, phase);
  const double perByte = 1e3 / static_cast<double>(kCounterBytes);  // GB/s -> M ops/s
  return {gbps.value * perByte, gbps.low * perByte, gbps.high * perByte};
}

std::uint64_t migrationsOf(const um::UmScenarioResult& s) {
  std::uint64_t n = 0;
  for (const um::UmEvent& e : s.trace.events)
    if (e.kind == um::UmEventKind::BytesHtoD || e.kind == um::UmEventKind::BytesDtoH) ++n;
  return n;
}

std::vector<um::UmScenarioResult> ofPart(const std::vector<um::UmScenarioResult>& all, bool atomics, bool ranOnly) {
  std::vector<um::UmScenarioResult> out;
  for (const um::UmScenarioResult& s : all) {
    bool isAtomics = false;
    for (int k = 0; k < kSysKindCount; ++k)
      if (s.name == systemScenarioName(static_cast<SysKind>(k))) isAtomics = isAtomicsKind(static_cast<SysKind>(k));
    if (isAtomics != atomics || (ranOnly && s.phases.empty())) continue;
    out.push_back(s);
  }
  return out;
}

/// The scenarios that have the phase (the side took part).
std::vector<um::UmScenarioResult> withPhase(const std::vector<um::UmScenarioResult>& all, const std::string& phase) {
  std::vector<um::UmScenarioResult> out;
  for (const um::UmScenarioResult& s : all)
    if (s.findPhase(phase)) out.push_back(s);
  return out;
}

/// What the driver did about atomics from both sides, from the contended run's counters.
std::string atomicsStory(const um::UmScenarioResult& s, const SystemAttributes& a) {
  std::ostringstream n;
  n << "cudaDevAttrHostNativeAtomicSupported = " << a.hostNativeAtomics;
  if (a.hostNativeAtomics == 0) n << ": no atomics over the link, so the page must be exclusive to whoever adds";
  if (!s.trace.captured) {
    n << "; no trace of the run (" << s.trace.unavailableReason << ")";
    return n.str();
  }
  const um::UmCounters& c = s.counters;
  n << ". While both sides added, the driver migrated the counters' pages in " << migrationsOf(s) << " transfers ("
    << (c.bytesHtoD >> 10) << " KiB to the GPU, " << (c.bytesDtoH >> 10) << " KiB back) on " << c.cpuFaults
    << " CPU faults and " << c.gpuFaultGroups << " GPU fault batches, with " << c.thrashingEvents << " thrashing, "
    << c.throttlingEvents << " throttling and " << c.remoteMapEvents << " remote-map records";
  return n.str();
}

}  // namespace

const LabSpec& umSystemMemorySpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition umSystemMemoryLab() {
  return {umSystemMemorySpec(),
          &simulateUmSystemMemory,
          WARPSCOPE_GPU_MEASUREMENT(measureUmSystemMemory),
          {"uvm", "atomics.l2_word_updates_per_clock"}};
}

std::vector<SystemScenario> systemPlan(const ParamSet& params) {
  SystemScenario base;
  base.cpuThreads = params.getInt("cpu_threads");
  base.counters = params.getInt("counters");
  base.separatePages = params.getInt("layout") == 1;
  base.gpuOps = static_cast<std::uint64_t>(params.getInt("gpu_mops")) << 20;
  base.cpuOpsPerThread = static_cast<std::uint64_t>(params.getInt("cpu_kops")) << 10;
  base.bufferBytes = um::bufferBytes(params);
  std::vector<SystemScenario> plan;
  for (int k = 0; k < kSysKindCount; ++k) {
    SystemScenario s = base;
    s.kind = static_cast<SysKind>(k);
    if (cpuTakesPart(s.kind) && s.cpuThreads == 0) continue;
    plan.push_back(s);
  }
  return plan;
}

RunResult assembleUmSystemMemory(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run,
                                 const SystemAttributes& attributes) {
  const LabSpec& lab = umSystemMemorySpec();
  RunResult result = um::umResultShell(kUmSystemMemoryId, device, params, run.measured);
  using um::UmScenarioResult;
  const std::vector<UmScenarioResult> atomics = ofPart(run.scenarios, true, false);
  const std::vector<UmScenarioResult> memory = ofPart(run.scenarios, false, true);

  // One view per side: the GPU adds about a thousand times faster than the CPU threads, so on one
  // axis the CPU's bars would not show.
  View rates = declaredView(lab, "atomic-rates");
  rates.bars = um::scenarioBars("Configuration", "Million operations per second (median)", withPhase(atomics, "gpu"),
                                {{"GPU", [](const UmScenarioResult& s) { return mopsOf(s, "gpu"); }}}, run.model);
  View cpuRates = declaredView(lab, "cpu-atomic-rates");
  cpuRates.bars =
      um::scenarioBars("Configuration", "Million operations per second (median)", withPhase(atomics, "cpu"),
                       {{"CPU threads", [](const UmScenarioResult& s) { return mopsOf(s, "cpu"); }}}, run.model);
  View events = declaredView(lab, "atomic-events");
  events.bars = um::scenarioBars(
      "Configuration", "Events in the traced run (count)", atomics,
      {um::counterFigure("CPU faults", &um::UmCounters::cpuFaults),
       um::counterFigure("GPU fault batches", &um::UmCounters::gpuFaultGroups),
       {"migrations", [](const UmScenarioResult& s) { return um::exactBar(static_cast<double>(migrationsOf(s))); }},
       um::counterFigure("thrashing", &um::UmCounters::thrashingEvents),
       um::counterFigure("throttling", &um::UmCounters::throttlingEvents),
       um::counterFigure("remote maps", &um::UmCounters::remoteMapEvents)},
      run.model);
  View gbps = declaredView(lab, "system-gbps");
  gbps.bars =
      um::scenarioBars("Memory", "GB/s (median)", memory,
                       {{"first touch", [](const UmScenarioResult& s) { return um::phaseGbps(s, "first touch"); }},
                        {"second touch", [](const UmScenarioResult& s) { return um::phaseGbps(s, "second touch"); }}},
                       run.model);

  const SysKind shownKind = shownOrder().at(static_cast<std::size_t>(params.getInt("shown")));
  UmScenarioResult missing;
  const UmScenarioResult& shown = um::shownScenario(run.scenarios, systemScenarioName(shownKind), missing);
  result.views =
      um::withTraceViews(lab, {std::move(rates), std::move(cpuRates), std::move(events), std::move(gbps)}, shown);

  auto scalar = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({id, label, value, unit});
  };
  scalar("attr.concurrent_managed_access", "cudaDevAttrConcurrentManagedAccess", attributes.concurrentManagedAccess,
         "");
  scalar("attr.host_native_atomics", "cudaDevAttrHostNativeAtomicSupported", attributes.hostNativeAtomics, "");
  scalar("attr.pageable_memory_access", "cudaDevAttrPageableMemoryAccess", attributes.pageableMemoryAccess, "");
  scalar("attr.pageable_uses_host_page_tables", "cudaDevAttrPageableMemoryAccessUsesHostPageTables",
         attributes.pageableUsesHostPageTables, "");
  for (int k = 0; k < kSysKindCount; ++k) {
    const auto kind = static_cast<SysKind>(k);
    const UmScenarioResult* s = um::findScenario(run.scenarios, systemScenarioName(kind));
    if (!s || s->phases.empty()) continue;
    const std::string label = std::string(systemScenarioName(kind)) + ": ";
    if (isAtomicsKind(kind)) {
      const std::string prefix = std::string("atomics.") + (kind == SysKind::CpuGpuAtomics        ? "cpu_gpu"
                                                            : kind == SysKind::CpuAtomicsAlone    ? "cpu_alone"
                                                            : kind == SysKind::DeviceAtomicsAlone ? "device_alone"
                                                                                                  : "system_alone");
      if (s->findPhase("gpu")) scalar(prefix + ".gpu_mops", label + "GPU atomics", mopsOf(*s, "gpu").value, "M ops/s");
      if (s->findPhase("cpu")) scalar(prefix + ".cpu_mops", label + "CPU atomics", mopsOf(*s, "cpu").value, "M ops/s");
      scalar(prefix + ".wall_ms", label + "wall time", um::phaseMs(*s, "wall").value, "ms");
      if (s->trace.captured)
        scalar(prefix + ".migrations", label + "migrations", static_cast<double>(migrationsOf(*s)), "migrations");
      um::addCounterScalars(result, prefix, label, *s);
    } else {
      const std::string prefix = std::string("system.") + systemScenarioId(kind);
      scalar(prefix + ".first_gbps", label + "first touch", um::phaseGbps(*s, "first touch").value, "GB/s");
      scalar(prefix + ".second_gbps", label + "second touch", um::phaseGbps(*s, "second touch").value, "GB/s");
    }
  }

  std::ostringstream what;
  what << "Atomics: the kernel does " << params.getInt("gpu_mops") << " M atomics";
  if (params.getInt("cpu_threads") > 0)
    what << " while " << params.getInt("cpu_threads") << " CPU threads do " << params.getInt("cpu_kops") << " K each";
  what << ", on " << params.getInt("counters") << " counters "
       << (params.getInt("layout") == 1 ? "on separate pages" : "on one page")
       << "; every counter's final value is checked against the operations both sides did. System memory: a kernel "
          "reads and rewrites "
       << params.getInt("buffer_mib")
       << " MiB twice (first touch, second touch); its GB/s are the buffer's bytes per "
          "second, each byte read and rewritten once.";
  result.notes.push_back(what.str());
  result.notes.push_back("cudaDevAttrConcurrentManagedAccess = " + std::to_string(attributes.concurrentManagedAccess) +
                         ", cudaDevAttrPageableMemoryAccess = " + std::to_string(attributes.pageableMemoryAccess) +
                         ", cudaDevAttrPageableMemoryAccessUsesHostPageTables (ATS) = " +
                         std::to_string(attributes.pageableUsesHostPageTables));
  if (const UmScenarioResult* both = um::findScenario(run.scenarios, systemScenarioName(SysKind::CpuGpuAtomics));
      both && !both->phases.empty())
    result.notes.push_back(atomicsStory(*both, attributes));
  if (attributes.pageableMemoryAccess == 0) result.notes.push_back(pageableAccessMissingNote(0));
  um::addRunNotes(result, run, &shown);
  return result;
}

RunResult measureSystemRoom(const DeviceInfo& gpu, const SystemAttributes& attributes, const RunRequest& request,
                            RunMonitor& monitor,
                            const std::function<um::UmScenarioResult(const SystemScenario&)>& measure) {
  std::vector<std::string> notes;
  const um::UmRun run = um::measureWithModel<SystemScenario>(gpu, systemPlan(request.params), monitor, scenarioName,
                                                             measure, simulateSystemScenario, &notes);
  RunResult result = assembleUmSystemMemory(gpu, request.params, run, attributes);
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  return result;
}

}  // namespace warpscope::labs
