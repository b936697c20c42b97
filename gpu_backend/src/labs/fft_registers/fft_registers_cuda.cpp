#include "labs/fft_registers/fft_registers_cuda.h"

#include <algorithm>
#include <complex>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <vector>

#include "cuda/ceilings.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/fft_registers/cufft_batched.h"
#include "labs/fft_registers/fft_registers_kernels.h"
#include "labs/fft_registers/fft_registers_lab.h"
#include "labs/fft_registers/fft_registers_model.h"
#include "labs/fft_registers/fft_registers_reference.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

/// Transforms the host recomputes in double per run, spread over the batch (first and last in).
constexpr unsigned kSampledTransforms = 8;
constexpr std::size_t kBufferBytes = std::size_t{kFftTotalPoints} * 8;

/// The host's references of the sampled transforms of this run's input.
struct HostSamples {
  std::vector<std::uint64_t> transforms;
  std::vector<std::vector<std::complex<double>>> outputs;
};

/// The input, the kernels' output, cuFFT's output and the plan, kept between runs (a slider step
/// must not allocate 768 MiB or plan again). A full run fills a fresh input; a slider step keeps
/// the last full run's input, its host samples and cuFFT's output of it, and checks against them.
struct FftBuffers : cuda::LabState {
  cuda::DeviceBuffer input{kBufferBytes};
  cuda::DeviceBuffer output{kBufferBytes};
  cuda::DeviceBuffer reference;  ///< cuFFT's output, allocated only with cuFFT in the build.
  cuda::DeviceBuffer scratch{64};
  std::unique_ptr<cuda::CufftBatched> cufft;
  std::uint32_t seed = 0;
  unsigned inputPoints = 0;  ///< The transform size `samples` and `reference` hold (0: none yet).
  HostSamples samples;
  double cufftErrorVsHost = -1;
};

HostSamples hostSamples(std::uint32_t seed, const FftPlan& plan) {
  HostSamples h;
  for (unsigned i = 0; i < kSampledTransforms; ++i) {
    const std::uint64_t t = std::uint64_t{plan.batch - 1} * i / (kSampledTransforms - 1);
    h.transforms.push_back(t);
    h.outputs.push_back(fftReferenceDft(fftInputTransform(seed, plan.points, t)));
  }
  return h;
}

/// The sampled transforms of `output` against the host's DFT: the largest error over rms, or
/// CheckFailed naming the transform.
double checkSamples(const void* output, const HostSamples& h, const FftPlan& plan, const std::string& what) {
  double worst = 0;
  std::vector<FftComplex> got(plan.points);
  for (std::size_t i = 0; i < h.transforms.size(); ++i) {
    const auto* src = static_cast<const FftComplex*>(output) + h.transforms[i] * plan.points;
    WS_CUDA_CHECK(cudaMemcpy(got.data(), src, plan.points * sizeof(FftComplex), cudaMemcpyDeviceToHost));
    const double error = fftMaxErrorOverRms(got.data(), h.outputs[i]);
    if (!fftWithinTolerance(error, plan.points)) {
      std::ostringstream why;
      why << "fft-registers check failed (" << what << ", " << plan.points << " points): transform " << h.transforms[i]
          << " is " << error << " x its rms from the host's double-precision DFT, tolerance " << fftTolerance(plan.points);
      throw cuda::CheckFailed(why.str());
    }
    worst = std::max(worst, error);
  }
  return worst;
}

/// Every output of `output` against `reference` on the GPU (reference == output: only that no
/// output is NaN, i.e. every one overwrote the poison). CheckFailed naming the first bad transform.
double checkEveryOutput(FftBuffers& b, const void* output, const void* reference, const FftPlan& plan,
                        const std::string& what, const std::string& against) {
  cuda::FftComparison c;
  WS_CUDA_CHECK(cuda::compareFftOutputs(output, reference, plan.points, plan.batch,
                                        static_cast<float>(fftTolerance(plan.points)), b.scratch.get(), &c));
  if (c.transformsOver > 0) {
    std::ostringstream why;
    why << "fft-registers check failed (" << what << ", " << plan.points << " points): " << c.transformsOver << " of "
        << plan.batch << " transforms differ from " << against << " by more than " << fftTolerance(plan.points)
        << " x their rms (first: transform " << c.firstOver << "; largest error / rms " << c.worstErrorOverRms
        << "; infinity: a NaN, the poison left behind)";
    throw cuda::CheckFailed(why.str());
  }
  return c.worstErrorOverRms;
}

