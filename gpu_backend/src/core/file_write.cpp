#include "warpscope/file_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>

namespace warpscope {

namespace {

/// `quoted`: the file as messages name it, 'path' or 'link' (a symlink to 'target').
[[noreturn]] void failQuoted(const std::string& quoted, const std::string& what, int error) {
  throw FileWriteError("cannot write " + quoted + ": " + what + ": " + std::strerror(error));
}

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
  failQuoted("'" + path + "'", what, error);
}

/// Writes everything or returns the errno of the first failure (0: success). A file-size limit
/// (ulimit -f) raises SIGXFSZ, whose default action kills the process: with it ignored, write()
/// fails with EFBIG instead and the caller reports it.
int writeAll(int fd, const std::string& bytes) {
  std::signal(SIGXFSZ, SIG_IGN);
  const char* data = bytes.data();
  size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    left -= static_cast<size_t>(n);
  }
  return ::fsync(fd) == 0 || errno == EINVAL ? 0 : errno;
}

/// The rename is durable only once the folder's entry is on disk; a folder that cannot be synced
/// (some file systems) still holds the finished file, so this is best effort.
void syncFolder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

std::string fileKindName(unsigned mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISREG(mode)) return "a regular file";
  return "a special file";
}

std::string writeTarget(const std::string& path) {
  std::filesystem::path current(path);
  // Linux's own limit on links followed in one lookup (MAXSYMLINKS).
  for (int hops = 0; hops < 40; ++hops) {
    struct stat info{};
    if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return current.string();
    std::error_code error;
    const std::filesystem::path next = std::filesystem::read_symlink(current, error);
    if (error) fail(path, "cannot read the symlink '" + current.string() + "'", error.value());
    current = next.is_absolute() ? next : current.parent_path() / next;
  }
  fail(path, "following its symlinks", ELOOP);
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  if (path.empty()) throw FileWriteError("no file name given");
  const std::string target = writeTarget(path);
  // Name the link and what it points at, so a refused or failed write says which file it meant.
  const std::string named = "'" + path + "'" + (target == path ? "" : " (a symlink to '" + target + "')");
  struct stat info{};
  const bool exists = ::lstat(target.c_str(), &info) == 0;
  if (!exists && errno != ENOENT) failQuoted(named, "cannot look at it", errno);
  if (exists && S_ISDIR(info.st_mode)) throw FileWriteError("cannot write " + named + ": it is a folder");
  // The rename below would replace the device, FIFO or socket itself with a plain file.
  if (exists && !S_ISREG(info.st_mode))
    throw FileWriteError("cannot write " + named + ": it is " + fileKindName(info.st_mode) +
                         ", not a regular file; Warpscope replaces only regular files (redirect the "
                         "command's output to write into it)");
  const std::filesystem::path targetPath(target);
  const std::string folder = targetPath.has_parent_path() ? targetPath.parent_path().string() : ".";
  std::string temp = (std::filesystem::path(folder) / ("." + targetPath.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) failQuoted(named, "cannot create a temporary file in " + folder, errno);
  if (exists) {
    // The replaced file keeps its mode (a 0600 file stays private) and, where this process may
    // set them, its owner and group.
    if (::fchown(fd, info.st_uid, info.st_gid) != 0) { /* not ours to give away: keep our own */ }
    ::fchmod(fd, info.st_mode & 07777);
  } else {
    // mkstemp creates 0600; a new file gets the usual mode (0666 less the umask).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
  }
  const int writeError = writeAll(fd, bytes);
  const int closeError = ::close(fd) == 0 ? 0 : errno;
  if (writeError != 0 || closeError != 0) {
    ::unlink(temp.c_str());
    failQuoted(named, "writing failed", writeError != 0 ? writeError : closeError);
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    failQuoted(named, "renaming the finished file into place failed", error);
  }
  syncFolder(folder);
}

}  // namespace warpscope
