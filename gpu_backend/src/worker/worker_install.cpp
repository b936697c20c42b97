#include "worker/worker_install.h"

#include <sys/utsname.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "files/build_info.h"
#include "warpscope/params.h"
#include "worker/worker_process.h"
#include "worker/worker_protocol.h"
#include "worker/worker_ssh.h"

namespace warpscope::worker {

namespace {

namespace fs = std::filesystem;

/// A probe or a copy that takes longer than this has a host that does not answer.
constexpr std::chrono::seconds kProbeTimeout{60};
/// The copy of a ~25 MiB worker over a slow link.
constexpr std::chrono::seconds kCopyTimeout{600};

/// The version as a folder name: letters, digits, '.', '-', '_' kept, anything else '_'.
std::string versionFolder() {
  std::string folder = files::kToolVersion;
  for (char& c : folder)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
  return folder.empty() ? std::string("unknown") : folder;
}

/// `sh -c 'SCRIPT'` as one word for the remote login shell.
std::string remoteSh(const std::string& script) { return "sh -c " + shellQuoted(script); }

std::string localArch() {
  utsname name{};
  return uname(&name) == 0 ? std::string(name.machine) : std::string();
}

std::string valueAfter(const std::string& output, const std::string& key) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with(key + "=")) return line.substr(key.size() + 1);
  return {};
}

/// runShortCommand's stop: true once `cancel` is set; meanwhile says `what` about once a second.
std::function<bool()> waitSaidAndCancellable(const std::string& what, const StartProgressFn& progress,
                                             const CancelToken* cancel) {
  const auto started = std::chrono::steady_clock::now();
  auto lastSaid = std::make_shared<long>(-1);
  return [=] {
    const long waited = static_cast<long>(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started).count());
    if (progress && waited != *lastSaid) {
      *lastSaid = waited;
      progress(what + ", " + std::to_string(waited) + " s");
    }
    return cancel && cancel->cancelled();
  };
}

