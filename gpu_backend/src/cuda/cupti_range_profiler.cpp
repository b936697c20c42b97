#include "cuda/cupti_range_profiler.h"

#include <cuda_runtime_api.h>
#include <cupti_target.h>

#include <string_view>

#include "cuda/cuda_check.h"

namespace warpscope::cuda::cupti {
namespace {

std::string cuptiWords(CUptiResult r) {
  const char* s = nullptr;
  if (cuptiApi().cuptiGetResultString(r, &s) != CUPTI_SUCCESS || !s)
    return "CUPTI error " + std::to_string(static_cast<int>(r));
  return s;
}

}  // namespace

void checkCupti(CUptiResult r, const char* call) {
  if (r == CUPTI_SUCCESS) return;
  // WS_CUPTI(cuptiApi().cuptiX(...)) names cuptiX(...): the call as CUPTI's manual spells it.
  std::string_view name = call;
  if (constexpr std::string_view loader = "cuptiApi()."; name.starts_with(loader)) name.remove_prefix(loader.size());
  throw CuptiFailure(std::string(name) + ": " + cuptiWords(r), r);
}

bool isPermanentRefusal(CUptiResult r) {
  switch (r) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_INITIALIZED:
      return true;
    default:
      return false;
  }
}

std::string refusalWords(const CuptiFailure& f) {
  switch (f.result) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
      return "hardware counters are not allowed for this user (ERR_NVGPUCTRPERM; an administrator can allow "
             "them with the driver option NVreg_RestrictProfilingToAdminUsers=0)";
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED:
      return "hardware counters are not supported on this device (" + std::string(f.what()) + ")";
    default:
      return "hardware counters could not be read (" + std::string(f.what()) + ")";
  }
}


CUcontext currentContext() {
  using GetCurrent = CUresult (*)(CUcontext*);
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  WS_CUDA_CHECK(cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &fn, 12000, cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || !fn) throw CuptiFailure("cuCtxGetCurrent not found in the driver", CUPTI_ERROR_NOT_SUPPORTED);
  CUcontext ctx = nullptr;
  if (reinterpret_cast<GetCurrent>(fn)(&ctx) != CUDA_SUCCESS || !ctx)
    throw CuptiFailure("no current CUDA context", CUPTI_ERROR_INVALID_CONTEXT);
  return ctx;
}

std::size_t rangesIn(const std::vector<std::uint8_t>& counterData) {
  CUpti_RangeProfiler_GetCounterDataInfo_Params p{CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
  p.pCounterDataImage = counterData.data();
  p.counterDataImageSize = counterData.size();
  WS_CUPTI(cuptiApi().cuptiRangeProfilerGetCounterDataInfo(&p));
  return p.numTotalRanges;
}

std::string chipName(int ordinal) {
  CUpti_Device_GetChipName_Params p{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  p.deviceIndex = static_cast<std::size_t>(ordinal);
  WS_CUPTI(cuptiApi().cuptiDeviceGetChipName(&p));
  return p.pChipName ? p.pChipName : "";
}

std::vector<std::uint8_t> counterAvailability(CUcontext ctx) {
  CUpti_Profiler_GetCounterAvailability_Params p{CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
  p.ctx = ctx;
  WS_CUPTI(cuptiApi().cuptiProfilerGetCounterAvailability(&p));
  std::vector<std::uint8_t> image(p.counterAvailabilityImageSize);
  p.pCounterAvailabilityImage = image.data();
  WS_CUPTI(cuptiApi().cuptiProfilerGetCounterAvailability(&p));
  return image;
}

void initializeProfilerOnce() {
  static const CUptiResult result = [] {
    CUpti_Profiler_Initialize_Params p{CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    return cuptiApi().cuptiProfilerInitialize(&p);
  }();
  checkCupti(result, "cuptiProfilerInitialize");
}

}  // namespace warpscope::cuda::cupti
