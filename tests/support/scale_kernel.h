#pragma once
// A small kernel of the user's own (docs/your-kernel.md) for tests that need one that is not a
// shipped example: two params (BLOCK a define, N an argument), one buffer, no bytes declared (so no
// throughput view, which the example the lab opens with has), no reference.
namespace warpscope::test {

inline constexpr const char* kScaleKernel =
    "// warpscope-kernel 1\n"
    "// title: Scale a vector\n"
    "// param BLOCK: 64..512, x2, default 128, focus, define\n"
    "// param N: 1K..4K, x2, default 2K, arg int\n"
    "// kernel: scale\n// grid: ceil_div(N, BLOCK)\n// block: BLOCK\n"
    "// buffer x: float[N] random(0, 1)\n// args: x, N\n"
    "__global__ void scale(float* x, int n) {\n"
    "  const int i = blockIdx.x * BLOCK + threadIdx.x;\n"
    "  if (i < n) x[i] *= 2;\n"
    "}\n";

}  // namespace warpscope::test
