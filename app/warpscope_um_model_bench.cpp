// warpscope-um-model-bench: times the simulator's UVM model (docs/model.md, "Unified memory") on
// the um-streaming modes and the um-oversubscription curve at a 1 GiB working set, median of 5
// runs each, and prints the modelled figures beside the times. The scenarios come from the um-*
// rooms through one header, labs/um_common/um_model_bench.h (target warpscope_um_model_bench_api).
//
//   warpscope-um-model-bench [profile-id (default h200)] [buffer MiB (default 1024)] [streaming|oversubscription|labs]

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "labs/um_common/um_model_bench.h"

namespace {

using warpscope::labs::um::UmScenarioResult;

double medianMs(const std::function<UmScenarioResult()>& run, UmScenarioResult& last) {
  std::vector<double> ms;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    last = run();
    const auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[2];
}

void printPhases(const char* what, double ms, const UmScenarioResult& r) {
  const auto& c = r.counters;
  std::printf("%-34s %8.1f ms |", what, ms);
  for (const auto& p : r.phases) std::printf(" %s %.3f ms (%.2f GB/s)", p.name.c_str(), p.medianMs, p.gbps());
  std::printf("\n%36s HtoD %.1f MiB DtoH %.1f MiB DtoD %.1f MiB gpu faults %llu/%llu groups cpu faults %llu thrash %llu "
              "throttle %llu remote-map %llu events %zu residency %zu\n",
              "", static_cast<double>(c.bytesHtoD) / (1 << 20), static_cast<double>(c.bytesDtoH) / (1 << 20),
              static_cast<double>(c.bytesDtoD) / (1 << 20), static_cast<unsigned long long>(c.gpuFaults),
              static_cast<unsigned long long>(c.gpuFaultGroups), static_cast<unsigned long long>(c.cpuFaults),
              static_cast<unsigned long long>(c.thrashingEvents), static_cast<unsigned long long>(c.throttlingEvents),
              static_cast<unsigned long long>(c.remoteMapEvents), r.trace.events.size(), r.trace.residency.size());
}

void print(const char* what, double ms, const UmScenarioResult& r, const char* phase) {
  const auto* p = r.findPhase(phase);
  const auto& c = r.counters;
  std::printf("%-34s %8.1f ms | %7.2f GB/s  model %9.3f ms  faults %9llu in %7llu batches  HtoD %7.1f MiB  DtoH %7.1f MiB  "
              "evicted %7.1f MiB  events %zu\n",
              what, ms, p ? p->gbps() : 0.0, p ? p->medianMs : 0.0, static_cast<unsigned long long>(c.gpuFaults),
              static_cast<unsigned long long>(c.gpuFaultGroups), static_cast<double>(c.bytesHtoD) / (1 << 20),
              static_cast<double>(c.bytesDtoH) / (1 << 20), static_cast<double>(c.evictedBytes) / (1 << 20),
              r.trace.events.size());
}

constexpr const char* kUsage =
    "usage: warpscope-um-model-bench [PROFILE [MIB [labs|streaming|oversubscription]]]\n"
    "  PROFILE  a simulator profile id (default h200)\n"
    "  MIB      the streaming buffer, a whole number of MiB from 1 to 65536 (default 1024)\n"
    "  labs | streaming | oversubscription   time only that part\n";

/// A whole number in [lo, hi] from the command line, or nullopt (with the message printed).
std::optional<std::uint64_t> wholeNumber(const char* text, std::uint64_t lo, std::uint64_t hi, const char* what) {
  std::uint64_t value = 0;
  const char* end = text + std::strlen(text);
  const auto [stop, error] = std::from_chars(text, end, value);
  if (error != std::errc() || stop != end || value < lo || value > hi) {
    std::fprintf(stderr, "warpscope-um-model-bench: %s must be a whole number from %llu to %llu, not '%s'\n%s", what,
                 static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi), text, kUsage);
    return std::nullopt;
  }
  return value;
}

int benchMain(int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
  // A model that throws on an input it cannot simulate says so, never `terminate called`.
  try {
    return benchMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warpscope-um-model-bench: %s\n", e.what());
    return 2;
  }
}

namespace {

int benchMain(int argc, char** argv) {
  using namespace warpscope;
  namespace um = warpscope::labs::um;
  if (argc > 1 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc > 4) {
    std::fprintf(stderr, "warpscope-um-model-bench: too many arguments\n%s", kUsage);
    return 2;
  }
  const std::string id = argc > 1 ? argv[1] : "h200";
  const auto mib = argc > 2 ? wholeNumber(argv[2], 1, 65536, "MIB") : std::optional<std::uint64_t>(1024);
  if (!mib) return 2;
  const std::uint64_t bytes = *mib << 20;
  const auto profiles = sim::loadEmbeddedProfiles();
  const sim::DeviceProfile* profile = nullptr;
  for (const auto& p : profiles)
    if (p.id == id) profile = &p;
  if (!profile) {
    std::string ids;
    for (const auto& p : profiles) ids += (ids.empty() ? "" : ", ") + p.id;
    std::fprintf(stderr, "warpscope-um-model-bench: no profile '%s' (profiles: %s)\n", id.c_str(), ids.c_str());
    return 2;
  }
  std::printf("UVM model bench, profile %s, buffer %llu MiB (median of 5 runs)\n", profile->fileName.c_str(),
              static_cast<unsigned long long>(*mib));
  const std::string only = argc > 3 ? argv[3] : "";
  if (!only.empty() && only != "labs" && only != "streaming" && only != "oversubscription") {
    std::fprintf(stderr, "warpscope-um-model-bench: unknown part '%s'\n%s", only.c_str(), kUsage);
    return 2;
  }
  if (only == "labs") {
    for (const auto& part : {um::policiesBenchCases(), um::thrashingBenchCases(), um::multiGpuBenchCases()})
      for (const um::ModelBenchCase& c : part) {
        UmScenarioResult r;
        const double ms = medianMs([&] { return c.run(*profile); }, r);
        printPhases(c.name.c_str(), ms, r);
      }
    return 0;
  }
  if (only != "oversubscription")
    for (const um::ModelBenchCase& c : um::streamingBenchCases(bytes)) {
      UmScenarioResult r;
      const double ms = medianMs([&] { return c.run(*profile); }, r);
      print(c.name.c_str(), ms, r, "transfer");
      if (!r.notes.empty() && r.notes.front().find("batches") != std::string::npos) std::printf("%36s %s\n", "", r.notes.front().c_str());
    }
  if (only == "streaming") return 0;
  const double memory = static_cast<double>(profile->info.globalMemBytes);
  std::printf("oversubscription curve (GPU memory %.1f GiB; simulated at a 1 GiB-class scale model)\n", memory / (1 << 30));
  for (const um::ModelBenchCase& c : um::oversubscriptionBenchCases(memory)) {
    UmScenarioResult r;
    const double ms = medianMs([&] { return c.run(*profile); }, r);
    print(c.name.c_str(), ms, r, "transfer");
  }
  return 0;
}

}  // namespace
