#include "labs/user_kernel/user_kernel_lab.h"

#include <stdexcept>

#include "cuda/nvrtc_compiler.h"
#include "labs/user_kernel/kernel_header.h"
#include "labs/user_kernel/user_kernel_compile.h"
#include "labs/user_kernel/user_kernel_compile_only.h"
#include "labs/user_kernel/user_kernel_cuda.h"
#include "labs/user_kernel/user_kernel_points.h"
#include "warpscope_resources/embedded_kernels.h"

namespace warpscope::labs::user_kernel {
namespace {

const char* const kSummary =
    "Your own kernel under sliders: a .cu file whose header comment declares its knobs, launch, buffers and "
    "checks (docs/your-kernel.md). Warpscope compiles each variant at run time with NVRTC, checks its output "
    "against your reference kernel, times it with CUDA events and shows time, throughput against the device's "
    "ceilings, registers, shared memory and occupancy per variant. Without a GPU it compiles only: registers "
    "and occupancy, never a time.";

LabSpec labShell() {
  LabSpec lab;
  lab.id = kUserKernelLabId;
  lab.title = "Your own kernel";
  lab.summary = kSummary;
  lab.docPage = "your-kernel.md";
  // What any device shows (a GPU adds time and throughput on the charts and in the numbers).
  lab.keyFigures = {"user.occupancy_pct", "user.blocks_per_sm", "user.registers"};
  // The user's code: no sweep-time target of ours to hold it to.
  lab.gpuSweepTargetS = 0;
  lab.simSweepTargetS = 0;
  return lab;
}

std::string defaultHelp(const UserParam& param) {
  switch (param.use) {
    case ParamUse::Define:
      return "Compiled into the kernel as -D" + param.name + "=value: a variant of its own.";
    case ParamUse::Template:
      return "A template argument of the kernel: each value is a variant of its own.";
    case ParamUse::Arg:
      return std::string("Passed to the kernel as a runtime argument (") + scalarTypeName(param.argType) + ").";
    case ParamUse::Expression:
      break;
  }
  return "Read by the header's launch and size expressions.";
}

/// The user's kernel needs NVRTC on the machine that runs it, for the device's architecture.
std::string whyNotHere(const DeviceInfo& device) {
  try {
    return cuda::whyNvrtcCannotCompileFor(computeCapabilityNumber(device.computeCapability));
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

KernelSource kernelOf(const RunRequest& request) {
  if (!request.kernel.empty()) return request.kernel;
  for (const auto& [name, text] : resources::embeddedKernels())
    if (name == kDefaultKernelFile) return {std::string(name), std::string(text)};
  throw std::logic_error(std::string("the example kernel ") + kDefaultKernelFile + " is not embedded");
}

std::vector<KernelSource> exampleKernels() {
  std::vector<KernelSource> examples;
  for (const auto& [name, text] : resources::embeddedKernels()) examples.push_back({std::string(name), std::string(text)});
  return examples;
}

LabSpec userKernelSpecFor(const RunRequest& request) {
  const KernelSource kernel = kernelOf(request);
  const KernelHeader header = parseKernelHeader(kernel.text);
  LabSpec lab = labShell();
  // "Your own kernel: Sum of N floats (reduction.cu)": the list's title says whose lab it is.
  lab.title += ": " + header.title + " (" + kernel.fileName + ")";
  lab.summary = header.summary.empty() ? lab.summary : header.summary + " " + kSummary;
  lab.params = header.paramSpecs();
  // A tooltip for every control: the header's `help`, or what the param does to the kernel.
  for (std::size_t i = 0; i < lab.params.size(); ++i)
    if (lab.params[i].help.empty()) lab.params[i].help = defaultHelp(header.params[i]);
  lab.views = userKernelViews(header);
  lab.kernel = kernel;
  return lab;
}

LabDefinition userKernelLab() {
  LabDefinition lab{userKernelSpecFor(RunRequest{}), &compileUserKernelOnly,
                    WARPSCOPE_GPU_MEASUREMENT(measureUserKernel)};
  lab.specForRequest = &userKernelSpecFor;
  lab.whyNotOnThisMachine = &whyNotHere;
  lab.exampleKernels = &exampleKernels;
  lab.compilesOnlyWithoutGpu = true;
  return lab;
}

}  // namespace warpscope::labs::user_kernel
