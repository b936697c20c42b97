#include "labs/atomics/atomics_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> atomicsPresets() {
  return {
      {.id = "atomics-race-guesswhat",
       .title = "What's the value of result[0]?",
       .claim = "x = {3, 5, 2, 1}: four threads run result[0] += x[tid] without atomics, and result[0] is not 11: "
                "the threads read result[0] at the same time, and each writes back its own sum. With atomicAdd it is 11.",
       .lookAt = "The bars: the true sum 11, atomicAdd's 11, and the racy sum: one thread's x. The four threads are "
                 "lanes of one warp: they load 0 together, and of their four stores to one word one is kept.",
       .source = "seed 002, CUDA Memory: Advanced Aspects: 'What's the value of result[0]?' (the guesswhat kernel, "
                 "without and with atomicAdd)",
       .settings = {"race_threads=4"},
       .view = "race",
       // The racy sum is wrong (below the true sum); atomicAdd's is the true sum.
       .checks = {"scalar:atomics.race_racy_sum < scalar:atomics.race_expected",
                  "scalar:atomics.race_atomic_sum ~ scalar:atomics.race_expected within 0.01%"},
       .question = "x = {3, 5, 2, 1}; four threads each run result[0] += x[tid], no atomics. What is result[0]?",
       .answers = {{.text = "11: every thread adds its value",
                    .checks = {"scalar:atomics.race_racy_sum >= 11"}},
                   {.text = "Less than 11: the threads read result[0] together and overwrite each other's sums",
                    .ifClaimHolds = true},
                   {.text = "0: nothing is written until the kernel ends",
                    .checks = {"scalar:atomics.race_racy_sum < 1"}}},
       .notes = "The four threads are one warp: one load instruction gives every lane 0, one store instruction writes "
                "four values to one word and one is kept (the H200 keeps lane 0's: 3). Then switch to 2^20 threads."},
      {.id = "atomics-race-lost-updates",
       .title = "A race: updates lost without atomics",
       .claim = "A race condition: when more than one thread accesses the same memory location concurrently and at "
                "least one of them writes to it, the result depends on the timing; atomic operations guarantee that "
                "no race occurs.",
       .lookAt = "2^20 threads add to one word. atomicAdd's bar equals the true sum; without atomics almost the whole "
                 "sum is lost: thousands of warps load result[0] before the first store reaches it, and each store "
                 "overwrites the others. On a GPU the racy bar's spread shows it varies from run to run.",
       .source = "seed 002, CUDA Memory: Advanced Aspects: 'Race Conditions on Memory Accesses', 'Race condition "
                 "definition' and 'What are atomic operations?'",
       .settings = {"race_threads=1048576"},
       .view = "race",
       // The result is wrong without atomics (updates lost) and right with them.
       .checks = {"scalar:atomics.race_lost_fraction > 0",
                  "scalar:atomics.race_atomic_sum ~ scalar:atomics.race_expected within 0.01%"},
       .question = "2^20 threads add x[tid] to one word, no atomics (true sum 2,883,584). What does result[0] hold?",
       .answers = {{.text = "2,883,584: each store waits for the one before it",
                    .checks = {"scalar:atomics.race_lost_fraction <= 0"}},
                   {.text = "Less, and a different value each run: warps load it before others' stores land",
                    .ifClaimHolds = true},
                   {.text = "0: the racing stores cancel out",
                    .checks = {"scalar:atomics.race_racy_sum < 1"}}},
       .notes = "Nearly all of the sum is lost: the H200's model keeps 6 of 32768 warps' updates (18), and a probe on "
                "the H200 gave tens, different every run. The stores are applied one after another; the loads are the problem: a warp's store carries a sum "
                "that misses every store made since its load. Run it twice on a GPU: the racy sum changes. Then the "
                "price of atomicAdd: the next slide."},
      {.id = "atomics-lock-like-bottleneck",
       .title = "atomicAdd(result[0], x[tid]): one address",
       .claim = "Atomic operations guarantee no race, at a cost: parallel threads updating one memory location are "
                "forced into a bottleneck, in a lock-like fashion, one update at a time.",
       .lookAt = "The left end of the global curve: every thread's float atomicAdd goes to one word and the rate is "
                 "that word's, one update after another; spread over more words, the updates are applied side by "
                 "side until the atomic units' own rate caps them.",
       .source = "seed 002, CUDA Memory: Advanced Aspects: Race conditions and atomic operations ('What's the value "
                 "of result[0]?')",
       .settings = {"addresses=1", "variant=global", "value_type=float"},
       .view = "global-vs-addresses",
       // One update at a time: a warp's 32 updates of the one word are 32 sector updates in turn, and the rate
       // is one word's, so 8 words give 8 times it.
       .checks = {"scalar:atomics.queue_per_request ~ 32 within 1%",
                  "global-vs-addresses/global@8 ~ 8 x global-vs-addresses/global@1 within 10%"},
       .question = "Every thread atomicAdds a float to one global word. Spread over 8 words instead, how does the rate change?",
       .answers = {{.text = "Lower: updates of 8 words get in each other's way",
                    .checks = {"global-vs-addresses/global@8 < 0.9 x global-vs-addresses/global@1"}},
                   {.text = "About the same: an atomic serialises every thread, whatever the address",
                    .checks = {"global-vs-addresses/global@8 >= 0.9 x global-vs-addresses/global@1",
                               "global-vs-addresses/global@8 < 2 x global-vs-addresses/global@1"}},
                   {.text = "About 8 times higher: only updates of the same word wait in line", .ifClaimHolds = true}},
       .notes = "Ask what the hardware serialises: the instruction, or the word? A warp's 32 updates of one word are "
                "32 L2 updates in turn; the rate doubles with each doubling of words up to about 16."},
      {.id = "atomics-warp-aggregation",
       .title = "Warp aggregation: one update per word and warp",
       .claim = "The 32 lanes of a warp that add to one address can add up first and send one update: the queue on "
                "that address is 32 times shorter.",
       .lookAt = "Step through the grid: plain, the warp's 32 updates wait for the one word in turn; aggregated, the "
                 "lanes' sum is one update. On the global chart the aggregated line starts 32 times above the plain one, "
                 "meets it at 32 addresses, where every lane has a word of its own, and stays below it beyond: there "
                 "the grouping costs more than it saves.",
       .source = "seed 002, CUDA Memory: Advanced Aspects: atomic operations' impact on performance; NVIDIA "
                 "Developer Blog, CUDA Pro Tip: Optimized Filtering with Warp-Aggregated Atomics (2014)",
       .settings = {"addresses=1", "variant=global-aggregated", "value_type=int"},
       .view = "queue",
       // The queue 32 times shorter: the speedup of aggregating a warp's 32 updates into one.
       .checks = {"scalar:atomics.aggregation_speedup ~ 32 within 25%"},
       .question = "Every lane atomicAdds an int to one global word. Sum each warp's lanes first, add once: how much faster?",
       .answers = {{.text = "About 32 times faster: one update per warp instead of 32 in the queue", .ifClaimHolds = true},
                   {.text = "Slower: the shuffles that sum the lanes cost more than they save",
                    .checks = {"scalar:atomics.aggregation_speedup < 0.9"}},
                   {.text = "A little faster at most: the atomic unit still takes warps in turn",
                    .checks = {"scalar:atomics.aggregation_speedup >= 0.9", "scalar:atomics.aggregation_speedup < 24"}}},
       .notes = "Step through the grid: plain, the warp's 32 updates of the word queue one after another; aggregated, "
                "one. Then ask why the two global lines meet at 32 addresses."},
      {.id = "atomics-histogram-privatisation",
       .title = "Histogram: a shared-memory copy per block",
       .claim = "A histogram counted with global atomics queues every block's updates at 256 words of the L2; a copy "
                "per block in shared memory takes the updates at the SM and merges once per block.",
       .lookAt = "The bars: the shared copy counts uniform bytes hundreds of times faster than global atomics, and "
                 "the input with one value (every update on one bin) is slower either way: the queue moves, it does "
                 "not go.",
       .source = "seed 002, CUDA Memory: Advanced Aspects: atomic operations' impact on performance, with the "
                 "privatised histogram of the NVIDIA/UIUC Teaching Kit the slides are remixed from (Kirk and Hwu, "
                 "Programming Massively Parallel Processors, the histogram chapter)",
       .settings = {"addresses=256", "variant=shared", "value_type=int"},
       .view = "histogram",
       // The slide gives no factor; what to look at says "hundreds of times", so that is checked.
       .checks = {"scalar:atomics.histogram_privatisation_speedup >= 100"},
       .question = "A 256-bin histogram of random bytes: a shared-memory copy per block, merged at the end, vs global atomics?",
       .answers = {{.text = "Slower: merging every block's copy costs more than it saves",
                    .checks = {"scalar:atomics.histogram_privatisation_speedup < 1"}},
                   {.text = "Hundreds of times faster: updates stay in the SM, merged once a block",
                    .ifClaimHolds = true},
                   {.text = "A few times faster: shared memory is only somewhat quicker than L2",
                    .checks = {"scalar:atomics.histogram_privatisation_speedup >= 1",
                               "scalar:atomics.histogram_privatisation_speedup < 100"}}},
       .notes = "Then point at the one-value input: both bars drop, every update on one bin. A copy per block moves "
                "the queue into the SM; it does not remove it."},
  };
}

}  // namespace warpscope::labs
