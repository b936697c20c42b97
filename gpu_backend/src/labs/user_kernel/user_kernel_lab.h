#pragma once
// The lab whose kernel the user supplies (issue 33; docs/your-kernel.md): its declaration comes
// with each request, from the kernel file's header.

#include "core/lab_definition.h"

namespace warpscope::labs::user_kernel {

inline constexpr const char* kUserKernelLabId = "user-kernel";

/// The example the lab opens with (resources/kernels/reduction.cu, embedded): a request without a
/// kernel of its own runs it, so the lab's defaults, bench and lists work like any other lab's.
inline constexpr const char* kDefaultKernelFile = "reduction.cu";

/// The kernel a request runs: its own, or the default example.
KernelSource kernelOf(const RunRequest& request);

/// The shipped examples (resources/kernels/*.cu, embedded), by file name.
std::vector<KernelSource> exampleKernels();

/// The declaration of one request: its kernel's header's params, title and summary, and the
/// views its bytes and flops allow. Throws KernelHeaderError (naming the line) for a header that
/// cannot be used.
LabSpec userKernelSpecFor(const RunRequest& request);

LabDefinition userKernelLab();

}  // namespace warpscope::labs::user_kernel
