#pragma once
// This build's version and git commit, stamped into recordings. The commit comes from
// build_commit.h, rewritten at every build by cmake/write_build_commit.cmake.
#include "build_commit.h"

namespace warpscope::files {
inline constexpr const char* kToolVersion = WARPSCOPE_VERSION;
inline constexpr const char* kToolCommit = WARPSCOPE_COMMIT;
}  // namespace warpscope::files
