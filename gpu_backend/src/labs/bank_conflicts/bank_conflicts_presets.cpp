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
                  "scalar:bank_conflicts.padding_speedup >= 16"},
       .question = "A warp reads one column of a 32 x 32 float tile in shared memory. Pad each row to 33 words: how much faster?",
       .answers = {{.text = "No faster: the warp reads the same 32 words either way",
                    .checks = {"scalar:bank_conflicts.padding_speedup >= 0.9", "scalar:bank_conflicts.padding_speedup < 2"}},
                   {.text = "About 32 times: the column then spreads over all 32 banks", .ifClaimHolds = true},
                   {.text = "Slower: a 33-word row breaks the tile's alignment",
                    .checks = {"scalar:bank_conflicts.padding_speedup < 0.9"}}},
       .notes = "Ask which bank holds row r, column c: (32r + c) mod 32 = c, so a column is one bank; with 33 words a "
                "row it is (r + c) mod 32, a different bank for every row."},
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
                  "scalar:bank_conflicts.bytes_per_clock_per_sm <= 0.55 x scalar:bank_conflicts.ceiling_bytes_per_clock_per_sm"},
       .question = "Lane i of a warp reads 4-byte word 2i of shared memory. What share of the bandwidth does the warp get?",
       .answers = {{.text = "About half: two lanes share each bank used", .ifClaimHolds = true},
                   {.text = "All of it: 32 different words, so no conflict",
                    .checks = {"scalar:bank_conflicts.bytes_per_clock_per_sm >= 0.9 x "
                               "scalar:bank_conflicts.ceiling_bytes_per_clock_per_sm"}},
                   {.text = "A 32nd or so: any conflict serialises the whole warp",
                    .checks = {"scalar:bank_conflicts.bytes_per_clock_per_sm <= 0.1 x "
                               "scalar:bank_conflicts.ceiling_bytes_per_clock_per_sm"}}},
       .notes = "Step through the grid: stride 2 fills only the even banks, two lanes each. Then ask about stride 3: "
                "odd strides use every bank once (throughput vs stride)."},
  };
}

}  // namespace warpscope::labs
