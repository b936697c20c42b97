// Linked instead of the CUDA backend when the build has no CUDA toolkit: the session then
// offers only the simulator. The choice is made here, by the build, never by #if in callers.
#include "warpscope/backend.h"

namespace warpscope {
std::unique_ptr<Backend> makeCudaBackend() { return nullptr; }
std::string cudaBackendUnavailableReason() {
  return "this build has no CUDA backend (built without the CUDA toolkit; see README)";
}
}  // namespace warpscope
