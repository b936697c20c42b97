#pragma once
/// \file device_profile.h
/// A simulator device profile: the DeviceInfo a real GPU would report plus the few physical
/// parameters the latency-hiding model needs (latencies, exploitable ILP, achievable fractions of
/// DRAM bandwidth). Profiles are data files, resources/profiles/<id>.json, embedded at configure
/// time; this unit parses and validates them.

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

/// Registers the lab's copy kernel needs per thread: base + per4Bytes x (bytes per thread / 4),
/// because every 4 loaded bytes live in one register until the stores (Volkov, part II).
struct CopyKernelRegisters {
  int base = 10;
  double per4Bytes = 1.0;
};

/// The physical parameters of the Little's-law model (docs/model.md explains each).
struct ModelParams {
  double fmaLatencyCycles = 0;        ///< Dependent FP32 FMA latency, SM cycles.
  int maxUsefulIlp = 1;               ///< Independent FMAs per warp the hardware overlaps.
  double dramLatencyNs = 0;           ///< Unloaded DRAM load latency, ns.
  double loadedLatencyQueueing = 0;   ///< q in L(rho) = L0 (1 + q rho / (2 (1 - rho))); 0: hard min.
  double copyKernelFractionOfDram = 0;  ///< Best streaming copy kernel, read+write, / theoretical.
  double memcpyFractionOfDram = 0;    ///< cudaMemcpy device-to-device, read+write, / theoretical.
  /// Per-block time outside the load latency (launch, address math, store issue, retire), ns:
  /// the block's bytes are not in flight then. 0: negligible.
  double blockOverheadNs = 0;
  /// Blocks an SM can start per microsecond; caps kernels of tiny blocks. 0: no limit.
  double blockLaunchRatePerSmPerUs = 0;
  /// Load bytes one warp keeps in flight at most, whatever it asks for. 0: no limit.
  int maxBytesInFlightPerWarp = 0;
  CopyKernelRegisters copyRegisters;
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
  ModelParams model;
  std::map<std::string, Mechanism> mechanisms;

  /// mechanisms[mechanism][name].value, checked to lie in [min, max]. Throws BadInputError
  /// naming the file and the field ("h100.json: mechanisms.simt.branch_cycles is missing").
  [[nodiscard]] double param(const std::string& mechanism, const std::string& name, double min, double max) const;
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

/// The same, but throws BadInputError for the first bad profile: for tests of the shipped files.
std::vector<DeviceProfile> loadEmbeddedProfiles();

}  // namespace warpscope::sim
