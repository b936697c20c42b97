#include "labs/um_thrashing/um_thrashing_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umThrashingPresets() {
  return {
      {.id = "um-thrashing-throttling",
       .title = "Thrashing detected, then throttled",
       .claim = "When processors frequently read or write the same pages, the driver detects memory "
                "thrashing and throttles the faulting processor (page throttling).",
       .lookAt = "About 1.7 ms in, a burst of 'Thrashing' marks on GPU 0 (pages bouncing CPU <-> GPU), then "
                 "'Throttling' spans: first the CPU threads are held off the pages, then GPU 0; the pattern "
                 "repeats through the run. The Remote map row stays empty: neither the model nor the H200's "
                 "driver pins these pages.",
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
       .lookAt = "No advice (and SetPreferredLocation GPU, on x86) show about 450 thrashing events and 110 "
                 "throttles; SetReadMostly, SetPreferredLocation CPU and SetAccessedBy GPU show none "
                 "(PreferredLocation CPU maps the pages remotely). throughput-by-policy: the kernel goes "
                 "from about 11 to 35-49 GB/s.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'LULESH: preferred "
                 "location = GPU' and 'LULESH: read mostly'",
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10"},
       .view = "events-by-policy"},
      {.id = "um-false-sharing",
       .title = "False sharing thrashes like true sharing",
       .claim = "Lots of small allocations may end up on the same page; used by different processors this "
                "results in false sharing: spurious migrations, which thrashing mitigation does not solve.",
       .lookAt = "With 16 small objects per shared page, alternately the CPU's and the GPU's, neither side "
                 "touches the other's data, yet no advice still shows about 450 thrashing events and 110 "
                 "throttles: the same as one object per page, true sharing. The driver only sees pages.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Hypre-inspired use case' "
                 "and 'False-sharing'",
       .settings = {"buffer_mib=4", "shared_pct=5", "cpu_threads=8", "duration_ms=10", "objects_per_page=16"},
       .view = "events-by-policy"},
  };
}

}  // namespace warpscope::labs
