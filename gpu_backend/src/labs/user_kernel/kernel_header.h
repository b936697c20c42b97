#pragma once
// The header of a user's own kernel file (issue 33; the format: docs/your-kernel.md): the comment
// block that starts `// warpscope-kernel 1` and declares the kernel's knobs, launch, buffers,
// arguments and checks. parseKernelHeader reads it as hostile input (every bound checked, every
// error a KernelHeaderError naming its line) and returns plain data the run code compiles (NVRTC)
// and sweeps; nothing here knows CUDA.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "labs/user_kernel/kernel_expression.h"
#include "warpscope/params.h"

namespace warpscope::labs::user_kernel {

/// A header that cannot be used. what() starts "line N: " when a line is at fault (N counts the
/// file's lines from 1); line() is that N, or 0 when the fault is the file's as a whole (its size).
class KernelHeaderError : public BadInputError {
 public:
  KernelHeaderError(int line, const std::string& message);
  [[nodiscard]] int line() const { return line_; }

 private:
  int line_ = 0;
};

/// The format version this parser reads.
inline constexpr int kKernelHeaderVersion = 1;

/// The bounds of the format (docs/your-kernel.md, "Limits").
inline constexpr std::size_t kMaxSourceBytes = 256 * 1024;
inline constexpr int kMaxHeaderLines = 200;
inline constexpr std::size_t kMaxLineChars = 400;
inline constexpr std::size_t kMaxNameChars = 32;
inline constexpr std::size_t kMaxTitleChars = 80;
inline constexpr std::size_t kMaxSummaryChars = 600;
inline constexpr std::size_t kMaxParams = 8;
inline constexpr std::size_t kMaxFocusParams = 2;
inline constexpr std::size_t kMaxParamValues = 64;
inline constexpr std::size_t kMaxVariants = 64;
inline constexpr std::size_t kMaxBuffers = 8;
inline constexpr std::size_t kMaxArgs = 32;
inline constexpr std::size_t kMaxTemplateArgs = 8;
inline constexpr std::size_t kMaxChecks = 8;
inline constexpr std::size_t kMaxCounters = 8;
inline constexpr std::size_t kMaxCounterChars = 120;
inline constexpr int kDefaultBudgetMs = 2000;
inline constexpr int kMaxBudgetMs = 60000;
/// Param values are exact in a ParamSet's double: |value| <= 2^53.
inline constexpr int64_t kMaxParamMagnitude = int64_t{1} << 53;

/// How the kernel receives a param.
enum class ParamUse {
  Expression,  ///< No role: read only by the header's expressions (launch dimensions, sizes).
  Define,      ///< Compiled in as -DNAME=value.
  Template,    ///< Read by the kernel's (or the reference's) template arguments.
  Arg,         ///< Passed to the kernel as a runtime argument of argType.
};

/// The types of runtime arguments and buffer elements.
enum class ScalarType { Int, Unsigned, Long, Float, Double };
/// "int", "unsigned", "long", "float", "double".
const char* scalarTypeName(ScalarType type);
/// Bytes of one element on the device (long is 8 bytes, as on every CUDA platform but Windows).
int scalarTypeBytes(ScalarType type);

struct UserParam {
  std::string name;
  /// The declaration the GUI and CLI use (id = name): a step range, numeric choices (geometric
  /// ranges become choices) or a named choice (choiceNames; its values are 0..n-1 in a ParamSet).
  ParamSpec spec;
  ParamUse use = ParamUse::Expression;
  ScalarType argType = ScalarType::Int;  ///< Use Arg only.
  /// Every value the domain allows, in order: what the kernel sees. For a named choice, the value
  /// of choiceNames[i] (naive=0|tiled=1|padded=2: 0, 1, 2).
  std::vector<int64_t> values;
  int line = 0;

  /// The value the kernel sees for this param's entry in a ParamSet (a named choice's index
  /// mapped to its value). Throws BadInputError when the entry is not one of the param's values.
  [[nodiscard]] int64_t kernelValue(const ParamSet& params) const;
};

/// An expression with the line it was written on (evaluation errors name that line).
struct HeaderExpression {
  Expression expression;
  int line = 0;
};

/// `kernel:` or `reference:`: the __global__ function and its template arguments.
struct KernelName {
  std::string name;                      ///< "reduce_sum" (may be qualified: "ns::reduce_sum").
  std::vector<Expression> templateArgs;  ///< Empty for a kernel that is not a template.
  int line = 0;
};

/// A kernel, its grid and its block (1 to 3 dimensions each; missing dimensions are 1).
struct KernelLaunch {
  KernelName kernel;
  std::vector<HeaderExpression> grid;
  std::vector<HeaderExpression> block;
};

enum class BufferInit { Zero, Random, Iota, Fill, Output };

struct UserBuffer {
  std::string name;
  ScalarType type = ScalarType::Float;
  HeaderExpression elements;  ///< Its length in elements (may read grid_x..block_z).
  BufferInit init = BufferInit::Zero;
  double low = 0, high = 0;  ///< Random: uniform in [low, high] (integers: both ends included).
  double fill = 0;           ///< Fill: every element's value.
  int line = 0;
};

/// One entry of `args:`: a buffer (a device pointer) or a param with use Arg.
struct KernelArg {
  std::string name;
  bool isBuffer = false;
};

struct UserCheck {
  enum class Compare { Elements, Sum } compare = Compare::Elements;
  enum class Tolerance { Relative, Absolute, Exact } tolerance = Tolerance::Relative;
  std::string buffer;
  double amount = 1e-5;  ///< rtol or atol; 0 for Exact.
  int line = 0;
};

struct KernelHeader {
  struct Lines {
    int first = 0;  ///< The `// warpscope-kernel 1` line.
    int last = 0;   ///< The header's last `//` line.
  } headerLines;
  std::string title;
  std::string summary;  ///< The summary lines joined with a space; may be empty.
  std::vector<UserParam> params;
  KernelLaunch kernel;
  HeaderExpression shared;  ///< Dynamic shared memory, bytes (the constant 0 when absent).
  std::vector<UserBuffer> buffers;
  std::vector<KernelArg> args;
  std::optional<HeaderExpression> bytes;
  std::optional<HeaderExpression> flops;
  /// The reference kernel; its grid and block are the kernel's unless `reference grid:` and
  /// `reference block:` say otherwise. It runs with the kernel's args, each checked buffer
  /// replaced by its shadow copy, and the kernel's dynamic shared memory.
  std::optional<KernelLaunch> reference;
  std::vector<UserCheck> checks;
  std::vector<std::string> counters;
  int budgetMs = kDefaultBudgetMs;

  /// Every param's ParamSpec, in the header's order.
  [[nodiscard]] std::vector<ParamSpec> paramSpecs() const;
  [[nodiscard]] const UserParam* findParam(std::string_view name) const;
  [[nodiscard]] const UserBuffer* findBuffer(std::string_view name) const;
};

/// Reads the header of a kernel file's text. Throws KernelHeaderError on the first fault.
KernelHeader parseKernelHeader(std::string_view source);

/// The device values an expression may read (sms, warp_size, max_threads_per_sm,
/// max_threads_per_block, shared_per_block), and the launch values the sizes may also read
/// (grid_x, grid_y, grid_z, block_x, block_y, block_z), in the docs' order.
const std::vector<std::string>& deviceValueNames();
const std::vector<std::string>& launchValueNames();

}  // namespace warpscope::labs::user_kernel
