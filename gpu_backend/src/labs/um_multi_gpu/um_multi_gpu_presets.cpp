#include "labs/um_multi_gpu/um_multi_gpu_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umMultiGpuPresets() {
  return {
      {.id = "um-multi-gpu-first-touch",
       .title = "Two GPUs: partitioned on first touch",
       .claim = "GPU kernels initiate migrations: data is automatically partitioned between GPUs on first "
                "touch.",
       .lookAt = "At the end the top half of the chunks is 'On GPU 0' and the bottom half 'On GPU 1': "
                 "each GPU's kernel faulted its own half over from the CPU (256 MiB host to device in all, "
                 "nothing GPU to GPU), and the second pass moves nothing.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 34-35 'Multi-GPU with "
                 "unified memory'",
       .settings = {"buffer_mib=256", "passes=2", "shown=first-touch"},
       .view = "page-map"},
      {.id = "um-multi-gpu-remote-map",
       .title = "Two GPUs: remote access, no migration",
       .claim = "With policies, remote data can be accessed directly without migrations.",
       .lookAt = "GPU 1 reads GPU 0's pages over the peer link at about 390 GB/s under AccessedBy (0 "
                 "faults, 0 MiB migrated), close to cudaMemcpyPeer; without advice its first pass faults and "
                 "migrates all 256 MiB GPU to GPU, about 18 GB/s over both passes.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 36 'Multi-GPU with "
                 "unified memory' (with policies: remote access)",
       .settings = {"buffer_mib=256", "passes=2", "shown=remote-mapped"},
       .view = "gbps-by-mode"},
      {.id = "um-multi-gpu-read-duplication",
       .title = "Two GPUs: read-only data duplicated",
       .claim = "With policies, read-only data can be duplicated and accessed locally.",
       .lookAt = "Every chunk ends as 'Read-only copies (duplicated)': both GPUs read the whole buffer and "
                 "each got its own copy (bytes-by-mode: 512 MiB host to device for a 256 MiB buffer), so the "
                 "second pass reads locally on both.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 37 'Multi-GPU with "
                 "unified memory' (with policies: read duplication)",
       .settings = {"buffer_mib=256", "passes=2", "shown=read-duplicate"},
       .view = "page-map"},
  };
}

}  // namespace warpscope::labs
