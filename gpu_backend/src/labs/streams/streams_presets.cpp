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
       .checks = {"scalar:streams.overlap_fraction < 0.05", "scalar:streams.speedup_vs_one_stream < 1.1"}},
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
       .checks = {"scalar:streams.overlap_fraction > 0.5", "scalar:streams.speedup_vs_one_stream > 1"}},
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
                  "total-vs-streams/depth-first@8 <= 0.6 x total-vs-streams/depth-first@1"}},
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
       .checks = {"scalar:streams.overlap_fraction < 0.05"}},
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
                  "total-vs-streams/depth-first@4 >= 2 x total-vs-streams/breadth-first@4"}},
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
       .checks = {"scalar:streams.speedup_vs_one_stream ~ 8 within 15%"}},
  };
}

}  // namespace warpscope::labs
