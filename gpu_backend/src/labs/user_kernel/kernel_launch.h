#pragma once
// A user kernel's launch for one ParamSet on one device: the header's expressions evaluated in
// order (grid and block from params and device values, then shared memory, buffer lengths, bytes
// and flops, which may also read grid_x..block_z), each result checked against CUDA's limits.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "warpscope/device.h"
#include "warpscope/params.h"

namespace warpscope::labs::user_kernel {

/// The device values an expression may read (docs/your-kernel.md). 0 leaves a limit unchecked.
struct DeviceValues {
  int64_t sms = 0;
  int64_t warpSize = 32;
  int64_t maxThreadsPerSm = 0;
  int64_t maxThreadsPerBlock = 0;
  int64_t sharedPerBlock = 0;  ///< The most dynamic shared memory a block may opt in to, bytes.
};
DeviceValues deviceValuesOf(const DeviceInfo& device);

/// The param values the kernel sees (named choices mapped to their values) and the device values.
ExpressionEnv launchEnv(const KernelHeader& header, const ParamSet& params, const DeviceValues& device);

struct LaunchDims {
  std::array<int64_t, 3> grid{1, 1, 1};
  std::array<int64_t, 3> block{1, 1, 1};
};

struct LaunchValues {
  LaunchDims kernel;
  std::optional<LaunchDims> reference;
  int64_t sharedBytes = 0;
  std::vector<int64_t> bufferElements;  ///< One per header.buffers, in order.
  std::optional<int64_t> bytes;
  std::optional<int64_t> flops;
};

/// Evaluates the launch. Throws KernelHeaderError naming the line of the expression that cannot
/// be evaluated or whose value CUDA cannot launch: a grid dimension outside 1..2^31-1 (x) or
/// 1..65535 (y, z), a block dimension outside 1..1024 (x, y) or 1..64 (z), more threads per block
/// than the device allows, shared memory outside 0..shared_per_block, a buffer of no elements or
/// more than 2^62 bytes, negative bytes or flops.
LaunchValues evaluateLaunch(const KernelHeader& header, const ParamSet& params, const DeviceValues& device);

}  // namespace warpscope::labs::user_kernel
