#pragma once
/// \file lab_definition.h
/// What a lab is inside the backend: its declaration plus the two ways of producing a result,
/// the simulator's model and the CUDA measurement. Every lab lives in one folder,
/// gpu_backend/src/labs/<lab_id>/ (docs/adding-a-lab.md), and is registered in the one list in
/// lab_list.cpp. The backends only look a lab up there: nothing dispatches on a lab id.

#include <string>
#include <vector>

#include "labs/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::sim {
struct DeviceProfile;
}
namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// Models a validated request on a simulator profile. May throw BadInputError (an infeasible
/// combination), Cancelled (through the monitor) or std::exception.
using SimulateFn = RunResult (*)(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

/// Measures a validated request on a CUDA device whose context is current. May throw like
/// SimulateFn plus CudaError and CheckFailed (a kernel's output was wrong).
using MeasureFn = RunResult (*)(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

struct LabDefinition {
  LabSpec spec;
  SimulateFn simulate = nullptr;
  /// Null while the lab has no CUDA measurement (and in a build without CUDA): the CUDA backend
  /// then says so and names the simulator devices.
  MeasureFn measureOnGpu = nullptr;
  /// The device-profile mechanism groups its simulator model reads ("dram", "uvm", ...): a
  /// profile without one cannot run the lab, and the lab list says so before it is picked.
  /// model_needs_test checks every lab's list against what its model actually reads.
  std::vector<std::string> modelNeeds = {};
};

/// Every lab, in the order the GUI lists them (lab_list.cpp).
const std::vector<LabDefinition>& allLabs();
/// The lab with this id, or nullptr.
const LabDefinition* findLab(const std::string& id);

}  // namespace warpscope::labs

/// A lab's CUDA measurement function when this build has the CUDA backend, nullptr otherwise.
/// The one compile-time switch about CUDA: its .cu and *_cuda.cpp files are compiled only with
/// the toolkit (each lab's lab.cmake), so without it there is no function to point to. Which
/// backend serves a run is still decided at run time (Session).
#if WARPSCOPE_WITH_CUDA
#define WARPSCOPE_GPU_MEASUREMENT(function) (&(function))
#else
#define WARPSCOPE_GPU_MEASUREMENT(function) (nullptr)
#endif
