#include "labs/divergence/divergence_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> divergencePresets() {
  return {
      {.id = "tuning2-control-flow-divergence",
       .title = "Divergence: a warp runs both branches",
       .claim = "Under warp divergence a warp has to execute both branches of an if(); control-flow "
                "divergence % = 100 x (32 x instructions executed - threads instructions executed) / (32 x "
                "instructions executed).",
       .lookAt = "Every warp runs one side of the branch with 16 lanes lit, then the other side with the "
                 "other 16, never both at once; the scalar 'Control-flow divergence' reads 50% (warp "
                 "efficiency 0.5) and the kernel takes about 2.1x the uniform one.",
       .source = "seed 001, Performance Tuning (2): slide 'Serialization: Profiler Analysis' (warp "
                 "divergence)",
       .settings = {"pattern=odd-even"},
       .view = "warp-timeline",
       // Half the lanes on each side: the seed's formula gives 50%; both sides run, each with the whole
       // warp's time, so about twice the uniform kernel.
       .checks = {"scalar:divergence.control_flow_divergence_pct ~ 50 within 2%",
                  "scalar:divergence.slowdown_vs_uniform ~ 2 within 15%"},
       .question = "If/else with equal work on each side; even lanes take the if, odd lanes the else. Time vs "
                   "no branch?",
       .answers = {{.text = "About twice as long: the warp runs one side, then the other",
                    .ifClaimHolds = true},
                   {.text = "The same: 16 lanes run each side, both at once",
                    .checks = {"scalar:divergence.slowdown_vs_uniform < 1.3"}},
                   {.text = "Far longer, up to 32x: each lane runs on its own",
                    .checks = {"scalar:divergence.slowdown_vs_uniform >= 8"}}},
       .notes = "After the reveal, read the seed's formula off the timeline: each side runs with 16 of 32 "
                "lanes lit, so control-flow divergence is 50%. Ask for 8 lanes on one side and 24 on the "
                "other: still 50%, and still about 2x."},
      {.id = "tuning2-group-same-path-in-a-warp",
       .title = "Group threads of one path in one warp",
       .claim = "Against warp serialization, try grouping threads that take the same path into the same "
                "warp.",
       .lookAt = "warp-uniform (half the warps take each side, decided by the warp index) sits at about "
                 "1.1x the uniform kernel at 1 path per warp, while odd-even, the same two paths split "
                 "inside every warp, sits at about 2.1x at 2 paths: grouped by warp, the branch no longer "
                 "serializes.",
       .source = "seed 001, Performance Tuning (2): slide 'Serialization: Optimization' (warp "
                 "serialization)",
       .settings = {"pattern=warp-uniform"},
       .view = "slowdown-vs-paths",
       // Grouped: closer to the uniform kernel (1) than to the two paths' serialisation (2); split inside
       // the warp, the same two paths serialise.
       .checks = {"slowdown-vs-paths/warp-uniform@1 < 1.5", "slowdown-vs-paths/odd-even@2 >= 1.5"},
       .question = "Same two paths, half the threads each, but chosen by warp number instead of odd/even "
                   "lane. Time vs no branch?",
       .answers = {{.text = "About 2x, like odd and even lanes: half the threads still take each side",
                    .checks = {"slowdown-vs-paths/warp-uniform@1 >= 1.7"}},
                   {.text = "Close to 1x: each warp takes one side only", .ifClaimHolds = true},
                   {.text = "In between, about 1.5x: warps of a block still wait for each other",
                    .checks = {"slowdown-vs-paths/warp-uniform@1 >= 1.5",
                               "slowdown-vs-paths/warp-uniform@1 < 1.7"}}},
       .notes = "Divergence is a property of the warp, not of the kernel: the same 50/50 split costs 2x "
                "inside a warp and almost nothing across warps. Ask how to regroup data so a branch is "
                "decided per warp."},
      {.id = "gpuarch-divergent-warp-splits",
       .title = "A divergent warp splits and joins back",
       .claim = "If threads in a warp execute different PCs the warp splits, each split is executed "
                "serially and they join back at the immediate post-dominator: with only T0 and T2 having "
                "cond == true, x = 1 runs at time 0 and y = 1 at time 1.",
       .lookAt = "Step 0: T0 and T2 run x = 1 while T1 and T3 are masked; step 1: T1 and T3 run y = 1; step "
                 "2: all four meet again at out[t] = r, the SIMT stack back to depth 1. With the uniform "
                 "pattern the table has one row: no split.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slides 'Divergence' and 'Example'",
       .settings = {"pattern=odd-even", "simt_table=branch"},
       .view = "simt-steps",
       // The 4-thread table is drawn from the pattern; the run checks the split (two paths a warp) and that
       // the splits run serially (about twice the uniform kernel).
       .checks = {"scalar:divergence.distinct_paths ~ 2 within 1%",
                  "scalar:divergence.slowdown_vs_uniform ~ 2 within 15%"},
       .question = "In a 4-thread warp, T0 and T2 run x = 1 (if), T1 and T3 run y = 1 (else). When does each "
                   "side run?",
       .answers = {{.text = "Both at once: each thread follows its own branch",
                    .checks = {"scalar:divergence.slowdown_vs_uniform < 1.3"}},
                   {.text = "x = 1 first, then y = 1, then all four meet again after the if/else",
                    .ifClaimHolds = true},
                   {.text = "Each thread on its own, one after another",
                    .checks = {"scalar:divergence.slowdown_vs_uniform >= 4"}}},
       .notes = "Step through the SIMT stack: the split pushes two entries, each runs with its mask, and the "
                "threads rejoin at the immediate post-dominator. The measured 32-lane kernel confirms the "
                "cost: about 2x the uniform one."},
      {.id = "gpuarch-predication-runs-both-sides",
       .title = "Predication: both sides, no divergence",
       .claim = "The compiler will predicate instructions: no divergence, both sides are executed, and "
                "predicated instructions are executed but do not commit.",
       .lookAt = "Every thread steps through both rows: T0 and T2 commit x = 1 while T1 and T3 show [x = 1] "
                 "(issued, not committed), then the reverse for y = 1; the SIMT stack never grows past "
                 "depth 1.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Tackling Divergence'",
       .settings = {"pattern=odd-even", "simt_table=predicated"},
       .view = "simt-steps",
       // The table is drawn from the pattern and the measured kernel branches: the run checks only "both
       // sides are executed" (every warp pays for both, about twice the uniform kernel).
       .checks = {"scalar:divergence.slowdown_vs_uniform ~ 2 within 15%"},
       .question = "The compiler predicates the if/else instead of branching: no warp splits. Time vs a "
                   "kernel with no if?",
       .answers = {{.text = "About twice: every thread issues both sides, committing only its own",
                    .ifClaimHolds = true},
                   {.text = "About the same: no split, so nothing runs serially",
                    .checks = {"scalar:divergence.slowdown_vs_uniform < 1.3"}}},
       .notes = "Predication trades the split for issuing both sides; it pays off for short bodies, where the "
                "branch itself would cost more. The measured kernel branches, so its 2x is what both sides "
                "cost either way."},
      // Depth 2: four leaves of 8 lanes, and on the 4-thread table one leaf per thread.
      {.id = "gpuarch-nested-branches-split",
       .title = "Nested branches split the warp further",
       .claim = "Nested branches also split correctly: each level splits the warp again, and each split is "
                "executed serially.",
       .lookAt = "nested at depth 2 gives 4 paths of 8 lanes: its point sits at 4 paths, a little over 4x "
                 "the uniform kernel, next to the pure-serialisation line; the SIMT-steps view's 4-thread "
                 "table (Ctrl+Tab) shows T0..T3 each running its own leaf in turn before they meet again.",
       .source = "seed 003, Pai, GPU Architecture I (Execution): slide 'Divergence'",
       .settings = {"pattern=nested", "depth=2"},
       .view = "slowdown-vs-paths",
       // Two levels split the warp into four, run one after another: about 4x the uniform kernel.
       .checks = {"scalar:divergence.distinct_paths ~ 4 within 1%", "slowdown-vs-paths/nested@4 ~ 4 within 15%"},
       .question = "An if/else inside each side of an if/else splits a warp into 4 groups of 8 lanes. Time vs "
                   "no branch?",
       .answers = {{.text = "About 2x: only the outer branch splits the warp",
                    .checks = {"slowdown-vs-paths/nested@4 < 3"}},
                   {.text = "Well over 4x: every level of branching adds its own overhead",
                    .checks = {"slowdown-vs-paths/nested@4 > 4.6"}},
                   {.text = "About 4x: the four groups run one after another", .ifClaimHolds = true}},
       .notes = "Ask the class to count leaves, not levels: depth d gives 2^d paths, each run in turn. Point "
                "at the pure-serialisation line the nested point sits on."},
  };
}

}  // namespace warpscope::labs
