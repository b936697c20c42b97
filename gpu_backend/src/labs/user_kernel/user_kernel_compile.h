#pragma once
// A user kernel's variants compiled with NVRTC for one architecture, cached for the process: a
// focus move back to a variant compiled before costs nothing, and a sweep compiles the variants
// it has not seen in parallel. CUDA builds only (cuda/nvrtc_compiler.h); no GPU needed.

#include <memory>
#include <string>
#include <vector>

#include "cuda/nvrtc_compiler.h"
#include "labs/user_kernel/kernel_variants.h"
#include "labs/user_kernel/user_kernel_plan.h"
#include "warpscope/lab.h"

namespace warpscope::labs::user_kernel {

struct CompiledVariant {
  KernelVariant variant;
  int computeCapability = 0;  ///< 90 for sm_90.
  std::vector<char> cubin;
  std::string kernelMangled;         ///< The kernel's name in the cubin.
  std::string referenceMangled;      ///< The reference's, or empty.
  cuda::PtxasKernelInfo kernelInfo;  ///< What ptxas said of the kernel.
  std::string warnings;              ///< The compiler's log when it compiled with warnings.
  double compileSeconds = 0;
  std::string nvrtcVersion;
};

/// Names one compiled variant: its file's version (kernelKey: an edited file is a new program),
/// the architecture and the variant. The compile cache and the SASS read once are kept by it.
std::string compiledVariantKey(const KernelSource& source, const KernelVariant& variant, int computeCapability);

/// The variants `plan`'s points run, each once, in the order the points first need them.
std::vector<KernelVariant> variantsOfPlan(const KernelHeader& header, const UserKernelPlan& plan);

/// "9.0" -> 90. Throws BadInputError for a malformed capability.
int computeCapabilityNumber(const std::string& computeCapability);

/// The variant compiled for sm_<computeCapability>, from the cache when this source's variant
/// was compiled before. Throws BadInputError with the compiler's messages (file(line): error ...)
/// when the source does not compile, and std::runtime_error when NVRTC cannot be used.
std::shared_ptr<const CompiledVariant> compileVariant(const KernelSource& source, const KernelVariant& variant,
                                                      int computeCapability);

/// Every variant compiled (in parallel, those not cached yet), in the same order. The first
/// error is thrown once all have finished.
std::vector<std::shared_ptr<const CompiledVariant>> compileVariants(const KernelSource& source,
                                                                    const std::vector<KernelVariant>& variants,
                                                                    int computeCapability);

}  // namespace warpscope::labs::user_kernel
