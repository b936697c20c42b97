#include "worker/worker_ssh.h"

#include <cstdlib>

#include "warpscope/params.h"
#include "warpscope/worker.h"

namespace warpscope::worker {

void checkHostName(const std::string& host) {
  const bool allowed = !host.empty() && !host.starts_with('-') &&
                       host.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@:[]-") ==
                           std::string::npos;
  if (!allowed)
    throw BadInputError("'" + host + "' is not a host name as ssh takes it (a name, user@name or a Host alias: letters, "
                        "digits and . _ @ : - only)");
}

std::vector<std::string> sshPrefix(const std::string& host) {
  const char* ssh = std::getenv("WARPSCOPE_SSH");
  return {ssh && *ssh ? ssh : "ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15", "-o", "ServerAliveInterval=15",
          "-o", "ServerAliveCountMax=3", "-T", host};
}

std::string shellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string remoteCliName() {
  const char* remote = std::getenv("WARPSCOPE_REMOTE_CLI");
  return remote && *remote ? remote : "warpscope-cli";
}

bool remoteSimulatorWanted() {
  const char* simulator = std::getenv("WARPSCOPE_REMOTE_SIMULATOR");
  return simulator && std::string(simulator) == "1";
}

WorkerCommand sshWorkerCommand(const std::string& host) {
  checkHostName(host);
  WorkerCommand c;
  c.host = host;
  c.idPrefix = clientDeviceId(host, "");
  c.withSimulator = remoteSimulatorWanted();
  c.argv = sshPrefix(host);
  c.argv.insert(c.argv.end(), {remoteCliName(), "serve"});
  return c;
}

}  // namespace warpscope::worker
