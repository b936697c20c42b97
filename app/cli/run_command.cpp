#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "warpscope/file_write.h"
#include "warpscope/kernel_source.h"
#include "warpscope/registry.h"
#include "warpscope/lectures.h"
#include "warpscope/writers.h"

namespace warpscope::cli {

int reportRunError(const RunError& error, std::ostream& err) {
  err << "warpscope-cli: " << error.message << '\n';
  switch (error.kind) {
    case RunError::Kind::BadInput: return kExitBadInput;
    case RunError::Kind::Cancelled:
    case RunError::Kind::Device: return kExitDeviceError;
  }
  return kExitDeviceError;
}

namespace {

CsvLayout csvLayout(const CliOptions& options) { return options.wide ? CsvLayout::Wide : CsvLayout::Long; }

/// The lab and parameters a `run` asks for: LAB with --set, or --preset ID (its lab, its
/// settings, then any --set on top). LAB beside --preset must be the preset's lab.
std::pair<const LabSpec*, ParamSet> requestedLabAndParams(const Session& session, const CliOptions& options,
                                                          RunRequest& request, LabSpec& kernelSpec) {
  if (options.kernel) {
    // The user's own kernel: its header declares the lab's parameters (docs/your-kernel.md).
    const labs::LabDefinition* kernelLab = session.registry().userKernelLab();
    if (!kernelLab) throw BadInputError("this Warpscope has no lab for your own kernel");
    const labs::LabDefinition& lab = *kernelLab;
    if (!options.positional.empty() && options.positional[0] != lab.spec.id)
      throw BadInputError("--kernel runs lab " + lab.spec.id + ", not " + options.positional[0]);
    if (options.preset) throw BadInputError("--kernel and --preset cannot be combined");
    request.kernel = readKernelSource(*options.kernel);
    kernelSpec = lab.specFor(request);
    return {&kernelSpec, parseAssignments(kernelSpec.params, options.assignments)};
  }
  if (options.preset) {
    if (options.positional.size() > 1) throw BadInputError("run --preset takes at most one LAB");
    const PresetRef ref = getPreset(session.registry(), *options.preset);
    if (!options.positional.empty() && options.positional[0] != ref.lab->id)
      throw BadInputError("preset '" + ref.preset->id + "' belongs to lab " + ref.lab->id + ", not " +
                          options.positional[0]);
    return {ref.lab, presetParams(*ref.lab, *ref.preset, options.assignments)};
  }
  if (options.positional.size() != 1) throw BadInputError("run needs exactly one LAB (or --preset ID)");
  const LabSpec& lab = session.registry().get(options.positional[0]);
  return {&lab, parseAssignments(lab.params, options.assignments)};
}

}  // namespace

int runCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  RunRequest request;
  LabSpec kernelSpec;
  const auto [lab, params] = requestedLabAndParams(session, options, request, kernelSpec);
  // A bad format, or --wide for a view the lab declares as a timeline or grid, is refused before a long run.
  const auto writer = makeWriter(options.format, options.view, csvLayout(options));
  if (options.wide && !options.view.empty())
    for (const ViewSpec& view : lab->views)
      if (view.id == options.view && view.kind != ViewKind::Xy && view.kind != ViewKind::Bars)
        throw BadInputError("a wide CSV (--wide) writes xy and bars views; view '" + view.id + "' of " + lab->id +
                            " is a " + viewKindName(view.kind));
  request.labId = lab->id;
  request.deviceId = options.device.value_or(session.defaultDeviceId());
  request.params = params;
  request.scope = options.scope == "focus" ? RunScope::FocusOnly : RunScope::FullSweep;
  if (options.preset) request.presetId = *options.preset;

  CancelToken never;
  RunOutcome outcome = session.run(request, {}, never);
  if (!outcome.ok() && outcome.error().deviceContextLost) {
    // A lost context may still run the kernel that lost it (one that never ends): tearing CUDA
    // down at exit would wait for it. The process ends at once, which ends the kernel.
    const int code = reportRunError(outcome.error(), err);
    err.flush();
    std::fflush(nullptr);
    std::_Exit(code);
  }
  if (!outcome.ok()) return reportRunError(outcome.error(), err);

  writeResult(outcome.result(), options, out, err);
  return kExitOk;
}

void writeResult(const RunResult& result, const CliOptions& options, std::ostream& out, std::ostream& err) {
  const auto writer = makeWriter(options.format, options.view, csvLayout(options));
  // A CSV holds one view's table: say which, and how to get the others.
  if (result.views.size() > 1 && options.view.empty() && writer->fileExtension() == "csv") {
    std::string others;
    for (std::size_t i = 1; i < result.views.size(); ++i) others += (i > 1 ? ", " : "") + result.views[i].id;
    err << "warpscope-cli: the CSV holds view '" << result.views.front().id << "'; --view ID writes another ("
        << others << ")\n";
  }
  if (options.outPath) {
    std::ostringstream text;
    writer->write(result, text);
    writeFileAtomically(*options.outPath, text.str());  // FileWriteError: exit 2, old file intact
    err << result.banner() << ": wrote " << *options.outPath << '\n';
  } else {
    writer->write(result, out);
  }
}

}  // namespace warpscope::cli
