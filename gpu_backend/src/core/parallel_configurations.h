#pragma once
/// \file parallel_configurations.h
/// Runs a simulated lab's independent configurations (one model evaluation each, no shared
/// state) on the machine's cores. The models are deterministic and pure, so the result is the
/// same as a loop's, in the same order; only the wall time changes. Progress and cancellation go
/// through the RunMonitor from the calling thread alone (it is not thread-safe): the workers only
/// read the cancel flag.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "core/run_monitor.h"

namespace warpscope::labs {

/// evaluate(i) for i in [0, count), on up to hardware_concurrency threads (the caller is one of
/// them). describe(i) names configuration i for the progress bar. The first exception thrown by
/// an evaluation (in index order) is rethrown once every thread has stopped; a cancel request
/// stops the configurations not yet started and throws Cancelled.
template <class Result>
std::vector<Result> runConfigurationsInParallel(std::size_t count, const std::function<Result(std::size_t)>& evaluate,
                                                const std::function<std::string(std::size_t)>& describe,
                                                RunMonitor& monitor) {
  std::vector<Result> results(count);
  std::vector<std::exception_ptr> errors(count);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  auto evaluateOne = [&](std::size_t i) {
    try {
      results[i] = evaluate(i);
    } catch (...) {
      errors[i] = std::current_exception();
    }
    finished.fetch_add(1);
  };
  auto helperLoop = [&] {
    for (std::size_t i; !monitor.cancelled() && (i = next.fetch_add(1)) < count;) evaluateOne(i);
  };
  const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t helpers = std::min(cores, count) - (count > 0 ? 1 : 0);
  {
    // Declared after everything the helpers use, so that leaving this scope (also by Cancelled
    // thrown from monitor.step) joins them before any of it is destroyed.
    std::vector<std::jthread> threads;
    threads.reserve(helpers);
    for (std::size_t t = 0; t < helpers; ++t) threads.emplace_back(helperLoop);
    // The calling thread works too, and reports progress before each configuration it takes.
    for (std::size_t i; (i = next.fetch_add(1)) < count;) {
      monitor.step(finished.load(), count, describe(i));  // throws Cancelled on a cancel request
      evaluateOne(i);
    }
  }
  monitor.throwIfCancelled();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  return results;
}

}  // namespace warpscope::labs
