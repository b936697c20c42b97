#include "labs/um_policies/um_policies_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umPoliciesPresets() {
  return {};
}

}  // namespace warpscope::labs
