#pragma once
// One run timed by the wall clock, as `bench` and `bench --presets` time them.
#include <chrono>

#include "warpscope/session.h"

namespace warpscope::cli {

struct Timed {
  RunOutcome outcome;
  double seconds;
};

inline Timed timedRun(Session& session, const RunRequest& request) {
  CancelToken never;
  const auto start = std::chrono::steady_clock::now();
  RunOutcome outcome = session.run(request, {}, never);
  return {std::move(outcome), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
}

}  // namespace warpscope::cli
