#include "labs/um_common/um_policy_names.h"

#include <algorithm>

namespace warpscope::labs::um {

const std::vector<std::string>& policyNames() {
  static const std::vector<std::string> names = {"none", "read-mostly", "preferred-cpu", "preferred-gpu",
                                                 "accessed-by-gpu"};
  return names;
}

std::string policyLabel(UmPolicy policy) {
  switch (policy) {
    case UmPolicy::None: return "no advice";
    case UmPolicy::ReadMostly: return "SetReadMostly";
    case UmPolicy::PreferredCpu: return "SetPreferredLocation CPU";
    case UmPolicy::PreferredGpu: return "SetPreferredLocation GPU";
    case UmPolicy::AccessedByGpu: return "SetAccessedBy GPU";
  }
  return "?";
}

std::string policyKey(UmPolicy policy) {
  std::string key = policyNames()[static_cast<std::size_t>(policy)];
  std::replace(key.begin(), key.end(), '-', '_');
  return key;
}

}  // namespace warpscope::labs::um
