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

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
  throw FileWriteError("cannot write '" + path + "': " + what + ": " + std::strerror(error));
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

}  // namespace

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  if (path.empty()) throw FileWriteError("no file name given");
  std::filesystem::path target(path);
  if (std::filesystem::is_directory(target)) throw FileWriteError("cannot write '" + path + "': it is a folder");
  const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
  std::string temp = (folder / ("." + target.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(path, "cannot create a temporary file in " + folder.string(), errno);
  // mkstemp creates 0600; a written file gets the usual mode (0666 less the umask).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  const int writeError = writeAll(fd, bytes);
  const int closeError = ::close(fd) == 0 ? 0 : errno;
  if (writeError != 0 || closeError != 0) {
    ::unlink(temp.c_str());
    fail(path, "writing failed", writeError != 0 ? writeError : closeError);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    fail(path, "renaming the finished file into place failed", error);
  }
}

}  // namespace warpscope
