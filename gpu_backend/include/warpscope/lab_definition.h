#pragma once
/// \file lab_definition.h
/// What a lab is: its declaration (LabSpec) plus its two ways of producing a result, the
/// simulator's model and the CUDA measurement. Every lab lives in one folder,
/// gpu_backend/src/labs/<lab_id>/ (docs/adding-a-lab.md), and registers this definition in the
/// one list (LabRegistry::builtin(), src/labs/lab_list.cpp). Front ends read `spec` only; the
/// session resolves a request's lab once and hands its definition to the backend, which calls
/// one of the two functions. Their argument types are the backends' own (forward-declared here,
/// so this header stays free of CUDA and of the simulator's internals).

#include <string>
#include <vector>

#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::sim {
struct DeviceProfile;
}
namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

class RunMonitor;

/// Models a validated request on a simulator profile. May throw BadInputError (an infeasible
/// combination), Cancelled (through the monitor) or std::exception.
using SimulateFn = RunResult (*)(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

/// Measures a validated request on a CUDA device whose context is current. May throw like
/// SimulateFn plus CudaError and CheckFailed (a kernel's output was wrong).
using MeasureFn = RunResult (*)(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

/// What this machine lacks to run a lab on `device` (a tool the lab opens at run time, an
/// architecture that tool cannot build for); empty when nothing.
using MachineCheckFn = std::string (*)(const DeviceInfo& device);

/// The declaration of one request of a lab whose parameters come with the request (the user's
/// own kernel: its header declares them). Throws BadInputError naming what is wrong.
using SpecForRequestFn = LabSpec (*)(const RunRequest& request);
/// The kernels a lab whose kernel the user supplies ships as starting points.
using ExampleKernelsFn = std::vector<KernelSource> (*)();

struct LabDefinition {
  LabSpec spec;
  SimulateFn simulate = nullptr;
  /// Null while the lab has no CUDA measurement (and in a build without CUDA): the CUDA backend
  /// then says so and names the simulator devices.
  MeasureFn measureOnGpu = nullptr;
  /// The device-profile mechanism groups its simulator model reads ("dram", "uvm", ...), or one
  /// parameter of a group where profiles differ in it ("shared_memory.banks"): a profile without
  /// one cannot run the lab, and the lab list says so before it is picked.
  /// model_needs_test checks every lab's list against what its model actually reads.
  std::vector<std::string> modelNeeds = {};
  /// Null for a lab whose `spec` declares every request's parameters. Set for a lab whose kernel
  /// the user supplies: the session validates each request against the declaration this builds
  /// from request.kernel (`spec` is then the lab's fixed part: id, title, views).
  SpecForRequestFn specForRequest = nullptr;
  /// Null for a lab that needs nothing beyond the build. Set for one that opens a tool at run
  /// time (the user's kernel: NVRTC): the backends' whyCannotRun says what is missing, so the lab
  /// list marks the lab before it is picked.
  MachineCheckFn whyNotOnThisMachine = nullptr;
  /// Null for a built-in lab. For the user's own kernel: the examples it ships (reduction,
  /// transpose, stencil), which File > Open example kernel offers without a file of its own.
  ExampleKernelsFn exampleKernels = nullptr;
  /// True for a lab the simulator has no model of, whose simulator run only compiles its kernel
  /// (the user's own): its result is not "Simulated by Warpscope's model", and its calculator views
  /// are the occupancy rules applied to the compiler's figures.
  bool compilesOnlyWithoutGpu = false;

  /// The declaration `request` is validated against: specForRequest's, else spec.
  [[nodiscard]] LabSpec specFor(const RunRequest& request) const {
    return specForRequest ? specForRequest(request) : spec;
  }
};

}  // namespace warpscope::labs
