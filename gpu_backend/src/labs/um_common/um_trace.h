#pragma once
/// \file um_trace.h
/// What the unified-memory labs record, in one form for both backends: the profiler's events
/// (CUPTI unified-memory counter records on a GPU, the UVM event model in the simulator), where
/// each page lives over time, and the totals of a scenario. The five um-* rooms plan scenarios,
/// run them on either backend and assemble their views from these records (um_views.h).

#include <cstdint>
#include <string>
#include <vector>

namespace warpscope::labs::um {

inline constexpr std::uint64_t kPageBytes = 4096;               ///< Smallest UVM page.
inline constexpr std::uint64_t kBlockBytes = 64 * 1024;          ///< GPU big page / fault region.
inline constexpr std::uint64_t kChunkBytes = 2 * 1024 * 1024;    ///< UVM VA block / root chunk.
inline constexpr int kPagesPerChunk = static_cast<int>(kChunkBytes / kPageBytes);  // 512
inline constexpr int kPagesPerBlock = static_cast<int>(kBlockBytes / kPageBytes);  // 16

/// A processor that can own or map a page.
enum class Processor : int { Cpu = 0, Gpu0 = 1, Gpu1 = 2 };
/// "CPU", "GPU 0", "GPU 1".
const char* processorName(Processor processor);

/// The kinds of CUPTI's unified-memory counter (CUpti_ActivityUnifiedMemoryCounterKind), plus
/// the simulator's eviction, which CUPTI reports as a DtoH migration with cause "eviction".
enum class UmEventKind : int {
  BytesHtoD,     ///< Migration host to device (bytes, cause).
  BytesDtoH,     ///< Migration device to host (bytes, cause).
  BytesDtoD,     ///< Migration between two GPUs (bytes, cause).
  CpuPageFault,  ///< One CPU page fault (address).
  GpuPageFault,  ///< One group (batch) of GPU page faults: count = faults in the group.
  Thrashing,     ///< Pages detected thrashing between processors (address, bytes).
  Throttling,    ///< A processor held off a thrashing range for a while.
  RemoteMap,     ///< A range mapped remotely instead of migrated (cause).
};
/// Stable id ("htod", "dtoh", "dtod", "cpu-fault", "gpu-fault", "thrashing", "throttling",
/// "remote-map"): the timeline's SpanKind ids and the CSV/JSON event kind.
const char* eventKindId(UmEventKind kind);
/// Legend text ("Host to device", "GPU page faults (batch)", ...).
const char* eventKindLabel(UmEventKind kind);

/// Why bytes moved or a range was mapped (CUpti_ActivityUnifiedMemoryMigrationCause and
/// ...RemoteMapCause folded into one list).
enum class UmCause : int {
  Unknown,
  User,            ///< cudaMemPrefetchAsync / explicit.
  Coherence,       ///< On-demand: a processor touched a page it did not have (a fault).
  Prefetch,        ///< The driver's speculative (density) prefetch.
  Eviction,        ///< GPU memory full: a chunk was evicted to make room.
  AccessCounters,  ///< Hardware access-counter driven migration.
  Thrashing,       ///< Remote map chosen because the range thrashed.
  Policy,          ///< Remote map because of cudaMemAdviseSetAccessedBy / preferred location.
  OutOfMemory,     ///< Remote map because the destination had no room.
};
const char* causeName(UmCause cause);  ///< "user", "coherence", "prefetch", "eviction", ...

/// How a faulting access touched its page (CUpti_ActivityUnifiedMemoryAccessType).
enum class FaultAccess : int { Unknown, Read, Write, Atomic, Prefetch };
const char* accessName(FaultAccess access);

/// One profiler event. Times are microseconds from the start of the traced scenario; address is
/// the byte offset into the scenario's managed allocation (events outside it are dropped).
struct UmEvent {
  UmEventKind kind = UmEventKind::BytesHtoD;
  double startUs = 0;
  double endUs = 0;           ///< == startUs for instantaneous records (CPU faults, thrashing).
  std::uint64_t address = 0;
  std::uint64_t bytes = 0;    ///< Bytes moved (migrations) or the range's size (others).
  std::uint64_t count = 1;    ///< Faults in a GPU fault group; 1 otherwise.
  Processor source = Processor::Cpu;       ///< Where bytes came from.
  Processor destination = Processor::Gpu0; ///< Where they went / the faulting processor.
  UmCause cause = UmCause::Unknown;
  FaultAccess access = FaultAccess::Unknown;
};

/// Where a page lives, as the page map colours it. Numbering is the page map's state index.
enum class PageState : int {
  Unpopulated = 0,  ///< Never touched: no physical page anywhere yet.
  Cpu,              ///< Resident in host memory only.
  Gpu0,
  Gpu1,
  Duplicated,       ///< Read-only copies on more than one processor (ReadMostly).
  RemoteMapped,     ///< Lives elsewhere, mapped into the accessing processor (AccessedBy, pinned).
  Pinned,           ///< Pinned by the thrashing heuristic at its preferred location.
  Evicting,         ///< Chosen for eviction from GPU memory and on its way out.
};
inline constexpr int kPageStateCount = 8;
const char* pageStateId(PageState state);     ///< "unpopulated", "cpu", "gpu0", ...
const char* pageStateLabel(PageState state);  ///< "Not yet touched", "On the CPU", ...

/// From timeUs on, pages [firstPage, firstPage + pageCount) are in `state`. A scenario's
/// residency is its allocation's initial state plus these changes, sorted by time.
struct ResidencyChange {
  double timeUs = 0;
  std::uint32_t firstPage = 0;
  std::uint32_t pageCount = 1;
  PageState state = PageState::Cpu;
};

/// The totals of a scenario (or of one repetition of it), from CUPTI or the model.
struct UmCounters {
  std::uint64_t bytesHtoD = 0;
  std::uint64_t bytesDtoH = 0;
  std::uint64_t bytesDtoD = 0;
  std::uint64_t gpuFaults = 0;       ///< Individual GPU faults (sum of the groups' counts).
  std::uint64_t gpuFaultGroups = 0;  ///< Fault groups / batches serviced.
  /// Pages that moved to a GPU because it faulted on them (migrations with cause coherence, in
  /// 4 KiB pages; the rest of each migration is the driver's prefetch). Both backends record the
  /// same thing here, unlike the fault records: CUPTI's GPU page-fault record is documented as
  /// "the number of page fault groups for the same page", not one per fault.
  std::uint64_t gpuFaultedPages = 0;
  std::uint64_t cpuFaults = 0;
  std::uint64_t thrashingEvents = 0;
  std::uint64_t throttlingEvents = 0;
  std::uint64_t remoteMapEvents = 0;
  std::uint64_t evictedBytes = 0;    ///< Model only (CUPTI folds these into DtoH with cause eviction).
};

/// Adds up the counters from a trace's events (what CUPTI records support).
UmCounters countersFromEvents(const std::vector<UmEvent>& events);

/// Where pages went, from a trace's migrations and remote maps (what a profiler records): each
/// event's range as whole 4 KiB pages at its end time, neighbouring changes merged into runs.
/// For traces that report moves rather than residency (CUPTI); the model emits its own.
std::vector<ResidencyChange> residencyFromEvents(const std::vector<UmEvent>& events, std::uint64_t allocationBytes);

/// The same under SetReadMostly, where a migration copies instead of moving: a page that arrives
/// at a processor while another holds it becomes Duplicated, and a CPU fault on a page the CPU
/// does not hold alone (its write: under ReadMostly a CPU read of its own copy does not fault)
/// collapses it to the CPU. Pages start in `initial`; only pages whose state changes are emitted.
std::vector<ResidencyChange> readMostlyResidencyFromEvents(const std::vector<UmEvent>& events, std::uint64_t allocationBytes,
                                                           PageState initial);

/// A scenario's profile: events, residency and where they came from.
struct UmTrace {
  std::uint64_t allocationBytes = 0;
  PageState initialState = PageState::Unpopulated;
  std::vector<UmEvent> events;              ///< Sorted by startUs.
  std::vector<ResidencyChange> residency;   ///< Sorted by timeUs.
  double durationUs = 0;                    ///< End of the traced span.
  bool captured = false;       ///< False: no trace (CUPTI unsupported here); see unavailableReason.
  std::string unavailableReason;
  std::uint64_t droppedRecords = 0;  ///< CUPTI records lost (buffer full); 0 for the model.
  std::string source;          ///< "CUPTI unified-memory counters (CUDA 13)" or "UVM model".
};

/// One timed phase of a scenario, e.g. "kernel", "CPU use", "memcpy": the median and spread over
/// timed repetitions in milliseconds (CUDA events on the GPU; the model sets all three equal),
/// and the bytes the phase's GB/s figure divides by.
struct UmPhaseTiming {
  std::string name;
  double medianMs = 0;
  double minMs = 0;
  double maxMs = 0;
  std::uint64_t bytes = 0;
  /// GB/s = bytes / time (median, and the spread mapped through the slowest/fastest time).
  [[nodiscard]] double gbps() const { return medianMs > 0 ? static_cast<double>(bytes) / (medianMs * 1e6) : 0; }
  [[nodiscard]] double gbpsLow() const { return maxMs > 0 ? static_cast<double>(bytes) / (maxMs * 1e6) : 0; }
  [[nodiscard]] double gbpsHigh() const { return minMs > 0 ? static_cast<double>(bytes) / (minMs * 1e6) : 0; }
};

/// What either backend reports for one scenario a um-* lab planned.
struct UmScenarioResult {
  std::string name;                  ///< The scenario's display name ("prefetch", "ReadMostly").
  std::vector<UmPhaseTiming> phases;
  UmCounters counters;               ///< Per repetition (from the traced repetition).
  UmTrace trace;                     ///< One traced repetition.
  std::vector<std::string> notes;    ///< e.g. "checked: kernel sum matches host sum".
  [[nodiscard]] const UmPhaseTiming* findPhase(const std::string& phaseName) const;
};

}  // namespace warpscope::labs::um
