#include "labs/um_thrashing/um_thrashing_model.h"
#include "warpscope/params.h"
namespace warpscope::labs {
um::UmScenarioResult simulateThrashingScenario(const sim::DeviceProfile&, const ThrashingScenario&) { throw BadInputError("TODO"); }
}
