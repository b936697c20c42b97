// writeFileAtomically: a finished write replaces the file whole; a failed one leaves it as it was.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

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
