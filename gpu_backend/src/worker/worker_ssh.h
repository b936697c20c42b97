#pragma once
/// \file worker_ssh.h
/// The user's own ssh, as every remote worker connection runs it (docs/remote.md).

#include <string>
#include <vector>

namespace warpscope::worker {

/// Checks a host name as ssh takes it (a name, user@name, an IPv6 literal, a Host alias): never an
/// option (a leading '-') nor anything a shell or an ssh_config token (%h) could take for more
/// than a name. Throws BadInputError saying what is allowed.
void checkHostName(const std::string& host);

/// `ssh -o BatchMode=yes ... -T HOST`: ssh never asks for a password, and a host that does not
/// answer, or a connection that goes silent, is an error within seconds. WARPSCOPE_SSH overrides
/// the program (the tests' loopback sshd).
std::vector<std::string> sshPrefix(const std::string& host);

/// 'text' for a POSIX shell (and csh, fish), any ' inside written '\'': one word, nothing expanded.
std::string shellQuoted(const std::string& text);

/// The host's own worker program as a remote command runs it: WARPSCOPE_REMOTE_CLI (one word, which
/// the host's shell expands: ~/bin/warpscope-cli works) or `warpscope-cli`.
std::string remoteCliName();

/// WARPSCOPE_REMOTE_SIMULATOR=1: a remote worker (ssh or Slurm) is asked for its simulator devices
/// too (a host without a GPU; the tests).
bool remoteSimulatorWanted();

}  // namespace warpscope::worker
