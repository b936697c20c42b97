#pragma once
// The warpscope-cli commands, callable in-process (tests) or from main().
#include <ostream>
#include <string>
#include <vector>

namespace warpscope::cli {

/// Exit codes: 0 success, 2 bad input (message on err names what and the valid range),
/// 3 device error, 1 when `bench` misses a target.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDeviceError = 3;
/// `bench` only: it ran, but a target was missed.
inline constexpr int kExitTargetMissed = 1;

/// Runs one command line (without the program name):
///   devices | labs | describe LAB | run LAB [--device ID] [--set NAME=VALUE ...]
///   [--scope sweep|focus] [--format json|csv] [--out FILE] | bench [--device ID] [--repeat N]
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The usage text printed by --help and after a bad command line.
std::string usage();
/// One command's lines of the usage (`warpscope-cli COMMAND --help`), with the exit codes.
std::string commandUsage(const std::string& command);

}  // namespace warpscope::cli
