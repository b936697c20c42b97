#pragma once
// Reading a file a user hands us (issue 29): only a regular file is ever opened for reading. A
// FIFO blocks the reader forever, /dev/zero never ends, a device may act on being opened; each is
// refused by what stat says before anything is opened or allocated.
#include <cstddef>
#include <string>

namespace warpscope::files {

/// The bytes of the regular file at `path` (symlinks followed). Throws BadInputError starting
/// "<path>: " for a missing or unreadable file, a folder, anything that is not a regular file
/// (named by kind), or one larger than `maxBytes`. Allocates at most the file's size plus one.
std::string readRegularFile(const std::string& path, std::size_t maxBytes);

}  // namespace warpscope::files
