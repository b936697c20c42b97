#include "labs/user_kernel/user_kernel_compile.h"

#include "warpscope/kernel_source.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <future>
#include <list>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "warpscope/params.h"

namespace warpscope::labs::user_kernel {
namespace {

/// Compiled variants by source, variant and architecture. Bounded: a long session of edits keeps
/// the most recent ones (a cubin is tens of KiB).
class VariantCache {
 public:
  std::shared_ptr<const CompiledVariant> find(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : it->second;
  }
  void put(const std::string& key, std::shared_ptr<const CompiledVariant> variant) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!entries_.count(key)) order_.push_back(key);
    entries_[key] = std::move(variant);
    while (order_.size() > kMaxEntries) {
      entries_.erase(order_.front());
      order_.pop_front();
    }
  }

 private:
  static constexpr std::size_t kMaxEntries = 512;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const CompiledVariant>> entries_;
  std::list<std::string> order_;
};

VariantCache& cache() {
  static VariantCache one;
  return one;
}

/// At most this many of the compiler's lines in a message: the first errors are the ones to read.
std::string firstLines(const std::string& text, int lines) {
  std::istringstream in(text);
  std::string out, line;
  int n = 0;
  while (std::getline(in, line)) {
    if (n++ == lines)
      return out + "... (" + std::to_string(std::count(text.begin(), text.end(), '\n') + 1 - lines) + " more lines)";
    out += line + "\n";
  }
  if (!out.empty()) out.pop_back();
  return out;
}

std::string withoutPtxasInfo(const std::string& log) {
  std::istringstream in(log);
  std::string out, line;
  while (std::getline(in, line))
    if (line.rfind("ptxas info", 0) != 0 && line.rfind("ptxas         .", 0) != 0) out += line + "\n";
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

std::shared_ptr<const CompiledVariant> compileNow(const KernelSource& source, const KernelVariant& variant,
                                                  int computeCapability) {
  cuda::NvrtcRequest request;
  request.source = source.text;
  request.fileName = source.fileName.empty() ? "kernel.cu" : source.fileName;
  request.computeCapability = computeCapability;
  for (const std::string& define : variant.defines)
    request.defines.push_back(define.rfind("-D", 0) == 0 ? define.substr(2) : define);
  request.kernelNames = {variant.kernelName};
  if (!variant.referenceName.empty()) request.kernelNames.push_back(variant.referenceName);

  const cuda::NvrtcOutput out = cuda::compileWithNvrtc(request);
  const std::string messages = withoutPtxasInfo(out.log);
  if (!out.ok)
    throw BadInputError(request.fileName + " does not compile for " + out.arch + " (" + variant.key() + "):\n" +
                        firstLines(messages, 30));
  auto compiled = std::make_shared<CompiledVariant>();
  compiled->variant = variant;
  compiled->computeCapability = computeCapability;
  compiled->cubin = out.cubin;
  compiled->kernelMangled = out.loweredNames.at(0);
  if (!variant.referenceName.empty()) compiled->referenceMangled = out.loweredNames.at(1);
  for (const cuda::PtxasKernelInfo& info : out.kernels)
    if (info.mangledName == compiled->kernelMangled) compiled->kernelInfo = info;
  compiled->warnings = messages;
  compiled->compileSeconds = out.compileSeconds;
  compiled->nvrtcVersion = out.nvrtcVersion;
  return compiled;
}

}  // namespace

std::string compiledVariantKey(const KernelSource& source, const KernelVariant& variant, int computeCapability) {
  return kernelKey(source) + ":" + std::to_string(computeCapability) + ":" + variant.key();
}

std::vector<KernelVariant> variantsOfPlan(const KernelHeader& header, const UserKernelPlan& plan) {
  std::vector<KernelVariant> variants;
  std::set<std::string> seen;
  for (const PlannedPoint& p : plan.points) {
    KernelVariant v = variantOf(header, p.params);
    if (seen.insert(v.key()).second) variants.push_back(std::move(v));
  }
  return variants;
}

int computeCapabilityNumber(const std::string& computeCapability) {
  int major = 0, minor = 0;
  char dot = 0;
  std::istringstream in(computeCapability);
  if (!(in >> major >> dot >> minor) || dot != '.' || major < 1 || minor < 0 || minor > 9)
    throw BadInputError("compute capability '" + computeCapability + "' is not of the form 9.0");
  return major * 10 + minor;
}

std::shared_ptr<const CompiledVariant> compileVariant(const KernelSource& source, const KernelVariant& variant,
                                                      int computeCapability) {
  const std::string key = compiledVariantKey(source, variant, computeCapability);
  if (auto cached = cache().find(key)) return cached;
  auto compiled = compileNow(source, variant, computeCapability);
  cache().put(key, compiled);
  return compiled;
}

std::vector<std::shared_ptr<const CompiledVariant>> compileVariants(const KernelSource& source,
                                                                    const std::vector<KernelVariant>& variants,
                                                                    int computeCapability) {
  std::vector<std::shared_ptr<const CompiledVariant>> out(variants.size());
  std::vector<std::size_t> missing;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    out[i] = cache().find(compiledVariantKey(source, variants[i], computeCapability));
    if (!out[i]) missing.push_back(i);
  }
  // NVRTC compiles programs on several threads at once; a few at a time keep the GPU's host
  // responsive (a variant takes 0.1-1 s).
  const std::size_t workers = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
  std::exception_ptr firstError;
  for (std::size_t start = 0; start < missing.size(); start += workers) {
    std::vector<std::future<std::shared_ptr<const CompiledVariant>>> batch;
    for (std::size_t k = start; k < std::min(missing.size(), start + workers); ++k)
      batch.push_back(std::async(
          std::launch::async, [&, i = missing[k]] { return compileVariant(source, variants[i], computeCapability); }));
    for (std::size_t k = 0; k < batch.size(); ++k) {
      try {
        out[missing[start + k]] = batch[k].get();
      } catch (...) {
        if (!firstError) firstError = std::current_exception();
      }
    }
    if (firstError) std::rethrow_exception(firstError);
  }
  return out;
}

}  // namespace warpscope::labs::user_kernel
