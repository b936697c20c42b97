#include "labs/um_streaming/um_streaming_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umStreamingPresets() {
  return {
      {.id = "um-on-demand-vs-prefetch",
       .title = "On-demand migration vs prefetch vs memcpy",
       .claim = "How fast is on-demand migration? Pages faulted over one by one stream far slower than "
                "cudaMemPrefetchAsync, which comes close to cudaMemcpy.",
       .lookAt = "The two on-demand bars (thread/4B and warp/64KB, roughly 6 to 12 GB/s) sit far below "
                 "prefetch (about 47 GB/s, some 0.85 of pinned cudaMemcpy at about 55 GB/s); cudaMemcpy from "
                 "pageable memory is as slow as on demand.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 52 'Streaming benchmark: "
                 "how fast is on-demand migration?'",
       // 128 B/warp is the seed's thread/4B: the bars are then exactly the seed's modes.
       .settings = {"buffer_mib=64", "granularity=128"},
       .view = "gbps-by-mode",
       // On demand far slower than prefetch; prefetch close to cudaMemcpy.
       .checks = {"scalar:streaming.gbps.prefetch >= 3 x scalar:streaming.gbps.thread_4b",
                  "scalar:streaming.prefetch_vs_memcpy >= 0.75"},
       .question = "64 MiB to the GPU: pages faulted over on demand, cudaMemPrefetchAsync, pinned cudaMemcpy. How do they rank?",
       .answers = {{.text = "All about the same: the same bytes cross the same link",
                    .checks = {"scalar:streaming.gbps.prefetch < 1.5 x scalar:streaming.gbps.thread_4b",
                               "scalar:streaming.gbps.thread_4b < 1.5 x scalar:streaming.gbps.prefetch"}},
                   {.text = "Prefetch beats on demand, but stays far below cudaMemcpy",
                    .checks = {"scalar:streaming.gbps.prefetch >= 3 x scalar:streaming.gbps.thread_4b",
                               "scalar:streaming.prefetch_vs_memcpy < 0.75"}},
                   {.text = "On demand wins: it moves only the pages the kernel touches",
                    .checks = {"scalar:streaming.gbps.thread_4b > scalar:streaming.gbps.prefetch"}},
                   {.text = "On demand far behind; prefetch close to cudaMemcpy", .ifClaimHolds = true}},
       .notes = "Ask where on-demand time goes: each fault batch stalls the warps while the driver services it. "
                "Point at pageable cudaMemcpy: as slow as on demand."},
      {.id = "um-density-prefetch",
       .title = "Heuristic prefetching of dense regions",
       .claim = "Do not confuse with API prefetching: the driver prefetches whole regions if pages are "
                "accessed densely, promoting contiguous pages up to a large page size.",
       .lookAt = "After each GPU fault batch the Host to device row shows transfers with cause 'coherence' "
                 "(the faulted pages) and, next to them, ones with cause 'prefetch' filling out the region; "
                 "hover a span for its cause. Most of the 64 MiB, three quarters or more, arrives by prefetch, "
                 "not by fault.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 54 'Heuristic prefetching'",
       .settings = {"buffer_mib=64", "granularity=128", "shown=on-demand"},
       .view = "um-timeline",
       .animationAt = 0.05,  // the first eight fault batches, each with its coherence + prefetch pair
       // Most of the buffer arrives by prefetch: the pages migrated on a fault (cause coherence, 4 KiB each)
       // carry under half of the bytes moved to the GPU.
       .checks = {"4096 x scalar:streaming.thread_4b.faulted_pages < 0.5 x scalar:streaming.thread_4b.bytes_htod"},
       .question = "A kernel reads 64 MiB of managed memory densely, 4 bytes a thread. How much moves because a page faulted?",
       .answers = {{.text = "Under half: the driver prefetches the rest of each dense region", .ifClaimHolds = true},
                   {.text = "All of it: a page moves only when a thread faults on it",
                    .checks = {"4096 x scalar:streaming.thread_4b.faulted_pages >= 0.9 x scalar:streaming.thread_4b.bytes_htod"}},
                   {.text = "Most of it, with a little read-ahead around each fault",
                    .checks = {"4096 x scalar:streaming.thread_4b.faulted_pages >= 0.5 x scalar:streaming.thread_4b.bytes_htod",
                               "4096 x scalar:streaming.thread_4b.faulted_pages < 0.9 x scalar:streaming.thread_4b.bytes_htod"}}},
       .notes = "Hover the Host to device spans: cause 'coherence' is the faulted pages, cause 'prefetch' the driver "
                "filling out the region. This is the driver's heuristic, not cudaMemPrefetchAsync."},
      {.id = "um-warp-64kb-fewer-faults",
       .title = "Warp per 64 KB: fewer fault groups",
       .claim = "With one thread per 4 B many warps fault on the same page and stall; giving each warp its "
                "own 64 KB means fewer warps stalled on fault processing, and the spread-out pattern "
                "improves prefetching.",
       .lookAt = "Fault groups fall from about a hundred or more (thread/4B) to a handful (warp/64KB), and "
                 "the pages the GPU faulted in from a few thousand to about 500: the rest of the 64 MiB "
                 "arrives by prefetch (the slide's profiler: 81 vs 6 fault groups). On Pascal/Volta warp/64KB "
                 "also streamed faster: compare the two on-demand bars of the GB/s-by-mode chart and the "
                 "on-demand throughput vs bytes per warp.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 56-59 'Page faults "
                 "handling', 'Optimizing on-demand migration', 'Streaming benchmark'",
       .settings = {"buffer_mib=64", "granularity=65536"},
       .view = "faults-by-mode",
       // The slide's two claims: fewer pages faulted in (the rest prefetched), and faster.
       .checks = {"scalar:streaming.warp_64k.faulted_pages < 0.5 x scalar:streaming.thread_4b.faulted_pages",
                  "scalar:streaming.gbps.warp_64k > scalar:streaming.gbps.thread_4b"},
       .differsOn = {{.gpu = "H100",
                      .why = "The on-demand rate is flat in bytes per warp here (6.8 to 9.5 GB/s from 128 B to 2 MiB "
                             "per warp): 15 GPU page faults in 7 groups (warp/64KB) against 859 in 98 (thread/4B) "
                             "move the same 64 MiB at 7.24 vs 7.30 GB/s; fewer faults do not buy speed."}},
       .question = "A kernel faults in 64 MiB: one thread per 4 B, or one warp per 64 KB. What does a warp per 64 KB change?",
       .answers = {{.text = "Far fewer pages faulted in, and the buffer streams faster", .ifClaimHolds = true},
                   {.text = "About as many pages faulted: the same pages must move either way",
                    .checks = {"scalar:streaming.warp_64k.faulted_pages >= 0.5 x scalar:streaming.thread_4b.faulted_pages"}},
                   {.text = "Far fewer pages faulted in, but it streams no faster",
                    .checks = {"scalar:streaming.warp_64k.faulted_pages < 0.5 x scalar:streaming.thread_4b.faulted_pages",
                               "scalar:streaming.gbps.warp_64k <= scalar:streaming.gbps.thread_4b"}}},
       .notes = "On Pascal and Volta warp/64KB also streamed faster. On the H100 the on-demand rate is flat in bytes "
                "per warp (on-demand throughput vs bytes per warp): fewer faults do not buy speed."},
      {.id = "memadv-um-faults-vs-prefetch",
       .title = "Unified memory: page faults vs prefetch",
       .claim = "Unified memory is paged, so GPU page faults trigger memory transfers on demand; with "
                "Pascal's Page Migration Engine plus prefetching it 'matches performance of explicit memory "
                "management' (Hopper: prefetch reaches about 0.85 of a pinned cudaMemcpy at 64 MiB, 0.9 at 512 "
                "MiB). Not comparable to a well-crafted application that overlaps computation and transfer "
                "with asynchronous copies.",
       .lookAt = "The on-demand bars (roughly 6 to 12 GB/s: faults serviced in batches) against prefetch "
                 "(about 47 GB/s) and pinned cudaMemcpy (about 55 GB/s), a plain synchronous copy; no mode "
                 "here overlaps copies with a kernel. The size study shows prefetch's fraction growing with "
                 "the buffer.",
       .source = "seed 002, Garcia, CUDA Memory: Advanced Aspects: slides 'Unified Memory' (What is unified "
                 "memory?; Performance)",
       .settings = {"buffer_mib=64"},
       .view = "gbps-by-mode",
       // The seed's "matches" (P100, CUDA 8) is short of parity on Hopper: the checks hold the fractions the
       // claim quotes. Its async-copy overlap has no mode in this lab, so it is not checked.
       .checks = {"scalar:streaming.prefetch_vs_memcpy ~ 0.85 within 10%",
                  "scalar:streaming.size_study.prefetch_vs_memcpy.largest ~ 0.9 within 10%"},
       .question = "Moving 64 MiB to the GPU: what fraction of a pinned cudaMemcpy's rate does cudaMemPrefetchAsync reach?",
       .answers = {{.text = "All of it: prefetching matches explicit memory management",
                    .checks = {"scalar:streaming.prefetch_vs_memcpy > 0.935"}},
                   {.text = "About 85%, nearer 90% for larger buffers", .ifClaimHolds = true},
                   {.text = "Under three quarters: driver-managed migration costs a lot",
                    .checks = {"scalar:streaming.prefetch_vs_memcpy < 0.765"}}},
       .notes = "The seed's 'matches' is P100 with CUDA 8; here prefetch falls short, more so for small buffers "
                "(the size study). No mode here overlaps copies with a kernel, as a well-crafted application would."},
  };
}

}  // namespace warpscope::labs
