#pragma once
/// \file cupti_loader.h
/// CUPTI, opened when first needed (dlopen of libcupti.so.13), not linked: a program that links
/// libcupti does not start on a machine without it (exit 127, even for the simulator), and
/// CUPTI ships with the CUDA toolkit, not with the driver. Every CUPTI function Warpscope calls is
/// listed here once and called through cuptiApi(); where CUPTI cannot be opened,
/// cuptiUnavailableReason() says why, and the counters and the activity captures (unified memory,
/// the streams timeline) report it while everything else runs.

#include <cupti.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <string>

namespace warpscope::cuda {

// Every CUPTI function called anywhere in the program: add one here before calling it.
#define WARPSCOPE_CUPTI_FUNCTIONS(X)              \
  X(cuptiGetResultString)                         \
  X(cuptiGetTimestamp)                            \
  X(cuptiGetStreamIdEx)                           \
  X(cuptiActivityRegisterCallbacks)               \
  X(cuptiActivityFlushPeriod)                     \
  X(cuptiActivityFlushAll)                        \
  X(cuptiActivityGetNumDroppedRecords)            \
  X(cuptiActivityGetNextRecord)                   \
  X(cuptiActivityEnable)                          \
  X(cuptiActivityDisable)                         \
  X(cuptiActivityConfigureUnifiedMemoryCounter)   \
  X(cuptiDeviceGetChipName)                       \
  X(cuptiProfilerInitialize)                      \
  X(cuptiProfilerGetCounterAvailability)          \
  X(cuptiProfilerHostInitialize)                  \
  X(cuptiProfilerHostDeinitialize)                \
  X(cuptiProfilerHostConfigAddMetrics)            \
  X(cuptiProfilerHostGetConfigImageSize)          \
  X(cuptiProfilerHostGetConfigImage)              \
  X(cuptiProfilerHostGetNumOfPasses)              \
  X(cuptiProfilerHostEvaluateToGpuValues)         \
  X(cuptiRangeProfilerEnable)                     \
  X(cuptiRangeProfilerDisable)                    \
  X(cuptiRangeProfilerGetCounterDataSize)         \
  X(cuptiRangeProfilerCounterDataImageInitialize) \
  X(cuptiRangeProfilerSetConfig)                  \
  X(cuptiRangeProfilerStart)                      \
  X(cuptiRangeProfilerStop)                       \
  X(cuptiRangeProfilerDecodeData)                 \
  X(cuptiRangeProfilerGetCounterDataInfo)

/// CUPTI's functions, by their own names. None is ever null: where CUPTI (or one of its
/// functions) could not be opened, a stand-in returns CUPTI_ERROR_NOT_INITIALIZED, so a caller
/// that forgot to ask cuptiUnavailableReason() gets a failed call, never a crash.
struct CuptiApi {
#define WARPSCOPE_CUPTI_MEMBER(name) decltype(&::name) name = nullptr;
  WARPSCOPE_CUPTI_FUNCTIONS(WARPSCOPE_CUPTI_MEMBER)
#undef WARPSCOPE_CUPTI_MEMBER
};

/// CUPTI, opened on the first call (thread-safe) and kept open for the process.
const CuptiApi& cuptiApi();

/// Empty when every function above was found; otherwise why not, in the user's words (the
/// library names tried and what the loader said).
const std::string& cuptiUnavailableReason();

}  // namespace warpscope::cuda
