#include "meta_types.h"

namespace warpscope::ui {

void registerMetaTypes() {
  static const bool done = [] {
    qRegisterMetaType<warpscope::RunRequest>();
    qRegisterMetaType<warpscope::RunResult>();
    qRegisterMetaType<warpscope::RunError>();
    qRegisterMetaType<warpscope::DeviceInfo>();
    qRegisterMetaType<QList<warpscope::DeviceInfo>>();
    qRegisterMetaType<warpscope::ParamSet>();
    return true;
  }();
  (void)done;
}

}  // namespace warpscope::ui
