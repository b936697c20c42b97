// A kernel file is hostile input (docs/your-kernel.md, "Limits"): mutations of the shipped example
// headers (byte flips, truncations, duplicated, deleted, swapped and random lines, extreme numbers)
// either parse or throw KernelHeaderError naming a line of the file, never anything else, never a
// crash or a hang. A header that parses must also give its variants and evaluate its launch for
// any of its values without throwing anything but KernelHeaderError. Deterministic: a fixed seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "labs/user_kernel/kernel_launch.h"
#include "labs/user_kernel/kernel_variants.h"

using namespace warpscope;
using namespace warpscope::labs::user_kernel;

namespace {

std::string readExample(const std::string& name) {
  std::ifstream in(std::filesystem::path(WARPSCOPE_PROJECT_SOURCE_DIR) / "resources/kernels" / name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string joinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

class Mutator {
 public:
  explicit Mutator(uint64_t seed) : rng_(seed) {}

  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(rng_() % n); }
  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[below(items.size())];
  }

  /// One to three mutations of `source`, mostly inside its header (the first `headerLines` lines).
  std::string mutate(const std::string& source, size_t headerLines) {
    std::vector<std::string> lines = splitLines(source);
    const size_t count = 1 + below(3);
    for (size_t i = 0; i < count && !lines.empty(); ++i) {
      const size_t at = below(std::min(lines.size(), headerLines + 2));
      switch (below(8)) {
        case 0: {  // a byte flipped to any value, NUL and controls included
          std::string& line = lines[at];
          if (!line.empty()) line[below(line.size())] = static_cast<char>(below(256));
          break;
        }
        case 1: {  // cut the file inside the header
          std::string text = joinLines(lines);
          text.resize(below(std::min(text.size(), headerLines * 80)));
          lines = splitLines(text);
          break;
        }
        case 2: {  // a line duplicated
          const std::string copy = lines[at];
          lines.insert(lines.begin() + static_cast<long>(at), copy);
          break;
        }
        case 3:
          lines.erase(lines.begin() + static_cast<long>(at));
          break;
        case 4:
          std::swap(lines[at], lines[below(std::min(lines.size(), headerLines + 2))]);
          break;
        case 5:
          lines.insert(lines.begin() + static_cast<long>(at), randomLine());
          break;
        case 6:
          lines[at] = withExtremeNumber(lines[at]);
          break;
        default: {  // a character deleted or repeated
          std::string& line = lines[at];
          if (line.empty()) break;
          const size_t pos = below(line.size());
          if (below(2) == 0)
            line.erase(pos, 1);
          else
            line.insert(pos, below(40) + 1, line[pos]);
          break;
        }
      }
    }
    return joinLines(lines);
  }

 private:
  std::string randomLine() {
    static const std::vector<std::string> keys = {
        "title",           "summary",  "param X",  "param BLOCK", "kernel", "grid",      "block",
        "shared",          "buffer y", "args",     "bytes",       "flops",  "reference", "reference grid",
        "reference block", "check",    "counters", "budget",      "param",  "buffer",    "",
        "warpscope-kernel"};
    static const std::vector<std::string> pieces = {"1",
                                                    "0",
                                                    "-1",
                                                    "64M",
                                                    "9223372036854775807",
                                                    "0x7fffffffffffffff",
                                                    "1..64",
                                                    "1..1G x2",
                                                    "a=1|b=2",
                                                    "|",
                                                    ",",
                                                    "(",
                                                    ")",
                                                    "<",
                                                    ">",
                                                    "<<",
                                                    ">>",
                                                    "*",
                                                    "/",
                                                    "%",
                                                    "N",
                                                    "BLOCK",
                                                    "ILP",
                                                    "x",
                                                    "grid_x",
                                                    "sms",
                                                    "min(",
                                                    "ceil_div(",
                                                    "pow2(62)",
                                                    "log2(0)",
                                                    "float[",
                                                    "]",
                                                    "random(",
                                                    "define",
                                                    "template",
                                                    "arg int",
                                                    "focus",
                                                    "sweep",
                                                    "default",
                                                    "\"",
                                                    "ms",
                                                    "sum",
                                                    "exact",
                                                    "rtol 1e-5",
                                                    "\t",
                                                    " ",
                                                    "\xc3",
                                                    "\xe2\x82\xac",
                                                    "output",
                                                    "partial",
                                                    "in",
                                                    "out"};
    std::string line = "// " + pick(keys) + (below(4) ? ": " : " ");
    const size_t n = below(12);
    for (size_t i = 0; i < n; ++i) line += pick(pieces) + (below(3) ? " " : "");
    return line;
  }

  std::string withExtremeNumber(std::string line) {
    static const std::vector<std::string> extremes = {
        "0",     "-1",         "9223372036854775807", "-9223372036854775808", "8G", "65", "0x7fffffffffffffff",
        "1e308", "2147483648", "4294967296",          "9007199254740993",     "00"};
    const size_t digit = line.find_first_of("0123456789");
    if (digit == std::string::npos) return line + " " + pick(extremes);
    size_t end = digit;
    while (end < line.size() && std::isalnum(static_cast<unsigned char>(line[end]))) ++end;
    return line.replace(digit, end - digit, pick(extremes));
  }

  std::mt19937_64 rng_;
};

/// Everything a parsed header offers, for a few random settings of its params.
void exercise(const KernelHeader& header, Mutator& random) {
  (void)variantsOf(header);
  const DeviceValues device{132, 32, 2048, 1024, 232448};
  ParamSet params = defaultParams(header.paramSpecs());
  for (int round = 0; round < 3; ++round) {
    try {
      (void)variantOf(header, params);
      (void)evaluateLaunch(header, params, device);
    } catch (const KernelHeaderError&) {
      // A launch CUDA cannot make, or an expression that fails for these values: said by line.
    }
    for (const UserParam& param : header.params) {
      const size_t i = random.below(param.values.size());
      params.set(param.name,
                 param.spec.isNamedChoice() ? static_cast<double>(i) : static_cast<double>(param.values[i]));
    }
  }
}

}  // namespace

