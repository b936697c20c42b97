#include "cli/cli.h"

#include <unistd.h>

#include <iostream>
#include <stdexcept>

#include "cli/cli_args.h"
#include "cli/commands.h"
#include "warpscope/file_write.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"
#include "warpscope/worker.h"
#include "warpscope/worker_session.h"
#include "warpscope/writers.h"

namespace warpscope::cli {

std::string usage() {
  return "usage: warpscope-cli COMMAND [options]\n"
         "  devices                       one device a line: id, kind, name (unavailable GPUs: why)\n"
         "  labs                          one lab a line: id, title\n"
         "  describe LAB                  the lab's parameters as JSON\n"
         "  lectures                      one preset a line: lecture id, preset id, lab, title\n"
         "  lectures --check [--device ID] [--lecture ID | --lecture-file FILE]   runs each slide and judges\n"
         "                                its claim on the run's numbers: holds / does not hold (exit 1),\n"
         "                                with the numbers; an own slide (no check) is run for its figure\n"
         "  run LAB [--device ID] [--set NAME=VALUE ...] [--scope sweep|focus]\n"
         "  run --preset ID [--device ID] [--set NAME=VALUE ...]   a lecture's slide\n"
         "  run --kernel FILE.cu [--device ID] [--set NAME=VALUE ...]   your own kernel, its knobs declared\n"
         "                                in its header (docs/your-kernel.md); without a GPU: compiled only\n"
         "          [--format json|csv [--view ID] [--wide]] [--out FILE]   (a CSV is one view's table under\n"
         "                                '#' lines naming the run and the axes; --wide: one column per series)\n"
         "  record --lecture ID | --all | --preset ID [--device ID] --out DIR\n"
         "                                runs presets, one recording each (DIR/PRESET.wsrec, DIR/index.json)\n"
         "  record --kernel FILE.cu [--set NAME=VALUE ...] [--device ID] --out DIR\n"
         "                                one run of your own kernel (DIR/user-kernel-FILE.wsrec), served for that file\n"
         "  handout --lecture ID | --lecture-file FILE [--device ID] --out FILE.pdf [--prediction-boxes]\n"
         "                                the lecture on paper (a shipped one or your own file): a\n"
         "                                cover and a page a slide (figure, claim, verdict, question); needs\n"
         "                                the window program beside this one\n"
         "  show FILE [--page N] [--format json|csv [--view ID] [--wide]] [--out FILE]   a recording, a run's JSON or a\n"
         "                                figure's run (--page: a handout's figure of page N)\n"
         "  bench [LAB ...] [--device ID] [--repeat N]   every lab (or those named): sweep time, focus rerun,\n"
         "                                its own targets\n"
         "  bench --presets [--device ID]      every lecture preset's run time against 100 ms\n"
         "  serve                         the GPU worker: the worker protocol on stdin/stdout (docs/remote.md)\n"
         "  --host HOST (devices, run, record, bench): that host's devices, through `ssh HOST warpscope-cli serve`;\n"
         "                                --device then names one of them (cuda:0 or ssh:HOST/cuda:0)\n"
         "  --install-worker (with --host): a host without this release's worker gets it, copied into\n"
         "                                ~/.cache/warpscope/VERSION/ there (docs/remote.md)\n"
         "exit: 0 ok, 2 bad input, 3 device error, 1 bench target missed\n";
}

std::string commandUsage(const std::string& command) {
  // The usage's lines for this command, each with the lines that continue it (indented deeper).
  std::string lines = "usage: warpscope-cli " + command + " [options]\n";
  const std::string all = usage();
  bool inCommand = false;
  for (std::size_t at = all.find('\n') + 1; at < all.size();) {
    const std::size_t end = all.find('\n', at);
    const std::string line = all.substr(at, end - at);
    at = end + 1;
    const bool starts = line.starts_with("  ") && !line.starts_with("   ");
    if (starts) {
      const std::string word = line.substr(2, line.find(' ', 2) - 2);
      inCommand = word == command ||
                  (word == "--host" && (command == "devices" || command == "run" || command == "record" || command == "bench"));
    }
    if (inCommand || line.starts_with("exit:")) lines += line + '\n';
  }
  return lines;
}

namespace {

const char* deviceKindWord(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cuda: return "gpu";
    case DeviceKind::Recording: return "recording";
    case DeviceKind::Simulator: break;
  }
  return "simulator";
}

/// The GPU worker on `host`. One that needs this release's worker installed gets it with
/// --install-worker, or when the user says yes at a terminal; otherwise the error says how.
std::unique_ptr<Backend> connectWorker(const std::string& host, bool installWorker) {
  try {
    return worker::makeSshWorkerBackend(host, installWorker ? worker::WorkerInstall::IfNeeded : worker::WorkerInstall::Never);
  } catch (const worker::WorkerNotInstalled& e) {
    if (!isatty(STDIN_FILENO) || !isatty(STDERR_FILENO))
      throw std::runtime_error(std::string(e.what()) + " Run again with --install-worker to do so.");
    std::cerr << e.what() << "\nInstall it now? [y/N] " << std::flush;
    std::string answer;
    std::getline(std::cin, answer);
    if (answer != "y" && answer != "Y" && answer != "yes")
      throw std::runtime_error(std::string(e.what()) + " Not installed (--install-worker installs it without asking).");
    return worker::makeSshWorkerBackend(host, worker::WorkerInstall::IfNeeded);
  }
}

/// Adds --host's GPU worker to the session; --device then names one of its devices (prefixed
/// here when given as the host names it), and defaults to its first.
void connectHost(Session& session, CliOptions& options) {
  const std::string host = *options.host;
  try {
    session.addBackend(connectWorker(host, options.installWorker));
  } catch (const BadInputError&) {
    throw;
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot reach a GPU worker on " + host + ": " + e.what());
  }
  const std::string prefix = worker::clientDeviceId(host, "");
  if (options.device && !options.device->starts_with("ssh:")) options.device = prefix + *options.device;
  if (!options.device)
    for (const DeviceInfo& d : session.devices())
      if (d.id.starts_with(prefix)) {
        options.device = d.id;
        break;
      }
  if (!options.device) throw std::runtime_error(host + " offers no device (see warpscope-cli devices --host " + host + ")");
}

int listDevices(const Session& session, std::ostream& out, const std::optional<std::string>& host = {}) {
  const std::string prefix = host ? worker::clientDeviceId(*host, "") : std::string();
  for (const auto& d : session.devices()) {
    if (!d.id.starts_with(prefix)) continue;  // --host: only that host's
    out << d.id << '\t' << deviceKindWord(d.kind) << '\t' << d.name << '\t' << d.smCount << " SMs, cc "
        << d.computeCapability << (d.kind == DeviceKind::Recording ? '\t' + d.sources : std::string()) << '\n';
  }
  // GPUs that are not offered, and why: a user looking for their GPU finds the reason here.
  for (const auto& missing : session.unavailableDevices())
    if (missing.id.starts_with(prefix) || (!prefix.empty() && missing.id == prefix + "cuda"))
      out << missing.id << '\t' << "unavailable" << '\t' << missing.reason << '\n';
  return kExitOk;
}

// labs, lectures and describe read the registry only: no Session, so no GPU is probed (a CUDA
// context alone is about 100 MB resident).
int listLabs(std::ostream& out) {
  for (const auto& lab : LabRegistry::builtin().labs()) out << lab.id << '\t' << lab.title << '\n';
  return kExitOk;
}

int listLectures(std::ostream& out) {
  for (const Lecture& lecture : LectureLibrary::builtin().lectures())
    for (const std::string& presetId : lecture.presetIds) {
      const PresetRef ref = getPreset(LabRegistry::builtin(), presetId);
      out << lecture.id << '\t' << presetId << '\t' << ref.lab->id << '\t' << ref.preset->title << '\n';
    }
  return kExitOk;
}

int describe(const CliOptions& options, std::ostream& out) {
  if (options.positional.size() != 1) throw BadInputError("describe needs exactly one LAB");
  out << describeLabJson(LabRegistry::builtin().get(options.positional[0])) << '\n';
  return kExitOk;
}

}  // namespace

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? err : out) << usage();
    return args.empty() ? kExitBadInput : kExitOk;
  }
  const std::string command = args[0];
  if (command != "devices" && command != "labs" && command != "lectures" && command != "describe" &&
      command != "run" && command != "bench" && command != "record" && command != "show" && command != "serve" &&
      command != "handout") {
    err << "warpscope-cli: unknown command '" << command << "'\n" << usage();
    return kExitBadInput;
  }
  for (std::size_t i = 1; i < args.size(); ++i)
    if (args[i] == "--help" || args[i] == "-h") {
      out << commandUsage(command);
      return kExitOk;
    }
  try {
    const CliOptions options = parseCliOptions({args.begin() + 1, args.end()});
    // Opening a file needs no device: no GPU probe, so it is quick on any laptop.
    if (command == "show") {
      const int code = showCommand(options, out, err);
      if (!out.flush()) throw FileWriteError("cannot write to standard output");
      return code;
    }
    if (command == "labs" || (command == "lectures" && !options.check) || command == "describe") {
      const int code = command == "labs" ? listLabs(out) : command == "lectures" ? listLectures(out) : describe(options, out);
      if (!out.flush()) throw FileWriteError("cannot write to standard output");
      return code;
    }
    Session session;  // probes the GPU: only after the command line is known to be sound
    if (command == "serve") return worker::serveWorker(std::cin, out, session);
    CliOptions withHost = options;
    if (options.host) connectHost(session, withHost);
    const int code = command == "devices"    ? listDevices(session, out, withHost.host)
                     : command == "run"      ? runCommand(session, withHost, out, err)
                     : command == "record"   ? recordCommand(session, withHost, out, err)
                     : command == "lectures" ? lecturesCheckCommand(session, withHost, out, err)
                     : command == "handout"  ? handoutCommand(session, withHost, out, err)
                     : options.presets       ? benchPresetsCommand(session, withHost, out, err)
                                             : benchCommand(session, withHost, out, err);
    // Output that never arrived (stdout on a full disk or closed) is a failure, not success.
    if (!out.flush()) throw FileWriteError("cannot write to standard output");
    return code;
  } catch (const BadInputError& e) {
    err << "warpscope-cli: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const FileWriteError& e) {
    err << "warpscope-cli: " << e.what() << '\n';
    return kExitBadInput;
  } catch (const std::exception& e) {
    err << "warpscope-cli: " << e.what() << '\n';
    return kExitDeviceError;
  }
}

}  // namespace warpscope::cli
