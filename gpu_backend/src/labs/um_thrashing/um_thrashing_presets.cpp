#include "labs/um_thrashing/um_thrashing_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umThrashingPresets() {
  return {
      {.id = "um-thrashing-throttling",
       .title = "Thrashing detected, then throttled",
       .claim = "When processors frequently read or write the same pages, the driver detects memory "
                "thrashing and throttles the faulting processor (page throttling).",
       .lookAt = "In the model, about 1.7 ms in, a burst of 'Thrashing' marks on GPU 0 (pages bouncing CPU "
                 "<-> GPU) is followed by 'Throttling' spans, first for the CPU threads, then for GPU 0, and "
                 "the pattern repeats through the run. The H200 and H100 recordings show the same: thrashing "
                 "marks from the first milliseconds, then throttling spans for the CPU threads and for GPU 0.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Using visual profiler' "
                 "and 'Thrashing mitigation' (LULESH)",
       // Throttling shows when a few pages (5% of 4 MiB) are hammered by many CPU threads; at the
       // defaults the model only reports thrashing.
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10", "shown=none"},
       .view = "um-timeline",  // the whole run: the recordings' throttling comes late (H200 0.36, H100 0.93)
       .checks = {"events-by-policy/thrashing@no advice >= 1", "events-by-policy/throttling@no advice >= 1"},
       .question = "8 CPU threads and a GPU kernel keep writing the same few pages, with no advice. What does the driver do?",
       .answers = {{.text = "Nothing: the pages bounce back and forth and nobody notices",
                    .checks = {"events-by-policy/thrashing@no advice <= 0"}},
                   {.text = "It pins the pages on one side and maps them for the other",
                    .checks = {"events-by-policy/remote maps@no advice >= 1",
                               "events-by-policy/throttling@no advice <= 0"}},
                   {.text = "It detects the thrashing and throttles the faulting processor", .ifClaimHolds = true},
                   {.text = "It reports thrashing, but lets the pages keep bouncing",
                    .checks = {"events-by-policy/thrashing@no advice >= 1",
                               "events-by-policy/throttling@no advice <= 0"}}},
       .notes = "Play the timeline: 'Thrashing' marks on GPU 0 first, then 'Throttling' spans for the CPU threads and "
                "for GPU 0. Ask what throttling buys: a processor keeps a page a while before losing it again."},
      {.id = "um-thrashing-policies-mitigate",
       .title = "Thrashing: PreferredLocation GPU vs ReadMostly",
       .claim = "With PreferredLocation GPU there are still lots of back-and-forth migrations; with ReadMostly "
                "there is almost no thrashing for the hybrid CPU/GPU part and no slowdown for the heavy kernels "
                "(H200, H100: with both sides writing, ReadMostly thrashes most of all).",
       .lookAt = "Model: SetReadMostly does not thrash and its kernel does three times the work of no advice; "
                 "SetPreferredLocation GPU thrashes as much as no advice (about 450 events). On the H200 and "
                 "H100 SetReadMostly thrashes most of all and its kernel nearly stalls, and SetPreferredLocation "
                 "GPU reports far fewer thrashing events than no advice. SetPreferredLocation CPU and "
                 "SetAccessedBy GPU never thrash.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'LULESH: preferred "
                 "location = GPU' and 'LULESH: read mostly'",
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10"},
       .view = "events-by-policy",
       // "Almost no": a tenth of no advice's at most; "lots of back-and-forth": PreferredLocation GPU
       // keeps at least half of no advice's thrashing; "no slowdown": the kernel does no less work.
       .checks = {"events-by-policy/thrashing@SetReadMostly <= 0.1 x events-by-policy/thrashing@no advice",
                  "throughput-by-policy/kernel@SetReadMostly >= throughput-by-policy/kernel@no advice",
                  "events-by-policy/thrashing@SetPreferredLocation GPU >= 0.5 x events-by-policy/thrashing@no advice"},
       .differsOn = {{.gpu = "H200",
                      .why = "Here the kernel and the CPU threads both write the shared pages, and writes collapse "
                             "ReadMostly's copies: 2,498 CPU faults (126 without advice), 1,491 thrashing events "
                             "(512), and the kernel sweeps about once in 10 ms (0.065 GB/s against 13). "
                             "PreferredLocation GPU still moves the pages back and forth (5.6 MiB in, 8.2 MiB out; "
                             "8.0 and 11.4 without advice) but the driver reports 92 thrashing events for it."},
                     {.gpu = "H100",
                      .why = "Here the kernel and the CPU threads both write the shared pages, and writes collapse "
                             "ReadMostly's copies: 3,313 CPU faults (233 without advice), 1,429 thrashing events "
                             "(1,279), and the kernel sweeps about once in 10 ms (0.060 GB/s against 18.3). "
                             "PreferredLocation GPU still moves the pages back and forth (5.7 MiB in, 8.5 MiB out; "
                             "15.3 and 17.9 without advice) but the driver reports 128 thrashing events for it."}},
       .question = "CPU threads and a GPU kernel hammer a few shared pages. Which advice ends the thrashing?",
       .answers = {{.text = "Both ReadMostly and PreferredLocation GPU: advice stops the bouncing",
                    .checks = {"events-by-policy/thrashing@SetReadMostly <= 0.1 x events-by-policy/thrashing@no advice",
                               "events-by-policy/thrashing@SetPreferredLocation GPU <= 0.1 x "
                               "events-by-policy/thrashing@no advice"}},
                   {.text = "ReadMostly, kernel no slower; PreferredLocation GPU still thrashes",
                    .ifClaimHolds = true},
                   {.text = "Neither: both thrash about as much as no advice",
                    .checks = {"events-by-policy/thrashing@SetReadMostly >= 0.5 x events-by-policy/thrashing@no advice",
                               "events-by-policy/thrashing@SetPreferredLocation GPU >= 0.5 x "
                               "events-by-policy/thrashing@no advice"}},
                   {.text = "PreferredLocation GPU thrashes less; ReadMostly most, its kernel stalls",
                    .checks = {"events-by-policy/thrashing@SetReadMostly > events-by-policy/thrashing@no advice",
                               "events-by-policy/thrashing@SetPreferredLocation GPU < 0.5 x "
                               "events-by-policy/thrashing@no advice",
                               "throughput-by-policy/kernel@SetReadMostly < 0.1 x throughput-by-policy/kernel@no advice"}}},
       .notes = "Ask who writes the shared pages. On the H200 and H100 both sides do, and every write collapses "
                "ReadMostly's copies; PreferredLocation GPU still moves pages but the driver reports few events."},
      {.id = "um-false-sharing",
       .title = "False sharing thrashes like true sharing",
       .claim = "Lots of small allocations may end up on the same page; used by different processors this "
                "results in false sharing: spurious migrations, which thrashing mitigation does not solve.",
       .lookAt = "With 16 small objects per shared page, alternately the CPU's and the GPU's, neither side "
                 "touches the other's data, yet no advice still thrashes (in the model about 450 events and "
                 "110 throttles, the same as one object per page; the H200 and H100 recordings too, with one "
                 "throttle or none), and its kernel does less work than SetAccessedBy GPU's: the driver only "
                 "sees pages.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Hypre-inspired use case' "
                 "and 'False-sharing'",
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10", "objects_per_page=16"},
       .view = "events-by-policy",
       // Spurious migrations: thrashing on pages where no datum is shared. Not solved by the driver's
       // mitigation: with it alone the kernel does less work than where the pages stay put (AccessedBy GPU).
       .checks = {"events-by-policy/thrashing@no advice >= 1",
                  "throughput-by-policy/kernel@no advice < throughput-by-policy/kernel@SetAccessedBy GPU"},
       .question = "16 small objects a page, alternately the CPU's and the GPU's: no object is shared. Do the pages thrash?",
       .answers = {{.text = "No: no datum is shared, so nothing needs to move",
                    .checks = {"events-by-policy/thrashing@no advice <= 0"}},
                   {.text = "Yes: the driver sees pages, not objects, and the kernel slows", .ifClaimHolds = true},
                   {.text = "Yes, but the driver's mitigation hides it: the kernel loses nothing",
                    .checks = {"events-by-policy/thrashing@no advice >= 1",
                               "throughput-by-policy/kernel@no advice >= throughput-by-policy/kernel@SetAccessedBy GPU"}}},
       .notes = "Ask what the driver can see: pages, not objects. Compare SetAccessedBy GPU, where the pages stay "
                "put. The fix is in the allocator: keep each processor's objects on pages of their own."},
  };
}

}  // namespace warpscope::labs