TEST(UserKernelHeaderFuzz, MutatedExampleHeadersParseOrFailByLineAndNeverCrash) {
  Mutator random(0x5eed'2024'0033ULL);
  size_t parsed = 0, refused = 0;
  const int casesPerExample = 1500;
  for (const std::string name : {"reduction.cu", "transpose.cu", "stencil.cu"}) {
    const std::string source = readExample(name);
    const KernelHeader original = parseKernelHeader(source);
    const auto headerLines = static_cast<size_t>(original.headerLines.last);
    for (int i = 0; i < casesPerExample; ++i) {
      const std::string mutated = random.mutate(source, headerLines);
      const int lineCount = static_cast<int>(std::count(mutated.begin(), mutated.end(), '\n')) + 1;
      try {
        const KernelHeader header = parseKernelHeader(mutated);
        ++parsed;
        exercise(header, random);
      } catch (const KernelHeaderError& e) {
        ++refused;
        const std::string message = e.what();
        ASSERT_GE(e.line(), 0) << message;
        ASSERT_LE(e.line(), lineCount) << message;
        if (e.line() > 0)
          ASSERT_EQ(message.rfind("line " + std::to_string(e.line()) + ": ", 0), 0u) << message;
        else
          ASSERT_NE(message.rfind("line ", 0), 0u) << message;
      } catch (const std::exception& e) {
        FAIL() << name << " case " << i << ": not a KernelHeaderError: " << e.what() << "\n--- source ---\n"
               << mutated.substr(0, 4000);
      }
    }
  }
  // The mutations reach both sides: enough survive to exercise variants and launches.
  EXPECT_GT(parsed, 300u);
  EXPECT_GT(refused, 1500u);
}

TEST(UserKernelHeaderFuzz, RandomBytesAfterTheVersionLineNeverCrash) {
  Mutator random(33);
  for (int i = 0; i < 1000; ++i) {
    std::string source = "// warpscope-kernel 1\n";
    const size_t n = random.below(600);
    for (size_t k = 0; k < n; ++k) {
      const size_t kind = random.below(10);
      source += kind < 2 ? "\n// " : kind < 3 ? ": " : std::string(1, static_cast<char>(random.below(256)));
    }
    try {
      (void)parseKernelHeader(source);
    } catch (const KernelHeaderError&) {
    } catch (const std::exception& e) {
      FAIL() << "case " << i << ": not a KernelHeaderError: " << e.what();
    }
  }
}
