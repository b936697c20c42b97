#pragma once
/// \file toolkit_program.h
/// The CUDA toolkit's command-line tools (cuobjdump) found and run. They read what the
/// compiler made (a cubin's SASS) and need no GPU; where the toolkit is not installed they are
/// missing and the callers say so. Run without a shell: no path or argument is ever parsed by one.

#include <string>
#include <vector>

namespace warpscope::cuda {

/// The tool's path: $CUDA_HOME/bin, /usr/local/cuda/bin, then each folder of PATH; empty when
/// none holds it.
std::string findToolkitProgram(const std::string& name);

struct ProgramOutput {
  bool started = false;   ///< False when the program could not be started (why says why).
  int exitCode = -1;      ///< The exit status; -1 when it ended by a signal or never started.
  std::string out;        ///< Its standard output, up to the caller's limit.
  bool cut = false;       ///< The output went past the limit; the rest was read and dropped.
  bool timedOut = false;  ///< Still running at the timeout: killed (why says so).
  std::string why;
};

/// Runs argv[0] (a path) with its arguments and waits for it: standard input is /dev/null (never
/// the caller's, which in the GPU worker is its protocol), standard error is discarded.
/// A program still running after `timeoutSeconds` is killed. cuobjdump lists a kernel's cubin in
/// tens of milliseconds and the whole CLI's kernels in about 15 s on the GPU machine.
ProgramOutput runProgram(const std::vector<std::string>& argv, std::size_t maxOutputBytes, double timeoutSeconds = 120);

}  // namespace warpscope::cuda
