#pragma once
// A user kernel's buffers on the device for one point (docs/your-kernel.md, "Buffers" and
// "Checks"): allocated within the device's memory rule, filled as the header says, the checked
// ones shadowed for the reference, and compared with it. CUDA builds only.

#include <cstdint>
#include <string>
#include <vector>

#include "cuda/device_buffer.h"
#include "labs/user_kernel/kernel_header.h"

namespace warpscope::labs::user_kernel {

/// A launch's arguments as cudaLaunchKernel takes them: one pointer per argument into slots this
/// object owns (8 bytes each). Move-only: a moved vector keeps its storage, a copy would not.
struct KernelArguments {
  KernelArguments() = default;
  KernelArguments(KernelArguments&&) = default;
  KernelArguments& operator=(KernelArguments&&) = default;
  KernelArguments(const KernelArguments&) = delete;
  KernelArguments& operator=(const KernelArguments&) = delete;

  std::vector<std::uint64_t> slots;
  std::vector<void*> pointers;
};

class PointBuffers {
 public:
  /// Allocates header.buffers with `elements` each (kernel_launch.h's bufferElements) and a
  /// shadow for every checked buffer. Throws BadInputError when they would take more than
  /// `memoryLimitBytes` (half the device's free memory), naming every buffer's size.
  PointBuffers(const KernelHeader& header, const std::vector<int64_t>& elements, long long memoryLimitBytes);

  /// Fills every buffer (and shadow) as declared: random from `seed`, iota, a value, zero, or the
  /// output poison (every byte 0xFF). Asynchronous on the default stream; throws CudaError.
  void initialise(std::uint64_t seed);

  /// The kernel's arguments (args:): buffers by their device pointers, `arg` params by their
  /// values. With `shadows`, every checked buffer is replaced by its shadow (the reference's run).
  [[nodiscard]] KernelArguments arguments(const ParamSet& params, bool shadows) const;

  /// Compares every check: the kernel's buffer against its shadow (synchronises). Returns one
  /// line per check ("out: 16777216 elements equal to the reference, exactly"); throws
  /// cuda::CheckFailed naming the buffer, the first element that differs and both values.
  std::vector<std::string> compareChecks() const;

  [[nodiscard]] long long totalBytes() const { return totalBytes_; }

 private:
  struct Held {
    const UserBuffer* declared = nullptr;
    int64_t elements = 0;
    cuda::DeviceBuffer data;
    cuda::DeviceBuffer shadow;  ///< Only for a checked buffer.
    const UserCheck* check = nullptr;
  };
  const KernelHeader& header_;
  std::vector<Held> buffers_;
  long long totalBytes_ = 0;
};

}  // namespace warpscope::labs::user_kernel
