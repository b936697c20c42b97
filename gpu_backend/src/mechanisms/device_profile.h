#pragma once
/// \file device_profile.h
/// A simulator device profile: the DeviceInfo a real GPU would report, its occupancy rules, and
/// the physical parameters of the labs' models grouped per mechanism (fma_pipeline, dram,
/// block_scheduler, copy_kernel, simt, ...), each with its source. Profiles are data files,
/// resources/profiles/<id>.json, embedded at configure time; this unit parses them. Each lab's
/// model reads and range-checks the mechanisms it needs (DeviceProfile::param).

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "warpscope/device.h"

namespace warpscope::sim {

/// How the CUDA occupancy calculator allocates registers and shared memory on this architecture
/// (cuda_occupancy.h). The simulator needs it to say how many copy-kernel blocks fit on an SM.
struct OccupancyRules {
  int registerAllocationUnit = 256;   ///< Registers are given to a warp in multiples of this.
  int registerFilePartitions = 4;     ///< The register file is split over the SM sub-partitions.
  int maxRegistersPerThread = 255;    ///< More would spill; the compiler caps the count here.
  int sharedMemAllocationUnit = 128;  ///< Bytes; a block's shared memory is rounded up to this.
};

/// One physical parameter of a mechanism, with where its number comes from.
struct MechanismParam {
  double value = 0;
  std::string source;
};

/// A mechanism's parameters by name, e.g. "simt": {"branch_cycles": ...}. Profiles group model
/// parameters per mechanism ("mechanisms": {"simt": {"branch_cycles": {"value": 8, "source":
/// "..."}}}) so each lab's model reads the group it needs and nothing else.
using Mechanism = std::map<std::string, MechanismParam>;

/// One parsed profile.
struct DeviceProfile {
  std::string fileName;  ///< "h100.json": named in notes and errors.
  std::string id;        ///< "h100"; the device id is "sim:h100".
  DeviceInfo info;       ///< kind Simulator, id "sim:<id>", sources joined into one string.
  OccupancyRules occupancy;
  std::map<std::string, Mechanism> mechanisms;

  /// mechanisms[mechanism][name].value, checked to lie in [min, max]. Throws BadInputError
  /// naming the file and the field ("h100.json: mechanisms.simt.branch_cycles is missing").
  [[nodiscard]] double param(const std::string& mechanism, const std::string& name, double min, double max) const;
  /// Whether the profile has what a lab's model reads: a whole mechanism group ("dram") or one
  /// parameter of one ("shared_memory.banks": k40.json models shared memory, but not its banks).
  [[nodiscard]] bool provides(const std::string& need) const;
  /// The source text of that parameter ("" when absent).
  [[nodiscard]] std::string paramSource(const std::string& mechanism, const std::string& name) const;
};

/// Parses and validates one profile. Throws BadInputError naming fileName and the offending
/// field ("h100.json: model.dram_latency_ns must be a number > 0") for malformed JSON, a missing
/// field, a wrong type or an impossible value.
DeviceProfile parseDeviceProfile(std::string_view fileName, std::string_view jsonText);

/// The profiles that loaded, and one message per profile that did not.
struct LoadedProfiles {
  std::vector<DeviceProfile> profiles;
  std::vector<std::string> errors;  ///< "file: field: what is wrong", or a duplicate id
};

/// Every good profile embedded from resources/profiles, sorted by file name; a malformed one or a
/// duplicate id is skipped with its message. What the app uses: one bad file costs one device.
LoadedProfiles loadEmbeddedProfilesSkippingBad();

/// The embedded profile a real GPU's measurements are compared with: the one whose id names the
/// GPU ("h100" in "NVIDIA H100 80GB HBM3"), else the newest whose compute capability is not
/// above the GPU's, else the first; nullptr when none loaded. The profiles are parsed once per
/// process (they never change while it runs).
const DeviceProfile* closestEmbeddedProfile(const DeviceInfo& device);
/// The same choice among the given profiles.
const DeviceProfile* closestProfile(const std::vector<DeviceProfile>& profiles, const DeviceInfo& device);

/// The same, but throws BadInputError for the first bad profile: for tests of the shipped files.
std::vector<DeviceProfile> loadEmbeddedProfiles();

}  // namespace warpscope::sim