bool isSha256(const std::string& text) {
  return text.size() == 64 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

std::string remoteWorkerDirExpression() {
  return "${WARPSCOPE_WORKER_CACHE:-$HOME/.cache/warpscope}/" + versionFolder();
}

std::string workerBinaryToSend() {
  std::string path;
  if (const char* given = std::getenv("WARPSCOPE_WORKER_BINARY"); given && *given)
    path = given;
  else
    path = localWorkerCommand().argv.front();
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    throw std::runtime_error("this Warpscope has no worker to install (looked for " + path +
                             "; set WARPSCOPE_WORKER_BINARY to a warpscope-cli of this release)");
  return path;
}

std::string sha256OfFile(const std::string& path) {
  const CommandOutput out = runShortCommand({"sha256sum", "--", path}, kProbeTimeout);
  const std::string hash = out.out.substr(0, 64);
  if (!out.finished || out.exitCode != 0 || !isSha256(hash))
    throw std::runtime_error("cannot hash " + path + " with sha256sum: " + (out.why.empty() ? out.out : out.why));
  return hash;
}

RemoteWorkerProbe probeRemoteWorker(const std::string& host, const StartProgressFn& progress,
                                    const CancelToken* cancel) {
  checkHostName(host);
  // One line each: arch=, cached=, path=, hello= (the host's own worker's hello, given a hello
  // and then the end of its input, so it answers and ends without opening a GPU).
  const std::string dir = remoteWorkerDirExpression();
  const std::string script =
      "d=\"" + dir +
      "\"; echo \"arch=$(uname -m)\"; "
      "if [ -f \"$d/warpscope-cli\" ]; then echo \"cached=$(sha256sum < \"$d/warpscope-cli\" | cut -c1-64)\"; fi; "
      "c=$(command -v " +
      remoteCliName() +
      " 2>/dev/null); "
      "if [ -n \"$c\" ]; then echo \"path=$c\"; echo \"hello=$(printf '%s\\n' '{\"type\":\"hello\",\"protocol\":" +
      std::to_string(kWorkerProtocolVersion) + "}' | \"$c\" serve 2>/dev/null | head -n 1)\"; fi";
  std::vector<std::string> argv = sshPrefix(host);
  argv.push_back(remoteSh(script));
  const CommandOutput out =
      runShortCommand(argv, kProbeTimeout,
                      waitSaidAndCancellable("asking " + host + " for its Warpscope worker: waiting for it to answer",
                                             progress, cancel));
  if (cancel && cancel->cancelled()) throw WorkerStartCancelled("connecting to " + host + " was cancelled");
  if (!out.finished || out.exitCode != 0)
    throw std::runtime_error("cannot ask " + host + " for its Warpscope worker: " + out.why);
  RemoteWorkerProbe probe;
  probe.arch = valueAfter(out.out, "arch");
  probe.cachedSha256 = valueAfter(out.out, "cached");
  probe.pathCli = valueAfter(out.out, "path");
  const std::string hello = valueAfter(out.out, "hello");
  const nlohmann::json answer = nlohmann::json::parse(hello, nullptr, false);
  if (answer.is_object() && answer.value("type", std::string()) == "hello") {
    if (answer.contains("protocol") && answer["protocol"].is_number_integer())
      probe.pathCliProtocol = answer["protocol"];
    if (answer.contains("version") && answer["version"].is_string()) probe.pathCliVersion = answer["version"];
  }
  return probe;
}

void installRemoteWorker(const std::string& host, const std::string& binary, const std::string& sha256,
                         const StartProgressFn& progress, const CancelToken* cancel) {
  checkHostName(host);
  if (!isSha256(sha256)) throw std::runtime_error("not a SHA-256: " + sha256);
  // Written under a temporary name and renamed only when its hash matches: a cut connection or
  // a full disk leaves no half worker under the name the next connection starts.
  const std::string script = "set -e; d=\"" + remoteWorkerDirExpression() +
                             "\"; mkdir -p \"$d\"; t=\"$d/warpscope-cli.part.$$\"; cat > \"$t\"; "
                             "h=$(sha256sum < \"$t\" | cut -c1-64); "
                             "if [ \"$h\" = " +
                             sha256 +
                             " ]; then chmod 755 \"$t\"; mv -f \"$t\" \"$d/warpscope-cli\"; "
                             "echo \"installed=$d/warpscope-cli\"; "
                             "else rm -f \"$t\"; echo \"the copy arrived with SHA-256 $h\" >&2; exit 3; fi";
  // ssh reads the worker on its standard input; sh redirects it (argv passed as is, no quoting).
  std::vector<std::string> argv = {"/bin/sh", "-c", "f=$1; shift; exec \"$@\" < \"$f\"", "sh", binary};
  for (const std::string& word : sshPrefix(host)) argv.push_back(word);
  argv.push_back(remoteSh(script));
  const CommandOutput out = runShortCommand(
      argv, kCopyTimeout,
      waitSaidAndCancellable("installing Warpscope " + std::string(files::kToolVersion) + "'s worker on " + host,
                             progress, cancel));
  if (cancel && cancel->cancelled()) throw WorkerStartCancelled("installing the worker on " + host + " was cancelled");
  if (!out.finished || out.exitCode != 0 || valueAfter(out.out, "installed").empty())
    throw std::runtime_error("installing the worker on " + host + " failed: " + (out.why.empty() ? out.out : out.why));
}

WorkerCommand cachedSshWorkerCommand(const std::string& host) {
  WorkerCommand c = sshWorkerCommand(host);
  c.argv = sshPrefix(host);
  c.argv.push_back(remoteSh("exec \"" + remoteWorkerDirExpression() + "/warpscope-cli\" serve"));
  return c;
}

namespace {

/// Which worker a connection to `host` starts, once ensureWorker is done.
enum class WorkerOnHost { Cached, HostsOwn };

/// This release's worker in `host`'s cache folder (installed now if needed and allowed), or the
/// host's own when it speaks this protocol. Throws as makeSshWorkerBackend does; `shownHost` names
/// the connection in WorkerNotInstalled ("gpu1", "Slurm via login1").
WorkerOnHost ensureWorker(const std::string& host, const std::string& shownHost, WorkerInstall install,
                          const StartProgressFn& progress, const CancelToken* cancel) {
  const RemoteWorkerProbe probe = probeRemoteWorker(host, progress, cancel);
  // This release's own worker, installed by an earlier connection: the common case. A program
  // without a worker to send can still use the host's own (below).
  std::string binary, sha256, noWorkerHere;
  try {
    binary = workerBinaryToSend();
    sha256 = sha256OfFile(binary);
  } catch (const std::exception& e) {
    noWorkerHere = e.what();
  }
  if (!sha256.empty() && probe.cachedSha256 == sha256) return WorkerOnHost::Cached;
  // The host's own: fine when it speaks this protocol (another release adds a note to results).
  if (!probe.pathCli.empty() && probe.pathCliProtocol == kWorkerProtocolVersion) return WorkerOnHost::HostsOwn;

  std::string why;
  if (!probe.pathCli.empty())
    why = host + "'s " + probe.pathCli + " (Warpscope " + (probe.pathCliVersion.empty() ? "?" : probe.pathCliVersion) +
          ") speaks worker protocol " + std::to_string(probe.pathCliProtocol) + ", this Warpscope " +
          std::to_string(kWorkerProtocolVersion);
  else
    why = host + " has no warpscope-cli on its PATH";
  if (!probe.cachedSha256.empty()) why += ", and the worker in its cache folder is another build";
  const std::string where = "~/.cache/warpscope/" + versionFolder() + "/";
  if (install == WorkerInstall::Never)
    throw WorkerNotInstalled(shownHost, why,
                             why + ". Warpscope can install its own worker there (into " + where + " on " + host +
                                 ", nothing else touched, no root needed).");
  if (!noWorkerHere.empty()) throw std::runtime_error(why + ", and " + noWorkerHere);
  const std::string ours = localArch();
  if (!probe.arch.empty() && !ours.empty() && probe.arch != ours)
    throw std::runtime_error(why + ", and its machine is " + probe.arch + " where this Warpscope's worker is " + ours +
                             ": build Warpscope there (README) instead");
  installRemoteWorker(host, binary, sha256, progress, cancel);
  return WorkerOnHost::Cached;
}

/// Where the srun command names the worker as the bare word `warpscope-cli`; npos otherwise (a
/// path the user wrote is theirs).
std::size_t workerWordIn(const std::string& command) {
  static const std::string word = "warpscope-cli";
  for (std::size_t at = command.find(word); at != std::string::npos; at = command.find(word, at + 1)) {
    const bool starts = at == 0 || command[at - 1] == ' ' || command[at - 1] == '\t';
    const std::size_t end = at + word.size();
    const bool ends = end == command.size() || command[end] == ' ' || command[end] == '\t';
    if (starts && ends) return at;
  }
  return std::string::npos;
}

}  // namespace

std::unique_ptr<Backend> makeSshWorkerBackend(const std::string& host, WorkerInstall install,
                                              const StartProgressFn& progress, const CancelToken* cancel) {
  checkHostName(host);
  const WorkerOnHost worker = ensureWorker(host, host, install, progress, cancel);
  return makeWorkerBackend(worker == WorkerOnHost::Cached ? cachedSshWorkerCommand(host) : sshWorkerCommand(host),
                           progress, cancel);
}

std::unique_ptr<Backend> makeSlurmWorkerBackend(const std::string& login, const std::string& srunCommand,
                                                WorkerInstall install, const StartProgressFn& progress,
                                                const CancelToken* cancel) {
  WorkerCommand command = slurmWorkerCommand(login, srunCommand);  // checks the login and the command
  const std::size_t word = workerWordIn(srunCommand);
  // srun on this machine runs this machine's worker; a command naming its own path is the user's.
  if (login.empty() || word == std::string::npos) return makeWorkerBackend(std::move(command), progress, cancel);
  if (ensureWorker(login, command.host, install, progress, cancel) == WorkerOnHost::Cached) {
    // The login host's shell expands the folder; the compute nodes see it in the shared home.
    std::string cached = srunCommand;
    cached.replace(word, std::string("warpscope-cli").size(), "\"" + remoteWorkerDirExpression() + "/warpscope-cli\"");
    command = slurmWorkerCommand(login, cached);
  }
  return makeWorkerBackend(std::move(command), progress, cancel);
}

}  // namespace warpscope::worker
