#pragma once
// Two user kernels that misbehave on a GPU (issue 33), for the tests that show what that costs:
// one writes through a wild pointer (an illegal address: the CUDA context is lost), one never ends
// (its header's budget of 300 ms stops it). Each costs its worker and is named with its values.

namespace warpscope::test {

inline const char* const kFaultingKernel = R"(// warpscope-kernel 1
// title: Writes through a wild pointer
// param N: 1K..4K, x2, default 1K, arg int
// kernel: wild
// grid: 4
// block: 256
// buffer out: float[N] output
// args: out, N
__global__ void wild(float* out, int n) {
  float* p = reinterpret_cast<float*>(0x10);
  p[threadIdx.x * 1024 * 1024] = out[0] + n;
}
)";

inline const char* const kEndlessKernel = R"(// warpscope-kernel 1
// title: Never ends
// param N: 1K..4K, x2, default 1K, arg int
// kernel: spin
// grid: 1
// block: 32
// buffer flag: int[N] zero
// args: flag, N
// budget: 300 ms
__global__ void spin(volatile int* flag, int n) {
  while (flag[0] == 0) {}
}
)";

}  // namespace warpscope::test
