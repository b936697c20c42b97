// One way through for a slider move: the values the parameter panel emits and its word on
// whether only a Focus parameter changed reach the backend's run request unchanged (nothing
// re-reads the controls on the way), and a focus run goes out only when a full sweep with the
// same Sweep values is there to merge it into (focus_rule.h).
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include <gtest/gtest.h>

#include "fake_backend.h"
#include "focus_rule.h"
#include "main_window.h"
#include "param_control.h"
#include "param_panel.h"
#include "window_fixture.h"
#include "warpscope/registry.h"

using namespace warpscope;
using namespace warpscope::ui;

using test::WindowFixture;

namespace {

/// The request the fake backend ran last, once `count` runs have started.
RunRequest lastRun(WindowFixture& f, size_t count) {
  EXPECT_TRUE(f.state->waitForRuns(count)) << "run " << count << " started";
  return f.state->run(f.state->runCount() - 1);
}

}  // namespace

TEST(SliderPath, TheValuesAFocusSliderEmitsAreTheValuesTheBackendRuns) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  ParamControl* threads = f.window.paramPanel()->control(QStringLiteral("threads_per_block"));
  ASSERT_NE(threads, nullptr);
  ASSERT_EQ(threads->spec().role, ParamRole::Focus);
  QSignalSpy emitted(f.window.paramPanel(), &ParamPanel::paramsChanged);
  const size_t before = f.state->runCount();
  threads->slider()->setValue(threads->slider()->value() + 2);
  ASSERT_EQ(emitted.count(), 1);
  const ParamSet values = emitted.at(0).at(0).value<ParamSet>();
  EXPECT_TRUE(emitted.at(0).at(2).toBool()) << "the panel says only a Focus parameter changed";
  const RunRequest run = lastRun(f, before + 1);
  EXPECT_EQ(run.params.values(), values.values());
  EXPECT_EQ(run.scope, RunScope::FocusOnly);
}

TEST(SliderPath, TheRequestCarriesTheEmittedValuesNotTheControlsReadAgain) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  // Values no control shows: were they read back from the panel, the request would differ.
  ParamSet values = f.window.paramPanel()->values();
  const ParamControl* threads = f.window.paramPanel()->control(QStringLiteral("threads_per_block"));
  const double other = threads->snap(threads->value() + 4 * threads->spec().step);
  ASSERT_NE(other, threads->value());
  values.set("threads_per_block", other);
  const size_t before = f.state->runCount();
  emit f.window.paramPanel()->paramsChanged(values, QStringLiteral("threads_per_block"), true);
  const RunRequest run = lastRun(f, before + 1);
  EXPECT_EQ(run.params.values(), values.values());
  EXPECT_NE(run.params.get("threads_per_block"), threads->value());
  EXPECT_EQ(run.scope, RunScope::FocusOnly);
}

TEST(SliderPath, ThePanelsSweepDecisionIsHonouredEvenWhenOnlyAFocusValueDiffers) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  // A reset is a sweep change (ParamPanel::resetToDefaults), whatever it moved.
  ParamSet values = f.window.paramPanel()->values();
  const ParamControl* threads = f.window.paramPanel()->control(QStringLiteral("threads_per_block"));
  values.set("threads_per_block", threads->snap(threads->value() + threads->spec().step));
  const size_t before = f.state->runCount();
  emit f.window.paramPanel()->paramsChanged(values, QString(), false);
  const RunRequest run = lastRun(f, before + 1);
  EXPECT_EQ(run.scope, RunScope::FullSweep);
  EXPECT_EQ(run.params.values(), values.values());
}

TEST(SliderPath, AFocusChangeWithoutItsSweepOnScreenRunsTheSweep) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  // The panel says "focus", but its Sweep values are not those of the sweep on screen (as after
  // a failed sweep): the one point would have nothing to be merged into.
  ParamSet values = f.window.paramPanel()->values();
  const ParamControl* blocks = f.window.paramPanel()->control(QStringLiteral("blocks_per_sm"));
  ASSERT_EQ(blocks->spec().role, ParamRole::Sweep);
  values.set("blocks_per_sm", blocks->snap(blocks->value() + blocks->spec().step));
  const size_t before = f.state->runCount();
  emit f.window.paramPanel()->paramsChanged(values, QStringLiteral("threads_per_block"), true);
  EXPECT_EQ(lastRun(f, before + 1).scope, RunScope::FullSweep);
}

TEST(FocusRule, AFocusRunNeedsThePanelsWordAndASweepWithTheSameSweepValues) {
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  ParamSet sweep;
  for (const ParamSpec& spec : lab.params) sweep.set(spec.id, spec.defaultValue);
  ParamSet focusMoved = sweep;
  focusMoved.set("threads_per_block", sweep.get("threads_per_block") + 32);
  ParamSet sweepMoved = sweep;
  sweepMoved.set("blocks_per_sm", sweep.get("blocks_per_sm") + 1);
  EXPECT_EQ(scopeForChange(lab, focusMoved, true, sweep), RunScope::FocusOnly);
  EXPECT_EQ(scopeForChange(lab, focusMoved, false, sweep), RunScope::FullSweep) << "the panel's word";
  EXPECT_EQ(scopeForChange(lab, focusMoved, true, std::nullopt), RunScope::FullSweep) << "no sweep to merge into";
  EXPECT_EQ(scopeForChange(lab, sweepMoved, true, sweep), RunScope::FullSweep) << "another sweep";
}
