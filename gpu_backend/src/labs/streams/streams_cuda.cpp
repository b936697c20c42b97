#include "labs/streams/streams_cuda.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <tuple>
#include <sstream>
#include <thread>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/streams/streams_capture.h"
#include "labs/streams/streams_child.h"
#include "labs/streams/streams_kernels.h"
#include "labs/streams/streams_lab.h"
#include "labs/streams/streams_model.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

/// The gate gives up after this long (a host that never releases it must not hang the GPU).
constexpr unsigned long long kGateTimeoutNs = 5'000'000'000ull;
/// Input element i holds i mod this: small integers, so the kernel's result is exact.
constexpr unsigned kInputPeriod = 1024;

/// Host memory of one kind, freed with the object.
class HostBuffer {
 public:
  HostBuffer(std::size_t bytes, bool pinned) : pinned_(pinned) {
    if (pinned) WS_CUDA_CHECK(cudaMallocHost(&ptr_, bytes));
    else {
      ptr_ = std::aligned_alloc(4096, bytes);
      if (!ptr_) throw std::bad_alloc();
    }
  }
  ~HostBuffer() {
    if (pinned_) (void)cudaFreeHost(ptr_);
    else std::free(ptr_);
  }
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;
  [[nodiscard]] float* floats() const { return static_cast<float*>(ptr_); }

 private:
  void* ptr_ = nullptr;
  bool pinned_;
};

/// What the lab keeps on a device between runs: buffers for one size and kind of host memory,
/// the streams, the gate's flag.
struct StreamsState : cuda::LabState {
  int bufferMib = 0;
  bool pinned = true;
  std::unique_ptr<HostBuffer> hostIn, hostOut;
  cuda::DeviceBuffer deviceIn, deviceOut, markerWord{64};
  cudaStream_t streams[kMaxStreams] = {};
  cudaStream_t gateStream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr, released = nullptr, streamDone[kMaxStreams + 1] = {};
  volatile int* gateFlag = nullptr;  // mapped pinned memory: [0] the flag, [1] the gate's timed-out word
  int* gateFlagOnDevice = nullptr;
  /// The last full run's operation costs for the host memory, work, kernel length and buffer it
  /// measured: a slider step (streams, order) reuses them instead of timing every operation again.
  std::map<std::tuple<int, int, int, int>, StreamOpCosts> costs;

  StreamsState() {
    for (cudaStream_t& s : streams) WS_CUDA_CHECK(cudaStreamCreate(&s));  // blocking streams
    WS_CUDA_CHECK(cudaStreamCreate(&gateStream));
    for (cudaEvent_t* e : {&start, &stop, &released}) WS_CUDA_CHECK(cudaEventCreate(e));
    for (cudaEvent_t& e : streamDone) WS_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    void* flags = nullptr;
    WS_CUDA_CHECK(cudaHostAlloc(&flags, 2 * sizeof(int), cudaHostAllocMapped));
    gateFlag = static_cast<volatile int*>(flags);
    WS_CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&gateFlagOnDevice), flags, 0));
  }
  ~StreamsState() override {
    for (cudaStream_t s : streams) (void)cudaStreamDestroy(s);
    (void)cudaStreamDestroy(gateStream);
    for (cudaEvent_t e : {start, stop, released}) (void)cudaEventDestroy(e);
    for (cudaEvent_t e : streamDone) (void)cudaEventDestroy(e);
    (void)cudaFreeHost(const_cast<int*>(gateFlag));
  }

  /// Buffers for `config`, reallocated only when its size or host memory changes.
  void prepare(const StreamsConfig& config) {
    const bool wantPinned = config.hostMemory == HostMemory::Pinned;
    if (bufferMib == config.bufferMib && pinned == wantPinned && hostIn) return;
    bufferMib = 0;  // until every buffer below is in place: a failure leaves nothing that looks ready
    hostIn.reset();
    hostOut.reset();
    const std::size_t bytes = std::size_t{static_cast<unsigned>(config.bufferMib)} << 20;
    hostIn = std::make_unique<HostBuffer>(bytes, wantPinned);
    hostOut = std::make_unique<HostBuffer>(bytes, wantPinned);
    if (deviceIn.bytes() != bytes) {
      deviceIn = cuda::DeviceBuffer(bytes);
      deviceOut = cuda::DeviceBuffer(bytes);
    }
    float* in = hostIn->floats();
    for (std::size_t i = 0; i < bytes / 4; ++i) in[i] = float(i % kInputPeriod);
    // The small-kernel runs read the input on the device: it is there once, before any run.
    WS_CUDA_CHECK(cudaMemcpy(deviceIn.get(), in, bytes, cudaMemcpyHostToDevice));
    bufferMib = config.bufferMib;
    pinned = wantPinned;
  }
};

