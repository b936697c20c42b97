#include "labs/um_multi_gpu/um_multi_gpu_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umMultiGpuPresets() {
  return {
      {.id = "um-multi-gpu-first-touch",
       .title = "Two GPUs: partitioned on first touch",
       .claim = "GPU kernels initiate migrations: data is automatically partitioned between GPUs on first "
                "touch.",
       .lookAt = "Each GPU's kernel faults its own half over from the CPU, with nothing moving GPU to GPU: "
                 "in the model the top half ends 'On GPU 0' and the bottom half 'On GPU 1'. The H200 "
                 "recording's trace lost its records for GPU 0 (its title says the trace is incomplete), "
                 "so there the top half still shows 'On the CPU'; its bars show both GPUs' reads.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 34-35 'Multi-GPU with "
                 "unified memory'",
       .settings = {"buffer_mib=256", "passes=2", "shown=first-touch"},
       .view = "page-map"},
      {.id = "um-multi-gpu-remote-map",
       .title = "Two GPUs: remote access, no migration",
       .claim = "With policies, remote data can be accessed directly without migrations.",
       .lookAt = "Under AccessedBy, GPU 1 reads GPU 0's pages over the peer link at close to "
                 "cudaMemcpyPeer's rate (several hundred GB/s) without migrating them; with no advice its "
                 "first pass migrates the buffer GPU to GPU, and the two passes average under 20 GB/s.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 36 'Multi-GPU with "
                 "unified memory' (with policies: remote access)",
       .settings = {"buffer_mib=256", "passes=2", "shown=remote-mapped"},
       .view = "gbps-by-mode"},
      {.id = "um-multi-gpu-read-duplication",
       .title = "Two GPUs: read-only data duplicated",
       .claim = "With policies, read-only data can be duplicated and accessed locally.",
       .lookAt = "Both GPUs read the whole buffer and each gets its own read-only copy: in the model every "
                 "chunk ends as 'Read-only copies (duplicated)' and the second pass reads locally on both. "
                 "The H200 recording's trace lost most records (the title says so) and its map does not show "
                 "the copies.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 37 'Multi-GPU with "
                 "unified memory' (with policies: read duplication)",
       .settings = {"buffer_mib=256", "passes=2", "shown=read-duplicate"},
       .view = "page-map"},
  };
}

}  // namespace warpscope::labs
