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
                 "the pattern repeats through the run. On the H200 the driver reported little or no "
                 "thrashing and no throttling without advice: the bouncing shows mostly as Host to device "
                 "and Device to host transfers.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Using visual profiler' "
                 "and 'Thrashing mitigation' (LULESH)",
       // Throttling shows when a few pages (5% of 4 MiB) are hammered by many CPU threads; at the
       // defaults the model only reports thrashing.
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10", "shown=none"},
       .view = "um-timeline",
       .animationAt = 0.3},  // two thrashing bursts and the throttling between them
      {.id = "um-thrashing-policies-mitigate",
       .title = "Policies remove the thrashing",
       .claim = "Advice puts contended pages in one place: with ReadMostly there is almost no thrashing, and "
                "with a preferred location the pages stay put, with no slowdown for the heavy kernels.",
       .lookAt = "SetPreferredLocation CPU and SetAccessedBy GPU show no thrashing, in the model and on the "
                 "H200. The model's no advice and SetPreferredLocation GPU thrash (about 450 events, 110 "
                 "throttles) while SetReadMostly does not, but on the H200 SetReadMostly thrashes most of "
                 "all and its kernel nearly stalls.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'LULESH: preferred "
                 "location = GPU' and 'LULESH: read mostly'",
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10"},
       .view = "events-by-policy"},
      {.id = "um-false-sharing",
       .title = "False sharing thrashes like true sharing",
       .claim = "Lots of small allocations may end up on the same page; used by different processors this "
                "results in false sharing: spurious migrations, which thrashing mitigation does not solve.",
       .lookAt = "With 16 small objects per shared page, alternately the CPU's and the GPU's, neither side "
                 "touches the other's data, yet no advice still thrashes (in the model about 450 events and "
                 "110 throttles, the same as one object per page; on the H200 about a hundred events): the "
                 "driver only sees pages.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Hypre-inspired use case' "
                 "and 'False-sharing'",
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10", "objects_per_page=16"},
       .view = "events-by-policy"},
  };
}

}  // namespace warpscope::labs
