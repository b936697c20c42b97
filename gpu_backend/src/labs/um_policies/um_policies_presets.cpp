#include "labs/um_policies/um_policies_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umPoliciesPresets() {
  return {
      {.id = "um-read-mostly-copies-collapse",
       .title = "ReadMostly: copies, collapsed by writes",
       .claim = "With SetReadMostly both processors can read the data simultaneously without faults (each "
                "has a copy); writes will collapse all copies into one, and subsequent reads fault and "
                "duplicate again.",
       .lookAt = "In round 2 the CPU is rewriting the buffer: the chunks it has written (top rows) are "
                 "back to one copy 'On the CPU', the rest are still 'Read-only copies (duplicated)' from "
                 "the kernel. Play on: the next kernel's reads duplicate every page again.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 25-27 'Concurrent access: "
                 "read duplication' and 76 'Read duplication: usage example'",
       .settings = {"buffer_mib=16", "cpu_write_pct=100", "gpu_access=reads", "shown=read-mostly"},
       .view = "page-map",
       .animationAt = 0.2},  // mid-way through round 2's CPU writes: half collapsed, half duplicated
      {.id = "um-preferred-location-cpu",
       .title = "PreferredLocation CPU: map, don't migrate",
       .claim = "With SetPreferredLocation(CPU) the kernel will page fault and generate a direct mapping to "
                "the data on the CPU: the driver resists migrating data away from the preferred location.",
       .lookAt = "After the CPU's first writes, each GPU page-fault batch is followed by 'Remote map' spans "
                 "(64 KiB mapped for GPU 0, cause policy), and the Host to device and Device to host rows "
                 "stay empty; later rounds do not fault at all (bytes-by-policy: 0 MiB each way).",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 77 'Preferred location: "
                 "resisting migrations'",
       .settings = {"buffer_mib=16", "iterations=4", "shown=preferred-cpu"},
       .view = "um-timeline"},
      {.id = "um-accessed-by-no-faults",
       .title = "AccessedBy GPU: direct mapping, no faults",
       .claim = "With SetAccessedBy(GPU) the GPU will establish a direct mapping of the data in CPU memory: "
                "no page faults will be generated.",
       .lookAt = "SetAccessedBy GPU has 0 GPU faults over the 4 rounds, against 512 with no advice and 256 "
                 "for SetPreferredLocation CPU (which faults once before it maps); its CPU faults are only "
                 "the 48 of the first writes.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 80 'Accessed by: usage "
                 "example'",
       .settings = {"buffer_mib=16", "iterations=4", "shown=accessed-by-gpu"},
       .view = "faults-by-policy"},
  };
}

}  // namespace warpscope::labs
