#pragma once
// The steps of parseKernelHeader, one file each: finding the header and cutting it into entries
// (header_block.cpp), reading a param (header_param.cpp), reading the other keys' values
// (header_entries.cpp); kernel_header.cpp puts them together and checks what they refer to.
// Private to the room.

#include <string>
#include <string_view>
#include <vector>

#include "labs/user_kernel/kernel_header.h"

namespace warpscope::labs::user_kernel {

/// One `key: value` line of the header. For `param NAME:` and `buffer NAME:` key is "param" or
/// "buffer" and name is NAME; for `reference grid:` key is "reference grid".
struct HeaderEntry {
  int line = 0;
  std::string key;
  std::string name;
  std::string value;
};

struct HeaderBlock {
  KernelHeader::Lines lines;
  std::vector<HeaderEntry> entries;  ///< In the file's order; blank and `// #` lines left out.
};

/// Finds the header in `source` and cuts it into entries, checking the file's and the lines'
/// bounds (size, NUL bytes, version, header length, line length, control characters, UTF-8).
HeaderBlock readHeaderBlock(std::string_view source);

/// `param NAME: DOMAIN, ATTR, ...`: the domain, attributes and ParamSpec. Cross-checks with the
/// other keys are kernel_header.cpp's.
UserParam parseParam(const HeaderEntry& entry);

/// `kernel:` / `reference:`: NAME or NAME<EXPR, ...>.
KernelName parseKernelName(const HeaderEntry& entry);
/// `grid:` / `block:`: 1 to 3 expressions.
std::vector<HeaderExpression> parseDimensions(const HeaderEntry& entry);
/// One expression (`shared:`, `bytes:`, `flops:`).
HeaderExpression parseHeaderExpression(const HeaderEntry& entry);
/// `buffer NAME: TYPE[EXPR] INIT`.
UserBuffer parseBuffer(const HeaderEntry& entry);
/// `check: BUFFER[, sum][, exact | rtol X | atol X]`.
UserCheck parseCheck(const HeaderEntry& entry);
/// `counters: METRIC, ...`.
std::vector<std::string> parseCounters(const HeaderEntry& entry);
/// `budget: N ms`.
int parseBudget(const HeaderEntry& entry);
/// `args: NAME, ...`: the names only (what each is, kernel_header.cpp decides).
std::vector<std::string> parseArgNames(const HeaderEntry& entry);

/// A type word of `arg TYPE` and buffers: int, unsigned, long, float, double. Throws (line).
ScalarType parseScalarType(int line, const std::string& what, std::string_view word);

}  // namespace warpscope::labs::user_kernel
