#pragma once
/// \file result.h
/// A run's result as plain data: views of five kinds (xy charts, timelines, grids, bars, listings),
/// scalars and notes. The GUI, the CLI and the writers all consume exactly this.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpscope {

/// What a view draws. Each kind has exactly one renderer (ui/views/) shared by the window and
/// every figure export, and one table form (view_table.h) shared by CSV and JSON.
enum class ViewKind {
  Xy,        ///< Lines of (x, y) points with their spread: today's charts.
  Timeline,  ///< Labelled rows over time, spans with a kind; animated by a time cursor.
  Grid,      ///< Cells with a state per time step and optional text; animated step by step.
  Bars,      ///< Grouped bars with their spread: comparisons of modes and variants.
  Listing,   ///< Lines of text with a class each, e.g. a kernel's SASS: read, not plotted.
};

/// "xy", "timeline", "grid", "bars", "listing": the kind's name in JSON, CSV and messages.
const char* viewKindName(ViewKind kind);
/// The kind a name stands for; false when the name is none of them.
bool parseViewKind(const std::string& name, ViewKind* kind);
/// True for the kinds that play over time (timeline, grid): they share one set of controls.
bool isAnimated(ViewKind kind);

// ---- xy ----------------------------------------------------------------------------------

/// One measured or modelled point. For measurements y is the median over timed repetitions and
/// yMin/yMax the fastest and slowest repetition mapped to the same unit; the model sets all
/// three equal.
struct Point {
  double x = 0;
  double y = 0;
  double yMin = 0;
  double yMax = 0;
};

/// A named line on a chart, e.g. "ILP 4" or "128 B/thread". key is what code matches on (the
/// ILP, the bytes per thread), so nothing parses the name back.
struct Series {
  std::string name;
  std::vector<Point> points;
  double key = 0;
  /// Non-empty for a pinned result's series laid over this one (Compare > Pin): the name of
  /// the series it is compared with, whose colour it takes, drawn dashed.
  std::string comparesWith;
};

// ---- timeline ----------------------------------------------------------------------------

/// One labelled row, e.g. "warp 3" in group "SM 12". subRows > 0 splits the row into that many
/// thin lines (the 32 lanes of a warp) that events light through their subRowMask.
struct TimelineRow {
  std::string label;
  std::string group;
  int subRows = 0;
};

/// A legend entry: spans of this kind share a colour. id is what events name in `kind`.
struct SpanKind {
  std::string id;     ///< e.g. "path-1", "htod".
  std::string label;  ///< e.g. "Path 1 (if)", "Host to device".
};

/// One span on a timeline row, in the timeline's time unit.
struct TraceEvent {
  int row = 0;
  double start = 0;
  double end = 0;
  std::string kind;            ///< A SpanKind id.
  std::uint64_t subRowMask = 0;  ///< Sub-rows lit during the span (bit i: sub-row i); 0: none.
  std::string payload;         ///< Free text for the tooltip and the tables (e.g. "mask 0x0000ffff").
};

struct Timeline {
  std::string timeLabel;  ///< Axis title with its unit, e.g. "Time (SM cycles)".
  std::string timeUnit;   ///< e.g. "cycles", "us".
  std::vector<TimelineRow> rows;
  std::vector<SpanKind> kinds;
  std::vector<TraceEvent> events;
  /// Where the step control stops (sorted): e.g. the start of each path segment, so stepping
  /// advances one path at a time. Empty: every event start and end.
  std::vector<double> steps;
  /// The legend's words for a sub-row an event leaves unlit, e.g. "Pale eighths of the SMs: idle";
  /// empty: "Pale lanes: masked off" (a warp's lanes).
  std::string unlitSubRowLabel;
};

// ---- grid --------------------------------------------------------------------------------

/// A legend entry for cell states: cells with this state share a colour.
struct CellState {
  std::string id;     ///< e.g. "active", "masked", "cpu", "gpu0".
  std::string label;  ///< e.g. "Runs the instruction", "Resident on the CPU".
};

