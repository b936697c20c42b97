#pragma once
// The compiled variants of a user kernel: each combination of its define and template params'
// values is one program for NVRTC, known by its -D options and the instantiated names of its
// kernel and reference ("reduce_sum<4>", NVRTC's name expressions). A sweep compiles each variant
// it visits once and looks it up by key().

#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "warpscope/params.h"

namespace warpscope::labs::user_kernel {

struct KernelVariant {
  /// One "-DNAME=value" per define param, in the header's order (a named choice: its value).
  std::vector<std::string> defines;
  /// The kernel's name expression: "reduce_sum<4>", "transpose<2>", or the plain name.
  std::string kernelName;
  /// The reference's name expression, or empty without `reference:`.
  std::string referenceName;

  /// The variant in one line, equal for equal variants: "-DBLOCK=256 reduce_sum<4> reduce_reference".
  [[nodiscard]] std::string key() const;
  bool operator==(const KernelVariant&) const = default;
};

/// The variant that `params` (a validated ParamSet of the header's specs) runs. Throws
/// KernelHeaderError naming the `kernel:` or `reference:` line when a template argument cannot be
/// evaluated with these values (a division by zero, an overflow).
KernelVariant variantOf(const KernelHeader& header, const ParamSet& params);

/// Every variant the header's params allow (at most kMaxVariants), the first define or template
/// param varying slowest; every other param at its default.
std::vector<KernelVariant> variantsOf(const KernelHeader& header);

/// The number of variants: the product of the define and template params' value counts.
std::size_t variantCount(const KernelHeader& header);

}  // namespace warpscope::labs::user_kernel
