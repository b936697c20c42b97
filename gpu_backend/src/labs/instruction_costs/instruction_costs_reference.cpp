#include "labs/instruction_costs/instruction_costs_reference.h"

#include <cmath>

namespace warpscope::labs {
namespace {

float stepFloat(InstructionKind kind, float a, float p, float q) {
  switch (kind) {
    case InstructionKind::Fp32Fma: return std::fmaf(a, p, q);
    case InstructionKind::Fp32Div:
    case InstructionKind::Fp32DivFast: return p / a + q;
    case InstructionKind::Sinf:
    case InstructionKind::SinfFast: return std::sin(a) + q;
    case InstructionKind::Expf:
    case InstructionKind::ExpfFast: return std::exp(-a) + q;
    // 1/sqrt in double, rounded once: the correctly rounded reciprocal square root.
    case InstructionKind::Rsqrtf:
    case InstructionKind::RsqrtfFast: return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a))) + q;
    // nvcc contracts a * 0.347 + q (both promoted to double) into one DFMA.
    case InstructionKind::LiteralFp64:
      return static_cast<float>(std::fma(static_cast<double>(a), 0.347, static_cast<double>(q)));
    case InstructionKind::LiteralFp32: return std::fmaf(a, 0.347f, q);
    default: return a;
  }
}

std::uint32_t stepWord(InstructionKind kind, std::uint32_t a, std::uint32_t p, std::uint32_t q) {
  switch (kind) {
    case InstructionKind::IntMad: return a * p + q;
    case InstructionKind::IntDiv: return p / a + q;
    case InstructionKind::IntMod: return p % a + q;
    default: return a;
  }
}

}  // namespace

double referenceChainValue(InstructionKind kind, unsigned thread, int chain, long long operations) {
  const ChainOperands ops = chainOperandsOf(kind);
  switch (chainTypeOf(kind)) {
    case ChainType::F64: {
      double a = chainStartFloat(thread, chain);
      for (long long i = 0; i < operations; ++i) a = std::fma(a, ops.p, ops.q);
      return a;
    }
    case ChainType::U32: {
      std::uint32_t a = chainStartWord(thread, chain);
      const auto p = static_cast<std::uint32_t>(ops.p);
      const auto q = static_cast<std::uint32_t>(ops.q);
      for (long long i = 0; i < operations; ++i) a = stepWord(kind, a, p, q);
      return a;
    }
    case ChainType::F32: break;
  }
  float a = static_cast<float>(chainStartFloat(thread, chain));
  const auto p = static_cast<float>(ops.p);
  const auto q = static_cast<float>(ops.q);
  for (long long i = 0; i < operations; ++i) a = stepFloat(kind, a, p, q);
  return a;
}

ChainTolerance chainTolerance(InstructionKind kind) {
  switch (kind) {
    case InstructionKind::Fp32Fma:
    case InstructionKind::Fp64Fma:
    case InstructionKind::LiteralFp32: return {0, "one correctly rounded FMA per step on both sides: bit for bit"};
    case InstructionKind::IntMad:
    case InstructionKind::IntDiv:
    case InstructionKind::IntMod: return {0, "32-bit integer arithmetic: bit for bit"};
    case InstructionKind::Fp32Div:
      return {0, "IEEE division (-prec-div=true) is correctly rounded, as the host's: bit for bit"};
    case InstructionKind::LiteralFp64:
      return {2.5e-7, "one DFMA rounded to float; 2 float ulps near the fixed point 0.38 in case ptxas does not fuse"};
    case InstructionKind::Fp32DivFast:
      return {1e-6, "__fdividef: 2 ulps per step at slope 0.38, about 4 ulps (5e-7) at the fixed point 1.62"};
    case InstructionKind::Sinf:
      return {1e-6, "sinf: 2 ulps per step (host 1) at slope 0.36, about 5 ulps (6e-7) at the fixed point 1.93"};
    case InstructionKind::SinfFast:
      return {2e-6, "__sinf: 2^-21.4 absolute per step at slope 0.36, about 6e-7 at the fixed point 1.93"};
    case InstructionKind::Expf:
    case InstructionKind::ExpfFast:
      return {1e-6, "expf 2 ulps, __expf 3 ulps of 0.43 per step at slope 0.43: under 3e-7"};
    case InstructionKind::Rsqrtf:
    case InstructionKind::RsqrtfFast:
      return {1e-6, "rsqrtf: 2 ulps of 0.75 per step at slope 0.21: under 3e-7"};
  }
  return {0, ""};
}

bool chainValueMatches(InstructionKind kind, double device, double host) {
  return std::fabs(device - host) <= chainTolerance(kind).absolute;  // false for NaN
}

}  // namespace warpscope::labs
