#include "labs/um_policies/um_policies_model.h"
#include "warpscope/params.h"
namespace warpscope::labs {
um::UmScenarioResult simulatePoliciesScenario(const sim::DeviceProfile&, const PoliciesScenario&) { throw BadInputError("TODO"); }
}
