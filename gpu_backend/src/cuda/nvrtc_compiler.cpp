#include "cuda/nvrtc_compiler.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "cuda/dynamic_library.h"

namespace warpscope::cuda {
namespace {

// NVRTC's C API, declared here rather than included from nvrtc.h: the window's backend and a build
// without the toolkit have no CUDA headers, and still compile a user's kernel for a simulator
// profile wherever the toolkit's libnvrtc is installed. These are the signatures of nvrtc.h
// (CUDA 12 and 13); nvrtcResult is an int enum whose NVRTC_SUCCESS is 0.
using nvrtcResult = int;
constexpr nvrtcResult NVRTC_SUCCESS = 0;
using nvrtcProgram = struct NvrtcProgramState*;  // opaque, as nvrtc.h's _nvrtcProgram*
struct NvrtcApi {
  const char* (*nvrtcGetErrorString)(nvrtcResult) = nullptr;
  nvrtcResult (*nvrtcVersion)(int*, int*) = nullptr;
  nvrtcResult (*nvrtcGetNumSupportedArchs)(int*) = nullptr;
  nvrtcResult (*nvrtcGetSupportedArchs)(int*) = nullptr;
  nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                                    const char* const*) = nullptr;
  nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram*) = nullptr;
  nvrtcResult (*nvrtcAddNameExpression)(nvrtcProgram, const char*) = nullptr;
  nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram, int, const char* const*) = nullptr;
  nvrtcResult (*nvrtcGetLoweredName)(nvrtcProgram, const char*, const char**) = nullptr;
  nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram, std::size_t*) = nullptr;
  nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram, char*) = nullptr;
  nvrtcResult (*nvrtcGetCUBINSize)(nvrtcProgram, std::size_t*) = nullptr;
  nvrtcResult (*nvrtcGetCUBIN)(nvrtcProgram, char*) = nullptr;
};

// Every NVRTC function called: bound once, by its own name.
#define WARPSCOPE_NVRTC_FUNCTIONS(X) \
  X(nvrtcGetErrorString)             \
  X(nvrtcVersion)                    \
  X(nvrtcGetNumSupportedArchs)       \
  X(nvrtcGetSupportedArchs)          \
  X(nvrtcCreateProgram)              \
  X(nvrtcDestroyProgram)             \
  X(nvrtcAddNameExpression)          \
  X(nvrtcCompileProgram)             \
  X(nvrtcGetLoweredName)             \
  X(nvrtcGetProgramLogSize)          \
  X(nvrtcGetProgramLog)              \
  X(nvrtcGetCUBINSize)               \
  X(nvrtcGetCUBIN)