/// Kernel a and b: y = y * 1 + b, so element i ends as in[i] + fmas x b, exact in float. b changes
/// from run to run, so a run that did not write an element leaves the previous run's value: wrong.
struct KernelArgs {
  float a = 1;
  float b = 1;
};

void launchOp(StreamsState& st, const StreamsConfig& config, const StreamOp& op, const KernelArgs& args,
              cudaStream_t stream, const DeviceInfo& device) {
  const std::size_t bytes = streamsChunkBytes(config);
  const std::size_t offset = static_cast<std::size_t>(op.chunk) * bytes;
  auto* hostIn = reinterpret_cast<char*>(st.hostIn->floats()) + offset;
  auto* hostOut = reinterpret_cast<char*>(st.hostOut->floats()) + offset;
  auto* devIn = static_cast<char*>(st.deviceIn.get()) + offset;
  auto* devOut = static_cast<char*>(st.deviceOut.get()) + offset;
  switch (op.kind) {
    case StreamOpKind::HostToDevice:
      WS_CUDA_CHECK(cudaMemcpyAsync(devIn, hostIn, bytes, cudaMemcpyHostToDevice, stream));
      break;
    case StreamOpKind::DeviceToHost:
      WS_CUDA_CHECK(cudaMemcpyAsync(hostOut, devOut, bytes, cudaMemcpyDeviceToHost, stream));
      break;
    case StreamOpKind::Kernel: {
      const bool small = config.workload == StreamsWorkload::SmallKernels;
      WS_CUDA_CHECK(cuda::launchChunkKernel(reinterpret_cast<const float*>(devIn), reinterpret_cast<float*>(devOut),
                                            bytes / 4, config.kernelFmas, args.a, args.b,
                                            small ? static_cast<unsigned>(smallKernelBlocks(device)) : 0u,
                                            kStreamsKernelBlock, stream));
      break;
    }
    case StreamOpKind::Marker:
      WS_CUDA_CHECK(cuda::launchMarker(st.markerWord.as<unsigned>(), static_cast<unsigned>(op.chunk), stream));
      break;
  }
}

cudaStream_t streamFor(StreamsState& st, const StreamsConfig& config, const StreamOp& op) {
  if (op.kind == StreamOpKind::Marker)
    return config.defaultStream == DefaultStreamUse::Legacy ? cudaStreamLegacy : cudaStreamPerThread;
  return st.streams[op.stream];
}

/// Issues one run of `ops` and returns its time, ms: from the gate's release (pinned) or from the
/// first call (pageable: its copies block the host, so nothing can wait behind a gate) to the end
/// of the last operation of every stream.
double runOnce(StreamsState& st, const StreamsConfig& config, const std::vector<StreamOp>& ops, const KernelArgs& args,
               const DeviceInfo& device) {
  const bool gated = config.hostMemory == HostMemory::Pinned;
  // Releases the gate on every way out: a run that throws while issuing must not leave it
  // spinning (for 5 s, and into the next run's flags).
  struct GateRelease {
    volatile int* flag;
    ~GateRelease() {
      if (flag) flag[0] = 1;
    }
  } release{nullptr};
  if (gated) {
    WS_CUDA_CHECK(cudaStreamSynchronize(st.gateStream));  // no earlier gate still reads the flags
    st.gateFlag[0] = 0;
    st.gateFlag[1] = 0;
    WS_CUDA_CHECK(cuda::launchGate(st.gateFlagOnDevice, st.gateFlagOnDevice + 1, kGateTimeoutNs, st.gateStream));
    release.flag = st.gateFlag;
  }
  WS_CUDA_CHECK(cudaEventRecord(st.start, st.gateStream));
  for (int s = 0; s < config.streams; ++s) WS_CUDA_CHECK(cudaStreamWaitEvent(st.streams[s], st.start, 0));
  if (config.defaultStream == DefaultStreamUse::PerThread)
    WS_CUDA_CHECK(cudaStreamWaitEvent(cudaStreamPerThread, st.start, 0));
  for (const StreamOp& op : ops) launchOp(st, config, op, args, streamFor(st, config, op), device);
  for (int s = 0; s < config.streams; ++s) {
    WS_CUDA_CHECK(cudaEventRecord(st.streamDone[s], st.streams[s]));
    WS_CUDA_CHECK(cudaStreamWaitEvent(st.gateStream, st.streamDone[s], 0));
  }
  if (config.defaultStream == DefaultStreamUse::PerThread) {
    WS_CUDA_CHECK(cudaEventRecord(st.streamDone[kMaxStreams], cudaStreamPerThread));
    WS_CUDA_CHECK(cudaStreamWaitEvent(st.gateStream, st.streamDone[kMaxStreams], 0));
  }
  WS_CUDA_CHECK(cudaEventRecord(st.stop, st.gateStream));
  if (gated) {
    // Everything is queued: release the gate (a write the spinning thread sees over PCIe).
    st.gateFlag[0] = 1;
    release.flag = nullptr;
  }
  WS_CUDA_CHECK(cudaEventSynchronize(st.stop));
  if (gated && st.gateFlag[1] != 0)
    throw cuda::CheckFailed("streams: the gate kernel gave up waiting for the host (5 s): the run was not timed");
  float ms = 0;
  WS_CUDA_CHECK(cudaEventElapsedTime(&ms, st.start, st.stop));
  return ms;
}

