#include "labs/user_kernel/user_kernel_sass.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

#include "core/text_limits.h"
#include "cuda/sass_listing.h"

namespace warpscope::labs::user_kernel {
namespace {

/// cuobjdump takes tens of milliseconds a cubin: a focus move back to a variant seen before should
/// not pay it again. Keyed by the variant's source, variant and architecture; only answers that
/// will not change are kept (a listing, or no cuobjdump on this machine), not a passing failure.
cuda::CubinSass sassOf(const CompiledVariant& compiled, const std::string& key) {
  static std::mutex mutex;
  static std::map<std::string, cuda::CubinSass> cache;
  {
    const std::lock_guard lock(mutex);
    if (const auto hit = cache.find(key); hit != cache.end()) return hit->second;
  }
  cuda::CubinSass sass = cuda::disassembleCubin(compiled.cubin, compiled.kernelMangled);
  if (!sass.available && !sass.toolMissing) return sass;
  const std::lock_guard lock(mutex);
  if (cache.size() >= 256) cache.clear();  // a long session of edits: each edit is new variants
  cache.emplace(key, sass);
  return sass;
}

}  // namespace

void addFocusSassView(RunResult& result, const KernelSource& kernel, const KernelHeader& header,
                      const UserKernelPlan& plan, int computeCapability) {
  const auto focus =
      std::find_if(plan.points.begin(), plan.points.end(), [](const PlannedPoint& p) { return p.isFocus; });
  if (focus == plan.points.end()) return;
  const KernelVariant variant = variantOf(header, focus->params);
  const auto compiled = compileVariant(kernel, variant, computeCapability);
  const std::string label = variantLabel(header, focus->params);
  View view{kSassViewId, kSassViewTitle, ViewKind::Listing};
  // The legend's states are the classes in order, their index the enum's; "Other" (moves, NOP),
  // the last, stays unmarked.
  static_assert(static_cast<int>(cuda::SassClass::Other) == cuda::kSassClassCount - 1);
  for (int c = 0; c < cuda::kSassClassCount - 1; ++c) {
    const auto kind = static_cast<cuda::SassClass>(c);
    view.listing.states.push_back({cuda::sassClassId(kind), cuda::sassClassLabel(kind)});
  }
  const std::string arch = "sm_" + std::to_string(computeCapability);
  const cuda::CubinSass sass =
      sassOf(*compiled, compiledVariantKey(kernel, variant, computeCapability));
  if (!sass.available) {
    view.listing.caption = boundedText("No SASS of " + label + " for " + arch + ": " + sass.why + ".", kMaxLabelChars);
    result.notes.push_back(view.listing.caption);
    result.views.push_back(std::move(view));
    return;
  }
  std::array<int, cuda::kSassClassCount> counts{};
  for (const cuda::SassInstruction& i : sass.instructions) {
    const cuda::SassClass kind = cuda::sassClassOf(i.opcode);
    ++counts[static_cast<int>(kind)];
    // A listing holds at most kMaxListingLines (what a file may bring back): a longer kernel's
    // listing is cut there, and its caption says so.
    if (view.listing.lines.size() < kMaxListingLines)
      view.listing.lines.push_back({i.text, kind == cuda::SassClass::Other ? -1 : static_cast<int>(kind)});
  }
  const auto count = [&](cuda::SassClass kind) { return std::to_string(counts[static_cast<int>(kind)]); };
  // The figures a reader looks for first: how much is memory, and whether anything spilled. Short
  // enough for a projector's line; where the listing came from goes in a note.
  view.listing.caption =
      label + ", " + arch + ": " + std::to_string(sass.instructions.size()) + " instructions; " +
      count(cuda::SassClass::GlobalMemory) + " global, " + count(cuda::SassClass::SharedMemory) + " shared, " +
      count(cuda::SassClass::LocalMemory) + " local (spills)" +
      (sass.instructions.size() > kMaxListingLines ? "; the first " + std::to_string(kMaxListingLines) + " shown"
                                                   : std::string());
  view.listing.caption = boundedText(view.listing.caption, kMaxLabelChars);
  result.notes.push_back("SASS of " + label + ": " + sass.source + ", from the cubin NVRTC compiled for " + arch + ".");
  result.scalars.push_back({"user.sass_instructions", "SASS instructions of the focus variant",
                            static_cast<double>(sass.instructions.size()), "instructions"});
  result.scalars.push_back({"user.sass_local_memory", "Local-memory (spill) instructions of the focus variant",
                            static_cast<double>(counts[static_cast<int>(cuda::SassClass::LocalMemory)]),
                            "instructions"});
  result.views.push_back(std::move(view));
}

}  // namespace warpscope::labs::user_kernel
