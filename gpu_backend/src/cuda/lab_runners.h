#pragma once
/// \file lab_runners.h
/// One function per lab: plan (from the shared lab header), measure every configuration on the
/// device, assemble the result, add the notes that say how it was measured and checked.

#include "cuda/device_context.h"
#include "warpscope/backend.h"

namespace warpscope::cuda {

/// latency-arith on context's device (already current). Throws BadInputError, CudaError,
/// CheckFailed or Cancelled.
RunResult runLatencyArith(DeviceContext& context, const RunRequest& request, const ProgressFn& progress,
                          const CancelToken& cancel);

/// latency-memory on context's device (already current). Throws like runLatencyArith.
RunResult runLatencyMemory(DeviceContext& context, const RunRequest& request, const ProgressFn& progress,
                           const CancelToken& cancel);

}  // namespace warpscope::cuda
