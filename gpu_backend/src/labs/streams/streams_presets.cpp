#include "labs/streams/streams_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> streamsPresets() {
  const std::string section = "seed 003, GPU Architecture I (Execution): Streams and Command Queues, slide ";
  return {
      {.id = "streams-blocking-and-non-blocking",
       .title = "Blocking and non-blocking calls",
       .claim = "A blocking call makes the CPU wait for the operation to finish (a simple cudaMemcpy); a non-blocking "
                "one does not (kernel launches): operations queue up and run by default in launch order.",
       .lookAt = "From pageable memory every copy blocks the host until it is done, so the next chunk is issued only "
                 "then: the rows run one after another and the copy engines idle while the SMs work. Switch Host "
                 "memory to pinned to see the same calls return at once and the work overlap.",
       .source = section + "'Blocking and Non-blocking APIs'",
       .settings = {"streams=4", "host_memory=pageable", "order=depth-first"},
       .view = "timeline",
       // Each blocking copy returns only when done, so nothing is queued behind it to overlap: no copy time
       // under a kernel, and four streams no faster than one.
       .checks = {"scalar:streams.overlap_fraction < 0.05", "scalar:streams.speedup_vs_one_stream < 1.1"},
       .question = "4 streams, each: copy in, kernel, copy out, from pageable (malloc) host memory. Speedup "
                   "over one stream?",
       .answers = {{.text = "Nearly 4x: four streams work on four chunks at once",
                    .checks = {"scalar:streams.speedup_vs_one_stream >= 3"}},
                   {.text = "About 1.5x: one stream's copies hide under another's kernel",
                    .checks = {"scalar:streams.speedup_vs_one_stream >= 1.1",
                               "scalar:streams.speedup_vs_one_stream < 3"}},
                   {.text = "None: each copy makes the host wait, so nothing overlaps", .ifClaimHolds = true}},
       .notes = "A copy from pageable memory is staged through a pinned buffer and returns only when done, so "
                "the host cannot queue the next stream's work. Switch Host memory to pinned for the next "
                "slide."},
      {.id = "streams-copies-overlap-kernels",
       .title = "Streams overlap copies and kernels",
       .claim = "A GPU can do multiple things in parallel, most commonly overlapping memory copies and kernel "
                "executions; operations in the same stream happen in order, in different streams in any order.",
       .lookAt = "Play the timeline: while the SMs process one chunk, one copy engine brings in the next and the "
                 "other takes back the one before; each stream's row stays in order.",
       .source = section + "'The Default Stream'",
       .settings = {"streams=4", "host_memory=pinned", "order=depth-first"},
       .view = "timeline",
       .animationAt = 0.35,
       // Most copy time under a kernel (4 chunks: only the first copy in and the last copy out cannot be, 6 of 8).
       .checks = {"scalar:streams.overlap_fraction > 0.5", "scalar:streams.speedup_vs_one_stream > 1"},
       .question = "4 streams, each: copy in, kernel, copy out, from pinned host memory. How much copy time "
                   "runs under a kernel?",
       .answers = {{.text = "None: the GPU does one thing at a time",
                    .checks = {"scalar:streams.overlap_fraction < 0.05"}},
                   {.text = "Most of it: copy engines and SMs work at the same time", .ifClaimHolds = true},
                   {.text = "Some, but under half of it",
                    .checks = {"scalar:streams.overlap_fraction >= 0.05",
                               "scalar:streams.overlap_fraction <= 0.5"}}},
       .notes = "Only the first copy in and the last copy out cannot hide: 6 of 8 copies, 75%. Ask what the "
                "copy engines let run at once: a copy in, a copy out and a kernel."},
      {.id = "streams-time-vs-streams",
       .title = "More streams, shorter total",
       .claim = "Stream is conceptually equivalent to a CPU thread: with more streams more chunks are in flight, and "
                "the total falls towards the longest engine's share of the work.",
       .lookAt = "The curve: one stream runs copy in, kernel and copy out of every chunk in turn; from two streams on "
                 "the copies hide under the kernels and the total approaches the kernels' sum plus one chunk's "
                 "copies. The model's lines follow from each operation's time on its own.",
       .source = section + "'The Default Stream'",
       .settings = {"streams=8", "host_memory=pinned", "order=depth-first"},
       .view = "total-vs-streams",
       // The kernels are 48% of one stream's total (operation-times); "towards" it: within a quarter of it, 0.6 x.
       .checks = {"total-vs-streams/depth-first@2 < total-vs-streams/depth-first@1",
                  "total-vs-streams/depth-first@8 < total-vs-streams/depth-first@4",
                  "total-vs-streams/depth-first@8 <= 0.6 x total-vs-streams/depth-first@1"},
       .question = "Copy in, kernel, copy out, split over 1 to 8 streams; kernels are about half of the work. "
                   "Total time?",
       .answers = {{.text = "Falls as 1/streams: 8 streams, 8 times faster",
                    .checks = {"total-vs-streams/depth-first@8 <= 0.2 x total-vs-streams/depth-first@1"}},
                   {.text = "Falls, then levels off a little above the kernels' total", .ifClaimHolds = true},
                   {.text = "About the same: the same work takes the same time",
                    .checks = {"total-vs-streams/depth-first@8 >= 0.9 x total-vs-streams/depth-first@1"}}},
       .notes = "The floor is the busiest engine: the kernels' sum plus one chunk's copies. Ask what would "
                "lower it further (a faster kernel, not more streams)."},
      {.id = "streams-legacy-default-stream",
       .title = "The default stream synchronises",
       .claim = "Stream 0 is the default stream: all operations not on an explicit stream are on it, and the legacy "
                "default stream waits for every other stream's earlier work while their later work waits for it.",
       .lookAt = "A tiny kernel on the legacy default stream after each chunk's kernel: every stream stops at it and "
                 "the overlap is gone. On the per-thread default stream (cudaStreamPerThread), an ordinary stream, "
                 "it is not.",
       .source = section + "'The Default Stream'",
       .settings = {"streams=4", "default_stream=legacy", "order=depth-first"},
       .view = "timeline",
       // The overlap gone: no copy runs while a kernel does.
       .checks = {"scalar:streams.overlap_fraction < 0.05"},
       .question = "4 pinned streams overlap well. Add a tiny kernel on the legacy default stream after each "
                   "chunk. Overlap?",
       .answers = {{.text = "Unchanged: a tiny kernel takes almost no time",
                    .checks = {"scalar:streams.overlap_fraction >= 0.5"}},
                   {.text = "Reduced, but some copies still run under kernels",
                    .checks = {"scalar:streams.overlap_fraction >= 0.05",
                               "scalar:streams.overlap_fraction < 0.5"}},
                   {.text = "Gone: every stream waits at each default-stream kernel", .ifClaimHolds = true}},
       .notes = "The legacy default stream synchronises with every blocking stream, before and after. Ask for "
                "the fixes: --default-stream per-thread, or streams made with cudaStreamNonBlocking."},
      {.id = "streams-one-command-queue",
       .title = "Many streams, one hardware queue",
       .claim = "Streams are a software construct mapped onto hardware command queues, many to one (about 32 in "
                "Kepler's Hyper-Q): streams that share a queue wait for each other.",
       .lookAt = "Eight small kernels, two per stream, in one hardware queue, issued stream by stream: each stream's "
                 "second kernel waits for its first at the head of the queue and holds the next stream's kernels "
                 "behind it, so only two run at a time. Breadth-first issue, or eight queues, lets them run "
                 "together. (Copies are not held: they have the copy engines' own queues.)",
       .source = section + "'Command Queue'",
       .settings = {"streams=4", "hardware_queues=1", "order=depth-first", "workload=small-kernels"},
       .view = "timeline",
       // Own queues would run the 4 streams side by side (4x one stream); sharing one they wait for each other,
       // two kernels at a time at most (2x), and breadth-first issue into the same queue is more than twice as fast.
       .checks = {"scalar:streams.speedup_vs_one_stream <= 2",
                  "total-vs-streams/depth-first@4 >= 2 x total-vs-streams/breadth-first@4"},
       .question = "4 streams, 2 small kernels each, one hardware queue, issued stream by stream. Speedup "
                   "over one stream?",
       .answers = {{.text = "At most 2x: a stream's second kernel holds up the next stream in the queue",
                    .ifClaimHolds = true},
                   {.text = "About 4x: four streams run side by side",
                    .checks = {"scalar:streams.speedup_vs_one_stream >= 3"}},
                   {.text = "None: one queue runs one kernel at a time",
                    .checks = {"scalar:streams.speedup_vs_one_stream < 1.2"}}},
       .notes = "The head of the queue blocks: a stream's second kernel waits for its first, and everything "
                "behind it waits too (false dependency). Then show breadth-first issue, more than twice as "
                "fast in the same queue."},
      {.id = "streams-concurrent-small-kernels",
       .title = "Small kernels side by side",
       .claim = "A GPU can do multiple things in parallel: kernels of different streams that each leave SMs idle run "
                "side by side and fill the GPU together.",
       .lookAt = "Each kernel uses an eighth of the SMs; on one stream they run one after another, on eight streams "
                 "the SMs' row fills with eight at once and the total falls about eightfold.",
       .source = section + "'The Default Stream' (concurrent kernels)",
       .settings = {"streams=8", "workload=small-kernels"},
       .view = "timeline",
       // Eight kernels of an eighth of the SMs each, side by side: about eight times one stream's speed.
       .checks = {"scalar:streams.speedup_vs_one_stream ~ 8 within 15%"},
       .question = "8 kernels, each filling an eighth of the SMs: run on 1 stream, then on 8 streams. Speedup?",
       .answers = {{.text = "None: a GPU runs one kernel at a time",
                    .checks = {"scalar:streams.speedup_vs_one_stream < 1.3"}},
                   {.text = "About 8x: the eight kernels run side by side and fill the GPU",
                    .ifClaimHolds = true},
                   {.text = "Some, but well short of 8x: kernels overlap only at their edges",
                    .checks = {"scalar:streams.speedup_vs_one_stream >= 1.3",
                               "scalar:streams.speedup_vs_one_stream < 6.8"}}},
       .notes = "Concurrent kernels only pay when each leaves SMs idle; a kernel that fills the GPU gains "
                "nothing from streams. Ask when that happens in practice (small batches, tails of a grid)."},
  };
}

}  // namespace warpscope::labs
