#include "sim/simulator_backend.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <iostream>
#include <sstream>

#include "core/id_list.h"
#include "core/labs/latency_arith_lab.h"
#include "core/labs/latency_memory_lab.h"
#include "sim/latency_model.h"
#include "warpscope_resources/embedded_profiles.h"

namespace warpscope {
namespace sim {
namespace {

/// Thrown inside a run when the cancel token is set; turned into RunError::Cancelled.
struct CancelledRun {
  std::string message;
};

/// Calls progress at most once per percent: the model is so fast that a call per configuration
/// would flood the GUI's queue with thousands of signals in a millisecond.
class ProgressReporter {
 public:
  ProgressReporter(const ProgressFn& progress, const CancelToken& cancel, std::size_t total)
      : progress_(progress), cancel_(cancel), total_(total) {}

  /// Between configurations: stop if cancelled, report when the percentage moved.
  void beforeConfig(std::size_t index, const std::string& what) {
    if (cancel_.cancelled()) {
      throw CancelledRun{"cancelled after " + std::to_string(index) + " of " + std::to_string(total_) +
                         " configurations"};
    }
    const auto percent = static_cast<int>(100.0 * static_cast<double>(index) / static_cast<double>(total_));
    if (progress_ && percent != lastPercent_) {
      lastPercent_ = percent;
      progress_(static_cast<double>(index) / static_cast<double>(total_), what);
    }
  }

  void done() {
    if (progress_) progress_(1.0, "done");
  }

 private:
  const ProgressFn& progress_;
  const CancelToken& cancel_;
  std::size_t total_;
  int lastPercent_ = -1;
};

std::string modelNote(const DeviceProfile& profile) {
  return "Simulated with the Little's-law model (docs/model.md), profile " + profile.fileName;
}

RunResult runArith(const DeviceProfile& profile, const RunRequest& request, const ProgressFn& progress,
                   const CancelToken& cancel) {
  const DeviceInfo& device = profile.info;
  validateParams(labs::latencyArithSpec().params, request.params);
  labs::checkArithFeasible(device, request.params);
  const auto plan = labs::arithPlan(device, request.params, request.scope);
  const double peak = device.theoreticalFp32Gflops();

  ProgressReporter reporter(progress, cancel, plan.size());
  std::vector<labs::ArithMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const labs::ArithConfig& c = plan[i];
    reporter.beforeConfig(i, "ILP " + std::to_string(c.ilp) + ", " + std::to_string(c.threadsPerSm()) +
                                 " threads per SM");
    const double gflops = peak * arithFractionOfPeak(device, profile.model, c.threadsPerSm(), c.ilp);
    points.push_back({c, gflops, gflops, gflops});
  }
  reporter.done();
  RunResult result = labs::assembleArithResult(device, request.params, points, peak, request.scope);

  const double needed = neededWarpFmasInFlightPerScheduler(device, profile.model);
  result.scalars.push_back({"model.fma_latency_cycles", "Model: dependent FMA latency",
                            profile.model.fmaLatencyCycles, "cycles"});
  result.scalars.push_back({"model.needed_fmas_in_flight_per_sm",
                            "Model: FMAs in flight per SM for peak (latency x lanes)",
                            needed * device.warpSize * device.schedulersPerSm, "FMAs"});
  result.scalars.push_back({"model.max_useful_ilp", "Model: ILP a warp can exploit",
                            static_cast<double>(profile.model.maxUsefulIlp), "chains"});
  std::ostringstream why;
  why << "Model: each of the " << device.schedulersPerSm << " schedulers of an SM issues "
      << fp32WarpIssueRatePerScheduler(device) << " warp FMA per cycle at " << profile.model.fmaLatencyCycles
      << " cycles dependent latency, so it needs " << needed
      << " independent warp FMAs in flight (Little's law); each resident warp supplies min(ILP, "
      << profile.model.maxUsefulIlp << "). Warps are dealt round robin to the schedulers and the "
         "busiest one sets the run time, hence the sawtooth between multiples of "
      << device.schedulersPerSm * device.warpSize << " threads.";
  result.notes.push_back(why.str());
  return result;
}

RunResult runMemory(const DeviceProfile& profile, const RunRequest& request, const ProgressFn& progress,
                    const CancelToken& cancel) {
  const DeviceInfo& device = profile.info;
  validateParams(labs::latencyMemorySpec().params, request.params);
  const auto plan = labs::memoryPlan(device, request.params, request.scope);

  ProgressReporter reporter(progress, cancel, plan.size());
  std::vector<labs::MemMeasurement> points;
  points.reserve(plan.size());
  int registerLimited = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const labs::MemConfig& c = plan[i].config;
    reporter.beforeConfig(i, std::to_string(c.bytesPerThread()) + " B/thread, " + std::to_string(c.blocksPerSm) +
                                 " blocks per SM");
    const CopyOccupancy occupancy =
        copyKernelOccupancy(profile, c.threadsPerBlock, c.blocksPerSm, c.bytesPerThread());
    // The lab forces exactly c.blocksPerSm blocks with shared memory. When registers, thread
    // slots or the block limit allow fewer, or the allocation unit skips that level, it cannot be
    // forced: like the CUDA backend (and its occupancy API), report 0 so the point is left out.
    const bool resident = occupancy.blocksPerSm == c.blocksPerSm;
    if (!resident && occupancy.limiter == "registers") ++registerLimited;
    const int achieved = resident ? c.blocksPerSm : 0;
    const double gbps = resident ? copyBandwidthGBs(profile, c.threadsPerBlock, achieved, c.bytesPerThread()) : 0.0;
    points.push_back({plan[i], achieved, gbps, gbps, gbps});
  }
  reporter.done();
  const double memcpy = memcpyGBs(profile);
  RunResult result =
      labs::assembleMemoryResult(device, request.params, points, memcpy, memcpy, memcpy, request.scope);

