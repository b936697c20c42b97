#pragma once
/// \file demo_views.h
/// Views of the three new kinds made up in code, deterministic: a timeline of warps by SM
/// with 32 lanes, a unified-memory page map, a comparison of modes as bars. They feed the
/// renderer benchmark (warpscope-ui-bench), the offscreen UI tests and the demo screenshots
/// until the labs produce their own.

#include "warpscope/result.h"

namespace warpscope::ui {

/// `sms` groups ("SM 0".."SM n-1") of `warpsPerSm` rows ("warp 0"..), each with `lanes` sub-rows
/// and about `spansPerWarp` back-to-back spans of four kinds (if path on odd lanes, else path
/// on even lanes, converged, waiting on memory), staggered per warp. Times in cycles.
Timeline syntheticWarpTimeline(int sms, int warpsPerSm, int lanes, int spansPerWarp, unsigned seed = 1);

/// A small divergence timeline (2 SMs x 4 warps, 32 lanes) with step stops at each path.
View demoTimelineView();
/// A unified-memory page map: 8 chunks x 16 blocks over 10 steps, pages moving from the CPU to
/// the GPU with fault counts as text.
View demoGridView();
/// A synthetic unified-memory page map (demo data, labelled so in its title): `rows` 2 MiB
/// chunks x `columns` 4 KiB pages (512 x 512: 1 GiB), initially on the CPU, animated by exactly
/// `changes` GridChanges of a realistic shape: GPU fault batches (runs of 64 KiB-aligned pages)
/// migrating CPU -> GPU 0 along three sweeping fronts in time order, a region read by GPU 1,
/// LRU eviction of whole chunks once GPU memory (60% of the allocation) is full (evicting, then
/// back on the CPU), and a few duplicated, remote-mapped and pinned ranges. Levels: 64 KiB
/// blocks, 2 MiB chunks. Times in us.
View syntheticPageMapView(int rows = 512, int columns = 512, int changes = 100000, unsigned seed = 1);
/// The same page map with a timeline of its fault batches and migrations in the same time unit
/// (us): the two animated views of one result share a cursor.
RunResult syntheticPageMapResult(int rows = 512, int columns = 512, int changes = 100000);

/// Copy modes compared, measured against model, with spread whiskers.
View demoBarsView();

/// A result holding the three demo views (and nothing else), simulated on `deviceName`.
RunResult demoResult(const std::string& deviceName = "made-up demo data for the renderers, no device");

}  // namespace warpscope::ui
