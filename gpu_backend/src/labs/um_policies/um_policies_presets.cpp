#include "labs/um_policies/um_policies_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umPoliciesPresets() {
  return {
      {.id = "um-read-mostly-copies-collapse",
       .title = "ReadMostly: copies, collapsed by writes",
       .claim = "With SetReadMostly both processors can read the data simultaneously without faults (each "
                "has a copy); writes will collapse all copies into one, and subsequent reads fault and "
                "duplicate again.",
       .lookAt = "In the model, round 2 catches the CPU rewriting the buffer: the chunks it has written (top "
                 "rows) are back to one copy 'On the CPU', the rest still 'Read-only copies (duplicated)', "
                 "and the next kernel's reads duplicate every page again. On a GPU the map reads the trace "
                 "the same way: a copy to the GPU of a page the CPU holds is 'Read-only copies', and each of "
                 "the CPU's write faults (4,096 a round) collapses its page to 'On the CPU'.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slides 25-27 'Concurrent access: "
                 "read duplication' and 76 'Read duplication: usage example'",
       .settings = {"buffer_mib=16", "cpu_write_pct=100", "gpu_access=reads", "shown=read-mostly"},
       .view = "page-map",
       // Mid-way through round 2's CPU writes in the model (five chunks collapsed, three duplicated); on
       // the recordings, after round 1's copies to the GPU (at 0.22, before which the map is empty).
       .animationAt = 0.25,
       // Both read from a copy: nothing moves back to the CPU. Collapsed by the writes, all 16 MiB are
       // duplicated again in each of the 4 rounds.
       .checks = {"bytes-by-policy/device to host@SetReadMostly <= 0",
                  "bytes-by-policy/host to device@SetReadMostly ~ 64 within 5%"},
       .question = "16 MiB set ReadMostly; 4 rounds of: the CPU rewrites all of it, then a GPU kernel reads it. What moves?",
       .answers = {{.text = "16 MiB to the GPU once; the GPU keeps its copy after that",
                    .checks = {"bytes-by-policy/host to device@SetReadMostly ~ 16 within 25%"}},
                   {.text = "64 MiB to the GPU and 64 MiB back, as with no advice",
                    .checks = {"bytes-by-policy/device to host@SetReadMostly >= 32"}},
                   {.text = "Nothing: the GPU reads the CPU's copy in place",
                    .checks = {"bytes-by-policy/host to device@SetReadMostly < 1"}},
                   {.text = "64 MiB to the GPU, nothing back: writes just drop the GPU's copies",
                    .ifClaimHolds = true}},
       .notes = "Ask why nothing comes back: the CPU still holds a copy, so its write only invalidates the GPU's. "
                "On the faults chart ReadMostly has tens of times no advice's CPU faults: its writes fault page by page."},
      {.id = "um-preferred-location-cpu",
       .title = "PreferredLocation CPU: map, don't migrate",
       .claim = "With SetPreferredLocation(CPU) the kernel will page fault and generate a direct mapping to "
                "the data on the CPU: the driver resists migrating data away from the preferred location.",
       .lookAt = "After the CPU's first writes, the GPU's page-fault batches are followed by 'Remote map' "
                 "spans (cause policy: the GPU maps the CPU's pages), and the Host to device and Device to "
                 "host rows stay empty; later rounds do not fault at all and move nothing.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 77 'Preferred location: "
                 "resisting migrations'",
       .settings = {"buffer_mib=16", "iterations=4", "shown=preferred-cpu"},
       .view = "um-timeline",
       // The kernel faults, yet nothing migrates to the GPU; without the advice the same kernel does.
       .checks = {"faults-by-policy/GPU faults@SetPreferredLocation CPU >= 1",
                  "bytes-by-policy/host to device@SetPreferredLocation CPU <= 0",
                  "bytes-by-policy/host to device@no advice >= 1"},
       .question = "SetPreferredLocation(CPU) on 16 MiB that a GPU kernel reads each round. Does it fault, and what moves?",
       .answers = {{.text = "No faults and nothing moves: the advice maps the data up front",
                    .checks = {"faults-by-policy/GPU faults@SetPreferredLocation CPU <= 0",
                               "bytes-by-policy/host to device@SetPreferredLocation CPU <= 0"}},
                   {.text = "It faults, then maps the CPU's pages: nothing migrates", .ifClaimHolds = true},
                   {.text = "It faults and the pages migrate to the GPU, as with no advice",
                    .checks = {"bytes-by-policy/host to device@SetPreferredLocation CPU >= 1"}}},
       .notes = "Hover a 'Remote map' span: its cause is the policy. Compare SetAccessedBy GPU, which maps before "
                "the kernel runs and never faults."},
      {.id = "um-accessed-by-no-faults",
       .title = "AccessedBy GPU: direct mapping, no faults",
       .claim = "With SetAccessedBy(GPU) the GPU will establish a direct mapping of the data in CPU memory: "
                "no page faults will be generated.",
       .lookAt = "SetAccessedBy GPU has no GPU faults over the 4 rounds, while no advice and "
                 "SetPreferredLocation CPU (which faults in its first round, then maps) both do; its only "
                 "CPU faults are the 48 of the first writes.",
       .source = "seed 000, Sakharnykh, Unified Memory on Pascal and Volta: slide 80 'Accessed by: usage "
                 "example'",
       .settings = {"buffer_mib=16", "iterations=4", "shown=accessed-by-gpu"},
       .view = "faults-by-policy",
       // No GPU faults where no advice has them, and nothing migrates: the GPU reads the CPU's memory.
       .checks = {"faults-by-policy/GPU faults@SetAccessedBy GPU <= 0", "faults-by-policy/GPU faults@no advice >= 1",
                  "bytes-by-policy/host to device@SetAccessedBy GPU <= 0"},
       .question = "SetAccessedBy(GPU) on 16 MiB in CPU memory that a GPU kernel reads: GPU page faults over 4 rounds?",
       .answers = {{.text = "As many as with no advice: advice only says where data should live",
                    .checks = {"faults-by-policy/GPU faults@SetAccessedBy GPU >= 0.5 x faults-by-policy/GPU faults@no advice"}},
                   {.text = "Fewer: it faults once per page, then keeps the mapping",
                    .checks = {"faults-by-policy/GPU faults@SetAccessedBy GPU >= 1",
                               "faults-by-policy/GPU faults@SetAccessedBy GPU < 0.5 x faults-by-policy/GPU faults@no advice"}},
                   {.text = "None: the GPU's mapping exists before the kernel runs", .ifClaimHolds = true}},
       .notes = "Compare SetPreferredLocation CPU: it also ends in a mapping, but faults to get it. AccessedBy's "
                "only faults are the CPU's, 48 on its first writes."},
  };
}

}  // namespace warpscope::labs