/// Every element the run produced must be its input + fmas x b (copy workload: in host memory;
/// small kernels: on the device).
void checkOutput(StreamsState& st, const StreamsConfig& config, const KernelArgs& args) {
  const std::size_t elements = streamsChunkBytes(config) * static_cast<unsigned>(streamsChunks(config)) / 4;
  std::vector<float> fromDevice;
  const float* out = st.hostOut->floats();
  if (config.workload == StreamsWorkload::SmallKernels) {
    fromDevice.resize(elements);
    WS_CUDA_CHECK(cudaMemcpy(fromDevice.data(), st.deviceOut.get(), elements * 4, cudaMemcpyDeviceToHost));
    out = fromDevice.data();
  }
  const float added = float(config.kernelFmas) * args.b;
  // Several host threads share the 32M comparisons, so a slider step's check takes milliseconds.
  const unsigned parts = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  std::vector<std::size_t> firstWrong(parts, elements);
  std::vector<std::jthread> workers;  // joined on every way out, a failed start included
  for (unsigned part = 0; part < parts; ++part)
    workers.emplace_back([&, part] {
      const std::size_t begin = elements * part / parts, end = elements * (part + 1) / parts;
      for (std::size_t i = begin; i < end; ++i)
        if (out[i] != float(i % kInputPeriod) + added) {
          firstWrong[part] = i;
          return;
        }
    });
  workers.clear();  // joins
  const std::size_t i = *std::min_element(firstWrong.begin(), firstWrong.end());
  if (i < elements) {
    std::ostringstream what;
    what << "streams check failed (" << config.streams << " streams, " << issueOrderName(config.order) << "): element "
         << i << " (chunk " << i / (elements / streamsChunks(config)) + 1 << ") holds " << out[i] << ", expected "
         << float(i % kInputPeriod) + added;
    throw cuda::CheckFailed(what.str());
  }
}

/// Times the configuration: warm-ups, then repetitions; b alternates so every repetition writes
/// new values; the last repetition's output is checked whole.
StreamsPoint timeConfig(StreamsState& st, const StreamsConfig& config, const StreamOpCosts& costs,
                        const StreamsMachine& machine, const cuda::TimingPolicy& policy, const DeviceInfo& device,
                        RunMonitor& monitor) {
  const std::vector<StreamOp> ops = streamsIssueList(config, costs);
  std::vector<double> samples;
  KernelArgs args;
  for (int i = 0; i < policy.warmups + policy.reps; ++i) {
    monitor.throwIfCancelled();
    args.b = float(1 + (i % 2));
    const double ms = runOnce(st, config, ops, args, device);
    if (i >= policy.warmups) samples.push_back(ms);
  }
  checkOutput(st, config, args);
  StreamsPoint p;
  p.streams = config.streams;
  p.order = config.order;
  p.totalMs = cuda::median(samples);
  p.minMs = *std::min_element(samples.begin(), samples.end());
  p.maxMs = *std::max_element(samples.begin(), samples.end());
  p.modelMs = scheduleTotalMs(scheduleStreams(ops, machine));
  return p;
}

