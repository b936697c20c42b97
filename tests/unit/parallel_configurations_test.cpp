// Guards the parallel runner of simulated configurations: results in index order whatever the
// thread count, an evaluation's error reaches the caller, and a cancel stops the run.
#include "core/parallel_configurations.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

namespace warpscope::labs {
namespace {

TEST(ParallelConfigurations, ResultsComeBackInIndexOrder) {
  ProgressFn progress;
  CancelToken cancel;
  RunMonitor monitor(progress, cancel);
  const std::vector<long> squares = runConfigurationsInParallel<long>(
      200, [](std::size_t i) { return static_cast<long>(i * i); }, [](std::size_t) { return std::string("x"); },
      monitor);
  ASSERT_EQ(squares.size(), 200u);
  for (std::size_t i = 0; i < squares.size(); ++i) EXPECT_EQ(squares[i], static_cast<long>(i * i));
}

TEST(ParallelConfigurations, AnEvaluationsErrorReachesTheCaller) {
  ProgressFn progress;
  CancelToken cancel;
  RunMonitor monitor(progress, cancel);
  auto evaluate = [](std::size_t i) -> int {
    if (i == 17) throw std::runtime_error("configuration 17 is bad");
    return 0;
  };
  EXPECT_THROW(
      {
        try {
          runConfigurationsInParallel<int>(40, evaluate, [](std::size_t) { return std::string(); }, monitor);
        } catch (const std::runtime_error& e) {
          EXPECT_STREQ(e.what(), "configuration 17 is bad");
          throw;
        }
      },
      std::runtime_error);
}

TEST(ParallelConfigurations, ACancelStopsTheRunWithCancelled) {
  std::atomic<int> evaluated{0};
  CancelToken cancel;
  ProgressFn progress = [&](double, const std::string&) {};
  RunMonitor monitor(progress, cancel);
  auto evaluate = [&](std::size_t) {
    if (++evaluated == 5) cancel.requestCancel();
    return 0;
  };
  EXPECT_THROW(runConfigurationsInParallel<int>(10000, evaluate, [](std::size_t) { return std::string(); }, monitor),
               Cancelled);
  EXPECT_LT(evaluated.load(), 10000) << "configurations went on after the cancel";
}

}  // namespace
}  // namespace warpscope::labs
