#include "labs/user_kernel/kernel_launch.h"

#include <string>

#include "labs/user_kernel/header_syntax.h"

namespace warpscope::labs::user_kernel {
namespace {

int64_t valueOf(const HeaderExpression& e, const ExpressionEnv& env, const std::string& where) {
  try {
    return e.expression.evaluate(env);
  } catch (const ExpressionError& error) {
    failAt(e.line, where + ": " + error.what());
  }
}

void checkRange(const HeaderExpression& e, const std::string& where, int64_t value, int64_t lo, int64_t hi,
                const std::string& why) {
  if (value < lo || value > hi)
    failAt(e.line, where + ": " + quoted(e.expression.text()) + " is " + std::to_string(value) + "; " + why);
}

LaunchDims dimsOf(const KernelLaunch& launch, const ExpressionEnv& env, const DeviceValues& device,
                  const std::string& prefix) {
  static const char* axes[] = {"x", "y", "z"};
  static const int64_t gridMax[] = {(int64_t{1} << 31) - 1, 65535, 65535};
  static const int64_t blockMax[] = {1024, 1024, 64};
  LaunchDims dims;
  for (size_t i = 0; i < launch.grid.size(); ++i) {
    const std::string where = prefix + "grid " + axes[i];
    dims.grid[i] = valueOf(launch.grid[i], env, where);
    checkRange(launch.grid[i], where, dims.grid[i], 1, gridMax[i],
               "a grid's " + std::string(axes[i]) + " is 1.." + std::to_string(gridMax[i]));
  }
  for (size_t i = 0; i < launch.block.size(); ++i) {
    const std::string where = prefix + "block " + axes[i];
    dims.block[i] = valueOf(launch.block[i], env, where);
    checkRange(launch.block[i], where, dims.block[i], 1, blockMax[i],
               "a block's " + std::string(axes[i]) + " is 1.." + std::to_string(blockMax[i]));
  }
  const int64_t threads = dims.block[0] * dims.block[1] * dims.block[2];
  if (device.maxThreadsPerBlock > 0 && threads > device.maxThreadsPerBlock)
    failAt(launch.block.front().line, prefix + "block: " + std::to_string(threads) +
                                          " threads per block; this device allows at most " +
                                          std::to_string(device.maxThreadsPerBlock));
  return dims;
}

}  // namespace

DeviceValues deviceValuesOf(const DeviceInfo& device) {
  return {device.smCount, device.warpSize, device.maxThreadsPerSm, device.maxThreadsPerBlock,
          device.sharedMemPerBlockMaxBytes};
}

ExpressionEnv launchEnv(const KernelHeader& header, const ParamSet& params, const DeviceValues& device) {
  ExpressionEnv env;
  for (const UserParam& param : header.params) env.set(param.name, param.kernelValue(params));
  env.set("sms", device.sms);
  env.set("warp_size", device.warpSize);
  env.set("max_threads_per_sm", device.maxThreadsPerSm);
  env.set("max_threads_per_block", device.maxThreadsPerBlock);
  env.set("shared_per_block", device.sharedPerBlock);
  return env;
}

LaunchValues evaluateLaunch(const KernelHeader& header, const ParamSet& params, const DeviceValues& device) {
  ExpressionEnv env = launchEnv(header, params, device);
  LaunchValues values;
  values.kernel = dimsOf(header.kernel, env, device, "");
  if (header.reference) values.reference = dimsOf(*header.reference, env, device, "reference ");
  const std::vector<std::string>& names = launchValueNames();
  for (size_t i = 0; i < 3; ++i) {
    env.set(names[i], values.kernel.grid[i]);
    env.set(names[i + 3], values.kernel.block[i]);
  }
  values.sharedBytes = valueOf(header.shared, env, "shared");
  checkRange(header.shared, "shared", values.sharedBytes, 0,
             device.sharedPerBlock > 0 ? device.sharedPerBlock : int64_t{1} << 31,
             "dynamic shared memory is 0..shared_per_block (" + std::to_string(device.sharedPerBlock) + " bytes)");
  for (const UserBuffer& buffer : header.buffers) {
    const std::string where = "buffer " + buffer.name;
    const int64_t elements = valueOf(buffer.elements, env, where);
    const int64_t maxElements = (int64_t{1} << 62) / scalarTypeBytes(buffer.type);
    checkRange(buffer.elements, where, elements, 1, maxElements,
               "a buffer has 1.." + std::to_string(maxElements) + " elements");
    values.bufferElements.push_back(elements);
  }
  const int64_t most = int64_t{1} << 62;
  if (header.bytes) {
    values.bytes = valueOf(*header.bytes, env, "bytes");
    checkRange(*header.bytes, "bytes", *values.bytes, 0, most, "bytes are not negative");
  }
  if (header.flops) {
    values.flops = valueOf(*header.flops, env, "flops");
    checkRange(*header.flops, "flops", *values.flops, 0, most, "flops are not negative");
  }
  return values;
}

}  // namespace warpscope::labs::user_kernel