/// Each kind of operation on its own, on the legacy stream with the device otherwise idle, at two
/// chunk sizes (the whole buffer and an eighth of it): the line through them is the model's cost.
/// Small kernels always have an eighth: their cost is that size's, in proportion.
StreamOpCosts measureOpCosts(StreamsState& st, const StreamsConfig& config, const cuda::TimingPolicy& policy,
                             const DeviceInfo& device, RunMonitor& monitor) {
  const auto time = [&](StreamOpKind kind, int streams) {
    StreamsConfig sized = config;
    sized.streams = streams;  // one chunk per stream: the whole buffer, or an eighth
    StreamOp op;
    op.kind = kind;
    return cuda::timeLaunches([&] { launchOp(st, sized, op, KernelArgs{}, cudaStreamLegacy, device); }, policy,
                              &monitor.token())
        .medianMs;
  };
  const double whole = config.bufferMib, eighth = config.bufferMib / 8.0;
  const auto line = [&](StreamOpKind kind) {
    const double a = time(kind, 8), b = time(kind, 1);
    return LinearCost::through(eighth, a, whole, b);
  };
  StreamOpCosts c;
  if (config.workload == StreamsWorkload::CopyAndCompute) {
    c.htod = line(StreamOpKind::HostToDevice);
    c.dtoh = line(StreamOpKind::DeviceToHost);
    c.kernel = line(StreamOpKind::Kernel);
    c.kernelShare = 1;
  } else {
    c.kernel = {0, time(StreamOpKind::Kernel, 1) / eighth};
    c.kernelShare = double(smallKernelBlocks(device)) / device.smCount;
  }
  c.markerMs = time(StreamOpKind::Marker, 1);
  return c;
}

/// The focus's operations as the GPU ran them, recorded with CUPTI in a run of their own.
std::vector<ScheduledOp> captureTimeline(StreamsState& st, const StreamsConfig& config, const StreamOpCosts& costs,
                                         const DeviceInfo& device, std::string& note) {
  const std::vector<StreamOp> ops = streamsIssueList(config, costs);
  cuda::StreamsCapture capture;
  if (!capture.available()) {
    note = "No timeline from the GPU: " + capture.unavailableReason() + ". The model's is drawn.";
    return {};
  }
  std::vector<std::uint32_t> ids;
  for (int s = 0; s < config.streams; ++s) {
    const std::optional<std::uint32_t> id = cuda::StreamsCapture::streamId(st.streams[s]);
    if (!id) {
      note = "No timeline from the GPU: CUPTI could not name stream " + std::to_string(s + 1) + ". The model's is drawn.";
      return {};
    }
    ids.push_back(*id);
  }
  const std::optional<std::uint32_t> markerStream =
      cuda::StreamsCapture::streamId(nullptr, config.defaultStream == DefaultStreamUse::PerThread);
  KernelArgs args;
  args.b = 3;
  (void)runOnce(st, config, ops, args, device);
  checkOutput(st, config, args);
  int missing = 0;
  std::vector<ScheduledOp> timeline = capture.finish(ops, ids, markerStream.value_or(~0u), &missing);
  std::ostringstream n;
  n << "Timeline: CUPTI activity records (CONCURRENT_KERNEL and MEMCPY) of the focus configuration, in a run of its "
       "own (not one of the timed ones), "
    << timeline.size() << " of " << ops.size() << " operations recorded";
  if (missing > 0) n << " (" << missing << " without a record: left out)";
  n << ".";
  note = n.str();
  return timeline;
}

}  // namespace