void poison(const cuda::DeviceBuffer& buffer) { WS_CUDA_CHECK(cudaMemset(buffer.get(), 0xFF, buffer.bytes())); }

}  // namespace

RunResult measureFftRegisters(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const FftPlan plan = fftPlan(request.params, request.scope);
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile) throw BadInputError("fft-registers needs a device profile close to " + device.name);
  FftBuffers& b = context.labState<FftBuffers>();
  // A slider step times one kernel: one warm-up and three timed launches (a median with its
  // spread); full sweeps keep the default policy.
  const cuda::TimingPolicy policy = plan.focusOnly ? cuda::TimingPolicy{.warmups = 1, .reps = 3, .minReps = 3}
                                                   : cuda::TimingPolicy{};
  const std::size_t steps = plan.pointsPerThread.size() + 3;
  std::size_t step = 0;

  const std::string cufftMissing = cuda::cufftUnavailableReason();
  const bool haveCufft = cufftMissing.empty();
  // A slider step reuses the last full run's input and references (the host's DFTs and cuFFT's
  // output take longer than the step may); anything else starts from a fresh input.
  const bool fresh = !plan.focusOnly || b.inputPoints != plan.points;
  if (fresh) {
    monitor.step(step++, steps, "fresh input and the host's double-precision DFT of sampled transforms");
    b.inputPoints = 0;
    b.seed = static_cast<std::uint32_t>(std::random_device{}());
    WS_CUDA_CHECK(cuda::launchFillFftInput(b.input.as<float>(), std::size_t{kFftTotalPoints} * 2, b.seed));
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    b.samples = hostSamples(b.seed, plan);
  }
  const std::uint32_t seed = b.seed;
  const HostSamples& samples = b.samples;

  FftRun run;
  run.plan = plan;
  run.measured = true;
  monitor.step(step++, steps, "cudaMemcpy device to device: the bandwidth bound");
  const cuda::BandwidthCeiling& ceiling =
      cuda::memcpyCeiling(context, b.output.get(), b.input.get(), kBufferBytes, &monitor.token());
  run.bandwidthGBs = ceiling.gbpsMedian;
  run.bandwidthBoundGflops = fftGflopsAtBandwidth(run.bandwidthGBs, plan.points);

  const double gflopPerLaunch = fftFlopsPerTransform(plan.points) * plan.batch * 1e-9;
  // cuFFT: the reference output for every element's check, computed (untimed) with each fresh
  // input; its GFLOP/s on full sweeps.
  monitor.step(step++, steps, "cuFFT's batched plan");
  if (haveCufft) {
    if (!b.reference.get()) b.reference = cuda::DeviceBuffer(kBufferBytes);
    if (!b.cufft || b.cufft->points() != plan.points || b.cufft->batch() != plan.batch) {
      b.cufft.reset();  // one plan's work area at a time
      b.cufft = std::make_unique<cuda::CufftBatched>(plan.points, plan.batch);
    }
    if (fresh) {
      poison(b.reference);
      b.cufft->forward(b.input.get(), b.reference.get());
      WS_CUDA_CHECK(cudaDeviceSynchronize());
      checkEveryOutput(b, b.reference.get(), b.reference.get(), plan, "cuFFT", "themselves (NaN)");
      b.cufftErrorVsHost = checkSamples(b.reference.get(), samples, plan, "cuFFT");
    }
    if (!plan.focusOnly) {
      // Timed into the output buffer: the reference stays as checked.
      const cuda::TimingStats t = cuda::timeLaunches([&] { b.cufft->forward(b.input.get(), b.output.get()); },
                                                     policy, &monitor.token());
      const cuda::RateStats r = cuda::ratesFrom(t, gflopPerLaunch);
      run.cufft = FftRateStats{r.median, r.min, r.max};
    }
  } else {
    run.cufftAbsentReason = cufftMissing + ".";
  }

  std::vector<std::string> spillNotes;
  for (unsigned p : plan.pointsPerThread) {
    monitor.step(step++, steps, std::to_string(p) + " points per thread");
    const cuda::FftKernelShape shape = cuda::fftKernelShape(plan.points, p);
    cudaFuncAttributes attributes{};
    WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, shape.function));
    int blocksPerSm = 0;
    WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, shape.function,
                                                                static_cast<int>(shape.blockThreads), 0));
    // The model beside the measurement, given the compiled kernel's registers.
    FftPoint point = fftModelPoint(*profile, plan.points, p, plan.batch, attributes.numRegs);
    point.blocksPerSm = blocksPerSm;
    point.occupancyPct = 100.0 * blocksPerSm * shape.blockThreads / device.maxThreadsPerSm;
    if (attributes.localSizeBytes > 0)
      spillNotes.push_back(std::to_string(p) + " points per thread spills " + std::to_string(attributes.localSizeBytes) +
                           " bytes per thread to local memory: its points are no longer all in registers.");
    const auto launch = [&] {
      WS_CUDA_CHECK(cuda::launchFftRegisters(plan.points, p, b.input.get(), b.output.get(), plan.batch));
    };
    // The check launch first, on poisoned output; the timed ones after it write the same values.
    poison(b.output);
    launch();
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    const std::string what = std::to_string(p) + " points per thread";
    point.errorVsHost = checkSamples(b.output.get(), samples, plan, what);
    if (haveCufft) point.errorVsCufft = checkEveryOutput(b, b.output.get(), b.reference.get(), plan, what, "cuFFT");
    else checkEveryOutput(b, b.output.get(), b.output.get(), plan, what, "themselves (NaN)");
    const cuda::TimingStats t = cuda::timeLaunches(launch, policy, &monitor.token());
    const cuda::RateStats r = cuda::ratesFrom(t, gflopPerLaunch);
    point.gflops = r.median;
    point.gflopsMin = r.min;
    point.gflopsMax = r.max;
    run.points.push_back(point);
  }
  b.inputPoints = plan.points;
  monitor.done();

  RunResult result = assembleFftRegistersResult(device, request.params, run, request.scope);
  result.provenance = Provenance::Measured;
  std::ostringstream timing;
  timing << "Timed with CUDA events: " << policy.warmups << " warm-up launches, then the median of up to " << policy.reps
         << " timed launches; spread: fastest and slowest launch. cuFFT is timed the same way on the default stream "
         << (plan.focusOnly ? "on full runs only (a slider step reruns the focus kernel)." : "in this run.");
  result.notes.push_back(timing.str());
  std::ostringstream checked;
  checked << "Checked: a fresh pseudo-random input every full run (a slider step keeps the last one; seed " << seed
          << "), outputs poisoned with NaN before "
          << "every kernel; "
          << (haveCufft ? "every output of every transform compared with cuFFT's on the GPU"
                        : "every output checked to have overwritten the poison (no cuFFT to compare with)")
          << ", and " << kSampledTransforms << " sampled transforms with the host's double-precision DFT; tolerance: "
          << "the largest error of a transform <= " << fftTolerance(plan.points) << " x its rms (16 x 2^-24 x log2 N).";
  if (haveCufft && b.cufftErrorVsHost >= 0) checked << " cuFFT itself vs the host: " << b.cufftErrorVsHost << " x rms.";
  result.notes.push_back(checked.str());
  if (haveCufft && b.cufft) result.notes.push_back("Reference: " + b.cufft->description() + ".");
  result.notes.insert(result.notes.end(), spillNotes.begin(), spillNotes.end());
  result.notes.push_back("Registers: cudaFuncGetAttributes (numRegs); occupancy: "
                         "cudaOccupancyMaxActiveBlocksPerMultiprocessor x threads per block / the SM's threads. Bandwidth "
                         "bound: cudaMemcpy device to device of 256 MiB on this GPU in this session (read + write).");
  return result;
}

}  // namespace warpscope::labs
