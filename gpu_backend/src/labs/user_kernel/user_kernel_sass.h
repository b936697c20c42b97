#pragma once
// The SASS of the focus point's variant, as a listing view: the machine code the GPU runs for the
// user's kernel, each instruction marked by its class (global, shared or local memory, float or
// integer arithmetic, across the warp, control), read with the toolkit's cuobjdump from the cubin
// NVRTC made. The same on a GPU and compiled only: it needs the compiler, not the device.

#include "labs/user_kernel/user_kernel_compile.h"
#include "warpscope/result.h"

namespace warpscope::labs::user_kernel {

/// The declared view's id and title.
inline constexpr const char* kSassViewId = "sass";
inline constexpr const char* kSassViewTitle = "SASS of the focus variant";

/// The listing of the focus point's variant (compiled for sm_<computeCapability>, from the
/// compile cache), with its counts as scalars. Where the SASS cannot be read (no cuobjdump: a
/// machine without the toolkit's tools) the listing is empty and its caption says why, and so
/// does a note. A variant's listing is read once per process.
void addFocusSassView(RunResult& result, const KernelSource& kernel, const KernelHeader& header,
                      const UserKernelPlan& plan, int computeCapability);

}  // namespace warpscope::labs::user_kernel
