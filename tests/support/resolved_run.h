#pragma once
// Tests that drive a Backend directly do what Session::run does first: resolve the request's lab
// in the one registry, then hand the backend the definition (Backend::run never looks it up).
#include <string>

#include "warpscope/backend.h"
#include "warpscope/registry.h"

namespace warpscope::test {

inline RunOutcome runResolved(Backend& backend, const RunRequest& request, const ProgressFn& progress,
                              const CancelToken& cancel) {
  return backend.run(LabRegistry::builtin().resolve(request.labId), request, progress, cancel);
}

inline std::string whyCannotRunResolved(const Backend& backend, const std::string& labId, const std::string& deviceId) {
  return backend.whyCannotRun(LabRegistry::builtin().resolve(labId), deviceId);
}

}  // namespace warpscope::test
