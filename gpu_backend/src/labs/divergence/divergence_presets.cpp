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
                  "scalar:divergence.slowdown_vs_uniform ~ 2 within 15%"}},
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
       .checks = {"slowdown-vs-paths/warp-uniform@1 < 1.5", "slowdown-vs-paths/odd-even@2 >= 1.5"}},
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
                  "scalar:divergence.slowdown_vs_uniform ~ 2 within 15%"}},
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
       .checks = {"scalar:divergence.slowdown_vs_uniform ~ 2 within 15%"}},
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
       .checks = {"scalar:divergence.distinct_paths ~ 4 within 1%", "slowdown-vs-paths/nested@4 ~ 4 within 15%"}},
  };
}

}  // namespace warpscope::labs
