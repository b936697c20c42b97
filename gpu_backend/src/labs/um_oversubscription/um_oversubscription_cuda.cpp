// um-oversubscription on a CUDA device: never run on the GPU (oversubscribing managed memory can
// hang it for everyone, ../shared/DEVICE.md); the closest profile's model runs instead, and the
// result says so.
#include "cuda/device_context.h"
#include "labs/um_oversubscription/um_oversubscription_lab.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

RunResult modelUmOversubscriptionForGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device.info);
  if (!profile) throw BadInputError("um-oversubscription is simulated only, and no simulator profile loaded");
  RunResult result = simulateUmOversubscription(*profile, request, monitor);
  result.notes.insert(result.notes.begin(),
                      "Simulated only, on purpose: this run asked for " + device.info.id + " (" + device.info.name +
                          "), but oversubscribing managed memory on a real GPU can hang it for every user, so the "
                          "model of " + profile->info.name + " ran instead. Nothing was allocated on the GPU.");
  return result;
}

}  // namespace warpscope::labs
