#include "labs/um_multi_gpu/um_multi_gpu_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umMultiGpuPresets() {
  return {
      {.id = "um-multi-gpu-first-touch",
       .title = "Two GPUs: partitioned on first touch",
       .claim = "GPU kernels initiate migrations: data is automatically partitioned between GPUs on first "
                "touch.",
       .lookAt = "Each GPU's kernel faults its own half over from the CPU, with nothing moving GPU to GPU: "
                 "the top half ends 'On GPU 0' and the bottom half 'On GPU 1', 128 MiB each. The second pass "
                 "reads local memory on both.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 34-35 'Multi-GPU with "
                 "unified memory'",
       .settings = {"buffer_mib=256", "passes=2", "shown=first-touch"},
       .view = "page-map",
       // Partitioned: each GPU receives its half of the 256 MiB, nothing moves GPU to GPU. A trace that
       // lost records leaves these out (the run cannot judge it), not judged on a lower bound.
       .checks = {"scalar:multigpu.first-touch.into_gpu0_mib ~ 128 within 10%",
                  "scalar:multigpu.first-touch.into_gpu1_mib ~ 128 within 10%",
                  "scalar:multigpu.first-touch.dtod_mib < 1"}},
      {.id = "um-multi-gpu-remote-map",
       .title = "Two GPUs: remote access, no migration",
       .claim = "With policies, remote data can be accessed directly without migrations.",
       .lookAt = "Under AccessedBy, GPU 1 reads GPU 0's pages over the peer link at close to "
                 "cudaMemcpyPeer's rate (several hundred GB/s) without migrating them; with no advice its "
                 "first pass migrates the buffer GPU to GPU, and the two passes average under 20 GB/s.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 36 'Multi-GPU with "
                 "unified memory' (with policies: remote access)",
       .settings = {"buffer_mib=256", "passes=2", "shown=remote-mapped"},
       .view = "gbps-by-mode",
       // From the kernel times: GPU 1 reads at the peer link's rate, an order of magnitude above reads that
       // migrate the pages (no advice). The trace of the AccessedBy run is empty: no migrations, no faults.
       .checks = {"gbps-by-mode/GPU 1@AccessedBy (remote map) >= 0.8 x gbps-by-mode/peer copy@cudaMemcpyPeer",
                  "gbps-by-mode/GPU 1@AccessedBy (remote map) >= 10 x gbps-by-mode/GPU 1@no advice (migrate)"}},
      {.id = "um-multi-gpu-read-duplication",
       .title = "Two GPUs: read-only data duplicated",
       .claim = "With policies, read-only data can be duplicated and accessed locally.",
       .lookAt = "Both GPUs read the whole buffer and each gets its own read-only copy: every "
                 "page ends as 'Read-only copies (duplicated)', and the second pass reads locally on both. On "
                 "a GPU each copy comes from the host or from the other GPU's copy.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 37 'Multi-GPU with "
                 "unified memory' (with policies: read duplication)",
       .settings = {"buffer_mib=256", "passes=2", "shown=read-duplicate"},
       .view = "page-map",
       // Duplicated: each GPU receives the whole buffer (from the host, or part of it from the other GPU).
       .checks = {"scalar:multigpu.read-duplicate.into_gpu0_mib ~ 256 within 10%",
                  "scalar:multigpu.read-duplicate.into_gpu1_mib ~ 256 within 10%"}},
  };
}

}  // namespace warpscope::labs
