// writeFileAtomically: a finished write replaces the file whole; a failed one leaves it as it was.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "warpscope/file_write.h"

using warpscope::FileWriteError;
using warpscope::writeFileAtomically;

namespace {

std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST(FileWrite, ReplacesTheFileWholeAndLeavesNoTemporaryFile) {
  const auto folder = std::filesystem::temp_directory_path() / "warpscope_file_write";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const auto path = folder / "a.json";
  { std::ofstream(path) << "old"; }
  writeFileAtomically(path.string(), "new contents");
  EXPECT_EQ(readAll(path), "new contents");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder), {}), 1);
  std::filesystem::remove_all(folder);
}

TEST(FileWrite, AMissingFolderOrAFolderAsTargetOrNoNameIsAnErrorNamingTheFile) {
  try {
    writeFileAtomically("/nonexistent-warpscope-folder/x.json", "x");
    FAIL() << "wrote into a folder that does not exist";
  } catch (const FileWriteError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-warpscope-folder/x.json"), std::string::npos) << e.what();
  }
  EXPECT_THROW(writeFileAtomically(std::filesystem::temp_directory_path().string(), "x"), FileWriteError);
  EXPECT_THROW(writeFileAtomically("", "x"), FileWriteError);
}

// ---- what the path names (issue 29: nothing that is not a regular file is ever replaced) ----

namespace {

namespace fs = std::filesystem;

/// A fresh folder per test, removed after it.
class FileWriteTarget : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("warpscope_file_write_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override {
    fs::permissions(folder_, fs::perms::owner_all, fs::perm_options::add);
    fs::remove_all(folder_);
  }
  /// The names in the folder: a write leaves no temporary file behind.
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(folder_), {})); }
  fs::path folder_;
};

std::string messageOf(const std::function<void()>& write) {
  try {
    write();
  } catch (const FileWriteError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_F(FileWriteTarget, AFifoIsRefusedAndStaysAFifo) {
  const auto fifo = folder_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const std::string message = messageOf([&] { writeFileAtomically(fifo.string(), "x"); });
  EXPECT_NE(message.find(fifo.string()), std::string::npos) << message;
  EXPECT_NE(message.find("FIFO"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_EQ(entries(), 1u);
}

TEST_F(FileWriteTarget, ASymlinkIsFollowedItsTargetWrittenAndTheLinkKept) {
  const auto target = folder_ / "real.json";
  { std::ofstream(target) << "old"; }
  fs::create_directories(folder_ / "links");
  const auto link = folder_ / "links" / "link.json";
  fs::create_symlink("../real.json", link);  // relative: resolved from the link's folder
  writeFileAtomically(link.string(), "new");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(readAll(target), "new");
  EXPECT_EQ(entries(), 2u);  // real.json and links/, no temporary file beside either
  EXPECT_EQ(std::distance(fs::directory_iterator(folder_ / "links"), {}), 1);
}

TEST_F(FileWriteTarget, ADanglingSymlinkCreatesItsTarget) {
  const auto link = folder_ / "link.json";
  fs::create_symlink(folder_ / "made.json", link);
  writeFileAtomically(link.string(), "new");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(readAll(folder_ / "made.json"), "new");
}

TEST_F(FileWriteTarget, ASymlinkToAFifoIsRefusedAndBothStay) {
  const auto fifo = folder_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const auto link = folder_ / "out.json";
  fs::create_symlink(fifo, link);
  const std::string message = messageOf([&] { writeFileAtomically(link.string(), "x"); });
  EXPECT_NE(message.find("symlink to '" + fifo.string() + "'"), std::string::npos) << message;
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_EQ(entries(), 2u);
}

TEST_F(FileWriteTarget, ASymlinkLoopIsAnError) {
  fs::create_symlink(folder_ / "b", folder_ / "a");
  fs::create_symlink(folder_ / "a", folder_ / "b");
  EXPECT_THROW(writeFileAtomically((folder_ / "a").string(), "x"), FileWriteError);
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(folder_ / "a")));
}

TEST_F(FileWriteTarget, AReplacedFileKeepsItsModeAndANewOneGetsTheUmasksMode) {
  const auto secret = folder_ / "secret.json";
  { std::ofstream(secret) << "old"; }
  fs::permissions(secret, fs::perms::owner_read | fs::perms::owner_write);
  writeFileAtomically(secret.string(), "new");
  EXPECT_EQ(readAll(secret), "new");
  EXPECT_EQ(fs::status(secret).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);

  const mode_t mask = ::umask(022);
  writeFileAtomically((folder_ / "fresh.json").string(), "x");
  ::umask(mask);
  EXPECT_EQ(static_cast<unsigned>(fs::status(folder_ / "fresh.json").permissions() & fs::perms::all), 0644u);
}

TEST_F(FileWriteTarget, AHardLinkIsBrokenThisNameGetsTheNewFileTheOtherKeepsTheOld) {
  const auto first = folder_ / "a.json";
  { std::ofstream(first) << "old"; }
  fs::create_hard_link(first, folder_ / "b.json");
  writeFileAtomically(first.string(), "new");
  EXPECT_EQ(readAll(first), "new");
  EXPECT_EQ(readAll(folder_ / "b.json"), "old");
}

TEST_F(FileWriteTarget, AReadOnlyFolderIsAnErrorAndTheOldFileStays) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes into read-only folders; run as a user to check this";
  const auto path = folder_ / "a.json";
  { std::ofstream(path) << "old"; }
  fs::permissions(folder_, fs::perms::owner_read | fs::perms::owner_exec);
  const std::string message = messageOf([&] { writeFileAtomically(path.string(), "new"); });
  EXPECT_NE(message.find(path.string()), std::string::npos) << message;
  EXPECT_EQ(readAll(path), "old");
}

TEST_F(FileWriteTarget, AFileNameTooLongIsAnErrorNamingTheFileNotARawFilesystemError) {
  const auto path = folder_ / std::string(300, 'x');
  const std::string message = messageOf([&] { writeFileAtomically(path.string(), "x"); });
  EXPECT_EQ(message.rfind("cannot write '", 0), 0u) << message;
}
