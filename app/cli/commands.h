#pragma once
// The commands of warpscope-cli that do more than list things.
#include <ostream>

#include "cli/cli_args.h"
#include "warpscope/session.h"

namespace warpscope::cli {

/// `run LAB`: validates --set against the lab's declarations, runs, writes json/csv.
int runCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err);

/// `bench`: times each lab's default sweep and focus-only reruns and prints the targets.
int benchCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err);

/// `bench --presets`: times every lecture preset's full run against 100 ms.
int benchPresetsCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err);

/// `lectures --check`: runs every slide (of --lecture ID, or of every lecture) on --device and
/// judges its claim on the run's numbers; exit 1 when a claim does not hold.
int lecturesCheckCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err);

/// `record`: runs lecture presets and writes one recording each (plus index.json) into --out DIR.
int recordCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err);

/// `handout`: runs --lecture's slides on --device and has the window program lay them out as a
/// PDF (--out FILE.pdf; --prediction-boxes adds a page of empty boxes per slide).
int handoutCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err);

/// `show FILE`: a recording, a run's JSON or a figure, written as the run's JSON or CSV.
int showCommand(const CliOptions& options, std::ostream& out, std::ostream& err);

/// Writes a result as --format to --out (atomically) or to `out`.
void writeResult(const RunResult& result, const CliOptions& options, std::ostream& out, std::ostream& err);

/// Maps a RunError to the CLI's exit code after printing it.
int reportRunError(const RunError& error, std::ostream& err);

}  // namespace warpscope::cli
