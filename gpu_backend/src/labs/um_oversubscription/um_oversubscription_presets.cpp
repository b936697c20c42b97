#include "labs/um_oversubscription/um_oversubscription_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umOversubscriptionPresets() {
  return {
      {.id = "um-oversubscription-cliff",
       .title = "Oversubscription: throughput falls off",
       .claim = "Let's see how perf changes as we increase the working set: fault-based migration "
                "throughput drops once the working set passes the GPU memory limit.",
       .lookAt = "Every curve is flat up to the 'GPU memory (256 MiB)' line and falls past it: thread/4B from "
                 "about 19 to 4 GB/s, warp/64KB from about 35 to 28 and down to 7 GB/s at 3x memory. The "
                 "ReadMostly curves fall less (about 6 and 15 GB/s at 3x): evicting a copy is dropping it.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 60 'GPU memory "
                 "oversubscription'",
       // The cliff needs working sets up to 3x memory and several passes: below the limit only the
       // first pass migrates and the others read locally; past it every pass migrates and evicts
       // again. With one pass the curves only sag; three make a cliff of 4-5x (four: 6x, and a run
       // a third longer, past 100 ms on two cores). 256 MiB of modelled memory draws the curves of
       // 1 GiB up to 1.5x (within 0.3 GB/s) in a quarter of the time; further out warp/64KB falls
       // more slowly (9.2 against 6.7 GB/s at 2x with 4 passes), its 528 MiB of resident warps
       // being a larger share of the smaller memory.
       .settings = {"model_memory_mib=256", "max_ratio_pct=300", "passes=3"},
       .view = "gbps-vs-working-set",
       // Flat up to the limit, then a drop: "falls off" read as at least halved at 3x memory.
       .checks = {"gbps-vs-working-set/thread/4B@242 ~ gbps-vs-working-set/thread/4B@64 within 10%",
                  "gbps-vs-working-set/thread/4B@242 >= 2 x gbps-vs-working-set/thread/4B@768",
                  "gbps-vs-working-set/warp/64KB@242 >= 2 x gbps-vs-working-set/warp/64KB@768"},
       .question = "A kernel streams a managed buffer 3 times; the buffer grows past the GPU's 256 MiB. How does GB/s change?",
       .answers = {{.text = "It falls steadily as the buffer grows: more pages to migrate",
                    .checks = {"gbps-vs-working-set/thread/4B@242 < 0.9 x gbps-vs-working-set/thread/4B@64"}},
                   {.text = "Flat throughout: pages just migrate in and out as needed",
                    .checks = {"gbps-vs-working-set/thread/4B@768 >= 0.9 x gbps-vs-working-set/thread/4B@242"}},
                   {.text = "Flat up to the limit, then a gentle slope"},
                   {.text = "Flat up to the memory limit, then it drops off a cliff", .ifClaimHolds = true}},
       .notes = "Ask what changes at the limit: below it only the first pass migrates; past it every pass faults and "
                "evicts again. The ReadMostly curves fall less: evicting a copy is dropping it."},
      {.id = "um-eviction-lru",
       .title = "Eviction: least recently used chunks first",
       .claim = "The driver keeps a list of physical chunks of GPU memory; chunks from the front of the list "
                "are evicted first (LRU), so each new page pushes the oldest chunk back to the CPU.",
       .lookAt = "Partway through streaming 256 MiB through a 128 MiB GPU: the oldest 2 MiB chunks (top "
                 "rows) are back on the CPU, a band below them is on GPU 0 and the rest still waits on the "
                 "CPU. The chunk at the band's top edge is on its way out ('Being evicted', one thin row: "
                 "step with the arrows to see it go). Play on: the band slides down as the kernel streams.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 14-17 'Memory "
                 "oversubscription' and 61 'Eviction algorithm'",
       // 256 MiB is simulated page by page as it is (a larger shown working set would be drawn from
       // a scale model, its addresses those of the smaller model).
       .settings = {"model_memory_mib=128", "max_ratio_pct=200", "passes=1", "shown=thread/4B"},
       .view = "page-map",
       // Evictions start at about 0.37 (the GPU is full); at 0.603 the chunk at +48 MiB is on its
       // way back to the CPU (34.15 to 34.38 ms of 56.85).
       .animationAt = 0.603,
       // The page map shows which chunk goes; the checks hold the amounts of one pass of 256 MiB
       // through 128 MiB: every page comes in once (no evicted chunk is needed again) and the
       // overflow, 128 MiB, goes back to the CPU.
       .checks = {"scalar:oversubscription.shown.bytes_htod ~ 268435456 within 2%",
                  "scalar:oversubscription.shown.bytes_evicted ~ 134217728 within 5%"},
       .question = "One pass streams 256 MiB through a GPU with 128 MiB of memory. How much is evicted back to the CPU?",
       .answers = {{.text = "More than 128 MiB: chunks are evicted, fetched again, evicted again",
                    .checks = {"scalar:oversubscription.shown.bytes_evicted > 161061274"}},
                   {.text = "None: past the limit the GPU reads the rest from CPU memory",
                    .checks = {"scalar:oversubscription.shown.bytes_evicted < 1048576"}},
                   {.text = "About 128 MiB, the oldest chunks first", .ifClaimHolds = true}},
       .notes = "Step with the arrows: the oldest chunks (top rows) go back first and the band on GPU 0 slides down "
                "as the kernel streams. Ask what LRU would cost a kernel that went back to the start."},
      {.id = "um-prefetch-overlaps-eviction",
       .title = "Prefetching and evictions overlap",
       .claim = "Past GPU memory every chunk that comes in must first evict one. A prefetch can be overlapped "
                "with evictions without using CUDA streams (CUDA 9.1), and stays well ahead of on-demand "
                "migration, which evicts and then copies, batch after batch.",
       .lookAt = "The 'with eviction' bars: every mode slows, and prefetch stays ahead: on the H200 model 8.6 GB/s "
                 "with its evictions overlapped, 7.5 evicting then copying, 5.1 on demand (warp/64KB). Evicting "
                 "costs more than copying in here (a host page is populated for every 4 KiB evicted), so the "
                 "overlap hides the copies in and the evictions set the pace.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 62 'Prefetching and evictions'",
       // The bars are their own small model (16 MiB through 16 MiB of GPU memory); the curves' settings
       // are um-eviction-lru's, so one recorded run on a GPU serves both slides.
       .settings = {"model_memory_mib=128", "max_ratio_pct=200", "passes=1", "shown=thread/4B"},
       .view = "prefetch-eviction",
       // Overlap buys time over evicting then copying; the prefetch stays ahead of on demand; eviction costs.
       .checks = {"scalar:oversubscription.prefetch_eviction.prefetch_overlapped.gbps_with > 1.1 x "
                  "scalar:oversubscription.prefetch_eviction.prefetch_evict_then_copy.gbps_with",
                  "scalar:oversubscription.prefetch_eviction.prefetch_overlapped.gbps_with > 1.5 x "
                  "scalar:oversubscription.prefetch_eviction.on_demand_warp_64kb.gbps_with",
                  "scalar:oversubscription.prefetch_eviction.on_demand_warp_64kb.gbps_with < "
                  "scalar:oversubscription.prefetch_eviction.on_demand_warp_64kb.gbps_without"},
       .question =
           "GPU memory is full; 16 MiB must come in, each 2 MiB chunk evicting one first. What moves it fastest?",
       .answers = {{.text = "On demand: faults move only what is needed",
                    .checks = {"scalar:oversubscription.prefetch_eviction.on_demand_warp_64kb.gbps_with >= "
                               "scalar:oversubscription.prefetch_eviction.prefetch_overlapped.gbps_with"}},
                   {.text = "Prefetch, but no faster than evicting and then copying",
                    .checks = {"scalar:oversubscription.prefetch_eviction.prefetch_overlapped.gbps_with <= 1.1 x "
                               "scalar:oversubscription.prefetch_eviction.prefetch_evict_then_copy.gbps_with"}},
                   {.text = "Prefetch, its evictions overlapping the copies in", .ifClaimHolds = true}},
       .notes = "The link carries both directions at once: the eviction out and the prefetch in. Ask why the gain "
                "is small on this model: the evictions' host pages cost more than the copies, so they set the pace."},
  };
}

}  // namespace warpscope::labs
