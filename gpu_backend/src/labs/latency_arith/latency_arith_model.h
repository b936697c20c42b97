#pragma once
/// \file latency_arith_model.h
/// The simulator's model of latency-arith (Volkov 2010, part I): Little's law, needed
/// parallelism = FMA latency x issue rate, evaluated from the profile's "fma_pipeline"
/// mechanism (mechanisms/fma_pipeline.h). No stored curves; docs/model.md derives every equation.

#include "core/run_monitor.h"
#include "mechanisms/fma_pipeline.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateLatencyArith(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