/// The whole grid at one moment. cells and text are row-major (rows x columns); text may be
/// empty (no text anywhere) or hold one string per cell ("" for none).
struct GridFrame {
  double time = 0;
  std::string label;       ///< e.g. "cycle 3" or "t = 1.25 ms".
  std::vector<int> cells;  ///< Index into Grid::states per cell.
  std::vector<std::string> text;
};

/// From `time` on, cells [firstCell, firstCell + count) (row-major) are in `state`. Grids too
/// large for a frame per step (the page map: 262144 pages of a 1 GiB allocation) keep one
/// frame, the initial state, and animate through these changes instead.
struct GridChange {
  double time = 0;
  int firstCell = 0;
  int count = 1;
  int state = 0;
};

/// A coarser way to look at the same grid: every `columnsPerCell` adjacent columns of a row
/// are drawn as one cell (e.g. the page map's 4 KiB pages -> 64 KiB blocks -> 2 MiB chunks,
/// with one 2 MiB chunk per row). Such a cell shows the state most of its columns are in and
/// is marked as mixed when they differ.
struct GridLevel {
  std::string name;        ///< e.g. "64 KiB blocks".
  int columnsPerCell = 1;  ///< Divides the grid's column count.
};

struct Grid {
  std::string rowAxisLabel;     ///< e.g. "Instruction slot", "2 MiB chunk".
  std::string columnAxisLabel;  ///< e.g. "Thread", "64 KiB block".
  std::vector<std::string> rowLabels;
  std::vector<std::string> columnLabels;
  std::vector<CellState> states;
  std::string timeUnit;  ///< Unit of GridFrame::time ("step", "us").
  std::vector<GridFrame> frames;  ///< At least one; the animation steps through them.
  /// Sorted by time; applied on top of frames.front() (then frames holds only that one). The
  /// animation's time runs from frames.front().time to the last change.
  std::vector<GridChange> changes;
  /// Coarser views the user may pick, finest first after the grid itself (may be empty).
  std::vector<GridLevel> levels;
  [[nodiscard]] int rows() const { return static_cast<int>(rowLabels.size()); }
  [[nodiscard]] int columns() const { return static_cast<int>(columnLabels.size()); }
};

// ---- bars --------------------------------------------------------------------------------

/// One bar: the median and the spread (fastest and slowest repetition); the model sets all
/// three equal.
struct BarValue {
  double value = 0;
  double low = 0;
  double high = 0;
};

/// One colour of bars across the categories, e.g. "Measured" or "Model".
struct BarSeries {
  std::string name;
  std::vector<BarValue> values;  ///< One per category (same order).
};

struct Bars {
  std::string categoryLabel;  ///< e.g. "Mode".
  std::string valueLabel;     ///< With unit, e.g. "GB/s".
  std::vector<std::string> categories;
  std::vector<BarSeries> series;
};

// ---- listing ------------------------------------------------------------------------------

/// One line of a listing, e.g. one SASS instruction. state indexes Listing::states (-1: none).
struct ListingLine {
  std::string text;
  int state = -1;
};

/// Text read line by line, each line coloured by its class (the legend): the SASS of a compiled
/// kernel, its memory instructions told from its arithmetic and its control.
struct Listing {
  std::string caption;  ///< What the lines are and where they came from, e.g. "BLOCK 256, sm_90: 192 instructions; ...".
  std::vector<CellState> states;
  std::vector<ListingLine> lines;
};

// ---- the view ----------------------------------------------------------------------------

/// The box an xy view's data fills, or a bars view's highest value (yMax).
struct ViewExtent {
  double xMin = 0;
  double xMax = 0;
  double yMin = 0;  ///< Lowest value above zero, for a log axis.
  double yMax = 0;
};

/// One figure of a result. Exactly the member its kind names is filled in.
struct View {
  std::string id;       ///< Stable id, declared in the lab's ViewSpec, e.g. "fraction-vs-threads".
  std::string title;    ///< The lab's declared title, possibly with the focus appended.
  ViewKind kind = ViewKind::Xy;

