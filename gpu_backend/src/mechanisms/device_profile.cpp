#include "mechanisms/device_profile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "warpscope/params.h"
#include "warpscope_resources/embedded_profiles.h"

namespace warpscope::sim {
namespace {

using nlohmann::json;

/// Reads typed fields out of one JSON object and, on any problem, throws BadInputError that
/// names the file and the dotted field path, so a typo in a profile is a one-line fix.
class FieldReader {
 public:
  FieldReader(std::string_view fileName, const json& object, std::string prefix)
      : fileName_(fileName), object_(object), prefix_(std::move(prefix)) {
    if (!object_.is_object()) fail(prefix_.empty() ? "(top level)" : prefix_, "must be a JSON object");
  }

  [[noreturn]] void fail(const std::string& field, const std::string& what) const {
    throw BadInputError(fileName_ + ": " + field + " " + what);
  }

  [[nodiscard]] std::string path(const std::string& key) const {
    return prefix_.empty() ? key : prefix_ + "." + key;
  }

  [[nodiscard]] const json& at(const std::string& key) const {
    const auto it = object_.find(key);
    if (it == object_.end()) fail(path(key), "is missing");
    return *it;
  }

  [[nodiscard]] FieldReader child(const std::string& key) const {
    return FieldReader(fileName_, at(key), path(key));
  }

  [[nodiscard]] std::string text(const std::string& key) const {
    const json& value = at(key);
    if (!value.is_string() || value.get<std::string>().empty()) fail(path(key), "must be a non-empty string");
    return value.get<std::string>();
  }

  /// A whole number in [min, max].
  [[nodiscard]] long long integer(const std::string& key, long long min,
                                  long long max = std::numeric_limits<long long>::max()) const {
    const json& value = at(key);
    if (!value.is_number_integer()) fail(path(key), "must be a whole number");
    const auto n = value.get<long long>();
    if (n < min || n > max) {
      fail(path(key), "must be in " + std::to_string(min) + ".." + std::to_string(max) + " (got " +
                          std::to_string(n) + ")");
    }
    return n;
  }

  [[nodiscard]] int int32(const std::string& key, int min, int max = std::numeric_limits<int>::max()) const {
    return static_cast<int>(integer(key, min, max));
  }

  /// A finite number with min < value <= max (or min <= value when minInclusive).
  [[nodiscard]] double number(const std::string& key, double min, double max, bool minInclusive = false) const {
    const json& value = at(key);
    if (!value.is_number()) fail(path(key), "must be a number");
    const double x = value.get<double>();
    const bool aboveMin = minInclusive ? x >= min : x > min;
    if (!std::isfinite(x) || !aboveMin || x > max) {
      std::ostringstream os;
      os << "must be a number " << (minInclusive ? ">= " : "> ") << min << " and <= " << max << " (got " << x
         << ")";
      fail(path(key), os.str());
    }
    return x;
  }

  [[nodiscard]] const json& object() const { return object_; }
  [[nodiscard]] const std::string& prefix() const { return prefix_; }

