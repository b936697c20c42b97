#pragma once
/// \file nvrtc_compiler.h
/// CUDA C++ compiled at run time (NVRTC), for the user's own kernel (issue 33). NVRTC is opened
/// when first needed (dlopen of libnvrtc.so.13), never linked: it ships with the CUDA toolkit,
/// not the driver, and a program linking it does not start without it. Where it cannot be
/// opened, nvrtcUnavailableReason() says why and every compile reports it.
///
/// A compile needs no GPU: on a machine without one the cubin is only read (its resources, its
/// SASS), never run.

#include <cstddef>
#include <string>
#include <vector>

namespace warpscope::cuda {

struct NvrtcRequest {
  std::string source;                ///< The whole .cu file.
  std::string fileName;              ///< Names the source in the compiler's messages ("reduction.cu").
  int computeCapability = 0;         ///< 90 for sm_90: the cubin is for exactly this architecture.
  std::vector<std::string> defines;  ///< "NAME=VALUE", each passed as -D.
  /// The kernels to instantiate and find by their C++ names ("reduce_sum<4>", "transpose_naive").
  std::vector<std::string> kernelNames;
};

/// What ptxas said about one kernel (its --verbose lines): what the occupancy calculator needs
/// where no GPU can be asked.
struct PtxasKernelInfo {
  std::string mangledName;
  int registers = 0;
  std::size_t staticSharedBytes = 0;
  std::size_t stackFrameBytes = 0;
  std::size_t spillStoreBytes = 0;
  std::size_t spillLoadBytes = 0;
};

struct NvrtcOutput {
  bool ok = false;
  /// The compiler's messages (errors with "file(line): error: ..."), empty when it had none.
  std::string log;
  std::vector<char> cubin;
  /// kernelNames[i]'s mangled name in the cubin, in the request's order.
  std::vector<std::string> loweredNames;
  /// One entry per kernel ptxas compiled (order of the log), read from --verbose.
  std::vector<PtxasKernelInfo> kernels;
  double compileSeconds = 0;
  /// The architecture compiled for ("sm_90"), and NVRTC's version ("13.0").
  std::string arch;
  std::string nvrtcVersion;
};

/// Compiles request with NVRTC; never throws for the source's own errors (ok = false, log says
/// them). Throws std::runtime_error when NVRTC itself cannot be used (nvrtcUnavailableReason) or
/// the architecture is not one it knows.
NvrtcOutput compileWithNvrtc(const NvrtcRequest& request);

/// Empty when NVRTC opened; otherwise why not, in a sentence.
const std::string& nvrtcUnavailableReason();

/// Empty when NVRTC opened and compiles for sm_<computeCapability>; otherwise why not.
std::string whyNvrtcCannotCompileFor(int computeCapability);

/// ptxas's --verbose lines read into one record per kernel (exposed for its test).
std::vector<PtxasKernelInfo> parsePtxasInfo(const std::string& log);

}  // namespace warpscope::cuda
