#include "labs/issue_slots/issue_slots_cuda.h"

#include <random>

#include "cuda/device_context.h"
#include "cuda/fma_bench.h"
#include "labs/issue_slots/issue_slots_lab.h"

namespace warpscope::labs {

namespace {

/// The measured points, kept on the device for the session: they do not depend on the sliders.
struct MeasuredArith : cuda::LabState {
  ArithPoints points;
  long long threadsVerified = 0;
};

}  // namespace

RunResult measureIssueSlots(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile) throw BadInputError("No device profile to take the scheduler model of " + device.name + " from");
  const SchedulerModel model = schedulerModel(*profile);

  MeasuredArith& measured = context.labState<MeasuredArith>();
  if (measured.points.empty()) {
    cuda::ArithBench bench(device, std::random_device{}());
    const cuda::TimingPolicy policy;
    const double peak = device.theoreticalFp32Gflops();
    const std::size_t total = std::size(kBesideIlps) * kMaxWarpsPerScheduler;
    std::size_t step = 0;
    ArithPoints points;
    for (int ilp : kBesideIlps)
      for (int w = 1; w <= kMaxWarpsPerScheduler; ++w, ++step) {
        const int threads = threadsPerSmFor(device, w);
        if (threads > device.maxThreadsPerSm) continue;
        monitor.step(step, total,
                     "FMA chains: ILP " + std::to_string(ilp) + ", " + std::to_string(w) + " warps per scheduler");
        // Blocks of at most 1024 threads: two blocks per SM past that.
        const int blocks = threads > device.maxThreadsPerBlock ? 2 : 1;
        const ArithMeasurement m = bench.measure({ilp, threads / blocks, blocks}, policy, &monitor.token());
        points[{ilp, w}] = m.gflopsMedian / peak;
      }
    measured.points = points;
    measured.threadsVerified = bench.threadsVerified();
  }
  monitor.done();
  RunResult result = assembleIssueSlotsResult(device, request.params, model, measured.points, true);
  result.provenance = Provenance::Measured;
  result.notes.push_back("The scheduler model is the " + profile->info.name +
                         " profile's, the closest to this GPU. Checked: " + std::to_string(measured.threadsVerified) +
                         " sampled threads of the FMA chains matched a host std::fmaf recomputation bit for bit.");
  return result;
}

}  // namespace warpscope::labs
