#pragma once
/// \file um_fault_groups.h
/// Room "um-fault-path": the fault-group run's records turned into groups, the same way for both
/// backends. A group is one GPU page-fault event of the trace: one of the UVM model's batches, or
/// one of CUPTI's GPU_PAGE_FAULT records on a GPU (docs/labs/unified-memory.md: its value is
/// documented as "the number of page fault groups for the same page", and its groups are not
/// known to be the driver's batches). Each host-to-device migration is given to a group by time
/// (below); the model's migrations all lie inside their batch, CUPTI's need not.

#include <cstdint>
#include <vector>

#include "labs/um_common/um_trace.h"
#include "labs/um_fault_path/um_fault_path_scenario.h"

namespace warpscope::labs {

/// Throws BadInputError, naming the field, unless 16 <= pages <= 16384 (64 MiB: CUPTI's record
/// queue holds the whole run, docs/labs/unified-memory.md) and bytesPerWarp is a power of two
/// from 128 to 65536.
void checkFaultGroupScenario(const FaultGroupScenario& scenario);

struct FaultGroup {
  double startUs = 0;
  double endUs = 0;
  std::uint64_t faults = 0;         ///< The event's count: the model's entries; CUPTI's record value.
  std::uint64_t pagesMigrated = 0;  ///< 4 KiB pages of the host-to-device copies given to it.
  std::uint64_t faultedPages = 0;   ///< Of which copies with cause coherence (faulted, not prefetched).
  std::uint64_t copies = 0;         ///< Host-to-device copies given to it.
  [[nodiscard]] double durationUs() const { return endUs - startUs; }
};

struct FaultGroupTable {
  std::vector<FaultGroup> groups;        ///< In start order.
  std::uint64_t faults = 0;              ///< Sum of the groups' counts.
  std::uint64_t pagesMigrated = 0;       ///< Every host-to-device page of the trace.
  std::uint64_t pagesOutsideGroups = 0;  ///< Of which copies that started inside no group.
  std::uint64_t copies = 0;              ///< Host-to-device copies of the trace.
  [[nodiscard]] double medianDurationUs() const;
  [[nodiscard]] double longestDurationUs() const;
};

/// The trace's GPU page-fault events as groups, with its host-to-device copies given to them: a
/// copy belongs to the group that began last at or before the copy began and had not ended by
/// then (the driver services one batch at a time: uvm_gpu_replayable_faults.c); a copy that
/// began inside no group counts in pagesOutsideGroups. Events need not be sorted.
FaultGroupTable faultGroupsOf(const um::UmTrace& trace);

}  // namespace warpscope::labs
