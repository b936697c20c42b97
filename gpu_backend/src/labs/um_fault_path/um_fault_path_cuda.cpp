// um-fault-path on a CUDA device: what it shows is the driver's inside (the fault path's stages)
// and hardware modes a GPU cannot switch (paging before Pascal; access counters, off on x86), so
// the closest profile's model runs instead, and the result says so.
#include "cuda/device_context.h"
#include "labs/um_fault_path/um_fault_path_lab.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

RunResult modelUmFaultPathForGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device.info);
  if (!profile) throw BadInputError("um-fault-path is a model, and no simulator profile loaded");
  RunResult result = simulateUmFaultPath(*profile, request, monitor);
  result.notes.insert(result.notes.begin(),
                      "Model only, on purpose: this run asked for " + device.info.id + " (" + device.info.name +
                          "), but the fault path's stages happen inside the driver, a GPU has one paging mode and "
                          "its access counters are off on x86 hosts, so the UVM model of " +
                          profile->info.name +
                          " ran instead. CUPTI's real fault groups beside the model's batches: um-streaming, "
                          "'Pages faulted in and fault groups by mode'.");
  return result;
}

}  // namespace warpscope::labs
