#pragma once
/// \file um_oversubscription_lab.h
/// Lab "um-oversubscription" (the seed's fault-based migration throughput against working set):
/// thread/4B and warp/64KB, with and without ReadMostly, from below to above GPU memory, with
/// LRU eviction of 2 MiB chunks. Simulated only: on a real GPU, oversubscribing managed memory
/// can hang the device for everyone, so on a CUDA device this lab runs the model of the closest
/// profile and says so on every chart.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_oversubscription/um_oversubscription_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmOversubscriptionId = "um-oversubscription";

const LabSpec& umOversubscriptionSpec();
LabDefinition umOversubscriptionLab();

/// One curve of the chart: an access pattern with or without ReadMostly.
struct OversubscriptionCurve {
  std::uint64_t warpChunkBytes = 128;
  bool readMostly = false;
};
std::vector<OversubscriptionCurve> oversubscriptionCurves();
std::string curveName(const OversubscriptionCurve& curve);
/// Working set / GPU memory at each point of every curve.
std::vector<double> workingSetRatios(const ParamSet& params);

/// Runs the lab on the model of `profile` with its GPU memory scaled to the run's
/// model_memory_mib (the curve depends on working set / memory, and a full-size H200 would
/// take minutes to model page by page).
RunResult simulateUmOversubscription(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
/// On a CUDA device: the same model with the closest profile, never the GPU (Safety).
RunResult modelUmOversubscriptionForGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
