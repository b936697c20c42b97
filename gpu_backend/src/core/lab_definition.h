#pragma once
/// \file lab_definition.h
/// What a lab's room needs to define itself: the definition (warpscope/lab_definition.h), the
/// monitor its functions receive, and the one compile-time switch about CUDA.

#include "core/run_monitor.h"
#include "warpscope/lab_definition.h"

/// A lab's CUDA measurement function when this build has the CUDA backend, nullptr otherwise.
/// The one compile-time switch about CUDA: its .cu and *_cuda.cpp files are compiled only with
/// the toolkit (each lab's lab.cmake), so without it there is no function to point to. Which
/// backend serves a run is still decided at run time (Session).
#if defined(WARPSCOPE_BACKEND_SHARED_OBJECTS)
// Compiled once for both backend libraries (gpu_backend/CMakeLists.txt): no answer is right here.
#define WARPSCOPE_GPU_MEASUREMENT(function) WARPSCOPE_GPU_MEASUREMENT_is_compiled_per_backend_library
#elif WARPSCOPE_WITH_CUDA
#define WARPSCOPE_GPU_MEASUREMENT(function) (&(function))
#else
#define WARPSCOPE_GPU_MEASUREMENT(function) (nullptr)
#endif
