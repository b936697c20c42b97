#include "labs/limiter/limiter_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> limiterPresets() {
  return {
      {.id = "tuning2-vector-add-memory-bound",
       .title = "Vector add: far below the balanced ratio",
       .claim = "Vector add reads two 4-byte words, adds and writes one 4-byte word: 1 instruction : 12 "
                "bytes, much lower than the GPU's balanced instruction:byte ratio (3.76:1 on a Tesla "
                "M2090), thus memory bound. (This lab's kernel is a copy with one FMA per 4-byte load and "
                "4-byte store: 1 : 8 bytes.)",
       .lookAt = "The 'FP32 instruction : byte' pair of bars: this kernel at K = 1 (0.125) against the "
                 "device's balanced ratio (7.9 on the H200, 11.1 on the H100), 60 to 90x lower; the key figures put "
                 "it close to the bandwidth ceiling: memory bound.",
       .source = "seed 001, Performance Tuning (2): slides 'Things to Know About Your GPU' and 'Algorithmic "
                 "Analysis'",
       .settings = {"fmas_per_element=1", "occupancy_pct=100"},
       .view = "ratio-vs-balanced",
       // The kernel's 1 : 8; "much lower" = at least an order of magnitude (the seed's 1 : 12 vs 3.76 is
       // 45x); memory bound = achieved bandwidth "close" to the ceiling, the seed's 70%.
       .checks = {"ratio-vs-balanced/This kernel (K = 1 FMA per element)@FP32 instruction : byte ~ 0.125 within 1%",
                  "ratio-vs-balanced/Device balanced (FMA ceiling / bandwidth ceiling)@FP32 instruction : byte > "
                  "10 x ratio-vs-balanced/This kernel (K = 1 FMA per element)@FP32 instruction : byte",
                  "scalar:limiter.fraction_bandwidth >= 0.7"},
       .question = "This kernel does 1 FMA per 8 bytes moved (0.125 FMA/byte). Where is the GPU's balanced "
                   "FMA:byte ratio?",
       .answers = {{.text = "Over 10x higher: this kernel is memory bound, near the bandwidth ceiling",
                    .ifClaimHolds = true},
                   {.text = "Within 10x of it: a few more FMAs per element would balance it",
                    .checks = {"scalar:limiter.balanced_instr_per_byte <= 10 x scalar:limiter.instr_per_byte",
                               "scalar:limiter.balanced_instr_per_byte >= scalar:limiter.instr_per_byte"}},
                   {.text = "Lower: even this little math outpaces the memory",
                    .checks = {"scalar:limiter.balanced_instr_per_byte < scalar:limiter.instr_per_byte"}}},
       .notes = "Have them compute the balance: FMA rate / bandwidth, about 33 TFMA/s over 3 to 4 TB/s, 8 to "
                "11 FMAs per byte. The seed's M2090 was 3.76; vector add's 1:12 is far below either."},
      {.id = "tuning2-near-peak-metric-is-the-limiter",
       .title = "Close to a peak: that resource limits",
       .claim = "If one of the metrics (instruction or memory throughput) is close to the hardware peak, "
                "you're likely limited by it; 'close' is approximate, about 70% of theory or better (the "
                "chart's line and the lab's verdict use 60%).",
       .lookAt = "Bandwidth / copy ceiling stays flat at about 0.9 or a bit above from 0.25 to 8 flop/byte "
                 "(memory bound) while FLOP/s / FMA ceiling climbs and takes over past the ridge, near 1 at "
                 "256 flop/byte; the flat line at 0.6 is the lab's 'near' threshold, looser than the seed's "
                 "70%. Only around the ridge are both below 0.9.",
       .source = "seed 001, Performance Tuning (2): slide 'Another Way to Use the Profiler'",
       .settings = {"fmas_per_element=16", "occupancy_pct=100"},
       .view = "fraction-vs-intensity",
       // Close = the seed's 70%. At the focus (4 flop/byte) bandwidth is close and limits: the full kernel
       // takes the memory-only time; at 256 flop/byte the FMA ceiling is close.
       .checks = {"fraction-vs-intensity/Bandwidth / copy ceiling@4 >= 0.7",
                  "scalar:limiter.time_ms.full ~ scalar:limiter.time_ms.memory_only within 5%",
                  "fraction-vs-intensity/FLOP/s / FMA ceiling@256 >= 0.7"},
       .question = "A kernel at 4 flop/byte, well below the ridge (about 16 to 22). Which runs close to its "
                   "ceiling?",
       .answers = {{.text = "FLOP/s: the FMA units are the bottleneck",
                    .checks = {"fraction-vs-intensity/FLOP/s / FMA ceiling@4 >= 0.7"}},
                   {.text = "Bandwidth: the full kernel takes as long as its memory-only version",
                    .ifClaimHolds = true},
                   {.text = "Neither: both stay well under 70% of their ceilings",
                    .checks = {"fraction-vs-intensity/Bandwidth / copy ceiling@4 < 0.7",
                               "fraction-vs-intensity/FLOP/s / FMA ceiling@4 < 0.7"}}},
       .notes = "After the reveal, follow both curves right: the FMA fraction takes over past the ridge. Only "
                "around the ridge are both under 0.9, which is where the next slide's overlap question "
                "matters."},
      // K = 64 is 16 flop/byte, next to the ridge (15.8 on the H200 model): memory and math take about as
      // long, so the overlap shows most.
      {.id = "tuning2-memory-only-math-only",
       .title = "Full vs memory-only + math-only times",
       .claim = "Time memory-only and math-only versions of the kernel and compare the sum of their times "
                "to the full-kernel time: it tells whether the kernel is memory or math bound and how well "
                "memory operations are overlapped with arithmetic.",
       .lookAt = "At K = 64 memory-only and math-only take about the same time, yet the full kernel takes "
                 "about as long as the slower of the two, roughly half their sum: overlap near 100% in the "
                 "title, the seed's 'balanced, good mem-math overlap'. Time per launch vs intensity shows the full "
                 "kernel on memory-only at low K and on math-only at high K.",
       .source = "seed 001, Performance Tuning (2): slides 'Analysis with Modified Source Code' and 'Some "
                 "Example Scenarios'",
       .settings = {"fmas_per_element=64", "occupancy_pct=100"},
       .view = "variant-times",
       // Balanced: the two parts within 20% of each other; good overlap: the full time exceeds the slower
       // part by at most a tenth of the faster (overlap = (t_mem + t_math - t_full) / min).
       .checks = {"scalar:limiter.time_ms.math_only ~ scalar:limiter.time_ms.memory_only within 20%",
                  "scalar:limiter.overlap >= 0.9"},
       .question = "At K = 64, the memory-only and math-only versions each take about t. How long does the "
                   "full kernel take?",
       .answers = {{.text = "About 2t: it loads, then computes, then stores",
                    .checks = {"scalar:limiter.overlap <= 0.3"}},
                   {.text = "About 1.5t: memory and math overlap only in part",
                    .checks = {"scalar:limiter.overlap > 0.3", "scalar:limiter.overlap < 0.9"}},
                   {.text = "About t: other warps compute while some wait on memory", .ifClaimHolds = true}},
       .notes = "Overlap = (t_mem + t_math - t_full) / min is in the chart title. Ask what makes the overlap "
                "possible (many warps per SM), then switch occupancy down to 12.5% for the next slide."},
      // 12.5%: one block of 256 threads per SM, too few to keep both the bytes and the FMAs in flight.
      {.id = "tuning2-memory-and-latency-bound",
       .title = "Low occupancy: latency bound, poor overlap",
       .claim = "Suspect latency issues if neither memory nor instruction throughput is close to the "
                "hardware's rates and the full-kernel time is significantly larger than max{mem-only, "
                "math-only}; one cause is too few concurrent threads per multiprocessor (occupancy too "
                "low).",
       .lookAt = "The balanced kernel (K = 64) at one block per SM: the Full bar now stands clearly above "
                 "both memory-only and math-only, the overlap in the title drops well below 100%, and the "
                 "note finds neither ceiling reaching the 60% 'near' mark: latency bound.",
       .source = "seed 001, Performance Tuning (2): slides 'Some Example Scenarios' (memory and latency "
                 "bound) and 'Instruction Latency Limited Kernel'",
       .settings = {"fmas_per_element=64", "occupancy_pct=12.5"},
       .view = "variant-times",
       // Neither close (the seed's 70%); "significantly larger" than max{mem-only, math-only}: 10% or more,
       // against the 0 to 3% of the same kernel at full occupancy.
       .checks = {"scalar:limiter.fraction_bandwidth < 0.7", "scalar:limiter.fraction_fma < 0.7",
                  "scalar:limiter.time_ms.full >= 1.1 x scalar:limiter.time_ms.memory_only",
                  "scalar:limiter.time_ms.full >= 1.1 x scalar:limiter.time_ms.math_only"},
       .question = "Same kernel (K = 64) at one block of 256 threads per SM (12.5% occupancy). Full time vs "
                   "its two parts?",
       .answers = {{.text = "Clearly longer than both: too little in flight to keep either busy",
                    .ifClaimHolds = true},
                   {.text = "About the memory-only time: it is still memory bound",
                    .checks = {"scalar:limiter.time_ms.full < 1.1 x scalar:limiter.time_ms.memory_only"}},
                   {.text = "About the math-only time: with few threads, the FMAs limit it",
                    .checks = {"scalar:limiter.time_ms.full < 1.1 x scalar:limiter.time_ms.math_only"}}},
       .notes = "The seed's diagnosis: neither throughput near its peak and the full time well above "
                "max(mem-only, math-only) means latency. Ask for the cure: more warps per SM, or more "
                "independent work per thread."},
  };
}

}  // namespace warpscope::labs
