#pragma once
/// \file kernel_source.h
/// Reading the user's own kernel file (issue 33): a .cu file opened as hostile input.

#include <string>

#include "warpscope/lab.h"

namespace warpscope {

/// The largest kernel file read, in bytes (docs/your-kernel.md, "Limits").
inline constexpr std::size_t kMaxKernelFileBytes = 256 * 1024;

/// The file at `path` as a KernelSource (its name without the folder, its text). Throws
/// BadInputError starting "<path>: " for a missing or unreadable file, anything that is not a
/// regular file, a file larger than kMaxKernelFileBytes, one holding a NUL byte, or one that is not
/// UTF-8 text (it travels in JSON: runs, recordings, lecture slides). The header
/// itself is parsed by whoever runs it (the session validates it).
KernelSource readKernelSource(const std::string& path);

/// Names one version of a kernel file by its text (a 64-bit FNV-1a hash in hex, then its length):
/// what compiled variants are cached by and recordings are matched by, so an edited file is a
/// new kernel. The same on every machine and build (it is kept in recordings' index.json).
std::string kernelKey(const KernelSource& source);

}  // namespace warpscope
