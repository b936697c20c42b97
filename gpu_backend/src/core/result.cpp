#include "warpscope/result.h"

namespace warpscope {

std::string RunResult::banner() const {
  return provenance == Provenance::Measured ? "Measured on " + deviceName
                                            : "Simulated: " + deviceName;
}

const View* RunResult::findView(const std::string& id) const {
  for (const auto& view : views)
    if (view.id == id) return &view;
  return nullptr;
}

const Scalar* RunResult::findScalar(const std::string& id) const {
  for (const auto& scalar : scalars)
    if (scalar.id == id) return &scalar;
  return nullptr;
}

}  // namespace warpscope
