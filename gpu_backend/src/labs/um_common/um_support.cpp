#include "labs/um_common/um_support.h"

#include <algorithm>
#include <sstream>

#include "cuda/cuda_check.h"
#include "cuda/timing.h"
#include "warpscope/params.h"

namespace warpscope::cuda {

namespace {
std::uint64_t freeDeviceBytes() {
  std::size_t freeBytes = 0, totalBytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  return freeBytes;
}
}  // namespace

std::uint64_t managedMemoryCapBytes() { return freeDeviceBytes() / 2; }

void checkManagedMemoryCap(std::uint64_t bytes, const std::string& what) {
  const std::uint64_t freeBytes = freeDeviceBytes();
  const std::uint64_t cap = freeBytes / 2;
  if (bytes > cap) {
    std::ostringstream why;
    why << what << ": " << (bytes >> 20) << " MiB of managed memory exceeds the cap of half the free device memory ("
        << (cap >> 20) << " MiB of " << (freeBytes >> 20) << " MiB free): oversubscribing managed memory can hang "
        << "the GPU; show oversubscription with a simulator device";
    throw BadInputError(why.str());
  }
}

ManagedBuffer::ManagedBuffer(std::uint64_t bytes) : bytes_(bytes) {
  WS_CUDA_CHECK(cudaMallocManaged(&ptr_, bytes, cudaMemAttachGlobal));
}
ManagedBuffer::~ManagedBuffer() {
  if (ptr_) (void)cudaFree(ptr_);
}

PinnedHostBuffer::PinnedHostBuffer(std::uint64_t bytes) { WS_CUDA_CHECK(cudaMallocHost(&ptr_, bytes)); }
PinnedHostBuffer::~PinnedHostBuffer() {
  if (ptr_) (void)cudaFreeHost(ptr_);
}

CudaEvent::CudaEvent() { WS_CUDA_CHECK(cudaEventCreate(&event_)); }
CudaEvent::~CudaEvent() { (void)cudaEventDestroy(event_); }
void CudaEvent::record(cudaStream_t stream) { WS_CUDA_CHECK(cudaEventRecord(event_, stream)); }
double CudaEvent::msSince(const CudaEvent& start) const {
  WS_CUDA_CHECK(cudaEventSynchronize(event_));
  float ms = 0;
  WS_CUDA_CHECK(cudaEventElapsedTime(&ms, start.event_, event_));
  return ms;
}

cudaMemLocation gpuLocation(int ordinal) {
  cudaMemLocation l{};
  l.type = cudaMemLocationTypeDevice;
  l.id = ordinal;
  return l;
}

cudaMemLocation hostLocation() {
  cudaMemLocation l{};
  l.type = cudaMemLocationTypeHost;
  l.id = 0;
  return l;
}

labs::um::UmPhaseTiming phaseFrom(const std::string& name, const std::vector<double>& samplesMs, std::uint64_t bytes) {
  labs::um::UmPhaseTiming p;
  p.name = name;
  p.bytes = bytes;
  if (samplesMs.empty()) return p;
  p.medianMs = median(samplesMs);
  p.minMs = *std::min_element(samplesMs.begin(), samplesMs.end());
  p.maxMs = *std::max_element(samplesMs.begin(), samplesMs.end());
  return p;
}

}  // namespace warpscope::cuda
