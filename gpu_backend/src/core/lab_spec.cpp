#include <cmath>

#include "warpscope/lab.h"

namespace warpscope {

const ViewSpec* LabSpec::findView(const std::string& viewId) const {
  for (const auto& view : views)
    if (view.id == viewId) return &view;
  return nullptr;
}

const PresetSpec* LabSpec::findPreset(const std::string& presetId) const {
  for (const auto& preset : presets)
    if (preset.id == presetId) return &preset;
  return nullptr;
}

bool LabSpec::sameSweep(const ParamSet& a, const ParamSet& b) const {
  for (const ParamSpec& spec : params) {
    if (spec.role != ParamRole::Sweep) continue;
    const auto& av = a.values();
    const auto& bv = b.values();
    const auto ai = av.find(spec.id);
    const auto bi = bv.find(spec.id);
    if ((ai == av.end()) != (bi == bv.end())) return false;
    if (ai != av.end() && ai->second != bi->second) return false;
  }
  return true;
}

}  // namespace warpscope
