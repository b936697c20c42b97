#include "labs/latency_arith/latency_arith_presets.h"

namespace warpscope::labs {

namespace {

constexpr const char* kVolkov = "seed 000, Volkov, Better Performance at Lower Occupancy: ";

std::string volkovSlides(const char* slides) { return std::string(kVolkov) + slides; }

}  // namespace

std::vector<PresetSpec> latencyArithPresets() {
  return {
      {.id = "volkov-no-ilp-needs-many-threads",
       .title = "No ILP: peak needs many threads",
       .claim = "Needed parallelism = latency x throughput (Little's law): with no ILP, one dependent "
                "FMA per thread, the GTX480 needs 576 threads per SM to get 100% utilization.",
       .lookAt = "ILP 1 climbs in a straight line with threads per SM and only nears peak at about 500 "
                 "threads per SM, as Little's law predicts (4.2 cycles of FMA latency x 128 lanes: some "
                 "540 FMAs in flight per SM on Hopper). The dips past it are warps dealt unevenly to the 4 "
                 "schedulers.",
       .source = volkovSlides("slides 'Use Little's law', 'Arithmetic parallelism in numbers' and "
                              "'Experimental result (GTX480)'"),
       // One block on one SM, as Volkov ran it; the focus sits where ILP 1 first reaches peak.
       .settings = {"ilp=1", "threads_per_block=640", "blocks_per_sm=1"},
       .view = "fraction-vs-threads",
       // Many threads: Little's law on Hopper asks for some 540 FMAs in flight per SM.
       .checks = {"scalar:threads_for_90pct.ilp_1 >= 384"},
       .question = "One dependent FMA per thread, no ILP: how many threads per SM does it take to reach 90% of FP32 "
                   "peak?",
       .answers = {{.text = "About 128: one warp per scheduler keeps its FMA pipe busy",
                    .checks = {"scalar:threads_for_90pct.ilp_1 <= 192"}},
                   {.text = "About 256: two warps per scheduler cover the latency"},
                   {.text = "About 500: latency x lanes, some 540 FMAs must be in flight", .ifClaimHolds = true},
                   {.text = "All 2048: only full occupancy reaches peak",
                    .checks = {"scalar:threads_for_90pct.ilp_1 >= 1536"}}},
       .notes = "Ask for the arithmetic first: 4.2 cycles of FMA latency x 128 lanes per SM is about 540 FMAs in "
                "flight, one per thread. Then point at ILP 1 climbing in a straight line to about 500."},
      {.id = "volkov-ilp-peak-with-fewer-threads",
       .title = "More ILP: peak with fewer threads",
       .claim = "GPUs can hide latency using ILP: have more ILP, need fewer threads (GTX480: 576 "
                "threads at ILP 1, 320 at ILP 2, 256 at ILP 3, 192 at ILP 4).",
       .lookAt = "Each higher ILP curve climbs more steeply: ILP 1 needs roughly 500 threads per SM for 90% "
                 "of peak, ILP 2 and up about half that or fewer (the counts are listed under the chart); "
                 "the highlighted ILP 4 point at 256 threads is above 0.9 of peak.",
       .source = volkovSlides("slides 'GPUs can hide latency using ILP' and 'Have more ILP - need "
                              "fewer threads'"),
       .settings = {"ilp=4", "threads_per_block=256", "blocks_per_sm=1"},
       .view = "fraction-vs-threads",
       // The seed's ladder (576, 320, 256, 192 threads): each step of ILP needs no more threads.
       .checks = {"scalar:threads_for_90pct.ilp_2 < scalar:threads_for_90pct.ilp_1",
                  "scalar:threads_for_90pct.ilp_3 <= scalar:threads_for_90pct.ilp_2",
                  "scalar:threads_for_90pct.ilp_4 <= scalar:threads_for_90pct.ilp_3",
                  "fraction-vs-threads/ILP 4@256 >= 0.9"},
       .question = "ILP 1 needs about 500 threads per SM for 90% of peak. What does ILP 4 need?",
       .answers = {{.text = "About as many: threads hide latency, not instructions"},
                   {.text = "Fewer: each thread keeps 4 independent FMAs in flight", .ifClaimHolds = true},
                   {.text = "More: longer chains of work per thread slow each warp down",
                    .checks = {"scalar:threads_for_90pct.ilp_4 > scalar:threads_for_90pct.ilp_1"}}},
       .notes = "Ask before the reveal: how many FMAs must be in flight per SM (latency x lanes)? With ILP 4 "
                "a warp supplies four of them."},
      {.id = "volkov-hide-latency-either-way",
       .title = "Hide latency either way: TLP or ILP",
       .claim = "Latency can be hidden either way, with thread parallelism or with instruction "
                "parallelism: increasing occupancy is not the only way to improve latency hiding, "
                "and occupancy is not a metric of utilization.",
       .lookAt = "At a fixed 256 threads per SM (12.5% occupancy on the H200) ILP alone lifts the fraction "
                 "of peak from about 0.48 at ILP 1 to above 0.9 from ILP 2 on: same occupancy, about twice "
                 "the utilization.",
       .source = volkovSlides("slides 'Summary: can hide latency either way' and the fallacies "
                              "'Increasing occupancy is the only way to improve latency hiding' and "
                              "'Occupancy is a metric of utilization'"),
       // 256 threads = 12.5% of the H200's 2048 thread slots, Volkov's 'fixed thread parallelism'.
       .settings = {"ilp=3", "threads_per_block=256", "blocks_per_sm=1"},
       .view = "fraction-vs-ilp",
       // Same occupancy, about twice the utilization from ILP alone.
       .checks = {"fraction-vs-ilp/256 threads per SM@2 >= 1.6 x fraction-vs-ilp/256 threads per SM@1",
                  "fraction-vs-ilp/256 threads per SM@3 >= 0.9"},
       .question = "Fixed at 256 threads per SM (12.5% occupancy), ILP 1 gets about half of FP32 peak. What do ILP 2 "
                   "and 3 get?",
       .answers = {{.text = "Still about half: at 12.5% occupancy too few warps hide the latency",
                    .checks = {"fraction-vs-ilp/256 threads per SM@3 < 1.3 x fraction-vs-ilp/256 threads per SM@1"}},
                   {.text = "More, but well short of peak without more threads"},
                   {.text = "Near peak: independent FMAs hide latency as extra warps would", .ifClaimHolds = true}},
       .notes = "Same occupancy, about twice the utilization: ask whether occupancy measures utilization. Volkov's "
                "fallacy: raising occupancy is not the only way to hide latency."},
      {.id = "volkov-peak-with-few-threads-per-sm",
       .title = "Near peak with few threads per SM (fallacy)",
       .claim = "Contrary to the Best Practices Guide (at least 192 threads per SM on 1.x, 384 on 2.0), "
                "hiding arithmetic latency completely is doable with 64 threads per SM on G80-GT200 "
                "and with 192 threads on GF100.",
       .lookAt = "The highlighted ILP 6 point is near peak (within about 15% of it) with only 128 threads "
                 "per SM (one warp per scheduler, 6.25% occupancy), where ILP 1 gets about a quarter of peak.",
       .source = volkovSlides("slide 'Fallacy: \"To hide arithmetic latency completely, multiprocessors "
                              "should be running at least 192 threads\" (CUDA Best Practices Guide)'"),
       // One warp per scheduler must cover the 4.2-cycle FMA latency by itself: ILP >= 5 on Hopper.
       .settings = {"ilp=6", "threads_per_block=128", "blocks_per_sm=1"},
       .view = "fraction-vs-threads",
       // Near peak (within about 15%) with 128 threads per SM at ILP 6, where ILP 1 gets far less.
       .checks = {"fraction-vs-threads/ILP 6@128 >= 0.85", "fraction-vs-threads/ILP 1@128 < 0.5"},
       .question = "Only 128 threads per SM (one warp per scheduler), each with 6 independent FMAs: what fraction of "
                   "FP32 peak?",
       .answers = {{.text = "Under 30%: one warp per scheduler cannot hide the FMA latency",
                    .checks = {"fraction-vs-threads/ILP 6@128 < 0.3"}},
                   {.text = "About half: the guide asks for at least 192 threads per SM"},
                   {.text = "85% or more: six FMAs in flight per warp cover the latency", .ifClaimHolds = true}},
       .notes = "The CUDA Best Practices Guide asked for at least 192 threads per SM. Point at ILP 1 at the same 128 "
                "threads: about a quarter of peak."},
      {.id = "gpuarch-ilp-hides-latency-with-fewer-threads",
       .title = "More work per thread: fewer threads needed",
       .claim = "Do more parallel work per thread to hide latency with fewer threads, i.e. increase ILP "
                "(unroll).",
       .lookAt = "At the highlighted 128 threads per SM ILP 4 already runs at over 0.85 of FP32 peak "
                 "while ILP 1 manages about a quarter; ILP 1 needs roughly four times the threads to catch "
                 "up.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Volkov's Insights'",
       .settings = {"ilp=4", "threads_per_block=128", "blocks_per_sm=1"},
       .view = "fraction-vs-threads",
       // 4 independent FMAs per thread give up to 4x while latency-bound: >= 3x is most of it.
       .checks = {"fraction-vs-threads/ILP 4@128 >= 3 x fraction-vs-threads/ILP 1@128",
                  "scalar:threads_for_90pct.ilp_4 < scalar:threads_for_90pct.ilp_1"},
       .question = "At 128 threads per SM, each thread is unrolled from 1 to 4 independent FMAs. How much faster "
                   "does it run?",
       .answers = {{.text = "No faster: the same FMA units do the same work",
                    .checks = {"fraction-vs-threads/ILP 4@128 < 1.3 x fraction-vs-threads/ILP 1@128"}},
                   {.text = "3x or more: four FMAs in flight per thread instead of one", .ifClaimHolds = true},
                   {.text = "Faster, but under 3x: the longer loop body costs issue slots"}},
       .notes = "While latency-bound, each independent FMA per thread adds one more in flight: up to 4x. Then ask "
                "how many threads ILP 1 needs to catch up (the counts under the chart)."},
  };
}

}  // namespace warpscope::labs
