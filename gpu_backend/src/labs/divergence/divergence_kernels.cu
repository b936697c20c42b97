// The divergence lab's kernels. Check the SASS with
//   cuobjdump --dump-sass --function '*divergence*' libwarpscope_backend.a
// Each path is its own loop of 16 FFMAs with its own addend (so no two paths merge into one), the
// branch on the lane's path is re-read every repetition through an opaque register (so the
// compiler cannot unswitch the repetition loop and run all repetitions of one path first), and
// the instrumentation's reads carry their path in the asm text (so they cannot be hoisted above
// the divergent branch, where __activemask() would see the whole warp).
#include "labs/divergence/divergence_kernels.h"

namespace warpscope::labs {
namespace {

/// The value of v, which the compiler must treat as unknown and re-read where it is used.
__device__ __forceinline__ int opaque(int v) {
  asm volatile("" : "+r"(v));
  return v;
}

template <int Tag>
__device__ __forceinline__ unsigned activeMaskTagged() {
  unsigned m;
  asm volatile("activemask.b32 %0; // path %1" : "=r"(m) : "n"(Tag));
  return m;
}

template <int Tag>
__device__ __forceinline__ unsigned long long clockTagged() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%clock64; // path %1" : "=l"(t) : "n"(Tag));
  return t;
}

template <int Tag>
__device__ __forceinline__ unsigned long long globalTimerTagged() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer; // path %1" : "=l"(t) : "n"(Tag));
  return t;
}

__device__ __forceinline__ unsigned smId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

/// Where a thread is, the work's operands and where its warp records. b, the work's length and
/// the repetitions are computed from the thread index (always to the kernel argument's value),
/// so they live in registers: read straight from the parameter bank, ptxas reloads them (LDC) at
/// the start of every path, and that load's latency would count as the cost of divergence.
struct Thread {
  float b;
  int work;
  int reps;
  unsigned tid;
  unsigned warp;  // global warp index
  int lane;
  unsigned sm;
  DivergenceRecord* ring;  // this warp's records (instrumented only)
  unsigned ringMask;
};

__device__ __forceinline__ Thread thisThread(const DivergenceArgs& a, bool instrumented) {
  Thread t;
  t.tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int zero = static_cast<int>(t.tid >> 31);  // 0 for every launch this lab makes
  t.b = a.b + 0.0f * workInitialValue(t.tid);      // 0 * x is not folded without fast math: b stays 1
  t.work = a.shape.workFmas + zero;
  t.reps = a.reps + zero;
  t.warp = t.tid / 32u;
  t.lane = static_cast<int>(threadIdx.x & 31u);
  t.sm = instrumented ? smId() : 0u;
  t.ring = instrumented ? a.records + static_cast<size_t>(t.warp) * a.recordCapacity : nullptr;
  t.ringMask = a.recordCapacity - 1u;
  return t;
}

/// One path segment: work_fmas dependent FMAs acc = fma(acc, b, c_Code); instrumented, the
/// segment's entry/exit clocks, mask and %globaltimer go to the ring at `slot`.
template <int Code, bool Instrumented>
__device__ __forceinline__ float segment(float acc, const DivergenceArgs& a, const Thread& t, int slot, int path,
                                         int rep) {
  constexpr float c = workAddend(Code);
  unsigned mask = 0;
  unsigned long long t0 = 0, g0 = 0;
  if constexpr (Instrumented) {
    mask = activeMaskTagged<Code>();
    g0 = globalTimerTagged<Code>();
    t0 = clockTagged<Code>();
  }
  const float b = t.b;
  const int work = t.work;
#pragma unroll 1
  for (int i = 0; i < work; i += kWorkUnroll) {
#pragma unroll
    for (int u = 0; u < kWorkUnroll; ++u) acc = __fmaf_rn(acc, b, c);
  }
  if constexpr (Instrumented) {
    const unsigned long long t1 = clockTagged<Code>();
    if (t.lane == __ffs(static_cast<int>(mask)) - 1) {
      DivergenceRecord r;
      r.startClock = t0;
      r.endClock = t1;
      r.startGlobalNs = g0;
      r.mask = mask;
      r.sm = static_cast<std::uint16_t>(t.sm);
      r.path = static_cast<std::uint8_t>(path);
      r.rep = static_cast<std::uint8_t>(rep);
      t.ring[static_cast<unsigned>(slot) & t.ringMask] = r;
    }
  }
  return acc;
}

