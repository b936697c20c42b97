#pragma once
/// \file fft_registers_cuda.h
/// The fft-registers lab on a GPU: every points-per-thread kernel and cuFFT's batched plan on the
/// same fresh input, every output checked, timed with CUDA events. CUDA builds only.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

RunResult measureFftRegisters(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
