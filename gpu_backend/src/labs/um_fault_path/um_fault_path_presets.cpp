#include "labs/um_fault_path/um_fault_path_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umFaultPathPresets() {
  return {
      {.id = "um-fault-path-stall-replay",
       .title = "The fault path: fault, migrate, map, replay",
       .claim = "A GPU access to a page its page table does not map faults: the warp stalls, the driver "
                "services the fault, unmaps the page from the CPU, migrates it to the GPU's memory, maps it and "
                "replays the access. Warps sharing a page each fault, and all stall on fault processing.",
       .lookAt = "Step through the stages (arrows): four warps stall at 0 and leave four fault-buffer entries; "
                 "the driver fetches them and dedups them to one page, unmaps it on the CPU, copies its 64 KiB "
                 "big page over the host link, maps it on the GPU and replays; then the warps resume. On the "
                 "H200 model the warps stall about 26 us, the copy about 7 us of it.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 8-13 'Unified memory basics' "
                 "(page fault, unmapped, migrated, access replay) and 56 'Page faults handling'",
       .settings = {"warps=4", "bytes_per_warp=128", "shown=stages"},
       .view = "fault-path",
       // Several faults for one page (dedup), one batch, and a stall mostly of fault processing:
       // "mostly" read as the copy at most half of it.
       .checks = {"scalar:fault_path.fault_entries > scalar:fault_path.distinct_pages",
                  "scalar:fault_path.fault_groups ~ 1 within 1%",
                  "scalar:fault_path.stall_us >= 2 x scalar:fault_path.copy_us"},
       .question = "Four warps read one 4 KiB page that lives on the CPU. What do the warps do while it moves?",
       .answers = {{.text = "Only the first warp faults and waits; the others find the page on its way",
                    .checks = {"scalar:fault_path.fault_entries < 1.5"}},
                   {.text = "All four stall, mostly waiting for the copy over the link",
                    .checks = {"scalar:fault_path.copy_us > 0.5 x scalar:fault_path.stall_us"}},
                   {.text = "All four fault and stall until one replay; the copy is a small part",
                    .ifClaimHolds = true}},
       .notes = "One stop per stage: ask what each row is doing. Four faults move one page (the driver dedups them), "
                "and 16 pages move (the big page). The stall is mostly the driver's work, not the copy: slide 57's "
                "'warps are stalled on fault processing'."},
      {.id = "um-fault-groups",
       .title = "What are GPU page fault groups?",
       .claim = "The profiler reports GPU page faults as fault groups: a thread/4B read of 64 MiB made 81 groups, "
                "each listing several faults (8, 9, 5, ...), against 3012 host-to-device transfers.",
       .lookAt = "The top row is the fault groups, one span each: hover for its faults and the pages copied in it; "
                 "the rows below are the copies, faulted pages and the driver's prefetch. The H200 model services "
                 "the kernel in 129 batches of about 70 us over 10.5 ms, with 323 copies. On a GPU the groups are "
                 "CUPTI's, and 'Each fault group's duration' sets the model's batches beside them.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 53 'Understanding profiler "
                 "output' and 55 'What is page fault groups?'",
       .settings = {"fault_pages=16384", "bytes_per_warp=128"},
       .view = "fault-groups",
       // Faults come in groups (fewer groups than faults, and than the copies they make), and a
       // 64 MiB read makes tens of them, not one: the slide's 81 against 3012 transfers.
       .checks = {"scalar:fault_groups.groups < scalar:fault_groups.faults",
                  "scalar:fault_groups.groups < scalar:fault_groups.copies",
                  "scalar:fault_groups.groups >= 10"},
       .question = "A kernel reads 64 MiB the CPU wrote, one thread per 4 bytes. How does the profiler count its GPU "
                   "page faults?",
       .answers = {{.text = "One record per fault: thousands of them",
                    .checks = {"scalar:fault_groups.groups > 0.5 x scalar:fault_groups.faults"}},
                   {.text = "One group: the whole kernel faults at once",
                    .checks = {"scalar:fault_groups.groups < 2"}},
                   {.text = "Tens of groups, each of several faults, while the copies run", .ifClaimHolds = true}},
       .notes = "nvprof's 'GPU page fault groups' is the CUPTI record Warpscope reads on a GPU. Its value is "
                "documented as the number of page fault groups for the same page, and its groups are not known to "
                "be the driver's batches (a warp/64KB group on the H200 lasts milliseconds and overlaps the next): "
                "compare durations and pages per group with the model's batches, not only the count."},
      {.id = "um-before-pascal-launch-migration",
       .title = "Before Pascal: every dirty page moves at launch",
       .claim = "Before Pascal there was no GPU page fault support: all dirty pages move on kernel launch, whatever "
                "the kernel touches. Pascal migrates on demand, to the accessing processor on first touch.",
       .lookAt = "At 10% touched (the ring) 'at launch' is about twice 'on demand' (1.4 against 0.6 ms on the H200 "
                 "model): 64 MiB cross the link before the kernel starts, against 6.5 MiB faulted in. Follow the "
                 "lines right: past about a quarter of the buffer, one bulk copy at the link's rate wins.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 40 'Unified memory: before "
                 "Pascal' and 41 'Unified memory: Pascal and Volta'",
       .settings = {"buffer_mib=64", "touched_pct=10", "paging=at-launch", "shown=paging"},
       .view = "paging-vs-touched",
       // Both paging modes are in this run's scalars: the launch moves the whole buffer, no fault,
       // and takes longer than faulting in the tenth the kernel reads.
       .checks = {"scalar:paging.at_launch.mib_htod >= 5 x scalar:paging.on_demand.mib_htod",
                  "scalar:paging.at_launch.gpu_faults < 0.5",
                  "scalar:paging.at_launch.ms > 1.5 x scalar:paging.on_demand.ms"},
       .question = "The CPU wrote 64 MiB; a kernel reads a tenth. Pre-Pascal (all at launch) or Pascal (on demand)?",
       .answers = {{.text = "About the same: the kernel reads the same bytes either way",
                    .checks = {"scalar:paging.at_launch.ms < 1.5 x scalar:paging.on_demand.ms",
                               "scalar:paging.on_demand.ms < 1.5 x scalar:paging.at_launch.ms"}},
                   {.text = "Pre-Pascal: one bulk copy beats thousands of faults",
                    .checks = {"scalar:paging.at_launch.ms <= scalar:paging.on_demand.ms"}},
                   {.text = "Pascal: it moves only what the kernel touches", .ifClaimHolds = true}},
       .notes = "The pre-Pascal driver could not know what the kernel would touch, so it moved everything the CPU "
                "dirtied. Move the slider (share touched): past about a quarter the bulk copy wins, which is why "
                "prefetching is still worth it on Pascal."},
      {.id = "um-access-counters-hot-pages",
       .title = "Volta access counters: only hot pages move",
       .claim = "If memory is mapped to the GPU, migration can be triggered by access counters: only hot pages are "
                "moved to the GPU, and migrations are delayed compared to the fault-based method.",
       .lookAt = "Fault on first touch moves 22 MiB: the 8 MiB hot set and a 64 KiB big page for each scattered "
                 "cold line (14 MiB of cold data). Access counters move only the hot set; the cold lines are read "
                 "over the link, and each hot 2 MiB region is first read remotely (256 accesses, 32 KiB) before "
                 "it moves.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 42-43 'Unified memory on "
                 "Volta+P9' (access counters)",
       .settings = {"buffer_mib=64", "hot_mib=8", "hot_passes=4", "shown=access-counters"},
       .view = "access-counters",
       // Hot set on the GPU, no cold data there, far less moved; the delay as accesses served remotely
       // before the move (a fault moves a page at its first access).
       .checks = {"scalar:access.counters.hot_mib_on_gpu ~ scalar:access.hot_mib within 1%",
                  "scalar:access.counters.cold_mib_on_gpu < 0.01",
                  "scalar:access.counters.mib_migrated < 0.5 x scalar:access.first_touch.mib_migrated",
                  "scalar:access.counters.remote_kib_before_migration > "
                  "scalar:access.first_touch.remote_kib_before_migration"},
       .question =
           "A kernel rereads 8 MiB and touches a few lines of the other 56 MiB once. What do access counters move?",
       .answers = {{.text = "Everything it touches, as faults would",
                    .checks = {"scalar:access.counters.mib_migrated >= 0.9 x scalar:access.first_touch.mib_migrated"}},
                   {.text = "Nothing: reading remotely is enough",
                    .checks = {"scalar:access.counters.mib_migrated < 1"}},
                   {.text = "Only the hot 8 MiB, after some remote reads", .ifClaimHolds = true}},
       .notes = "The counters are off on x86 + PCIe hosts (on by default only on POWER9 with ATS): this is the model "
                "of the mechanism. Ask what the threshold trades: a lower one moves sooner, and moves colder data."},
  };
}

}  // namespace warpscope::labs
