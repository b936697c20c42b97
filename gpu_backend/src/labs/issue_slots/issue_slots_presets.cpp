#include "labs/issue_slots/issue_slots_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> issueSlotsPresets() {
  return {
      {.id = "volkov-dependent-op-waits",
       .title = "x, y issue at once; z waits for x",
       .claim = "Latency: an operation's result takes about 20 cycles (Hopper: about 4); y = a + c is independent "
                "and can start anytime, z = x + d is dependent and must wait for x to complete.",
       .lookAt = "Step through the cycles: warp 0 issues x and y in back-to-back cycles, then waits until x's result "
                 "is ready and only then issues z; the issue slot stays empty meanwhile.",
       .source = "seed 000, Volkov, Better Performance at Lower Occupancy, part I: slide 'Arithmetic latency'",
       .settings = {"program=volkov-xyz", "warps=1", "cycles_shown=24"},
       .view = "issue-slots",
       .animationAt = 0.3,
       .checks = {"scalar:issue.first_issue.y ~ 1 within 1%",
                  "scalar:issue.first_issue.z >= scalar:issue.latency_cycles"},
       .question = "One warp runs x = a + b; y = a + c; z = x + d. When can z issue?",
       .answers = {{.text = "Right after y, in cycle 2", .checks = {"scalar:issue.first_issue.z < 2.5"}},
                   {.text = "Once x's result is ready: a latency after x", .ifClaimHolds = true},
                   {.text = "Only after y's result is ready too",
                    .checks = {"scalar:issue.first_issue.z > scalar:issue.latency_cycles"}}},
       .notes = "z needs x only. Ask what the scheduler could do with the empty slots: another warp's work."},
      {.id = "volkov-littles-law-needed-parallelism",
       .title = "Needed parallelism = latency x throughput",
       .claim = "Little's law: needed parallelism = latency x throughput; on GF100 about 18 cycles x 32 operations "
                "per cycle per SM = 576 operations in flight per SM; too little parallelism leaves cycles idle.",
       .lookAt = "The GTX 480 bar at 576 (Volkov's table), the Kepler K40's 1728 (192 lanes), Hopper's about 540 "
                 "(4.2 cycles x 128 lanes): fewer cycles of latency, more lanes.",
       .source = "seed 000, Volkov, part I: slides 'Use Little's law' and 'Arithmetic parallelism in numbers'",
       .settings = {"program=dependent", "warps=1"},
       .view = "needed-parallelism",
       .checks = {"scalar:issue.needed.gtx480 ~ 576 within 1%", "scalar:issue.needed.k40 > scalar:issue.needed.gtx480"},
       .question = "GF100: 18 cycles of FMA latency, 32 lanes per SM. How many FMAs must be in flight per SM?",
       .answers = {{.text = "32: one per lane", .checks = {"scalar:issue.needed.gtx480 < 40"}},
                   {.text = "576: 18 x 32", .ifClaimHolds = true},
                   {.text = "1536: every thread the SM can hold", .checks = {"scalar:issue.needed.gtx480 > 1500"}}},
       .notes = "Volkov's table also lists G80-GT200 (24 x 8 = 192) and GF104 (18 x 48 = 864): no profile here; K40 "
                "plays GF104's part (more lanes per scheduler, dual issue)."},
      {.id = "volkov-tlp-fills-issue-slots",
       .title = "Idle slots until enough warps",
       .claim = "Can't get 100% throughput with less parallelism: with one warp of dependent operations most issue "
                "slots are idle; warps (thread-level parallelism) fill them, as many as latency x throughput.",
       .lookAt = "The scheduler model's ILP 1 curve climbs in steps of one warp and reaches the top at "
                 "latency x rate warps; latency-arith's ILP 1 points (measured on a GPU) follow it.",
       .source = "seed 000, Volkov, part I: slides 'Arithmetic parallelism in numbers' ('Not enough operations in "
                 "the flight = idle cycles') and 'Thread-level parallelism (TLP)'",
       .settings = {"program=dependent", "warps=1"},
       .view = "utilization-vs-warps",
       .checks = {"scalar:issue.utilization < 0.5", "utilization-vs-warps/Scheduler model: ILP 1@16 > 0.95",
                  "utilization-vs-warps/latency-arith: ILP 1@1 < 0.5"},
       .question =
           "Each warp runs one chain of dependent FMAs. How much of the FP32 peak does one warp per scheduler reach?",
       .answers = {{.text = "All of it: a warp issues every cycle", .checks = {"scalar:issue.utilization > 0.9"}},
                   {.text = "About half",
                    .checks = {"scalar:issue.utilization > 0.4", "scalar:issue.utilization < 0.6"}},
                   {.text = "One issue per latency: a quarter or less", .ifClaimHolds = true}},
       .notes = "Then move the Warps slider: each warp adds one FMA per latency until the slots are full."},
      {.id = "volkov-ilp-fills-issue-slots",
       .title = "ILP: independent chains in one warp",
       .claim = "You can also use parallelism among instructions in a single thread: a warp with 4 independent "
                "chains keeps 4 operations in flight, as 4 warps of dependent ones would.",
       .lookAt = "One warp with 4 chains issues c1, c2, c3, c4 back to back and rarely waits; under Figures its "
                 "slots used equal 4 warps' of ILP 1.",
       .source = "seed 000, Volkov, part I: slides 'Instruction-level parallelism (ILP)' and 'You can use both ILP "
                 "and TLP on GPU'",
       .settings = {"program=independent-chains", "ilp=4", "warps=1"},
       .view = "issue-slots",
       .checks = {"scalar:issue.utilization ~ scalar:issue.utilization_as_warps within 5%",
                  "scalar:issue.utilization >= 3 x utilization-vs-warps/Scheduler model: ILP 1@1"},
       .question = "One warp with 4 independent FMA chains, or 4 warps with one chain each: which issues more?",
       .answers = {{.text = "The 4 warps: only warps hide latency",
                    .checks = {"scalar:issue.utilization < 0.9 x scalar:issue.utilization_as_warps"}},
                   {.text = "The same: 4 operations in flight either way", .ifClaimHolds = true},
                   {.text = "The one warp: fewer warps to switch between",
                    .checks = {"scalar:issue.utilization > 1.1 x scalar:issue.utilization_as_warps"}}},
       .notes = "Compare with the grid at ILP 1 and 4 warps. Then ask what limits ILP: registers, and the warp's "
                "in-flight limit (4 on GF100: ILP stops paying past 4)."},
      {.id = "volkov-dual-issue-needs-ilp",
       .title = "More lanes than one issue a cycle: ILP needed",
       .claim = "On GF104 you must use ILP to get more than 66% of peak: 48 lanes per SM need 3 instructions a cycle "
                "but there are only 2 schedulers, so each must issue 2 instructions of one warp in the same cycle; "
                "Kepler's 192-lane SMX (4 schedulers of 48 lanes) is built the same way.",
       .lookAt = "K40's ILP 1 bar stops at 0.67 however many warps; ILP 2 lets its schedulers dual-issue to the top. "
                 "GPUs with at most 32 lanes per scheduler reach the top at ILP 1.",
       .source = "seed 000, Volkov, part I: slide 'You can use both ILP and TLP on GPU' ('On GF104 you must use ILP "
                 "to get >66% of peak!')",
       .settings = {"program=dependent", "warps=16"},
       .view = "fraction-by-ilp",
       .checks = {"scalar:issue.ilp1_ceiling.k40 ~ 0.667 within 2%", "scalar:issue.ilp2_ceiling.k40 > 0.95",
                  "scalar:issue.ilp1_ceiling.h100 > 0.95"},
       .question = "Lanes take 1.5 warp instructions a cycle, the scheduler issues 1 unless it dual-issues: how far "
                   "does ILP 1 get?",
       .answers = {{.text = "All the way, given enough warps", .checks = {"scalar:issue.ilp1_ceiling.k40 > 0.95"}},
                   {.text = "Two thirds: one instruction a cycle of the 1.5 the lanes take", .ifClaimHolds = true},
                   {.text = "Half", .checks = {"scalar:issue.ilp1_ceiling.k40 < 0.55"}}},
       .notes = "Dual issue takes two consecutive independent instructions of one warp: ILP is what makes them "
                "independent."},
  };
}

}  // namespace warpscope::labs
