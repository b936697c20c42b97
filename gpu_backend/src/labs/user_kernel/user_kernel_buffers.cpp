#include "labs/user_kernel/user_kernel_buffers.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <sstream>

#include "cuda/cuda_check.h"
#include "cuda/run_errors.h"
#include "labs/user_kernel/user_kernel_fill.h"

namespace warpscope::labs::user_kernel {
namespace {

FillType fillType(ScalarType type) {
  switch (type) {
    case ScalarType::Int:
      return FillType::Int;
    case ScalarType::Unsigned:
      return FillType::Unsigned;
    case ScalarType::Long:
      return FillType::Long;
    case ScalarType::Float:
      return FillType::Float;
    case ScalarType::Double:
      return FillType::Double;
  }
  return FillType::Float;
}

std::string mib(long long bytes) {
  std::ostringstream s;
  s.precision(3);
  s << static_cast<double>(bytes) / (1024.0 * 1024.0) << " MiB";
  return s.str();
}

/// Calls visit(i, kernel's element i, reference's element i) as doubles (long: exact below 2^53)
/// for i = 0.. until it returns false. The element type is decided once, outside the loop: the
/// check reads up to hundreds of millions of elements.
template <typename Visit>
void forEachPair(const std::vector<unsigned char>& kernel, const std::vector<unsigned char>& reference, ScalarType type,
                 std::size_t n, Visit visit) {
  const auto run = [&](auto zero) {
    using T = decltype(zero);
    for (std::size_t i = 0; i < n; ++i) {
      T a, b;
      std::memcpy(&a, kernel.data() + i * sizeof(T), sizeof(T));
      std::memcpy(&b, reference.data() + i * sizeof(T), sizeof(T));
      if (!visit(i, static_cast<double>(a), static_cast<double>(b))) return;
    }
  };
  switch (type) {
    case ScalarType::Int:
      return run(std::int32_t{});
    case ScalarType::Unsigned:
      return run(std::uint32_t{});
    case ScalarType::Long:
      return run(std::int64_t{});
    case ScalarType::Float:
      return run(float{});
    case ScalarType::Double:
      return run(double{});
  }
}

std::vector<unsigned char> toHost(const cuda::DeviceBuffer& buffer) {
  std::vector<unsigned char> host(buffer.bytes());
  WS_CUDA_CHECK(cudaMemcpy(host.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
  return host;
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(9);
  s << v;
  return s.str();
}

std::string toleranceText(const UserCheck& check) {
  switch (check.tolerance) {
    case UserCheck::Tolerance::Exact:
      return "exactly";
    case UserCheck::Tolerance::Relative:
      return "within rtol " + number(check.amount);
    case UserCheck::Tolerance::Absolute:
      return "within atol " + number(check.amount);
  }
  return "";
}

/// Whether kernel value a matches reference value b under the check's tolerance. Exact compares
/// the values (two NaNs from one poison are equal: an element neither kernel wrote).
bool matches(double a, double b, const UserCheck& check) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  switch (check.tolerance) {
    case UserCheck::Tolerance::Exact:
      return a == b;
    case UserCheck::Tolerance::Relative:
      return std::abs(a - b) <= check.amount * std::abs(b);
    case UserCheck::Tolerance::Absolute:
      return std::abs(a - b) <= check.amount;
  }
  return false;
}

}  // namespace

PointBuffers::PointBuffers(const KernelHeader& header, const std::vector<int64_t>& elements, long long memoryLimitBytes)
    : header_(header) {
  std::string sizes;
  for (std::size_t i = 0; i < header.buffers.size(); ++i) {
    const UserBuffer& declared = header.buffers[i];
    const long long bytes = elements.at(i) * scalarTypeBytes(declared.type);
    const UserCheck* check = nullptr;
    for (const UserCheck& c : header.checks)
      if (c.buffer == declared.name) check = &c;
    totalBytes_ += check ? 2 * bytes : bytes;
    sizes += (sizes.empty() ? "" : ", ") + declared.name + " " + mib(bytes) + (check ? " (and its shadow)" : "");
  }
  if (totalBytes_ > memoryLimitBytes)
    throw BadInputError("the buffers need " + mib(totalBytes_) + " (" + sizes + "), more than the " +
                        mib(memoryLimitBytes) + " allowed: half of the device's free memory. Choose smaller sizes.");
  for (std::size_t i = 0; i < header.buffers.size(); ++i) {
    Held held;
    held.declared = &header.buffers[i];
    held.elements = elements[i];
    const std::size_t bytes = static_cast<std::size_t>(elements[i]) * scalarTypeBytes(held.declared->type);
    held.data = cuda::DeviceBuffer(bytes);
    for (const UserCheck& c : header.checks)
      if (c.buffer == held.declared->name) held.check = &c;
    if (held.check) held.shadow = cuda::DeviceBuffer(bytes);
    buffers_.push_back(std::move(held));
  }
}

void PointBuffers::initialise(std::uint64_t seed) {
  std::uint64_t stream = 0;
  for (Held& held : buffers_) {
    const UserBuffer& b = *held.declared;
    // Each buffer its own random stream; a shadow starts as its buffer.
    const std::uint64_t bufferSeed = seed + 0x632BE59BD9B4E019ull * ++stream;
    for (cuda::DeviceBuffer* target : {&held.data, &held.shadow}) {
      if (!target->get()) continue;
      const std::size_t n = static_cast<std::size_t>(held.elements);
      switch (b.init) {
        case BufferInit::Zero:
          WS_CUDA_CHECK(cudaMemsetAsync(target->get(), 0, target->bytes()));
          break;
        case BufferInit::Output:
          WS_CUDA_CHECK(cudaMemsetAsync(target->get(), 0xFF, target->bytes()));
          break;
        case BufferInit::Random:
          WS_CUDA_CHECK(launchFill(target->get(), n, fillType(b.type), FillKind::Random, b.low, b.high, bufferSeed));
          break;
        case BufferInit::Iota:
          WS_CUDA_CHECK(launchFill(target->get(), n, fillType(b.type), FillKind::Iota, 0, 0, bufferSeed));
          break;
        case BufferInit::Fill:
          WS_CUDA_CHECK(launchFill(target->get(), n, fillType(b.type), FillKind::Value, b.fill, b.fill, bufferSeed));
          break;
      }
    }
  }
}

KernelArguments PointBuffers::arguments(const ParamSet& params, bool shadows) const {
  KernelArguments out;
  out.slots.assign(header_.args.size(), 0);
  for (std::size_t i = 0; i < header_.args.size(); ++i) {
    const KernelArg& arg = header_.args[i];
    std::uint64_t& slot = out.slots[i];
    if (arg.isBuffer) {
      for (const Held& held : buffers_) {
        if (held.declared->name != arg.name) continue;
        void* p = shadows && held.shadow.get() ? held.shadow.get() : held.data.get();
        std::memcpy(&slot, &p, sizeof p);
      }
    } else {
      const UserParam* param = header_.findParam(arg.name);
      const int64_t value = param->kernelValue(params);
      switch (param->argType) {
        case ScalarType::Int: {
          const auto v = static_cast<std::int32_t>(value);
          std::memcpy(&slot, &v, sizeof v);
          break;
        }
        case ScalarType::Unsigned: {
          const auto v = static_cast<std::uint32_t>(value);
          std::memcpy(&slot, &v, sizeof v);
          break;
        }
        case ScalarType::Long:
          std::memcpy(&slot, &value, sizeof value);
          break;
        case ScalarType::Float: {
          const auto v = static_cast<float>(value);
          std::memcpy(&slot, &v, sizeof v);
          break;
        }
        case ScalarType::Double: {
          const auto v = static_cast<double>(value);
          std::memcpy(&slot, &v, sizeof v);
          break;
        }
      }
    }
    out.pointers.push_back(&slot);
  }
  return out;
}

std::vector<std::string> PointBuffers::compareChecks() const {
  std::vector<std::string> lines;
  for (const Held& held : buffers_) {
    if (!held.check) continue;
    const UserCheck& check = *held.check;
    const std::vector<unsigned char> kernel = toHost(held.data), reference = toHost(held.shadow);
    const ScalarType type = held.declared->type;
    const std::size_t n = static_cast<std::size_t>(held.elements);
    if (check.compare == UserCheck::Compare::Sum) {
      double a = 0, b = 0;
      forEachPair(kernel, reference, type, n, [&](std::size_t, double x, double y) {
        a += x;
        b += y;
        return true;
      });
      if (!matches(a, b, check))
        throw cuda::CheckFailed("check of " + held.declared->name + " (line " + std::to_string(check.line) +
                                "): the sum of its elements is " + number(a) + ", the reference's " + number(b) +
                                ", not " + toleranceText(check));
      lines.push_back(held.declared->name + ": the sum of its " + std::to_string(n) +
                      " elements equals the reference's " + toleranceText(check) + " (" + number(a) + ")");
      continue;
    }
    std::optional<std::size_t> first;  // the first element that differs
    double firstA = 0, firstB = 0;
    forEachPair(kernel, reference, type, n, [&](std::size_t i, double a, double b) {
      if (matches(a, b, check)) return true;
      first = i;
      firstA = a;
      firstB = b;
      return false;
    });
    if (first)
      throw cuda::CheckFailed("check of " + held.declared->name + " (line " + std::to_string(check.line) +
                              "): element " + std::to_string(*first) + " is " + number(firstA) + ", the reference's " +
                              number(firstB) + ", not " + toleranceText(check) +
                              (std::isnan(firstA) ? " (the kernel never wrote it: it still holds the poison)" : ""));
    lines.push_back(held.declared->name + ": " + std::to_string(n) + " elements equal to the reference's " +
                    toleranceText(check));
  }
  return lines;
}

}  // namespace warpscope::labs::user_kernel