template <bool I>
__global__ void divergenceUniform(DivergenceArgs a) {
  const Thread t = thisThread(a, I);
  float acc = workInitialValue(t.tid);
#pragma unroll 1
  for (int rep = 0; rep < t.reps; ++rep) acc = segment<0, I>(acc, a, t, rep, 0, rep);
  a.out[t.tid] = acc;
}

/// odd-even, first-k, warp-uniform, random: if (the lane's path is 0) path 0 else path 1.
template <bool I>
__global__ void divergenceIfElse(DivergenceArgs a) {
  const Thread t = thisThread(a, I);
  const int path = lanePath(a.shape, t.warp, t.lane);
  float acc = workInitialValue(t.tid);
#pragma unroll 1
  for (int rep = 0; rep < t.reps; ++rep) {
    if (opaque(path) == 0)
      acc = segment<0, I>(acc, a, t, rep * 2, 0, rep);
    else
      acc = segment<1, I>(acc, a, t, rep * 2 + 1, 1, rep);
  }
  a.out[t.tid] = acc;
}

/// Nested if/else: level l tests bit (Depth - 1 - l) of the lane's leaf.
template <int Level, int Depth, int Prefix, bool I>
__device__ __forceinline__ float nested(float acc, const DivergenceArgs& a, const Thread& t, int leaf, int rep) {
  if constexpr (Level == Depth) {
    return segment<Prefix, I>(acc, a, t, rep * (1 << Depth) + Prefix, Prefix, rep);
  } else {
    if (((opaque(leaf) >> (Depth - 1 - Level)) & 1) == 0)
      return nested<Level + 1, Depth, Prefix * 2, I>(acc, a, t, leaf, rep);
    else
      return nested<Level + 1, Depth, Prefix * 2 + 1, I>(acc, a, t, leaf, rep);
  }
}

template <int Depth, bool I>
__global__ void divergenceNested(DivergenceArgs a) {
  const Thread t = thisThread(a, I);
  const int leaf = lanePath(a.shape, t.warp, t.lane);
  float acc = workInitialValue(t.tid);
#pragma unroll 1
  for (int rep = 0; rep < t.reps; ++rep) acc = nested<0, Depth, 0, I>(acc, a, t, leaf, rep);
  a.out[t.tid] = acc;
}

/// while (i < trips(lane)): the warp loops until its last lane is done.
template <bool I>
__global__ void divergenceLoop(DivergenceArgs a) {
  const Thread t = thisThread(a, I);
  const int trips = laneTrips(a.shape, t.lane);
  const int perRep = a.shape.loopSpread + 1;
  float acc = workInitialValue(t.tid);
#pragma unroll 1
  for (int rep = 0; rep < t.reps; ++rep) {
#pragma unroll 1
    for (int it = 0; it < opaque(trips); ++it) acc = segment<0, I>(acc, a, t, rep * perRep + it, it, rep);
  }
  a.out[t.tid] = acc;
}

#define WS_DIVERGENCE_CASE(P)                                             \
  case P:                                                                 \
    acc = segment<P, I>(acc, a, t, rep * a.shape.paths + (P), (P), rep); \
    break;

