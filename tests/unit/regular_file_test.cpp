// Only regular files are opened for reading (issue 29): a FIFO given as a run file or as a
// recordings folder's index.json blocked forever; a huge or endless one was read before its size
// was checked. Each is now refused at once by what stat says, with a message naming the file.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>

#include "files/regular_file.h"
#include "warpscope/params.h"
#include "warpscope/recording.h"
#include "warpscope/recording_index.h"

namespace warpscope {
namespace {

namespace fs = std::filesystem;

class RegularFile : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("warpscope_regular_file_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  /// The message `read` refuses with, within two seconds. A read still blocked then is failed and
  /// let go by opening the FIFO's other end, so the test ends either way.
  std::string refusal(const std::function<void()>& read, const fs::path& fifo = {}) {
    auto done = std::async(std::launch::async, [&]() -> std::string {
      try {
        read();
      } catch (const BadInputError& e) {
        return e.what();
      }
      return "(read)";
    });
    if (done.wait_for(std::chrono::seconds(2)) == std::future_status::timeout) {
      ADD_FAILURE() << "still reading after 2 s";
      if (!fifo.empty()) ::close(::open(fifo.c_str(), O_WRONLY | O_NONBLOCK));
    }
    return done.get();
  }
  fs::path folder_;
};

TEST_F(RegularFile, AFifoOrALinkToOneIsRefusedAtOnceByName) {
  const auto fifo = folder_ / "run.wsrec";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  fs::create_symlink(fifo, folder_ / "link.json");
  for (const auto& path : {fifo, folder_ / "link.json"}) {
    const std::string message = refusal([&] { (void)readRunFile(path.string()); }, fifo);
    EXPECT_EQ(message.rfind(path.string() + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("FIFO"), std::string::npos) << message;
    EXPECT_NE(message.find("not a regular file"), std::string::npos) << message;
  }
}

TEST_F(RegularFile, AFifoIndexInARecordingsFolderIsRefusedAtOnce) {
  const auto index = folder_ / rec::kIndexFileName;
  ASSERT_EQ(::mkfifo(index.c_str(), 0644), 0);
  const std::string message = refusal([&] { (void)rec::readIndexFile(index.string()); }, index);
  EXPECT_NE(message.find("FIFO"), std::string::npos) << message;
}

TEST_F(RegularFile, AHugeIndexIsRefusedBySizeWithoutReadingIt) {
  // A sparse 4 GiB file stands in for index.json linked to /dev/zero (2.1 GB read, 13.7 s).
  const auto big = folder_ / "big";
  { std::ofstream(big) << ""; }
  fs::resize_file(big, std::uintmax_t{4} << 30);
  fs::create_symlink(big, folder_ / rec::kIndexFileName);
  const auto start = std::chrono::steady_clock::now();
  const std::string message = refusal([&] { (void)rec::readIndexFile((folder_ / rec::kIndexFileName).string()); });
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  EXPECT_NE(message.find("the file is 4096 MiB, more than the 64 MiB"), std::string::npos) << message;
}

TEST_F(RegularFile, AnEmptyFileIsEmptyAFolderIsAFolderAndOneByteOverTheLimitIsRefused) {
  const auto empty = folder_ / "empty.json";
  { std::ofstream(empty) << ""; }
  EXPECT_NE(refusal([&] { (void)readRunFile(empty.string()); }).find("the file is empty"), std::string::npos);
  EXPECT_NE(refusal([&] { (void)readRunFile(folder_.string()); }).find("is a folder"), std::string::npos);
  const auto over = folder_ / "over.json";
  { std::ofstream(over) << ""; }
  fs::resize_file(over, kMaxRunFileBytes + 1);
  // Rounded up: 64 MiB and one byte is more than 64 MiB, never "64 MiB, more than the 64 MiB".
  EXPECT_NE(refusal([&] { (void)readRunFile(over.string()); }).find("the file is 65 MiB"), std::string::npos);
  EXPECT_EQ(files::readRegularFile(empty.string(), 10), "");
}

}  // namespace
}  // namespace warpscope
