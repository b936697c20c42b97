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
                  "scalar:coalescing.bytes_used_fraction ~ 1 within 1%"}},
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
       .checks = {"scalar:coalescing.sectors_per_request > 4", "scalar:coalescing.bytes_used_fraction < 0.5"}},
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
                  "scalar:coalescing.bytes_used_fraction < 1"}},
  };
}

}  // namespace warpscope::labs
