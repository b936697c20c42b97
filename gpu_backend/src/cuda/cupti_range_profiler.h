#pragma once
/// \file cupti_range_profiler.h
/// Thin owners of CUPTI's Range Profiling objects (CUDA 13) for counters.cpp: the host object that
/// turns metric names into a configuration image and evaluates counter data, the range profiler
/// enabled on a context, and the queries around them. Every failing call throws CuptiFailure, which
/// counters.cpp turns into words. Internal to cuda/: labs use counters.h.

#include <cuda.h>
#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cuda/cupti_loader.h"

namespace warpscope::cuda::cupti {

/// One kernel's metric values, by metric name (the same type as counters.h's MetricValues).
using Values = std::map<std::string, double>;

/// A CUPTI call that failed: the reading turns it into words, never into a failed run.
struct CuptiFailure : std::runtime_error {
  CuptiFailure(const std::string& what, CUptiResult r) : std::runtime_error(what), result(r) {}
  CUptiResult result;
};

/// Throws CuptiFailure naming the call and CUPTI's words for r != CUPTI_SUCCESS. Use WS_CUPTI.
void checkCupti(CUptiResult r, const char* call);
#define WS_CUPTI(call) ::warpscope::cuda::cupti::checkCupti(call, #call)

/// Refusals that stay for the whole session: asking again gives the same answer.
bool isPermanentRefusal(CUptiResult r);
/// A failure in the user's words: not allowed, not supported, or what CUPTI said.
std::string refusalWords(const CuptiFailure& f);

/// The current context, through the runtime's driver entry point: linking libcuda itself would
/// stop the program from starting on a machine without the driver.
CUcontext currentContext();

/// Ranges the decoded counter data holds.
std::size_t rangesIn(const std::vector<std::uint8_t>& counterData);
/// The chip's name CUPTI knows the device by.
std::string chipName(int ordinal);
/// The device's counter availability image (refused while a profiling session is active).
std::vector<std::uint8_t> counterAvailability(CUcontext ctx);
/// cuptiProfilerInitialize, once per process.
void initializeProfilerOnce();

/// The host side: the chip's metric definitions, turned into a configuration image.
class ProfilerHost {
 public:
  // CUPTI keeps pointers to the chip name and the availability image: the host object owns both.
  ProfilerHost(std::string chip, std::vector<std::uint8_t> availability)
      : chip_(std::move(chip)), availability_(std::move(availability)) {
    CUpti_Profiler_Host_Initialize_Params p{CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
    p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    p.pChipName = chip_.c_str();
    p.pCounterAvailabilityImage = availability_.data();
    WS_CUPTI(cuptiApi().cuptiProfilerHostInitialize(&p));
    host_ = p.pHostObject;
  }
  ~ProfilerHost() {
    CUpti_Profiler_Host_Deinitialize_Params p{CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
    p.pHostObject = host_;
    (void)cuptiApi().cuptiProfilerHostDeinitialize(&p);
  }
  ProfilerHost(const ProfilerHost&) = delete;
  ProfilerHost& operator=(const ProfilerHost&) = delete;

  std::vector<std::uint8_t> configImage(std::vector<const char*>& metrics) {
    CUpti_Profiler_Host_ConfigAddMetrics_Params add{CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
    add.pHostObject = host_;
    add.ppMetricNames = metrics.data();
    add.numMetrics = metrics.size();
    WS_CUPTI(cuptiApi().cuptiProfilerHostConfigAddMetrics(&add));
    CUpti_Profiler_Host_GetConfigImageSize_Params size{CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
    size.pHostObject = host_;
    WS_CUPTI(cuptiApi().cuptiProfilerHostGetConfigImageSize(&size));
    std::vector<std::uint8_t> image(size.configImageSize);
    CUpti_Profiler_Host_GetConfigImage_Params get{CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
    get.pHostObject = host_;
    get.pConfigImage = image.data();
    get.configImageSize = image.size();
    WS_CUPTI(cuptiApi().cuptiProfilerHostGetConfigImage(&get));
    return image;
  }

  static int passes(std::vector<std::uint8_t>& config) {
    CUpti_Profiler_Host_GetNumOfPasses_Params p{CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE};
    p.pConfigImage = config.data();
    p.configImageSize = config.size();
    WS_CUPTI(cuptiApi().cuptiProfilerHostGetNumOfPasses(&p));
    return static_cast<int>(p.numOfPasses);
  }

  Values evaluate(const std::vector<std::uint8_t>& counterData, std::size_t range,
                        std::vector<const char*>& metrics) {
    std::vector<double> values(metrics.size());
    CUpti_Profiler_Host_EvaluateToGpuValues_Params p{CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
    p.pHostObject = host_;
    p.pCounterDataImage = counterData.data();
    p.counterDataImageSize = counterData.size();
    p.rangeIndex = range;
    p.ppMetricNames = metrics.data();
    p.numMetrics = metrics.size();
    p.pMetricValues = values.data();
    WS_CUPTI(cuptiApi().cuptiProfilerHostEvaluateToGpuValues(&p));
    Values out;
    for (std::size_t i = 0; i < metrics.size(); ++i) out[metrics[i]] = values[i];
    return out;
  }

 private:
  std::string chip_;
  std::vector<std::uint8_t> availability_;
  CUpti_Profiler_Host_Object* host_ = nullptr;
};

/// The range profiler enabled on a context until it is destroyed; a start without a stop (a launch
/// that threw) is stopped then.
class RangeProfiler {
 public:
  explicit RangeProfiler(CUcontext ctx) {
    CUpti_RangeProfiler_Enable_Params p{CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
    p.ctx = ctx;
    WS_CUPTI(cuptiApi().cuptiRangeProfilerEnable(&p));
    object_ = p.pRangeProfilerObject;
  }
  ~RangeProfiler() {
    if (started_) {
      CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
      stop.pRangeProfilerObject = object_;
      (void)cuptiApi().cuptiRangeProfilerStop(&stop);
    }
    CUpti_RangeProfiler_Disable_Params p{CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
    p.pRangeProfilerObject = object_;
    (void)cuptiApi().cuptiRangeProfilerDisable(&p);
  }
  RangeProfiler(const RangeProfiler&) = delete;
  RangeProfiler& operator=(const RangeProfiler&) = delete;

  /// Sizes `image` for these metrics and ranges (when it is empty) and initialises it in place:
  /// the image is reused reading after reading, never moved, because CUPTI keeps pointers into it.
  void initializeCounterData(std::vector<const char*>& metrics, std::size_t ranges, std::vector<std::uint8_t>& image) {
    if (image.empty()) {
      CUpti_RangeProfiler_GetCounterDataSize_Params size{CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
      size.pRangeProfilerObject = object_;
      size.pMetricNames = metrics.data();
      size.numMetrics = metrics.size();
      size.maxNumOfRanges = ranges;
      size.maxNumRangeTreeNodes = static_cast<std::uint32_t>(ranges);
      WS_CUPTI(cuptiApi().cuptiRangeProfilerGetCounterDataSize(&size));
      image.resize(size.counterDataSize);
    }
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params init{
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
    init.pRangeProfilerObject = object_;
    init.counterDataSize = image.size();
    init.pCounterData = image.data();
    WS_CUPTI(cuptiApi().cuptiRangeProfilerCounterDataImageInitialize(&init));
  }

  /// Every kernel between start() and stop() is one range, replayed by CUPTI for every pass.
  void configure(std::vector<std::uint8_t>& config, std::vector<std::uint8_t>& counterData, std::size_t ranges,
                 CUpti_ProfilerReplayMode replay) {
    CUpti_RangeProfiler_SetConfig_Params p{CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
    p.pRangeProfilerObject = object_;
    p.configSize = config.size();
    p.pConfig = config.data();
    p.counterDataImageSize = counterData.size();
    p.pCounterDataImage = counterData.data();
    p.range = CUPTI_AutoRange;
    p.replayMode = replay;
    p.maxRangesPerPass = ranges;
    p.numNestingLevels = 1;
    p.minNestingLevel = 1;
    p.passIndex = 0;
    p.targetNestingLevel = 1;
    WS_CUPTI(cuptiApi().cuptiRangeProfilerSetConfig(&p));
  }
  void start() {
    CUpti_RangeProfiler_Start_Params p{CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
    p.pRangeProfilerObject = object_;
    WS_CUPTI(cuptiApi().cuptiRangeProfilerStart(&p));
    started_ = true;
  }
  /// Ends a pass; true once every pass the configuration needs has run.
  bool stop() {
    CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = object_;
    started_ = false;
    WS_CUPTI(cuptiApi().cuptiRangeProfilerStop(&stop));
    return stop.isAllPassSubmitted != 0;
  }
  void decode() {
    CUpti_RangeProfiler_DecodeData_Params decode{CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    decode.pRangeProfilerObject = object_;
    WS_CUPTI(cuptiApi().cuptiRangeProfilerDecodeData(&decode));
    if (decode.numOfRangeDropped > 0)
      throw CuptiFailure(std::to_string(decode.numOfRangeDropped) + " profiled kernels did not fit the counter data",
                         CUPTI_ERROR_UNKNOWN);
  }

 private:
  CUpti_RangeProfiler_Object* object_ = nullptr;
  bool started_ = false;
};

}  // namespace warpscope::cuda::cupti
