#pragma once
// Shared helpers of the unified-memory tests: shipped profiles by id, and copies of them with one
// UVM parameter or the GPU memory changed; a um-* lab run through the Session on the simulator,
// and what every um-* lab's result must show there.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_trace.h"
#include "mechanisms/device_profile.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

namespace warpscope::um_test {

inline const sim::DeviceProfile& shippedProfile(const std::string& id) {
  static const auto profiles = sim::loadEmbeddedProfiles();
  for (const auto& p : profiles)
    if (p.id == id) return p;
  ADD_FAILURE() << "no shipped profile " << id;
  return profiles.front();
}

/// h200 (or `id`) with mechanisms[mechanism][name] set to value.
inline sim::DeviceProfile withParam(const std::string& mechanism, const std::string& name, double value,
                                    const std::string& id = "h200") {
  sim::DeviceProfile p = shippedProfile(id);
  p.mechanisms[mechanism][name].value = value;
  return p;
}

/// h200 with only `bytes` of GPU memory (so that small buffers oversubscribe it).
inline sim::DeviceProfile withGpuMemory(double bytes, const std::string& id = "h200") {
  sim::DeviceProfile p = shippedProfile(id);
  p.info.globalMemBytes = static_cast<long long>(bytes);
  return p;
}

/// Whether any residency change of the trace puts a page in `state`.
inline bool hasState(const labs::um::UmTrace& trace, labs::um::PageState state) {
  return std::any_of(trace.residency.begin(), trace.residency.end(),
                     [state](const labs::um::ResidencyChange& c) { return c.state == state; });
}

/// A full sweep of `lab` through a Session on the simulator, with `sets` ("name=value") applied.
inline RunOutcome simulateLab(const std::string& lab, const std::vector<std::string>& sets = {},
                              const std::string& device = "sim:h200") {
  const labs::LabDefinition* def = LabRegistry::builtin().definition(lab);
  EXPECT_NE(def, nullptr) << lab;
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({lab, device, parseAssignments(def->spec.params, sets), RunScope::FullSweep}, nullptr, cancel);
}

/// The scalar's value, or -1 (with a failure) when the result lacks it.
inline double scalar(const RunResult& r, const std::string& id) {
  const Scalar* s = r.findScalar(id);
  EXPECT_NE(s, nullptr) << id;
  return s ? s->value : -1;
}

/// What every um-* lab shows on the simulator at its defaults: its declared views of the declared
/// kinds, a timeline with events, a page map of one frame whose pages move in time order, a
/// simulated provenance and notes.
inline void expectDeclaredViewsATimelineAndAPageMap(const std::string& lab) {
  const RunOutcome outcome = simulateLab(lab);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  const LabSpec& spec = LabRegistry::builtin().definition(lab)->spec;
  ASSERT_EQ(r.views.size(), spec.views.size());
  for (std::size_t i = 0; i < spec.views.size(); ++i) {
    EXPECT_EQ(r.views[i].id, spec.views[i].id);
    EXPECT_EQ(r.views[i].kind, spec.views[i].kind) << r.views[i].id;
  }
  const View* timeline = r.findView("um-timeline");
  ASSERT_NE(timeline, nullptr);
  EXPECT_FALSE(timeline->timeline.events.empty()) << "the model traces every scenario";
  const View* map = r.findView("page-map");
  ASSERT_NE(map, nullptr);
  ASSERT_EQ(map->grid.frames.size(), 1u);
  EXPECT_EQ(map->grid.frames[0].cells.size(), static_cast<std::size_t>(map->grid.rows() * map->grid.columns()));
  EXPECT_FALSE(map->grid.changes.empty()) << "pages move in every scenario";
  for (std::size_t i = 1; i < map->grid.changes.size(); ++i)
    ASSERT_LE(map->grid.changes[i - 1].time, map->grid.changes[i].time);
  EXPECT_EQ(r.provenance, Provenance::Simulated);
  EXPECT_FALSE(r.notes.empty());
}

}  // namespace warpscope::um_test