RunResult measureStreams(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const StreamsPlan plan = streamsPlan(request.params, request.scope);
  if (plan.focus.hardwareQueues != processHardwareQueues())
    return runStreamsInChild(request, plan.focus.hardwareQueues, monitor);

  const DeviceInfo& device = context.info;
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile) throw BadInputError("streams needs a device profile close to " + device.name);
  int ordinal = 0, engines = 0;
  WS_CUDA_CHECK(cudaGetDevice(&ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&engines, cudaDevAttrAsyncEngineCount, ordinal));

  StreamsState& st = context.labState<StreamsState>();
  const std::size_t steps = plan.points.size() + 3;
  std::size_t step = 0;
  monitor.step(step++, steps, "preparing buffers");
  st.prepare(plan.focus);

  StreamsRun run;
  run.plan = plan;
  run.measured = true;
  run.copyEngines = std::max(1, engines);
  run.modelCosts = modelStreamOpCosts(*profile, plan.focus);
  const bool slider = request.scope == RunScope::FocusOnly;
  const cuda::TimingPolicy opPolicy = slider ? cuda::TimingPolicy{.warmups = 1, .reps = 3, .minReps = 3}
                                             : cuda::TimingPolicy{.warmups = 2, .reps = 7, .minReps = 5};
  const auto key = std::make_tuple(static_cast<int>(plan.focus.hostMemory), static_cast<int>(plan.focus.workload),
                                   plan.focus.kernelFmas, plan.focus.bufferMib);
  if (auto known = st.costs.find(key); slider && known != st.costs.end()) {
    run.costs = known->second;
  } else {
    monitor.step(step++, steps, "each operation on its own");
    run.costs = st.costs[key] = measureOpCosts(st, plan.focus, opPolicy, device, monitor);
  }

  // Pageable runs issue as they go: the host's time per call is part of them.
  const double issueUs = streamsProfile(*profile).issueUs;
  // A slider step: two timed runs and no warm-up (the full run before it warmed the buffers and
  // kernels), so the step with its redraw stays near 50 ms.
  const cuda::TimingPolicy runPolicy = slider ? cuda::TimingPolicy{.warmups = 0, .reps = 2, .minReps = 2}
                                              : cuda::TimingPolicy{.warmups = 1, .reps = 5, .minReps = 5};
  for (const StreamsConfig& c : plan.points) {
    monitor.step(step++, steps, std::to_string(c.streams) + " streams, " + issueOrderName(c.order));
    run.points.push_back(timeConfig(st, c, run.costs, streamsMachine(run.copyEngines, c, issueUs), runPolicy, device, monitor));
  }

  std::string timelineNote;
  run.modelTimeline = scheduleStreams(streamsIssueList(plan.focus, run.costs),
                                      streamsMachine(run.copyEngines, plan.focus, issueUs));
  if (!slider) {
    monitor.step(step++, steps, "recording the timeline (CUPTI)");
    run.timeline = captureTimeline(st, plan.focus, run.costs, device, timelineNote);
    run.timelineSource = "CUPTI activity records";
  }
  if (run.timeline.empty()) {
    run.timeline = run.modelTimeline;
    run.timelineSource = "the overlap model";
    run.modelTimeline.clear();
  }
  monitor.done();

  RunResult result = assembleStreamsResult(device, request.params, run, request.scope);
  result.provenance = Provenance::Measured;
  std::ostringstream how;
  how << "Measured: each configuration " << runPolicy.reps << " times after " << runPolicy.warmups
      << " warm-up, median with the fastest and slowest. "
      << (plan.focus.hostMemory == HostMemory::Pinned
              ? "Every run is queued behind a kernel spinning on a host flag and timed from its release (CUDA "
                "events), so the host's enqueue time is not in it."
              : "Pageable copies block the host, so these runs are timed from the first call: the host's issuing is "
                "part of them.")
      << " Every element each timed configuration produced was checked (input + FMAs x b). The model's input is each "
         "operation timed on its own at two chunk sizes (the whole buffer and an eighth): copy in "
      << run.costs.htod.fixedMs * 1e3 << " us + " << run.costs.htod.msPerMib * 1e3 << " us/MiB, kernel "
      << run.costs.kernel.fixedMs * 1e3 << " us + " << run.costs.kernel.msPerMib * 1e3 << " us/MiB, copy out "
      << run.costs.dtoh.fixedMs * 1e3 << " us + " << run.costs.dtoh.msPerMib * 1e3 << " us/MiB, the default-stream "
      << "kernel " << run.costs.markerMs * 1e3 << " us; the device has " << run.copyEngines << " copy engines (asyncEngineCount) and this process "
      << processHardwareQueues() << " hardware queues.";
  result.notes.push_back(how.str());
  if (!timelineNote.empty()) result.notes.push_back(timelineNote);
  if (slider)
    result.notes.push_back("A slider step times the focus alone and draws the model's timeline; the full run records "
                           "the GPU's and the speed-up over one stream.");
  return result;
}

}  // namespace warpscope::labs
