#pragma once
/// \file um_views.h
/// The views every um-* room draws from its scenarios' records, written once: the
/// profiler-style timeline of a trace, the page-residency map, bars of a figure per scenario
/// (measured beside the model on a GPU), and the notes that say where a trace came from.

#include <functional>
#include <string>
#include <vector>

#include "labs/um_common/um_trace.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs::um {

/// The profiler's rows (one per event kind that can occur; a kind per GPU when two GPUs
/// appear), spans with their cause, size and address in the tooltip, times in microseconds.
/// A trace that was not captured gives an empty timeline whose title says why.
View umTimelineView(const LabSpec& lab, const std::string& viewId, const UmTrace& trace,
                    const std::string& scenarioName);

/// The page-residency map: one row per 2 MiB chunk of the allocation, one column per 4 KiB
/// page, coloured by PageState, animated by the trace's residency changes (in microseconds, in
/// step with the timeline), with the 64 KiB-block and 2 MiB-chunk levels.
View pageMapView(const LabSpec& lab, const std::string& viewId, const UmTrace& trace,
                 const std::string& scenarioName);

/// One figure of a scenario (e.g. the transfer phase's GB/s), with its spread.
struct ScenarioFigure {
  std::string name;  ///< The bar series, e.g. "GB/s", "GPU faults".
  std::function<BarValue(const UmScenarioResult&)> value;
};

/// Bars with one category per scenario and one series per figure; when `model` is not empty
/// (a GPU run) each figure gets a second series "<name> (model)" from the model's scenarios,
/// matched by scenario name.
Bars scenarioBars(const std::string& categoryLabel, const std::string& valueLabel,
                  const std::vector<UmScenarioResult>& scenarios, const std::vector<ScenarioFigure>& figures,
                  const std::vector<UmScenarioResult>& model = {});

/// A counter of the traced run (faults, events, pages) as an exact bar.
ScenarioFigure counterFigure(std::string name, std::uint64_t UmCounters::*counter);
/// A byte counter of the traced run in MiB, as an exact bar.
ScenarioFigure mebibyteFigure(std::string name, std::uint64_t UmCounters::*counter);

/// A phase's GB/s with its spread; {0,0,0} when the scenario has no such phase.
BarValue phaseGbps(const UmScenarioResult& scenario, const std::string& phase);
/// A phase's median time in ms with its spread.
BarValue phaseMs(const UmScenarioResult& scenario, const std::string& phase);
/// A plain number as a bar without spread.
BarValue exactBar(double value);

/// "Trace of <scenario>: CUPTI ..., N events, M records dropped" or "No trace of <scenario>:
/// <reason>; timings only." (what the timeline and page map show, said once in the notes).
std::string traceNote(const UmScenarioResult& traced);

/// The scenario the timeline and page map show: the one named `name`, or else `missing`, filled
/// in as an untraced scenario of that name that did not run.
const UmScenarioResult& shownScenario(const std::vector<UmScenarioResult>& scenarios, const std::string& name,
                                      UmScenarioResult& missing);

/// The scenario with this name, or nullptr.
const UmScenarioResult* findScenario(const std::vector<UmScenarioResult>& scenarios, const std::string& name);

/// "thread/4B", "1 KiB/warp", "warp/64KB", "2 MiB/warp": the seed's names for the access
/// granularities of the streaming kernels (bytes each warp reads contiguously).
std::string granularityName(std::uint64_t warpChunkBytes);
/// bytes / 2^20, for the MiB bars and scalars.
double mebibytes(std::uint64_t bytes);
/// "256 MiB", "1.5 GiB".
std::string bytesText(double bytes);

}  // namespace warpscope::labs::um
