#pragma once
// A small valid kernel header to change line by line, for the user kernel's header, variant and
// launch tests (docs/your-kernel.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "labs/user_kernel/kernel_launch.h"

namespace warpscope::test {

/// A small valid header, one entry a line; tests change or add lines (line numbers are index + 1).
inline std::vector<std::string> baseHeader() {
  return {
      "// warpscope-kernel 1",                        // 1
      "// title: Copy",                               // 2
      "// param N: 1K..4K, x2, default 2K, arg int",  // 3
      "// param BLOCK: 64..256, x2, define, focus",   // 4
      "// kernel: copy",                              // 5
      "// grid: ceil_div(N, BLOCK)",                  // 6
      "// block: BLOCK",                              // 7
      "// buffer in: float[N] random(-1, 1)",         // 8
      "// buffer out: float[N] output",               // 9
      "// args: in, out, N",                          // 10
      "// reference: copy_reference",                 // 11
      "// check: out, exact",                         // 12
  };
}

inline std::string sourceOf(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text + "\n__global__ void copy(const float* in, float* out, int n) {}\n";
}

inline std::vector<std::string> with(std::vector<std::string> lines, size_t lineNumber, const std::string& text) {
  lines[lineNumber - 1] = text;
  return lines;
}
inline std::vector<std::string> plus(std::vector<std::string> lines, const std::string& text) {
  lines.push_back(text);
  return lines;
}
inline std::vector<std::string> without(std::vector<std::string> lines, size_t lineNumber) {
  lines.erase(lines.begin() + static_cast<long>(lineNumber - 1));
  return lines;
}

/// A header's refusal as a test reads it: the message and the line it names (-1: none).
struct Failure {
  std::string message;
  int line = -1;
};

/// How parseKernelHeader refuses `source`, or {"(parsed)", -1} when it does not.
inline Failure failureOf(const std::string& source) {
  try {
    (void)labs::user_kernel::parseKernelHeader(source);
  } catch (const labs::user_kernel::KernelHeaderError& e) {
    return {e.what(), e.line()};
  }
  return {"(parsed)", -1};
}
inline Failure failureOf(const std::vector<std::string>& lines) { return failureOf(sourceOf(lines)); }

/// The failure is on `line`, its message starts "line N: " and holds `part`.
inline void expectFailure(const std::vector<std::string>& lines, int line, const std::string& part) {
  const Failure f = failureOf(lines);
  EXPECT_EQ(f.line, line) << f.message;
  EXPECT_EQ(f.message.rfind("line " + std::to_string(line) + ": ", 0), 0u) << f.message;
  EXPECT_NE(f.message.find(part), std::string::npos) << f.message;
}

/// An H100's limits, as the launch expressions read them.
inline labs::user_kernel::DeviceValues h100Like() { return {132, 32, 2048, 1024, 232448}; }

}  // namespace warpscope::test
