#include "files/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "warpscope/file_write.h"
#include "warpscope/params.h"

namespace warpscope::files {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& what) { throw BadInputError(path + ": " + what); }

std::string mebibytesAbove(std::size_t bytes) { return std::to_string((bytes + (std::size_t{1} << 20) - 1) >> 20); }

/// Refuses what is not a regular file, naming what it is.
void requireRegular(const std::string& path, const struct stat& info) {
  if (S_ISDIR(info.st_mode)) refuse(path, "is a folder, not a file");
  if (!S_ISREG(info.st_mode))
    refuse(path, "is " + fileKindName(info.st_mode) + ", not a regular file; Warpscope opens only regular files");
}

}  // namespace

std::string readRegularFile(const std::string& path, std::size_t maxBytes) {
  struct stat info{};
  // stat, not open, first: opening a FIFO for reading blocks until a writer comes.
  if (::stat(path.c_str(), &info) != 0) refuse(path, std::strerror(errno));
  requireRegular(path, info);
  // O_NONBLOCK: should the path have become a FIFO since the stat, the open does not wait for it
  // (and fstat below refuses it); on a regular file the flag does nothing.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) refuse(path, std::string("cannot open: ") + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  if (::fstat(fd, &info) != 0) refuse(path, std::string("cannot read: ") + std::strerror(errno));
  requireRegular(path, info);
  const auto size = static_cast<std::size_t>(info.st_size);
  // Size first: a huge file is refused without reading it.
  if (size > maxBytes)
    refuse(path, "the file is " + mebibytesAbove(size) + " MiB, more than the " + std::to_string(maxBytes >> 20) +
                     " MiB Warpscope opens");
  // One byte more than stat said, to see a file that grew since; never more than the limit.
  std::string bytes(size + 1, '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) refuse(path, std::string("cannot read: ") + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got > maxBytes) refuse(path, "the file grew past the " + std::to_string(maxBytes >> 20) + " MiB Warpscope opens");
  bytes.resize(got);
  return bytes;
}

}  // namespace warpscope::files
