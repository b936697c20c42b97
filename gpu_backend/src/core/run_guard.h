#pragma once
/// \file run_guard.h
/// The backend boundary, one for every backend: whatever a run throws becomes the RunError
/// Backend::run promises, so errors are mapped to RunError in exactly one place.

#include <exception>
#include <functional>
#include <optional>
#include <string>

#include "warpscope/backend.h"

namespace warpscope::labs {

/// Gets the first say over an exception a backend knows better (CUDA's sticky errors); returns
/// nullopt to leave it to the generic mapping.
using ErrorTranslator = std::function<std::optional<RunError>(const std::exception& error)>;

/// Runs body. BadInputError becomes RunError{BadInput}, Cancelled RunError{Cancelled}, anything
/// else RunError{Device} with "<where>: " in front of its message (where: "cuda:0", "simulator").
/// Never throws.
RunOutcome guardRun(const std::string& where, const std::function<RunOutcome()>& body,
                    const ErrorTranslator& translate = {});

}  // namespace warpscope::labs