/// switch (lane % paths): 32 cases, each its own code; cases >= paths are never taken.
template <bool I>
__global__ void divergenceSwitch(DivergenceArgs a) {
  const Thread t = thisThread(a, I);
  const int path = lanePath(a.shape, t.warp, t.lane);
  float acc = workInitialValue(t.tid);
#pragma unroll 1
  for (int rep = 0; rep < t.reps; ++rep) {
    switch (opaque(path)) {
      WS_DIVERGENCE_CASE(0) WS_DIVERGENCE_CASE(1) WS_DIVERGENCE_CASE(2) WS_DIVERGENCE_CASE(3)
      WS_DIVERGENCE_CASE(4) WS_DIVERGENCE_CASE(5) WS_DIVERGENCE_CASE(6) WS_DIVERGENCE_CASE(7)
      WS_DIVERGENCE_CASE(8) WS_DIVERGENCE_CASE(9) WS_DIVERGENCE_CASE(10) WS_DIVERGENCE_CASE(11)
      WS_DIVERGENCE_CASE(12) WS_DIVERGENCE_CASE(13) WS_DIVERGENCE_CASE(14) WS_DIVERGENCE_CASE(15)
      WS_DIVERGENCE_CASE(16) WS_DIVERGENCE_CASE(17) WS_DIVERGENCE_CASE(18) WS_DIVERGENCE_CASE(19)
      WS_DIVERGENCE_CASE(20) WS_DIVERGENCE_CASE(21) WS_DIVERGENCE_CASE(22) WS_DIVERGENCE_CASE(23)
      WS_DIVERGENCE_CASE(24) WS_DIVERGENCE_CASE(25) WS_DIVERGENCE_CASE(26) WS_DIVERGENCE_CASE(27)
      WS_DIVERGENCE_CASE(28) WS_DIVERGENCE_CASE(29) WS_DIVERGENCE_CASE(30) WS_DIVERGENCE_CASE(31)
      default: break;
    }
  }
  a.out[t.tid] = acc;
}

#undef WS_DIVERGENCE_CASE

using Kernel = void (*)(DivergenceArgs);

template <bool I>
Kernel kernelFor(const PatternShape& s) {
  switch (static_cast<DivergencePattern>(s.pattern)) {
    case DivergencePattern::Uniform: return divergenceUniform<I>;
    case DivergencePattern::OddEven:
    case DivergencePattern::FirstK:
    case DivergencePattern::WarpUniform:
    case DivergencePattern::Random: return divergenceIfElse<I>;
    case DivergencePattern::Nested:
      return s.depth == 1 ? divergenceNested<1, I> : s.depth == 2 ? divergenceNested<2, I> : s.depth == 3 ? divergenceNested<3, I> : nullptr;
    case DivergencePattern::Loop: return divergenceLoop<I>;
    case DivergencePattern::Switch: return s.paths >= 1 && s.paths <= 32 ? divergenceSwitch<I> : nullptr;
  }
  return nullptr;
}

Kernel kernelFor(const PatternShape& s, bool instrumented) {
  return instrumented ? kernelFor<true>(s) : kernelFor<false>(s);
}

}  // namespace

unsigned recordSlotsFor(const PatternShape& shape, int reps) {
  const unsigned needed = static_cast<unsigned>(pathsPerRep(shape)) * static_cast<unsigned>(reps < 1 ? 1 : reps);
  unsigned slots = 1;
  while (slots < needed) slots <<= 1;
  return slots;
}

const void* divergenceKernel(const PatternShape& shape, bool instrumented) {
  return reinterpret_cast<const void*>(kernelFor(shape, instrumented));
}

cudaError_t launchDivergence(const DivergenceArgs& args, bool instrumented, unsigned blocks, unsigned threadsPerBlock) {
  const Kernel kernel = kernelFor(args.shape, instrumented);
  if (!kernel) return cudaErrorInvalidDeviceFunction;
  if (instrumented && (!args.records || args.recordCapacity == 0 || (args.recordCapacity & (args.recordCapacity - 1))))
    return cudaErrorInvalidValue;
  kernel<<<blocks, threadsPerBlock>>>(args);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