  const ModelParams& m = profile.model;
  const double neededBytes = copyKernelCeilingGBs(profile) / 2.0 * (m.dramLatencyNs + m.blockOverheadNs);
  result.scalars.push_back({"model.dram_latency_ns", "Model: unloaded DRAM latency", m.dramLatencyNs, "ns"});
  result.scalars.push_back({"model.copy_ceiling_gbps", "Model: best streaming copy kernel (saturation)",
                            copyKernelCeilingGBs(profile), "GB/s"});
  result.scalars.push_back({"model.needed_bytes_in_flight_kib",
                            "Model: loaded bytes in flight (whole GPU) to saturate at unloaded latency",
                            neededBytes / 1024.0, "KiB"});
  std::ostringstream why;
  why << "Model: read bytes in flight = SMs x blocks x warps x min(32 x bytes per thread, "
      << (m.maxBytesInFlightPerWarp > 0 ? std::to_string(m.maxBytesInFlightPerWarp) + " B" : std::string("no limit"))
      << "); Little's law: reads = in flight / (loaded latency + " << m.blockOverheadNs
      << " ns block overhead), copy = 2 x reads, saturating at " << copyKernelCeilingGBs(profile)
      << " GB/s. Unloaded latency " << m.dramLatencyNs << " ns grows as an M/D/1 queue fills (q = "
      << m.loadedLatencyQueueing << ")";
  if (m.blockLaunchRatePerSmPerUs > 0) why << "; at most " << m.blockLaunchRatePerSmPerUs << " blocks start per SM per us";
  why << ". cudaMemcpy = " << m.memcpyFractionOfDram << " x " << device.dramBandwidthGBs << " GB/s.";
  result.notes.push_back(why.str());
  if (registerLimited > 0) {
    std::ostringstream regs;
    regs << registerLimited << " configurations were left out because the copy kernel's registers ("
         << profile.model.copyRegisters.base << " + " << profile.model.copyRegisters.per4Bytes
         << " per 4 bytes per thread) run out before that many blocks fit.";
    result.notes.push_back(regs.str());
  }
  return result;
}

class SimulatorBackend final : public Backend {
 public:
  SimulatorBackend(std::vector<DeviceProfile> profiles, std::vector<std::string> loadErrors)
      : profiles_(std::move(profiles)), loadErrors_(std::move(loadErrors)) {}

  [[nodiscard]] std::string name() const override { return "Simulator"; }

  [[nodiscard]] std::vector<DeviceInfo> devices() const override {
    std::vector<DeviceInfo> infos;
    infos.reserve(profiles_.size());
    for (const auto& p : profiles_) infos.push_back(p.info);
    return infos;
  }

  RunOutcome run(const RunRequest& request, const ProgressFn& progress, const CancelToken& cancel) override {
    const auto started = std::chrono::steady_clock::now();
    try {
      const DeviceProfile& profile = find(request.deviceId);
      RunResult result;
      if (request.labId == labs::kLatencyArithId) {
        result = runArith(profile, request, progress, cancel);
      } else if (request.labId == labs::kLatencyMemoryId) {
        result = runMemory(profile, request, progress, cancel);
      } else {
        throw BadInputError("unknown lab '" + request.labId + "': the simulator models " +
                            labs::kLatencyArithId + " and " + labs::kLatencyMemoryId);
      }
      result.provenance = Provenance::Simulated;
      result.notes.push_back(modelNote(profile));
      result.elapsedSeconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      return result;
    } catch (const CancelledRun& c) {
      return RunError{RunError::Kind::Cancelled, c.message};
    } catch (const BadInputError& e) {
      return RunError{RunError::Kind::BadInput, e.what()};
    } catch (const std::exception& e) {
      return RunError{RunError::Kind::Device, std::string("simulator: ") + e.what()};
    } catch (...) {
      return RunError{RunError::Kind::Device, "simulator: unknown failure"};
    }
  }

 private:
  const DeviceProfile& find(const std::string& deviceId) const {
    for (const auto& p : profiles_)
      if (p.info.id == deviceId) return p;
    std::string message = "unknown simulator device '" + deviceId + "' (profiles: " +
                          joinIds(profiles_, [](const DeviceProfile& p) { return p.info.id; }) + ")";
    for (const auto& error : loadErrors_) message += "; not loaded: " + error;
    throw BadInputError(message);
  }

  std::vector<DeviceProfile> profiles_;
  std::vector<std::string> loadErrors_;
};

}  // namespace

std::unique_ptr<Backend> makeSimulatorBackend(std::vector<DeviceProfile> profiles,
                                              std::vector<std::string> loadErrors) {
  for (const auto& error : loadErrors) std::cerr << "warpscope: simulator profile not loaded: " << error << '\n';
  return std::make_unique<SimulatorBackend>(std::move(profiles), std::move(loadErrors));
}

}  // namespace sim

std::unique_ptr<Backend> makeSimulatorBackend() {
  sim::LoadedProfiles loaded = sim::loadEmbeddedProfilesSkippingBad();
  return sim::makeSimulatorBackend(std::move(loaded.profiles), std::move(loaded.errors));
}

}  // namespace warpscope
