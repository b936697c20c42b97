#include "labs/register_vs_shared/register_vs_shared_presets.h"

namespace warpscope::labs {

namespace {

constexpr const char* kVolkov = "seed 000, Volkov, Better Performance at Lower Occupancy: ";

std::string volkovSlides(const char* slides) { return std::string(kVolkov) + slides; }

}  // namespace

std::vector<PresetSpec> registerVsSharedPresets() {
  return {
      {.id = "volkov-only-registers-reach-peak",
       .title = "Only registers are fast enough for peak",
       .claim = "Only registers are fast enough to get the peak: a*b+c needs 12 bytes in per 2 flops, "
                "and shared memory bandwidth is ~6x lower than register bandwidth on Fermi, so shared "
                "memory is not as fast as registers.",
       .lookAt = "Registers come within a few percent of the FP32 peak (66.9 TFLOP/s); b from shared memory "
                 "flattens at its ceiling, about 16.7 TFLOP/s (1/4 of peak), and b and c at about 8.4 (1/8), "
                 "even at the highlighted 2048 threads per SM. Register operands flow about 12x faster.",
       .source = volkovSlides("slides 'Only registers are fast enough to get the peak', 'Bandwidth needed "
                              "vs bandwidth available' and the fallacy 'accessing the shared memory is as "
                              "fast as accessing a register' (CUDA Programming Guide)"),
       // 2 blocks of 1024: the sweep and the highlighted point reach 2048 threads per SM.
       .settings = {"variant=shared-1", "threads_per_block=1024", "blocks_per_sm=2", "ilp=4"},
       .view = "gflops-vs-threads",
       // "The peak" as 0.9 of it, for registers and against b from shared memory even at 2048 threads;
       // the seed's ~6x bandwidth gap (Fermi) at least as wide here.
       .checks = {"gflops-vs-threads/Registers (a, b, c)@2048 >= 0.9 x gflops-vs-threads/Ceiling: FP32 peak@2048",
                  "gflops-vs-threads/b from shared memory@2048 < 0.9 x gflops-vs-threads/Ceiling: FP32 peak@2048",
                  "scalar:rvs.register_to_shared_ratio >= 6"},
       .question = "a*b+c at 2048 threads per SM, with b read from registers or from shared memory. How close to "
                   "FP32 peak?",
       .answers = {{.text = "Both near peak: shared memory is as fast as a register",
                    .checks = {"gflops-vs-threads/b from shared memory@2048 >= 0.9 x "
                               "gflops-vs-threads/Ceiling: FP32 peak@2048"}},
                   {.text = "Registers near peak; shared memory holds b to a fraction of it", .ifClaimHolds = true},
                   {.text = "Neither: even 2048 threads cannot hide the latency",
                    .checks = {"gflops-vs-threads/Registers (a, b, c)@2048 < 0.9 x "
                               "gflops-vs-threads/Ceiling: FP32 peak@2048"}}},
       .notes = "Ask for the bandwidth each FMA needs: 12 bytes in per 2 flops. Shared memory gives 128 B per clock "
                "per SM against 128 FMAs per clock: at most a quarter of peak with b from it."},
      {.id = "volkov-fewer-threads-registers-faster",
       .title = "Fewer threads in registers run faster",
       .claim = "Running fast may require low occupancy: must use registers to run close to the peak, "
                "which may take many registers per thread and so fewer threads.",
       .lookAt = "The highlighted register point runs at roughly 0.8 of peak or more with only 128 threads "
                 "per SM (6.25% occupancy), over 3x what b from shared memory reaches at any thread count; "
                 "registers beat it from 64 threads on.",
       .source = volkovSlides("slides 'Fewer threads = more registers per thread' and 'Running fast may "
                              "require low occupancy'"),
       .settings = {"variant=registers", "threads_per_block=64", "blocks_per_sm=2", "ilp=4"},
       .view = "gflops-vs-threads",
       // Registers at 6.25% occupancy outrun shared memory at 100%; registers alone get close to peak.
       .checks = {"gflops-vs-threads/Registers (a, b, c)@128 > gflops-vs-threads/b from shared memory@2048",
                  "scalar:rvs.best_fraction.registers >= 0.9"},
       .question = "a*b+c in registers at 128 threads per SM, or b from shared memory at 2048. Which runs faster?",
       .answers = {{.text = "Shared memory at 2048: 16x the threads hide more latency",
                    .checks = {"gflops-vs-threads/Registers (a, b, c)@128 < 0.8 x "
                               "gflops-vs-threads/b from shared memory@2048"}},
                   {.text = "About even: the latency and the bandwidth costs cancel out",
                    .checks = {"gflops-vs-threads/Registers (a, b, c)@128 >= 0.8 x "
                               "gflops-vs-threads/b from shared memory@2048",
                               "gflops-vs-threads/Registers (a, b, c)@128 <= 1.25 x "
                               "gflops-vs-threads/b from shared memory@2048"}},
                   {.text = "Registers at 128 threads, 6.25% occupancy", .ifClaimHolds = true}},
       .notes = "Running fast may take low occupancy: registers are the only operand store fast enough, and more "
                "registers per thread leave room for fewer threads."},
      {.id = "gpuarch-shared-memory-throughput-is-lower",
       .title = "Registers, not shared memory, reach peak",
       .claim = "Use more registers per thread to access slower shared memory less: shared memory latency "
                "is comparable to registers, but shared memory throughput is lower.",
       .lookAt = "With b and c in registers the FMA comes close to FP32 peak; reading b from shared memory "
                 "caps at 0.25 of peak and b and c at 0.125, however many threads run, and 64 threads with "
                 "registers already beat both shared variants at any thread count.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Volkov's Insights'",
       .settings = {"variant=registers", "ilp=4"},
       .view = "gflops-vs-threads",
       // Lower throughput: b from shared memory sits at its bandwidth ceiling, below registers.
       .checks = {"gflops-vs-threads/b from shared memory@2048 >= "
                  "0.9 x gflops-vs-threads/Ceiling: shared bandwidth, 1 operand@2048",
                  "gflops-vs-threads/Registers (a, b, c)@2048 > gflops-vs-threads/b from shared memory@2048"},
       .question = "Shared memory's latency is close to a register's. With b of a*b+c read from it, what limits the "
                   "FMA rate?",
       .answers = {{.text = "Nothing: it reaches FP32 peak, as with registers",
                    .checks = {"gflops-vs-threads/b from shared memory@2048 >= 0.9 x "
                               "gflops-vs-threads/Ceiling: FP32 peak@2048"}},
                   {.text = "Latency: it keeps climbing as threads are added"},
                   {.text = "Shared memory's bandwidth: a flat ceiling well below peak", .ifClaimHolds = true}},
       .notes = "Low latency does not mean high throughput: more threads cannot raise a bandwidth ceiling. Point at "
                "the flat shared-memory curves beside the registers climbing to peak."},
  };
}

}  // namespace warpscope::labs
