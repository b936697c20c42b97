#include "labs/latency_memory/latency_memory_presets.h"

namespace warpscope::labs {

namespace {

constexpr const char* kVolkov = "seed 000, Volkov, Better Performance at Lower Occupancy: ";

std::string volkovSlides(const char* slides) { return std::string(kVolkov) + slides; }

}  // namespace

std::vector<PresetSpec> latencyMemoryPresets() {
  return {
      {.id = "volkov-copy-one-float-needs-occupancy",
       .title = "Copy 1 float per thread: occupancy?",
       .claim = "Copying one float per thread, bandwidth grows only with occupancy: must we maximize "
                "occupancy to hide memory latency?",
       .lookAt = "The 4 B/thread series climbs steadily, 1.7-1.9x for each doubling of occupancy, and is still "
                 "rising at 100% (about 0.65 of cudaMemcpy on H200, 0.8 on H100): even 2048 threads per SM keep "
                 "too few bytes in flight. 8 and 16 B/thread get about as far at 50% and 25% occupancy.",
       .source = volkovSlides("slides 'Empirical validation' and 'Copying 1 float per thread (GTX480)'"),
       // 256-thread blocks: with 64-thread blocks the 4 B series stops at 0.2 from 25% occupancy on,
       // held by the rate at which blocks start (12.5 per SM per us), not by latency.
       .settings = {"elements_per_thread=1", "element_bytes=4", "occupancy_pct=100",
                    "threads_per_block=256"},
       .view = "fraction-vs-occupancy",
       // "Grows only with occupancy": latency-bound, so doubling the threads must do much more than add a
       // little (>= 1.5x); and at 100% it still falls short of what more bytes per thread reach.
       .checks = {"fraction-vs-occupancy/4 B/thread (1x4 B)@50 >= 1.5 x fraction-vs-occupancy/4 B/thread (1x4 B)@25",
                  "fraction-vs-occupancy/4 B/thread (1x4 B)@100 >= 1.5 x fraction-vs-occupancy/4 B/thread (1x4 B)@50",
                  "fraction-vs-occupancy/4 B/thread (1x4 B)@100 <= "
                  "0.9 x fraction-vs-occupancy/64 B/thread (8x8 B)@100"},
       .question = "A copy kernel moves one float per thread. As occupancy rises from 25% to 100%, what does its "
                   "bandwidth do?",
       .answers = {{.text = "Flat: 25% occupancy already saturates DRAM",
                    .checks = {"fraction-vs-occupancy/4 B/thread (1x4 B)@100 < 1.3 x "
                               "fraction-vs-occupancy/4 B/thread (1x4 B)@25"}},
                   {.text = "Climbs, then levels off near full bandwidth well before 100%"},
                   {.text = "Climbs with each doubling and still falls short at 100%", .ifClaimHolds = true}},
       .notes = "Ask what Little's law needs in flight (latency x bandwidth, about 100 KB on a GTX480, MBs today) "
                "and how many bytes 2048 threads of 4 B give. Then compare the 64 B/thread series."},
      {.id = "volkov-copy-float4-low-occupancy",
       .title = "8 float4 per thread: low occupancy",
       .claim = "Do more parallel work per thread: copying 8 float4 per thread gets 87% of pin bandwidth "
                "at only 8% occupancy, so low occupancy does not always interfere with hiding memory "
                "latency.",
       .lookAt = "At 6.25% occupancy (2 blocks of 64 threads: 4 warps per SM) the highlighted 128 B/thread "
                 "point copies at over 0.8 of cudaMemcpy, where 4 B/thread gets under a tenth; even "
                 "at 3.1% (2 warps) 128 B/thread still gets over half.",
       .source = volkovSlides("slides 'Copying 8 float4 values per thread', 'Copying 14 float4 values "
                              "per thread' and the fallacies 'Low occupancy always interferes with the "
                              "ability to hide memory latency' and 'more warps are required'"),
       // 64-thread blocks give occupancy steps of 3.1%; 6% rounds to 2 blocks per SM (6.25%).
       .settings = {"elements_per_thread=8", "element_bytes=16", "occupancy_pct=6",
                    "threads_per_block=64"},
       .view = "fraction-vs-occupancy",
       // The seed's 87% at 8% occupancy, as "most of the copy bandwidth at low occupancy".
       .checks = {"scalar:focus.fraction >= 0.75",
                  "scalar:focus.occupancy_pct <= 12.5"},
       .question = "8 float4 (128 B) per thread at 6.25% occupancy, 4 warps per SM: what fraction of cudaMemcpy's "
                   "bandwidth?",
       .answers = {{.text = "Over three quarters: 8 independent loads per thread are in flight", .ifClaimHolds = true},
                   {.text = "Under 30%: so few warps cannot hide DRAM latency",
                    .checks = {"scalar:focus.fraction < 0.3"}},
                   {.text = "About half: low occupancy costs half the bandwidth"}},
       .notes = "Point at 4 B/thread at the same occupancy: under a tenth. Volkov's fallacy: low occupancy always "
                "interferes with hiding memory latency."},
      {.id = "volkov-two-ways-hide-memory-latency",
       .title = "Two ways to hide memory latency",
       .claim = "Hiding memory latency means keeping enough bytes in flight (Little's law: ~100 KB on "
                "the GTX480), and there are two ways to get them: more threads (occupancy) or more "
                "bytes per thread.",
       .lookAt = "At a fixed 12.5% occupancy, bytes per thread alone lift the copy from 0.11-0.16 of cudaMemcpy "
                 "(4 B) to over 0.9 (128 B, float4); 32 B per thread lands where 16 B/thread gets at 25% "
                 "occupancy in the occupancy view: 2x the bytes per thread or 2x the threads.",
       .source = volkovSlides("slides 'Hiding memory latency', 'How many threads is 100 KB?' and 'Two "
                              "ways to hide memory latency'"),
       .settings = {"elements_per_thread=8", "element_bytes=16", "occupancy_pct=12",
                    "threads_per_block=64"},
       .view = "fraction-vs-bytes",
       // Bytes per thread alone hide the latency; doubling them does what doubling the threads does.
       .checks = {"fraction-vs-bytes/16-byte elements (float4)@128 >= 0.9",
                  "fraction-vs-bytes/4-byte elements (float)@32 ~ "
                  "fraction-vs-occupancy/16 B/thread (4x4 B)@25 within 10%"},
       .question = "Occupancy fixed at 12.5%. Each thread copies more bytes, from 4 B to 128 B. What does the copy's "
                   "bandwidth do?",
       .answers = {{.text = "Hardly moves: occupancy sets how much latency is hidden",
                    .checks = {"fraction-vs-bytes/16-byte elements (float4)@128 < 2 x "
                               "fraction-vs-bytes/4-byte elements (float)@4"}},
                   {.text = "Climbs, but stays well short of cudaMemcpy without more threads"},
                   {.text = "Climbs to over 90% of cudaMemcpy: bytes in flight are what count", .ifClaimHolds = true}},
       .notes = "Little's law counts bytes in flight, not threads: 2x the bytes per thread does what 2x the threads "
                "does. Compare 32 B per thread here with 16 B per thread at 25% occupancy."},
      {.id = "tuning2-several-elements-per-thread",
       .title = "Several elements per thread hide latency",
       .claim = "With too few threads to hide latency, process several output elements per thread: it gives "
                "more independent memory and arithmetic instructions, which get pipelined.",
       .lookAt = "At 12.5% occupancy the copy reaches only 0.11-0.16 of cudaMemcpy with one float per thread "
                 "but over 0.9 with 128 B per thread (8 float4): more independent loads in flight per thread "
                 "make up for the missing threads.",
       .source = "seed 001, Performance Tuning (2): slide 'Latency: Optimization'",
       .settings = {"occupancy_pct=12", "element_bytes=16", "elements_per_thread=8"},
       .view = "fraction-vs-bytes",
       // 8 loads per thread give up to 8x if pipelined, 1x if not: >= 4x is at least half that overlap.
       .checks = {"fraction-vs-bytes/4-byte elements (float)@32 >= 4 x fraction-vs-bytes/4-byte elements (float)@4",
                  "fraction-vs-bytes/16-byte elements (float4)@128 >= 0.9"},
       .question = "At 12.5% occupancy each thread copies 8 floats instead of 1. How does the copy's bandwidth "
                   "change?",
       .answers = {{.text = "4x or more: the 8 independent loads are in flight together", .ifClaimHolds = true},
                   {.text = "About the same: one thread's loads are served one after another",
                    .checks = {"fraction-vs-bytes/4-byte elements (float)@32 < 1.5 x "
                               "fraction-vs-bytes/4-byte elements (float)@4"}},
                   {.text = "Faster, but under 4x: the extra loads mostly wait on each other"}},
       .notes = "Ask whether a thread waits for its first load before issuing the second. Loads stall at first use, "
                "not at issue: 8 independent loads overlap."},
  };
}

}  // namespace warpscope::labs
