#include "labs/um_oversubscription/um_oversubscription_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umOversubscriptionPresets() {
  return {
      {.id = "um-oversubscription-cliff",
       .title = "Oversubscription: throughput falls off",
       .claim = "Let's see how perf changes as we increase the working set: fault-based migration "
                "throughput drops once the working set passes the GPU memory limit.",
       .lookAt = "Every curve is flat up to the 'GPU memory (1 GiB)' line and falls past it: thread/4B from "
                 "about 26 to 4 GB/s, warp/64KB from about 46 to 34 and down to 6 GB/s at 3 GiB. The "
                 "ReadMostly curves fall less (about 6 and 13 GB/s at 3 GiB): evicting a copy is dropping "
                 "it.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 60 'GPU memory "
                 "oversubscription'",
       // The cliff needs all three: 1 GiB of modelled memory, sets up to 3x it, and 4 passes. Below
       // the limit only the first pass migrates and the other three read locally; past it every pass
       // migrates and evicts again. With one pass the curves only sag (about 6.4 -> 4.7 GB/s).
       .settings = {"model_memory_mib=1024", "max_ratio_pct=300", "passes=4"},
       .view = "gbps-vs-working-set"},
      {.id = "um-eviction-lru",
       .title = "Eviction: least recently used chunks first",
       .claim = "The driver keeps a list of physical chunks of GPU memory; chunks from the front of the list "
                "are evicted first (LRU), so each new page pushes the oldest chunk back to the CPU.",
       .lookAt = "Partway through streaming 512 MiB through a 256 MiB GPU: the oldest 2 MiB chunks (top "
                 "rows) are back on the CPU, one chunk is 'Being evicted', a band below it is on GPU 0 and "
                 "the rest still waits on the CPU. Play on: the band slides down as the kernel streams.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 14-17 'Memory "
                 "oversubscription' and 61 'Eviction algorithm'",
       .settings = {"model_memory_mib=256", "max_ratio_pct=200", "passes=1", "shown=thread/4B"},
       .view = "page-map",
       .animationAt = 0.6},  // evictions start at about 0.37 (the GPU is full)
  };
}

}  // namespace warpscope::labs
