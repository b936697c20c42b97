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
                  "scalar:multigpu.first-touch.dtod_mib < 1"},
       .question = "256 MiB of managed memory starts on the CPU; GPU 0 reads the top half, GPU 1 the bottom. Where does it go?",
       .answers = {{.text = "To one GPU; the other pulls its half across from that GPU",
                    .checks = {"scalar:multigpu.first-touch.dtod_mib >= 1"}},
                   {.text = "A full copy to each GPU",
                    .checks = {"scalar:multigpu.first-touch.into_gpu0_mib ~ 256 within 10%",
                               "scalar:multigpu.first-touch.into_gpu1_mib ~ 256 within 10%"}},
                   {.text = "Each half to the GPU that read it, straight from the CPU", .ifClaimHolds = true},
                   {.text = "Nowhere: both GPUs read it from CPU memory over the host link",
                    .checks = {"scalar:multigpu.first-touch.into_gpu0_mib < 1",
                               "scalar:multigpu.first-touch.into_gpu1_mib < 1"}}},
       .notes = "Ask who starts a migration: the processor that faults. Play the page map: no page crosses GPU to "
                "GPU, and the second pass reads local memory on both."},
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
                  "gbps-by-mode/GPU 1@AccessedBy (remote map) >= 10 x gbps-by-mode/GPU 1@no advice (migrate)"},
       .question = "GPU 1 reads 256 MiB that lives on GPU 0, twice. With AccessedBy set, how fast against no advice?",
       .answers = {{.text = "Slower: every remote read pays the peer link's latency",
                    .checks = {"gbps-by-mode/GPU 1@AccessedBy (remote map) < gbps-by-mode/GPU 1@no advice (migrate)"}},
                   {.text = "Faster, but well short of a cudaMemcpyPeer's rate"},
                   {.text = "Over 10 times faster, near cudaMemcpyPeer's rate, moving no pages",
                    .ifClaimHolds = true}},
       .notes = "Point at the bytes chart: AccessedBy migrates nothing; with no advice GPU 1's first pass faults "
                "the buffer over GPU to GPU, fault batch by fault batch."},
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
                  "scalar:multigpu.read-duplicate.into_gpu1_mib ~ 256 within 10%"},
       .question = "Both GPUs read all of a 256 MiB ReadMostly buffer that starts on the CPU. How much lands on each GPU?",
       .answers = {{.text = "128 MiB each: the buffer is split between them",
                    .checks = {"scalar:multigpu.read-duplicate.into_gpu0_mib ~ 128 within 10%",
                               "scalar:multigpu.read-duplicate.into_gpu1_mib ~ 128 within 10%"}},
                   {.text = "256 MiB each: every GPU gets its own read-only copy", .ifClaimHolds = true},
                   {.text = "None: read-only data is read in place from CPU memory",
                    .checks = {"scalar:multigpu.read-duplicate.into_gpu0_mib < 1",
                               "scalar:multigpu.read-duplicate.into_gpu1_mib < 1"}},
                   {.text = "256 MiB on one GPU; the other reads it from there"}},
       .notes = "Compare first touch, where each GPU got its half. On the H100 recording half of each copy comes "
                "from the other GPU's copy (256 MiB host to device, 256 MiB GPU to GPU): duplication either way."},
  };
}

}  // namespace warpscope::labs
