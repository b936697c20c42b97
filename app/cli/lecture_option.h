#pragma once
// The lecture a command names: --lecture ID (a shipped lecture) or --lecture-file FILE (an
// instructor's own, read as hostile); both, as the window takes them, when FILE holds lecture ID.
#include <optional>

#include "cli/cli_args.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"

namespace warpscope::cli {

/// The lecture of --lecture-file, or of --lecture; none when neither is given. Throws
/// BadInputError for an unknown id, a file that cannot be used, or a file that holds another
/// lecture than --lecture names.
std::optional<Lecture> namedLecture(const LabRegistry& registry, const CliOptions& options);

}  // namespace warpscope::cli
