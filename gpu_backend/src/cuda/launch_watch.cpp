#include "cuda/launch_watch.h"

#include <chrono>
#include <thread>

#include "cuda/cuda_check.h"
#include "cuda/run_errors.h"

namespace warpscope::cuda {

double waitWithinBudget(cudaStream_t stream, double budgetMs, const std::string& what) {
  cudaEvent_t done = nullptr;
  WS_CUDA_CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
  const auto started = std::chrono::steady_clock::now();
  const auto waited = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  };
  cudaError_t status = cudaEventRecord(done, stream);
  if (status == cudaSuccess) {
    // Short sleeps: a launch of microseconds is seen within a fraction of a millisecond, and a
    // waiting CPU thread costs the GPU nothing.
    while ((status = cudaEventQuery(done)) == cudaErrorNotReady) {
      if (waited() > budgetMs) {
        // The event stays: destroying it is one more call into a context whose kernel still runs.
        throw KernelOverBudget(what + " was still running after its budget of " +
                               std::to_string(static_cast<long long>(budgetMs)) + " ms");
      }
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  }
  (void)cudaEventDestroy(done);
  throwIfFailed(status, ("waiting for " + what).c_str(), __FILE__, __LINE__);
  return waited();
}

}  // namespace warpscope::cuda