  // xy
  std::string xLabel;   ///< With unit, e.g. "Threads per SM".
  std::string yLabel;   ///< With unit, e.g. "Fraction of FP32 peak".
  double yMaxHint = 0;  ///< Suggested top of the y axis (0: pick from the data).
  std::vector<Series> series;
  /// The point the Focus parameters select, drawn highlighted: series name and x.
  std::string focusSeries;
  double focusX = 0;
  bool hasFocus = false;
  /// Every point depends on the focus parameters (e.g. "... at 512 threads per SM"): a focus
  /// rerun cannot merge into it, so it is redrawn by a background sweep.
  bool followsFocus = false;
  /// Logarithmic axes (base 10), e.g. a roofline's log-log chart. x and y values must be > 0;
  /// the renderer drops points that are not. Without logX the renderer may still pick a log2 x
  /// axis for geometrically spaced x values (ui/views/view_chart.h prefersLogX).
  bool logX = false;
  bool logY = false;
  /// The axes span at least this (xy and bars): predict first keeps the whole data's axes while the
  /// data is veiled (ui/views/reveal_view.h). Not part of a run: never written to a file.
  std::optional<ViewExtent> extentHint;

  Timeline timeline;
  Grid grid;
  Bars bars;
  Listing listing;
};

/// A named number with its unit, e.g. ceiling.memcpy_gbps = 4201.3 "GB/s".
struct Scalar {
  std::string id;
  std::string label;
  double value = 0;
  std::string unit;
};

/// The user's own kernel (issue 33): a .cu file whose header declares its parameters, launch,
/// buffers and checks (docs/your-kernel.md). It travels with each request, to a worker too, and
/// every process parses it again as hostile input. Empty for every built-in lab.
struct KernelSource {
  std::string fileName;  ///< The file's name without its folder, for messages and charts.
  std::string text;      ///< The whole file.
  [[nodiscard]] bool empty() const { return text.empty(); }
  bool operator==(const KernelSource&) const = default;
};

/// Whether the numbers came from hardware or from the simulator.
enum class Provenance { Measured, Simulated };

/// Everything one run produced.
struct RunResult {
  std::string labId;
  std::string deviceId;                 ///< e.g. "cuda:0" or "sim:h100".
  std::string deviceName;               ///< e.g. "NVIDIA H200" or "H100 SXM5 (model)".
  Provenance provenance = Provenance::Simulated;
  std::map<std::string, double> params; ///< The parameters the run used.
  /// The names of the named-choice parameters' values ("pattern" -> "odd-even"), for readers.
  std::map<std::string, std::string> paramNames;
  std::vector<View> views;
  std::vector<Scalar> scalars;
  std::vector<std::string> notes;       ///< How ceilings were measured, checks performed, etc.
  double elapsedSeconds = 0;            ///< Wall time of the run (set once, by Session).
  bool focusOnly = false;               ///< True when only the focus point was rerun.
  /// The day a recording was made ("2026-11-24") when this result was served from one (device
  /// rec:h200) rather than measured now; empty otherwise.
  std::string recordedOn;
  /// The user's own kernel this run ran (its lab's declaration comes from the kernel's header);
  /// empty for every other lab. Files keep it, so a saved run opens with its own controls.
  KernelSource kernel;

  /// "Measured on NVIDIA H200", "Recorded on NVIDIA H200, 2026-11-24", "Simulated: H100 SXM5
  /// model", or for a user's kernel on a simulator (compiled only) "Compiled for the H100 SXM5
  /// (model)'s architecture (NVRTC): no GPU ran it": shown on every chart.
  [[nodiscard]] std::string banner() const;
  [[nodiscard]] const View* findView(const std::string& id) const;
  [[nodiscard]] View* findView(const std::string& id);
  [[nodiscard]] const Scalar* findScalar(const std::string& id) const;
};

}  // namespace warpscope