 private:
  std::string fileName_;
  const json& object_;
  std::string prefix_;
};

constexpr double kHuge = 1e12;

DeviceInfo readDeviceInfo(const FieldReader& top, const std::string& id) {
  const FieldReader d = top.child("device");
  DeviceInfo info;
  info.id = "sim:" + id;
  info.name = top.text("name");
  info.kind = DeviceKind::Simulator;
  info.computeCapability = top.text("compute_capability");
  info.smCount = d.int32("sm_count", 1, 4096);
  info.fp32LanesPerSm = d.int32("fp32_lanes_per_sm", 1, 1024);
  info.schedulersPerSm = d.int32("schedulers_per_sm", 1, 64);
  info.registersPerSm = d.int32("registers_per_sm", 1024);
  info.sharedMemPerSmBytes = d.int32("shared_mem_per_sm_bytes", 1);
  info.sharedMemPerBlockMaxBytes = d.int32("shared_mem_per_block_max_bytes", 1);
  info.reservedSharedMemPerBlockBytes = d.int32("reserved_shared_mem_per_block_bytes", 0);
  info.maxThreadsPerSm = d.int32("max_threads_per_sm", 32);
  info.maxBlocksPerSm = d.int32("max_blocks_per_sm", 1, 1024);
  info.maxThreadsPerBlock = d.int32("max_threads_per_block", 32);
  info.warpSize = d.int32("warp_size", 32, 32);  // Every lab and kernel assumes 32.
  info.smClockMhz = d.number("sm_clock_mhz", 0, 10000);
  info.memClockMhz = d.number("mem_clock_mhz", 0, 20000);
  info.memBusWidthBits = d.int32("mem_bus_width_bits", 32, 65536);
  info.l2Bytes = d.integer("l2_bytes", 1);
  info.globalMemBytes = d.integer("global_mem_bytes", 1);
  info.freeMemBytes = info.globalMemBytes;  // a model has all of its memory free
  info.dramBandwidthGBs = d.number("dram_bandwidth_gbs", 0, kHuge);

  // Cross-field sanity: each of these is a typo the model would silently turn into nonsense.
  if (info.fp32LanesPerSm % info.schedulersPerSm != 0) {
    d.fail(d.path("fp32_lanes_per_sm"), "must be a multiple of device.schedulers_per_sm");
  }
  if (info.sharedMemPerBlockMaxBytes > info.sharedMemPerSmBytes) {
    d.fail(d.path("shared_mem_per_block_max_bytes"), "must not exceed device.shared_mem_per_sm_bytes");
  }
  if (info.maxThreadsPerBlock > info.maxThreadsPerSm) {
    d.fail(d.path("max_threads_per_block"), "must not exceed device.max_threads_per_sm");
  }
  // dram_bandwidth_gbs is stated for readability but must agree with its definition
  // (2 x memory clock x bus width / 8, what the CUDA backend computes from the driver).
  const double fromClock = 2.0 * info.memClockMhz * 1e6 * info.memBusWidthBits / 8.0 / 1e9;
  if (std::abs(fromClock - info.dramBandwidthGBs) > 0.02 * fromClock) {
    std::ostringstream os;
    os << "must equal 2 x mem_clock_mhz x mem_bus_width_bits / 8 = " << fromClock << " GB/s within 2% (got "
       << info.dramBandwidthGBs << ")";
    d.fail(d.path("dram_bandwidth_gbs"), os.str());
  }
  return info;
}

OccupancyRules readOccupancy(const FieldReader& top) {
  const FieldReader o = top.child("occupancy");
  OccupancyRules rules;
  rules.registerAllocationUnit = o.int32("register_allocation_unit", 1, 65536);
  rules.registerFilePartitions = o.int32("register_file_partitions", 1, 64);
  rules.maxRegistersPerThread = o.int32("max_registers_per_thread", 16, 1024);
  rules.sharedMemAllocationUnit = o.int32("shared_mem_allocation_unit", 1, 65536);
  return rules;
}

/// "mechanisms": {"simt": {"branch_cycles": {"value": 8, "source": "..."}, ...}, ...}: every
/// parameter a number with a non-empty source.
std::map<std::string, Mechanism> readMechanisms(const FieldReader& top) {
  std::map<std::string, Mechanism> mechanisms;
  const FieldReader all = top.child("mechanisms");
  for (const auto& [mechanismName, params] : all.object().items()) {
    const FieldReader group = all.child(mechanismName);
    Mechanism& mechanism = mechanisms[mechanismName];
    for (const auto& [paramName, entry] : params.items()) {
      const FieldReader field = group.child(paramName);
      MechanismParam param;
      param.value = field.number("value", -kHuge, kHuge);
      param.source = field.text("source");
      mechanism[paramName] = std::move(param);
    }
  }
  return mechanisms;
}

/// "field: where it comes from; ..." from the sources object (or a plain string).
std::string readSources(const FieldReader& top) {
  const json& sources = top.at("sources");
  if (sources.is_string() && !sources.get<std::string>().empty()) return sources.get<std::string>();
  if (!sources.is_object() || sources.empty()) top.fail("sources", "must be a non-empty object or string");
  std::string joined;
  for (const auto& [key, value] : sources.items()) {
    if (!value.is_string() || value.get<std::string>().empty()) {
      top.fail("sources." + key, "must be a non-empty string");
    }
    if (!joined.empty()) joined += "; ";
    joined += key + ": " + value.get<std::string>();
  }
  return joined;
}

}  // namespace

DeviceProfile parseDeviceProfile(std::string_view fileName, std::string_view jsonText) {
  json document;
  try {
    document = json::parse(jsonText.begin(), jsonText.end());
  } catch (const json::parse_error& e) {
    throw BadInputError(std::string(fileName) + ": not valid JSON (" + e.what() + ")");
  }
  const FieldReader top(fileName, document, "");

  DeviceProfile profile;
  profile.fileName = std::string(fileName);
  profile.id = top.text("id");
  for (const char c : profile.id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) top.fail("id", "must use only a-z, 0-9, '-' and '_' (it becomes the device id sim:<id>)");
  }
  profile.info = readDeviceInfo(top, profile.id);
  profile.occupancy = readOccupancy(top);
  profile.mechanisms = readMechanisms(top);
  profile.info.sources = readSources(top);
  return profile;
}

