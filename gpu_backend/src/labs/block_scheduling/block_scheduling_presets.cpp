#include "labs/block_scheduling/block_scheduling_presets.h"

namespace warpscope::labs {

namespace {

constexpr const char* kReasoningSource =
    "seed 003, Pai, GPU Architecture I (Execution): slide 'Reasoning about occupancy' (More on GPU Occupancy)";
constexpr const char* kSummarySource =
    "seed 003, Pai, GPU Architecture I (Execution): slides 'Thread blocks to an SM' and 'Summary' (GPU "
    "Execution of Kernels)";

}  // namespace

std::vector<PresetSpec> blockSchedulingPresets() {
  return {
      {.id = "gpuarch-reasoning-one-block",
       .title = "kernel<<<1, T>>>: one block, one SM",
       .claim = "Reasoning about occupancy, case 1: a grid of 1 thread block runs on one SM; whatever its size, "
                "the GPU's other SMs have nothing to do.",
       .lookAt = "One bar on one SM's timeline, the other rows empty; under Figures, 1 SM of the device's N ran a "
                 "block and the block slots were busy well under 1% of the time.",
       .source = kReasoningSource,
       .settings = {"grid=one-block", "threads_per_block=256", "sms_drawn=4"},
       .view = "blocks-on-sms",
       // One SM of N worked; the slots are idle nearly all the time.
       .checks = {"scalar:sched.sms_used ~ 1 within 1%", "scalar:sched.slot_utilization_pct < 5"},
       .question = "kernel<<<1, 256>>> on a GPU with over a hundred SMs: how many SMs does it use?",
       .answers = {{.text = "One: a block runs whole on one SM", .ifClaimHolds = true},
                   {.text = "All of them: its 8 warps spread over the SMs", .checks = {"scalar:sched.sms_used > 7.5"}},
                   {.text = "Eight: one warp per SM",
                    .checks = {"scalar:sched.sms_used > 1.5", "scalar:sched.sms_used < 8.5"}}},
       .notes = "Ask what the other SMs are doing. Then step to N blocks."},
      {.id = "gpuarch-reasoning-n-blocks",
       .title = "N blocks: one per SM",
       .claim = "Case 2: N thread blocks, N equal to the number of SMs, put one block on every SM: all SMs work, "
                "each at one block of its residency.",
       .lookAt = "Every drawn SM holds one block in its first slot, the other slots pale; under Figures every SM "
                 "ran a block and none held more than one at once.",
       .source = kReasoningSource,
       .settings = {"grid=one-per-sm", "threads_per_block=256", "sms_drawn=4"},
       .view = "blocks-on-sms",
       .checks = {"scalar:sched.sms_used ~ scalar:sched.sms within 1%",
                  "scalar:sched.max_resident_per_sm ~ 1 within 1%"},
       .question = "As many blocks as SMs: where do they go?",
       .answers = {{.text = "One on every SM: the scheduler spreads them", .ifClaimHolds = true},
                   {.text = "Packed onto the first SMs, as many as fit on each",
                    .checks = {"scalar:sched.max_resident_per_sm > 1.5"}},
                   {.text = "Some SMs get none, others two",
                    .checks = {"scalar:sched.sms_used < 0.99 x scalar:sched.sms"}}},
       .notes = "Every SM is busy, yet each runs 8 of its 64 warps: occupancy is low though no SM is idle."},
      {.id = "gpuarch-reasoning-full-wave",
       .title = "N x residency blocks: one full wave",
       .claim = "Case 3: N x residency thread blocks fill every block slot of every SM: all start at once and none "
                "waits.",
       .lookAt = "Every sub-row of every SM row lit by one wave-1 block; the resident-blocks curve (Ctrl+Tab) rises at "
                 "once to the capacity line and the grid takes about one block's work.",
       .source = kReasoningSource,
       .settings = {"grid=one-wave", "threads_per_block=256", "sms_drawn=4"},
       .view = "blocks-on-sms",
       .checks = {"scalar:sched.max_resident_per_sm ~ scalar:sched.residency within 1%",
                  "scalar:sched.waited_blocks < 1", "scalar:sched.kernel_us < 1.5 x scalar:sched.block_us"},
       .question = "Exactly N x residency blocks, each working 20 us: how long does the grid take?",
       .answers = {{.text = "About 20 us: every block runs at once", .ifClaimHolds = true},
                   {.text = "About 40 us: half of them wait",
                    .checks = {"scalar:sched.kernel_us > 1.5 x scalar:sched.block_us"}},
                   {.text = "Residency x 20 us: an SM runs its blocks one after another",
                    .checks = {"scalar:sched.kernel_us > 2.5 x scalar:sched.block_us"}}},
       .notes = "Residency is the calculator's answer for this block (Occupancy lab): 8 blocks of 256 threads on a "
                "2048-thread SM."},
      {.id = "gpuarch-remaining-blocks-wait",
       .title = "More blocks than slots: the rest wait",
       .claim = "Once all SMs are occupied, remaining blocks wait, and start running once currently running blocks "
                "finish: a grid of a wave and a quarter takes two blocks' time, the last quarter-wave leaving most "
                "slots idle (the tail).",
       .lookAt = "The second wave's blocks (waited for a slot) start where the first wave's end, in a quarter of the "
                 "slots; the resident-blocks curve (Ctrl+Tab) drops from the capacity line to a quarter of it for the "
                 "second half. Under Figures the waiting blocks are exactly the tail.",
       .source = kSummarySource,
       .settings = {"grid=wave-and-a-quarter", "threads_per_block=256", "sms_drawn=4"},
       .view = "blocks-on-sms",
       .animationAt = 0.55,
       .checks = {"scalar:sched.waited_blocks ~ scalar:sched.tail_blocks within 1%",
                  "scalar:sched.kernel_us >= 1.8 x scalar:sched.block_us", "scalar:sched.slot_utilization_pct < 75"},
       .question = "A wave and a quarter of 20-us blocks: how long does the grid take?",
       .answers = {{.text = "About 25 us: 1.25 waves",
                    .checks = {"scalar:sched.kernel_us < 1.5 x scalar:sched.block_us"}},
                   {.text = "About 40 us: the last quarter waits for a slot, then runs a whole block",
                    .ifClaimHolds = true},
                   {.text = "About 60 us or more", .checks = {"scalar:sched.kernel_us > 2.6 x scalar:sched.block_us"}}},
       .notes = "Blocks are not split: a quarter-wave costs a whole block's time with three quarters of the slots "
                "idle. Ask how to avoid the tail (more, smaller blocks; or a grid of whole waves)."},
      {.id = "gpuarch-waves-staircase",
       .title = "Kernel time climbs in waves",
       .claim = "Up to N x residency blocks run at once, so the kernel's time is flat up to a full wave and jumps "
                "by a block's work with the first block beyond it: time climbs in steps, one per wave.",
       .lookAt = "A staircase: the measured or modelled kernel time follows the 'waves x work' steps, flat within "
                 "each wave and up by about 20 us at each multiple of N x residency blocks.",
       .source = kSummarySource,
       .settings = {"grid=wave-and-a-quarter", "threads_per_block=256"},
       .view = "time-vs-blocks",
       .checks = {"scalar:sched.time_one_wave_plus_one_us > 1.5 x scalar:sched.time_one_wave_us",
                  "scalar:sched.time_one_wave_us < 1.5 x scalar:sched.time_one_block_us"},
       .question = "One block more than a full wave: how much longer does the kernel take?",
       .answers = {{.text = "Hardly longer: one block among a thousand",
                    .checks = {"scalar:sched.time_one_wave_plus_one_us < 1.2 x scalar:sched.time_one_wave_us"}},
                   {.text = "A whole block's work longer: the extra block runs alone in a second wave",
                    .ifClaimHolds = true}},
       .notes = "The first step is the launch plus one block's work; each later step one block's work."},
      {.id = "volkov-matmul-only-one-block-fits",
       .title = "Matmul's 1024-thread blocks: how many fit",
       .claim = "Volkov's baseline matrix multiply runs 32 x 32 = 1024-thread blocks with two 4 KiB tiles: on "
                "the GTX480, whose SM holds 1536 threads, only 1 block fits per SM, so no other block's global "
                "loads overlap a block's arithmetic; Hopper's 2048-thread SM fits 2.",
       .lookAt = "Each SM row has as many sub-rows as blocks fit (1 on sim:gtx480, 2 on an H100 or H200); under "
                 "Figures threads are the limiting resource and the measured blocks per SM equal it.",
       .source = "seed 000, Volkov, Better Performance at Lower Occupancy, part IV: slide 'Baseline performance' "
                 "('But only 1 block fits per SM')",
       .settings = {"grid=one-wave", "threads_per_block=1024", "shared_bytes_per_block=8192", "sms_drawn=4"},
       .view = "blocks-on-sms",
       .checks = {"scalar:sched.limiter < 0.5", "scalar:sched.residency ~ scalar:sched.limit.threads within 1%",
                  "scalar:sched.max_resident_per_sm ~ scalar:sched.residency within 1%"},
       .question = "Blocks of 1024 threads with 8 KiB of shared memory: what limits how many an SM holds?",
       .answers = {{.text = "Shared memory", .checks = {"scalar:sched.limiter > 1.5", "scalar:sched.limiter < 2.5"}},
                   {.text = "Threads: the SM's thread count holds only one or two such blocks", .ifClaimHolds = true},
                   {.text = "Registers", .checks = {"scalar:sched.limiter > 0.5", "scalar:sched.limiter < 1.5"}}},
       .notes = "Switch the device to sim:gtx480 to see the slide's single block per SM; Volkov's fix halves the "
                "block (two outputs per thread) so two fit."},
  };
}

}  // namespace warpscope::labs
