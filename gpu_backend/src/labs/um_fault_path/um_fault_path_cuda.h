#pragma once
/// \file um_fault_path_cuda.h
/// Room "um-fault-path" on a GPU: the fault-group run measured, the rest of the lab on the model
/// (um_fault_path_lab.h: measureUmFaultPath).

#include "cuda/device_context.h"
#include "labs/um_common/um_trace.h"
#include "labs/um_fault_path/um_fault_path_scenario.h"

namespace warpscope::labs {

/// The fault-group run on the current GPU: before every repetition a fresh managed buffer the CPU
/// writes (so every page starts on the CPU and the kernel faults on each), one warm-up and
/// timedReps timed repetitions (phase "kernel", CUDA events: median and spread), then one more
/// under CUPTI's unified-memory counters (um_capture.h) for the trace and counters. Every
/// repetition's sum is checked against the host's (CheckFailed when wrong). BadInputError for a
/// bad scenario or one past the managed-memory cap.
um::UmScenarioResult measureFaultGroupScenario(cuda::DeviceContext& device, const FaultGroupScenario& scenario,
                                               int timedReps);

}  // namespace warpscope::labs
