#include "labs/um_oversubscription/um_oversubscription_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umOversubscriptionPresets() {
  return {};
}

}  // namespace warpscope::labs