struct LoadedNvrtc : NvrtcApi {
  // CUDA 13's NVRTC, then 12's (its cubins load on a CUDA 13 driver too), then the unversioned
  // name a toolkit's development files provide.
  DynamicLibrary library{"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
  std::string reason;
  std::string version;

  LoadedNvrtc() {
    std::string missing;
#define WARPSCOPE_NVRTC_BIND(name)                                        \
  name = reinterpret_cast<decltype(name)>(library.function<void>(#name)); \
  if (!name && library.loaded()) missing += (missing.empty() ? "" : ", ") + std::string(#name);
    WARPSCOPE_NVRTC_FUNCTIONS(WARPSCOPE_NVRTC_BIND)
#undef WARPSCOPE_NVRTC_BIND
    if (!library.loaded()) {
      reason = "NVRTC (the CUDA toolkit's run-time compiler) could not be loaded: " + library.error() +
               ". Install the CUDA toolkit, or set CUDA_HOME to it.";
    } else if (!missing.empty()) {
      reason = library.name() + " is too old for this build: it lacks " + missing;
    } else {
      int major = 0, minor = 0;
      nvrtcVersion(&major, &minor);
      version = std::to_string(major) + "." + std::to_string(minor);
    }
  }
};

LoadedNvrtc& nvrtc() {
  static LoadedNvrtc* const one = new LoadedNvrtc;  // never closed, as CUPTI
  return *one;
}

/// Frees the program however the compile ends.
struct ProgramDeleter {
  void operator()(nvrtcProgram* program) const {
    nvrtc().nvrtcDestroyProgram(program);
    delete program;
  }
};

void check(nvrtcResult result, const char* what) {
  if (result != NVRTC_SUCCESS)
    throw std::runtime_error(std::string("NVRTC: ") + what + " failed: " + nvrtc().nvrtcGetErrorString(result));
}

/// Empty when NVRTC knows sm_<computeCapability>, otherwise a sentence naming the ones it knows.
std::string unknownArchitecture(int computeCapability) {
  int count = 0;
  check(nvrtc().nvrtcGetNumSupportedArchs(&count), "nvrtcGetNumSupportedArchs");
  std::vector<int> archs(static_cast<std::size_t>(std::max(count, 0)));
  if (count > 0) check(nvrtc().nvrtcGetSupportedArchs(archs.data()), "nvrtcGetSupportedArchs");
  if (std::find(archs.begin(), archs.end(), computeCapability) != archs.end()) return {};
  std::string known;
  for (int arch : archs) known += (known.empty() ? "" : ", ") + std::string("sm_") + std::to_string(arch);
  return "NVRTC " + nvrtc().version + " cannot compile for sm_" + std::to_string(computeCapability) + " (it knows " +
         known + ")";
}

}  // namespace

const std::string& nvrtcUnavailableReason() { return nvrtc().reason; }

std::string whyNvrtcCannotCompileFor(int computeCapability) {
  if (!nvrtcUnavailableReason().empty()) return nvrtcUnavailableReason();
  return unknownArchitecture(computeCapability);
}

std::vector<PtxasKernelInfo> parsePtxasInfo(const std::string& log) {
  // ptxas --verbose, per kernel:
  //   ptxas info    : Compiling entry function '_Z10reduce_sumILi4EEvPKfPfi' for 'sm_90'
  //   ptxas info    : Function properties for _Z10reduce_sumILi4EEvPKfPfi
  //       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  //   ptxas info    : Used 28 registers, used 1 barriers, 1024 bytes smem, 380 bytes cmem[0]
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex frame(R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
  static const std::regex used(R"(Used (\d+) registers)");
  static const std::regex smem(R"((\d+) bytes smem)");
  std::vector<PtxasKernelInfo> kernels;
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, entry)) {
      kernels.push_back({m[1].str()});
      continue;
    }
    if (kernels.empty()) continue;
    PtxasKernelInfo& k = kernels.back();
    if (std::regex_search(line, m, frame)) {
      k.stackFrameBytes = std::stoull(m[1].str());
      k.spillStoreBytes = std::stoull(m[2].str());
      k.spillLoadBytes = std::stoull(m[3].str());
    }
    if (std::regex_search(line, m, used)) k.registers = std::stoi(m[1].str());
    if (std::regex_search(line, m, smem)) k.staticSharedBytes = std::stoull(m[1].str());
  }
  return kernels;
}

NvrtcOutput compileWithNvrtc(const NvrtcRequest& request) {
  if (!nvrtcUnavailableReason().empty()) throw std::runtime_error(nvrtcUnavailableReason());
  LoadedNvrtc& api = nvrtc();
  if (std::string why = unknownArchitecture(request.computeCapability); !why.empty()) throw std::runtime_error(why);
  const auto started = std::chrono::steady_clock::now();

  std::unique_ptr<nvrtcProgram, ProgramDeleter> program(new nvrtcProgram{});
  check(api.nvrtcCreateProgram(program.get(), request.source.c_str(), request.fileName.c_str(), 0, nullptr, nullptr),
        "nvrtcCreateProgram");
  for (const std::string& name : request.kernelNames)
    check(api.nvrtcAddNameExpression(*program, name.c_str()), "nvrtcAddNameExpression");

  NvrtcOutput out;
  out.arch = "sm_" + std::to_string(request.computeCapability);
  out.nvrtcVersion = api.version;
  // A cubin for exactly this GPU (-arch=sm_XX, not compute_XX: no PTX left for the driver to
  // compile at load time), C++17 as the built-in labs' kernels, and ptxas's --verbose lines
  // for registers, shared memory and spills.
  std::vector<std::string> options = {"-arch=" + out.arch, "-std=c++17", "-Xptxas=-v", "-lineinfo"};
  for (const std::string& define : request.defines) options.push_back("-D" + define);
  std::vector<const char*> optionPointers;
  for (const std::string& option : options) optionPointers.push_back(option.c_str());
  const nvrtcResult compiled =
      api.nvrtcCompileProgram(*program, static_cast<int>(optionPointers.size()), optionPointers.data());

  std::size_t logSize = 0;
  check(api.nvrtcGetProgramLogSize(*program, &logSize), "nvrtcGetProgramLogSize");
  std::string log(logSize, '\0');
  if (logSize > 0) check(api.nvrtcGetProgramLog(*program, log.data()), "nvrtcGetProgramLog");
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  out.log = log;
  out.kernels = parsePtxasInfo(log);
  out.compileSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (compiled != NVRTC_SUCCESS) return out;

  std::size_t cubinSize = 0;
  check(api.nvrtcGetCUBINSize(*program, &cubinSize), "nvrtcGetCUBINSize");
  out.cubin.resize(cubinSize);
  check(api.nvrtcGetCUBIN(*program, out.cubin.data()), "nvrtcGetCUBIN");
  for (const std::string& name : request.kernelNames) {
    const char* lowered = nullptr;
    check(api.nvrtcGetLoweredName(*program, name.c_str(), &lowered), "nvrtcGetLoweredName");
    out.loweredNames.emplace_back(lowered ? lowered : "");
  }
  out.ok = true;
  return out;
}

}  // namespace warpscope::cuda
