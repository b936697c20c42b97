#include <fstream>

#include "cli/cli.h"
#include "cli/commands.h"
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

int runCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  if (options.positional.size() != 1) throw BadInputError("run needs exactly one LAB");
  const LabSpec& lab = session.registry().get(options.positional[0]);
  const auto writer = makeWriter(options.format);  // refuse a bad format before a long run
  RunRequest request;
  request.labId = lab.id;
  request.deviceId = options.device.value_or(session.defaultDeviceId());
  request.params = parseAssignments(lab.params, options.assignments);
  request.scope = options.scope == "focus" ? RunScope::FocusOnly : RunScope::FullSweep;

  CancelToken never;
  RunOutcome outcome = session.run(request, {}, never);
  if (!outcome.ok()) return reportRunError(outcome.error(), err);

  if (options.outPath) {
    std::ofstream file(*options.outPath, std::ios::binary);
    if (!file) throw BadInputError("cannot open --out file '" + *options.outPath + "' for writing");
    writer->write(outcome.result(), file);
    if (!file.flush()) throw BadInputError("could not write '" + *options.outPath + "'");
    err << outcome.result().banner() << ": wrote " << *options.outPath << '\n';
  } else {
    writer->write(outcome.result(), out);
  }
  return kExitOk;
}

}  // namespace warpscope::cli
