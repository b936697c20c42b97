#pragma once
/// \file um_policy_names.h
/// The cudaMemAdvise policies' names, shared by the rooms that compare them (um-policies,
/// um-thrashing): one list for the parameter's choices, the bars' categories and scalar ids.

#include <string>
#include <vector>

#include "labs/um_common/um_policy.h"

namespace warpscope::labs::um {

/// "none", "read-mostly", "preferred-cpu", "preferred-gpu", "accessed-by-gpu" in UmPolicy order.
const std::vector<std::string>& policyNames();
/// "no advice", "SetReadMostly", "SetPreferredLocation CPU", ...: what the bars say.
std::string policyLabel(UmPolicy policy);
/// "none", "read_mostly", ...: for scalar ids.
std::string policyKey(UmPolicy policy);
inline constexpr int kPolicyCount = 5;

}  // namespace warpscope::labs::um