bool DeviceProfile::provides(const std::string& need) const {
  const std::size_t dot = need.find('.');
  const auto group = mechanisms.find(need.substr(0, dot));
  if (group == mechanisms.end()) return false;
  return dot == std::string::npos || group->second.count(need.substr(dot + 1)) > 0;
}

double DeviceProfile::param(const std::string& mechanism, const std::string& name, double min, double max) const {
  const std::string field = "mechanisms." + mechanism + "." + name;
  const auto group = mechanisms.find(mechanism);
  // A whole group absent is a profile that does not model this mechanism (k40.json has no memory
  // model): say so, and what to do, rather than only what is missing.
  if (group == mechanisms.end())
    throw BadInputError(fileName + ": mechanisms." + mechanism + " is missing: the " + info.name +
                        " profile does not model what this lab needs; pick another simulator device");
  const auto entry = group->second.find(name);
  if (entry == group->second.end())
    throw BadInputError(fileName + ": " + field + " is missing: the " + info.name +
                        " profile does not model what this lab needs; pick another simulator device");
  const double value = entry->second.value;
  if (!(value >= min && value <= max)) {
    std::ostringstream os;
    os << fileName << ": " << field << " must be in " << min << ".." << max << " (got " << value << ")";
    throw BadInputError(os.str());
  }
  return value;
}

std::string DeviceProfile::paramSource(const std::string& mechanism, const std::string& name) const {
  const auto group = mechanisms.find(mechanism);
  if (group == mechanisms.end()) return {};
  const auto entry = group->second.find(name);
  return entry == group->second.end() ? std::string() : entry->second.source;
}

LoadedProfiles loadEmbeddedProfilesSkippingBad() {
  // Each profile on its own, so one bad file costs one device, not the simulator.
  LoadedProfiles loaded;
  std::set<std::string> ids;
  for (const auto& [fileName, text] : resources::embeddedProfiles()) {
    try {
      DeviceProfile profile = parseDeviceProfile(fileName, text);
      if (!ids.insert(profile.id).second)
        throw BadInputError(std::string(fileName) + ": id \"" + profile.id + "\" is used by another profile");
      loaded.profiles.push_back(std::move(profile));
    } catch (const std::exception& e) {
      loaded.errors.emplace_back(e.what());
    }
  }
  return loaded;
}

std::vector<DeviceProfile> loadEmbeddedProfiles() {
  LoadedProfiles loaded = loadEmbeddedProfilesSkippingBad();
  if (!loaded.errors.empty()) throw BadInputError(loaded.errors.front());
  return std::move(loaded.profiles);
}

}  // namespace warpscope::sim

namespace warpscope::sim {

const DeviceProfile* closestProfile(const std::vector<DeviceProfile>& profiles, const DeviceInfo& device) {
  for (const auto& p : profiles) {
    std::string upper = p.id;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (device.name.find(upper) != std::string::npos) return &p;
  }
  const auto cc = [](const std::string& text) { return std::atof(text.c_str()); };  // "9.0" -> 9.0, "12.0" -> 12.0
  const DeviceProfile* best = nullptr;
  for (const auto& p : profiles)
    if (cc(p.info.computeCapability) <= cc(device.computeCapability) &&
        (!best || cc(p.info.computeCapability) > cc(best->info.computeCapability)))
      best = &p;
  if (best) return best;
  return profiles.empty() ? nullptr : &profiles.front();
}

const DeviceProfile* closestEmbeddedProfile(const DeviceInfo& device) {
  static const LoadedProfiles profiles = loadEmbeddedProfilesSkippingBad();
  return closestProfile(profiles.profiles, device);
}

}  // namespace warpscope::sim
