#pragma once
/// \file file_write.h
/// Every file the Qt-free tools write goes through here: written whole to a temporary file in
/// the same folder, flushed to disk, then renamed over the target. A failed write (disk full, a
/// file-size limit, no permission) leaves the old file as it was and no partial file behind.

#include <stdexcept>
#include <string>

namespace warpscope {

/// A file could not be written; the message names the file and the system's reason.
class FileWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Replaces `path` with `bytes` atomically; throws FileWriteError (the old file intact).
void writeFileAtomically(const std::string& path, const std::string& bytes);

}  // namespace warpscope
