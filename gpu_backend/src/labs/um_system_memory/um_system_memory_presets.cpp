#include "labs/um_system_memory/um_system_memory_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umSystemMemoryPresets() {
  return {
      {.id = "um-atomics-exclusive-access",
       .title = "atomicAdd_system from both sides: the page moves",
       .claim = "Exclusive access: an atomicAdd_system on a page the other processor holds is a page fault; the "
                "page is unmapped in that processor's memory and migrated to the one that adds.",
       .lookAt = "The CPU and GPU together: CPU faults and GPU fault batches, and migrations both ways, while the "
                 "GPU alone and the CPU alone see none. Play the timeline: the counters' page goes to the CPU on "
                 "each CPU fault and back to the GPU on each GPU fault batch.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Concurrent access' and "
                 "'Exclusive access' (20-23)",
       .settings = {"cpu_threads=2", "counters=4", "layout=same-page", "shown=cpu-gpu"},
       .view = "atomic-events",
       // A fault on each side and the page moving at least once each way; the page stays put when one
       // side adds alone.
       .checks = {"atomic-events/CPU faults@CPU and GPU together >= 1",
                  "atomic-events/GPU fault batches@CPU and GPU together >= 1",
                  "atomic-events/migrations@CPU and GPU together >= 2",
                  "atomic-events/migrations@atomicAdd_system, GPU alone <= 0"},
       .question = "CPU threads and a kernel both atomicAdd to counters on one managed page (x86, PCIe). What happens?",
       .answers = {{.text = "Both add in place: the GPU's atomics cross PCIe to host memory",
                    .checks = {"atomic-events/migrations@CPU and GPU together <= 0"}},
                   {.text = "The page faults over to whoever adds, back and forth", .ifClaimHolds = true},
                   {.text = "Only the CPU faults: the page moves to the CPU once and stays",
                    .checks = {"atomic-events/GPU fault batches@CPU and GPU together <= 0"}}},
       .notes = "Ask what hostNativeAtomicSupported = 0 means: no atomics over the link, so each side needs the page "
                "for itself. The slides' footnote: this is one possible implementation; advice can change it."},
      {.id = "um-atomics-contended-cost",
       .title = "Shared atomics: exact, but each side waits its turn",
       .claim = "Concurrent atomics from the CPU and the GPU on one page are correct (every count is exact), but "
                "each side must hold the page to add: both add slower than alone, and the driver's thrashing "
                "mitigation throttles one side to let the other keep the page a while.",
       .lookAt =
           "Operations per second: the GPU together with the CPU against atomicAdd_system alone, and (next "
           "view) the CPU threads together against alone; then the throttling bar of the events view. In the model the "
           "first throttle hands the GPU the page for 0.5 ms, in which it does most of its work.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Concurrent access' and "
                 "'Exclusive access' (20-23)",
       .settings = {"cpu_threads=2", "counters=1", "layout=same-page", "shown=cpu-gpu"},
       .view = "atomic-rates",
       // "Slower than alone": strictly below each side's own rate; "throttles": at least one throttling record.
       .checks = {"atomic-rates/GPU@CPU and GPU together < atomic-rates/GPU@atomicAdd_system, GPU alone",
                  "cpu-atomic-rates/CPU threads@CPU and GPU together < cpu-atomic-rates/CPU threads@CPU threads alone",
                  "atomic-events/throttling@CPU and GPU together >= 1"},
       .question = "The kernel and 2 CPU threads add to one counter on one page. What happens to their speeds?",
       .answers =
           {{.text = "Nothing: each adds as fast as alone",
             .checks = {"atomic-rates/GPU@CPU and GPU together >= atomic-rates/GPU@atomicAdd_system, GPU alone"}},
            {.text = "Both slow down; the driver throttles one side at a time", .ifClaimHolds = true},
            {.text = "Only the GPU slows down; the CPU threads do not notice",
             .checks = {"atomic-rates/GPU@CPU and GPU together < atomic-rates/GPU@atomicAdd_system, GPU alone",
                        "cpu-atomic-rates/CPU threads@CPU and GPU together >= cpu-atomic-rates/CPU threads@CPU threads "
                        "alone"}}},
       .notes = "Compare atomicAdd and atomicAdd_system with the GPU alone: the scope is not what costs, the sharing "
                "is. Then raise the operations: the longer both add, the more handovers and throttles."},
      {.id = "um-system-allocator-malloc",
       .title = "A kernel on malloc'd, global and stack memory",
       .claim = "System allocator support allows the GPU to access all system memory: malloc, stack, global (x86: "
                "through HMM).",
       .lookAt = "Where cudaDevAttrPageableMemoryAccess is 1 the kernel reads and rewrites malloc'd memory, a global "
                 "array and a stack buffer (checked): its first touch migrates the pages like managed memory's, the "
                 "second reads device memory. Where it is 0 those bars are missing and the note says what the driver "
                 "needs.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 'Unified memory with system "
                 "allocator' and 'What you can do with unified memory' (46-47)",
       .settings = {"buffer_mib=64", "shown=malloc"},
       .view = "system-gbps",
       // The kernel ran on each kind of system memory, and malloc'd memory behaves as managed memory does:
       // migrated on the first touch, local on the second.
       .checks = {"scalar:attr.pageable_memory_access >= 1", "system-gbps/first touch@malloc > 0",
                  "system-gbps/first touch@global array > 0", "system-gbps/first touch@stack buffer > 0",
                  "system-gbps/second touch@malloc > 2 x system-gbps/first touch@malloc"},
       .differsOn = {{.gpu = "H200",
                      .why = "The lent H200's host reports cudaDevAttrPageableMemoryAccess = 0: its Linux 6.18 kernel "
                             "is built without CONFIG_DEVICE_PRIVATE (HMM_MIRROR and ZONE_DEVICE are on, and the "
                             "driver 580.159's open nvidia_uvm has uvm_disable_hmm = N), and the driver's HMM needs "
                             "it. So no kernel may touch malloc'd, global or stack memory there and those bars are "
                             "missing; cudaMallocManaged works on the same host (the next slide)."}},
       .question = "Can a kernel take a pointer from plain malloc() on an x86 host?",
       .answers = {{.text = "Never: only cudaMalloc or cudaMallocManaged memory",
                    .checks = {"scalar:attr.pageable_memory_access <= 0"}},
                   {.text = "Yes, where the driver supports HMM; its pages migrate on first touch",
                    .ifClaimHolds = true},
                   {.text = "Yes, but it always reads host memory over PCIe",
                    .checks = {"scalar:attr.pageable_memory_access >= 1",
                               "system-gbps/second touch@malloc <= 2 x system-gbps/first touch@malloc"}}},
       .notes = "HMM needs the open kernel modules, a Linux kernel with HMM and CUDA 12.2 or later; the note names "
                "the attribute when it is missing. ATS (POWER9, Grace) reads in place instead of migrating."},
      {.id = "um-managed-works-everywhere",
       .title = "cudaMallocManaged works everywhere",
       .claim = "cudaMallocManaged works everywhere today: the first touch migrates the pages, and after that the "
                "kernel reads device memory like cudaMalloc memory.",
       .lookAt = "cudaMallocManaged's first touch (the pages fault over) against its second touch, and cudaMalloc + "
                 "cudaMemcpy's second touch.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 'What you can do with unified "
                 "memory' (47)",
       .settings = {"buffer_mib=64", "shown=managed"},
       .view = "system-gbps",
       // Second touch: within a factor of 2 of explicit device memory; first touch well below it.
       .checks =
           {"system-gbps/second touch@cudaMallocManaged > 2 x system-gbps/first touch@cudaMallocManaged",
            "system-gbps/second touch@cudaMallocManaged >= 0.5 x system-gbps/second touch@cudaMalloc + cudaMemcpy"},
       .question = "A kernel touches 64 MiB of fresh managed memory twice. How does the second touch compare?",
       .answers =
           {{.text = "The same: managed memory is always slow",
             .checks = {"system-gbps/second touch@cudaMallocManaged <= 2 x system-gbps/first touch@cudaMallocManaged"}},
            {.text = "Much faster, close to cudaMalloc memory", .ifClaimHolds = true},
            {.text = "Faster, but still far from cudaMalloc memory",
             .checks = {"system-gbps/second touch@cudaMallocManaged > 2 x system-gbps/first touch@cudaMallocManaged",
                        "system-gbps/second touch@cudaMallocManaged < 0.5 x system-gbps/second touch@cudaMalloc + "
                        "cudaMemcpy"}}},
       .notes = "The first touch pays for the faults and the migration; the explicit copy pays the same before its "
                "first touch (its bar includes the cudaMemcpy)."},
  };
}

}  // namespace warpscope::labs
