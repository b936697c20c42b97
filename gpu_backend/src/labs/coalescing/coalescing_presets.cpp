#include "labs/coalescing/coalescing_presets.h"

namespace warpscope::labs {

namespace {

constexpr const char* kSeed002 = "seed 002, Coalesced Access: ";

}  // namespace

std::vector<PresetSpec> coalescingPresets() {
  return {
      {.id = "coalescing-burst-sections",
       .title = "Coalesced: one burst section",
       .claim = "When all threads of a warp execute a load instruction, if all accessed locations fall into the same "
                "burst section, only one DRAM request will be made and the access is fully coalesced.",
       .lookAt = "At stride 1 the warp's 32 floats fill exactly 4 sectors of one 128-byte line: every byte moved is "
                 "used, and the useful bandwidth is close to cudaMemcpy's.",
       .source = std::string(kSeed002) + "slides 'Memory bursting' and 'Memory bursting: Coalesced access'",
       .settings = {"stride=1", "offset=0", "element_bytes=4"},
       .view = "warp-addresses",
       // One line's four sectors a request, every byte moved used.
       .checks = {"scalar:coalescing.sectors_per_request ~ 4 within 1%",
                  "scalar:coalescing.bytes_used_fraction ~ 1 within 1%"},
       .question = "A warp's 32 threads load 32 consecutive floats (128 bytes, aligned). How many 32-byte "
                   "sectors are fetched?",
       .answers = {{.text = "4: one 128-byte line, and every byte is used", .ifClaimHolds = true},
                   {.text = "32: one per thread",
                    .checks = {"scalar:coalescing.sectors_per_request >= 24"}},
                   {.text = "1: the whole warp is one request, so one sector",
                    .checks = {"scalar:coalescing.sectors_per_request < 2"}}},
       .notes = "One request, four sectors: a request and a sector are different things. Ask what changes for "
                "8-byte elements (8 sectors, still all used)."},
      {.id = "coalescing-x-tid-100",
       .title = "Not coalesced: x[tid*100]",
       .claim = "When the accessed locations spread across burst section boundaries, coalescing fails, multiple DRAM "
                "requests are made, and some of the bytes transferred are not used by the threads.",
       .lookAt = "The slide's non-coalesced example: each lane's float sits in a sector (and a line) of its own, 32 "
                 "sectors per request; useful bandwidth falls to a fortieth of stride 1's while DRAM stays busy moving "
                 "whole sectors, and reading back the 64-byte granules each write leaves with a gap.",
       .source = std::string(kSeed002) + "slides 'Memory bursting: Uncoalesced access' and 'Non-colaesced access example'",
       .settings = {"stride=100", "offset=0", "element_bytes=4"},
       .view = "gbps-vs-stride",
       // Multiple requests (more sectors than the 4 a coalesced warp needs), most bytes unused.
       .checks = {"scalar:coalescing.sectors_per_request > 4", "scalar:coalescing.bytes_used_fraction < 0.5"},
       .question = "Each thread accesses x[tid*100]: floats 400 bytes apart. What share of the bytes DRAM "
                   "moves do threads use?",
       .answers = {{.text = "All of them: only the requested floats are fetched",
                    .checks = {"scalar:coalescing.bytes_used_fraction >= 0.9"}},
                   {.text = "Most of them: the cache serves the rest of each sector later",
                    .checks = {"scalar:coalescing.bytes_used_fraction >= 0.5",
                               "scalar:coalescing.bytes_used_fraction < 0.9"}},
                   {.text = "Under half: each float brings a whole 32-byte sector with it",
                    .ifClaimHolds = true}},
       .notes = "4 of 32 bytes per sector: an eighth. Point at the two bandwidth curves: DRAM keeps moving "
                "bytes near full speed up to stride 8 or so while useful bandwidth falls as 1/stride, to "
                "about a fortieth at 100."},
      {.id = "coalescing-offset-straddles",
       .title = "Misaligned by one element",
       .claim = "The accessed locations spread across burst section boundaries: the access is not fully coalesced.",
       .lookAt = "An offset of one float shifts the warp's 128 bytes across a sector boundary: 5 sectors per request "
                 "instead of 4, in two lines.",
       .source = std::string(kSeed002) + "slide 'Memory bursting: Uncoalesced access'",
       .settings = {"stride=1", "offset=1", "element_bytes=4"},
       .view = "sectors-vs-stride",
       // Straddling a boundary: more sectors a request than the four of one line, some bytes moved unused.
       .checks = {"scalar:coalescing.sectors_per_request > 4",
                  "scalar:coalescing.bytes_used_fraction < 1"},
       .question = "Stride 1 again, but shifted by one float: the warp's 128 bytes start 4 bytes into a line. "
                   "Sectors fetched?",
       .answers = {{.text = "Still 4: it is the same 128 bytes",
                    .checks = {"scalar:coalescing.sectors_per_request <= 4"}},
                   {.text = "8: the warp touches two lines, 4 sectors each",
                    .checks = {"scalar:coalescing.sectors_per_request >= 8",
                               "scalar:coalescing.sectors_per_request < 24"}},
                   {.text = "32: misaligned means not coalesced at all",
                    .checks = {"scalar:coalescing.sectors_per_request >= 24"}},
                   {.text = "5: one extra sector where the access crosses the boundary", .ifClaimHolds = true}},
       .notes = "Only the sectors touched are fetched, not whole lines: 5 sectors for 4 of data, 80% used. "
                "Ask how cudaMalloc's alignment and padding rows to 128 bytes avoid it."},
      {.id = "coalescing-one-thread-per-row",
       .title = "2D: one thread per row or per column?",
       .claim = "An image (2D array) is linear in memory, row after row. With the thread index mapped to the row, a "
                "warp's accesses are not coalesced; mapped to the column, they are.",
       .lookAt = "The bars: the same matrix copied twice. Thread per column, a warp's 32 lanes read 128 consecutive "
                 "bytes, 4 sectors of one line. Thread per row, its lanes are a whole row apart: 32 lines and 32 "
                 "sectors a request, 4 bytes used of each, and the copy is about ten times slower although DRAM "
                 "moves the same bytes.",
       .source = std::string(kSeed002) + "slides 'An image (2D array) is linear in memory space' and 'One thread "
                 "per row or one thread per column?' ((A) accesses are not coalesced, (B) accesses are coalesced)",
       .settings = {"matrix_side=8192", "stride=1", "offset=0", "element_bytes=4"},
       .view = "matrix-rows-vs-columns",
       // (A) not coalesced: more sectors a request than the 4 of one line; (B) coalesced: exactly those 4;
       // and B is the faster copy of the same matrix.
       .checks = {"scalar:coalescing.matrix_row_sectors_per_request > 4",
                  "scalar:coalescing.matrix_column_sectors_per_request ~ 4 within 1%",
                  "scalar:coalescing.matrix_column_gbps > scalar:coalescing.matrix_row_gbps"},
       .question = "Copying an 8192 x 8192 float matrix, thread index mapped to the row instead of the column: faster or slower?",
       .answers = {{.text = "Faster: each thread streams along its own row",
                    .checks = {"scalar:coalescing.matrix_column_over_row < 0.9"}},
                   {.text = "The same: it is the same matrix and the same bytes",
                    .checks = {"scalar:coalescing.matrix_column_over_row >= 0.9",
                               "scalar:coalescing.matrix_column_over_row <= 1.1"}},
                   {.text = "Slower: a warp request touches 32 lines, one sector each, for its 128 bytes",
                    .ifClaimHolds = true}},
       .notes = "About ten times slower (the H200's model: 11x; a probe of these kernels on the H200 measured 10x). "
                "Point at the two mappings in the kernel: row = blockIdx.x * blockDim.x + threadIdx.x vs col = the same. "
                "DRAM is not the problem here: the eight warps of a sector's columns use it up while it is in the L2. "
                "The L2's requests are: 32 a warp instead of one. Ask how to copy a matrix transposed (tiles in shared "
                "memory: the bank-conflicts lab)."},
  };
}

}  // namespace warpscope::labs
