#pragma once
/// \file file_write.h
/// Every file the Qt-free tools write goes through here (the window's exports too): written whole
/// to a temporary file in the target's folder, flushed to disk, then renamed over the target. A
/// failed write (disk full, a file-size limit, no permission) leaves the old file as it was and no
/// partial file behind.
///
/// What the path names decides what is replaced; nothing that is not a regular file ever is:
/// - nothing, or a regular file: replaced, keeping the old file's mode (and owner where allowed);
///   a new file gets 0666 less the umask.
/// - a symlink (a chain of them): followed; its final target is written atomically by the same
///   rules, in the target's folder, and the link stays a link. A dangling link creates its target,
///   as a shell's `>` does.
/// - a folder, a device, a FIFO, a socket: refused with a FileWriteError naming it. Writing such a
///   thing directly could block (a FIFO with no reader) or half-write (a full device), and is never
///   atomic; a user who wants the bytes there redirects the CLI's standard output instead.
/// - a regular file with other hard links: this name gets the new file; the other names keep the
///   old contents (the link is broken, not edited in place, so the write stays atomic).

#include <stdexcept>
#include <string>

namespace warpscope {

/// A file could not be written; the message names the file and the system's reason.
class FileWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Replaces `path` with `bytes` atomically by the rules above; throws FileWriteError (the old
/// file intact, and anything that is not a regular file untouched).
void writeFileAtomically(const std::string& path, const std::string& bytes);

/// The file a write to `path` lands on: `path` with its symlinks followed (relative targets from
/// the link's folder). Throws FileWriteError for a loop or an unreadable link.
std::string writeTarget(const std::string& path);

/// What a non-regular file is, in words ("a FIFO", "a character device"), from stat's st_mode.
std::string fileKindName(unsigned mode);

}  // namespace warpscope
