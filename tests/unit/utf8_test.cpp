// Text a user supplies must be UTF-8 before it goes into JSON (a run, a recording, a lecture slide):
// the one check (core/utf8.h) finds the first byte that is not, and a kernel file that is not is
// refused when it is read, naming the byte, rather than when a slide of it is saved.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/utf8.h"
#include "warpscope/kernel_source.h"
#include "warpscope/params.h"

using namespace warpscope;

TEST(Utf8, TheFirstByteThatIsNotUtf8IsFound) {
  constexpr auto kAll = std::string_view::npos;
  EXPECT_EQ(firstNonUtf8Byte(""), kAll);
  EXPECT_EQ(firstNonUtf8Byte("plain ASCII\t\n"), kAll);
  EXPECT_EQ(firstNonUtf8Byte("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x9a\x80"), kAll) << "2-, 3- and 4-byte characters";
  EXPECT_EQ(firstNonUtf8Byte("caf\xe9 au lait"), 3u) << "Latin-1";
  EXPECT_EQ(firstNonUtf8Byte("ab\xc3"), 2u) << "cut short at the end";
  EXPECT_EQ(firstNonUtf8Byte("a\xc3(b"), 1u) << "no continuation byte";
  EXPECT_EQ(firstNonUtf8Byte("\xc0\xaf"), 0u) << "overlong '/' (0xC0 never leads)";
  EXPECT_EQ(firstNonUtf8Byte("\xe0\x80\xaf"), 0u) << "overlong in three bytes";
  EXPECT_EQ(firstNonUtf8Byte("\xf0\x80\x80\xaf"), 0u) << "overlong in four bytes";
  EXPECT_EQ(firstNonUtf8Byte("x\xed\xa0\x80"), 1u) << "a surrogate";
  EXPECT_EQ(firstNonUtf8Byte("\xf4\x90\x80\x80"), 0u) << "past U+10FFFF";
  EXPECT_EQ(firstNonUtf8Byte("\xf4\x8f\xbf\xbf"), kAll) << "U+10FFFF itself";
  EXPECT_EQ(firstNonUtf8Byte("\x80"), 0u) << "a lone continuation byte";
}

TEST(Utf8, AKernelFileThatIsNotUtf8IsRefusedWhenReadNamingTheByte) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / ("warpscope-latin1-" + std::to_string(::getpid()) + ".cu");
  std::ofstream(path, std::ios::binary) << "// warpscope-kernel 1\n// title: t\n__global__ void k() {}  // r\xe9sum\xe9\n";
  try {
    (void)readKernelSource(path.string());
    ADD_FAILURE() << "a Latin-1 kernel file was read";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("is not UTF-8 text (byte 62)"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}
