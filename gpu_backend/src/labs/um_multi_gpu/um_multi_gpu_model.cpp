#include "labs/um_multi_gpu/um_multi_gpu_model.h"
#include "warpscope/params.h"
namespace warpscope::labs {
um::UmScenarioResult simulateMultiGpuScenario(const sim::DeviceProfile&, const MultiGpuScenario&) { throw BadInputError("TODO"); }
}
