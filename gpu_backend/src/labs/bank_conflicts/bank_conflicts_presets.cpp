#include "labs/bank_conflicts/bank_conflicts_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> bankConflictsPresets() {
  return {
      {.id = "banks-transpose-padding",
       .title = "Tiles: a column read, padded",
       .claim = "Shared-memory tiles are read along a column in the transpose: without padding every lane of a warp "
                "asks the same bank, and one word of padding per row spreads them over all 32 banks.",
       .lookAt = "The 32 x 32 tile's column read takes 32 wavefronts for one request; padded to 32 x 33 it takes one, "
                 "and the throughput bars differ by the same factor of 32: about 4 against 125 bytes per clock per SM.",
       .source = "seed 002, CUDA Memory: Advanced Aspects: the shared-memory tiling slides; seed 001: shared memory "
                 "bandwidth",
       .settings = {"pattern=transpose", "word_bytes=4", "stride_words=1"},
       .view = "patterns",
       // The column read: all 32 lanes in one bank; a word of padding undoes it.
       .checks = {"scalar:bank_conflicts.ways ~ 32 within 1%",
                  "scalar:bank_conflicts.padding_speedup >= 16"}},
      {.id = "banks-stride-two-conflicts",
       .title = "Stride 2: two-way conflicts",
       .claim = "Lanes that ask one bank for different words are served one after another: at a stride of two words, "
                "two lanes share every bank used.",
       .lookAt = "Step through the grid: stride 2 fills only the even banks, each with two lanes, so the request takes "
                 "two wavefronts; odd strides use every bank once.",
       .source = "seed 001, Performance Tuning (2): shared memory",
       .settings = {"pattern=strided", "stride_words=2", "word_bytes=4"},
       .view = "banks",
       // Two lanes a bank: two wavefronts a request, half the shared-memory bandwidth.
       .checks = {"scalar:bank_conflicts.ways ~ 2 within 1%",
                  "scalar:bank_conflicts.bytes_per_clock_per_sm <= 0.55 x scalar:bank_conflicts.ceiling_bytes_per_clock_per_sm"}},
  };
}

}  // namespace warpscope::labs
