#include "labs/roofline/roofline_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> rooflinePresets() {
  return {
      {.id = "tuning2-balanced-ratio-is-the-ridge",
       .title = "Balanced ratio: the roofline's ridge",
       .claim = "Know your GPU's theoretical memory and instruction throughput: their 'balanced' "
                "instruction:byte ratio divides code that is usually instruction-bound (higher) from code "
                "that is usually memory-bound (lower).",
       .lookAt = "The kernel's points follow the slanted bandwidth roof left of the ridge point (about 15.8 "
                 "flop/byte, i.e. 7.9 FMA instructions per byte, on the H200; 22.2 on the H100) and the flat "
                 "FP32 roof right of it; the highlighted K = 16 (4 flop/byte) sits on the slant: memory bound.",
       .source = "seed 001, Performance Tuning (2): slide 'Things to Know About Your GPU'",
       .settings = {"fmas_per_element=16", "occupancy_pct=100"},
       .view = "roofline",
       // The highlighted K = 16 is 4 flop/byte, lower than the ridge: it reaches the slanted (bandwidth) roof;
       // far right of the ridge the kernel reaches the flat FP32 roof. Reaching = the seed's 70%.
       .checks = {"scalar:roofline.ridge_flop_per_byte > 4", "scalar:roofline.focus_fraction_of_roof >= 0.7",
                  "scalar:roofline.best_fraction_compute >= 0.7"},
       .question = "A kernel does 16 FMAs per float it reads and writes: 4 flop per byte. Is it memory or compute "
                   "bound here?",
       .answers = {{.text = "Memory bound: 4 flop/byte is left of this GPU's ridge point", .ifClaimHolds = true},
                   {.text = "Compute bound: 16 FMAs per element is a lot of math",
                    .checks = {"scalar:roofline.ridge_flop_per_byte <= 4"}},
                   {.text = "Neither: it sits well below both roofs",
                    .checks = {"scalar:roofline.focus_fraction_of_roof < 0.7"}}},
       .notes = "Ask for the ridge first: FP32 peak / bandwidth, about 16 flop per byte on the H200 and 22 on the "
                "H100. Only kernels right of it are usually instruction-bound."},
  };
}

}  // namespace warpscope::labs
