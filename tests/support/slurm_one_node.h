#pragma once
// A one-node Slurm cluster on localhost for a test: tests/support/slurm-one-node.sh started in a
// fresh temporary directory (its own munged, slurmctld and slurmd on free ports; node "localhost"
// with gres gpu:1 in partition "debug"), stopped and removed again by the destructor.
//
//   warpscope::test::SlurmOneNode slurm;
//   if (!slurm.ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm.whyNot();
//   slurm.run("srun --gres=gpu:1 -N1 echo ok");          // SLURM_CONF set for that command only
//   slurm.shellPrefix() + "squeue -h -o %i"              // for commands run otherwise
//
// Where the programs are missing it does not try: skipReason() says which one, as whyNot() does.
// Start takes about 0.3 s (30 s at most), stop about 0.3 s (a few seconds with jobs running).
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <system_error>

#ifndef WARPSCOPE_SLURM_ONE_NODE_SCRIPT
#error "WARPSCOPE_SLURM_ONE_NODE_SCRIPT (the path of tests/support/slurm-one-node.sh) is not defined"
#endif

extern char** environ;

namespace warpscope::test {

class SlurmOneNode {
 public:
  struct Result {
    int status;       // the command's exit status; -1 when it did not exit normally
    std::string out;  // its stdout (append 2>&1 to the command for stderr too)
  };

  /// Why no cluster can be tried here ("slurmctld is not installed ..."), or "" where every
  /// program it needs is found (PATH, /usr/sbin, /sbin).
  static std::string skipReason() {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(WARPSCOPE_SLURM_ONE_NODE_SCRIPT, ec))
      return std::string("the script ") + WARPSCOPE_SLURM_ONE_NODE_SCRIPT + " is missing";
    for (const char* program : {"munged", "munge", "slurmctld", "slurmd", "slurmstepd", "srun", "sinfo", "squeue", "scancel"})
      if (!findProgram(program))
        return std::string(program) + " is not installed (scripts/install-deps.sh installs munge slurmctld slurmd slurm-client)";
    return {};
  }

  SlurmOneNode() {
    namespace fs = std::filesystem;
    why_ = skipReason();
    if (!why_.empty()) return;
    // Short: munged's socket lives in it, and a Unix socket path holds 107 bytes.
    std::string base = "/tmp";
    if (const char* t = std::getenv("TMPDIR"); t && *t && std::string(t).size() < 48) base = t;
    std::string templ = base + "/ws-slurm.XXXXXX";
    if (!mkdtemp(templ.data())) {
      why_ = "cannot create a temporary directory under " + base;
      return;
    }
    dir_ = templ;
    const std::string out = dir_ + "/start.stdout", err = dir_ + "/start.stderr";
    const int status = std::system(("'" + std::string(WARPSCOPE_SLURM_ONE_NODE_SCRIPT) + "' start " + quote(dir_) + " " + std::to_string(getpid()) +
                                    " >" + quote(out) + " 2>" + quote(err))
                                       .c_str());
    const std::string printed = readFile(out);
    const std::string key = "SLURM_CONF=";
    if (status == 0 && printed.rfind(key, 0) == 0) {
      conf_ = printed.substr(key.size(), printed.find('\n') - key.size());
      return;
    }
    std::string line = readFile(err);
    line = line.substr(0, line.find('\n'));
    why_ = line.empty() ? "slurm-one-node.sh start exited with status " + std::to_string(status) : line;
  }

  ~SlurmOneNode() {
    if (dir_.empty()) return;
    [[maybe_unused]] const int status =
        std::system(("'" + std::string(WARPSCOPE_SLURM_ONE_NODE_SCRIPT) + "' stop " + quote(dir_) + " >/dev/null 2>&1").c_str());
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  SlurmOneNode(const SlurmOneNode&) = delete;
  SlurmOneNode& operator=(const SlurmOneNode&) = delete;

  bool ok() const { return !conf_.empty(); }
  /// DIR/slurm.conf of the running cluster ("" when it did not start).
  const std::string& slurmConf() const { return conf_; }
  /// Why the cluster did not start (the script's error line, or skipReason()); "" when it did.
  const std::string& whyNot() const { return why_; }
  /// The cluster's directory (logs: slurmctld.log, slurmd.log, munged.log).
  const std::string& dir() const { return dir_; }

  /// "env -u SLURM_JOB_ID ... SLURM_CONF='DIR/slurm.conf' ": a shell command after it talks to this
  /// cluster, without the SLURM_* settings of a Slurm job the test may itself run in.
  std::string shellPrefix() const {
    std::string prefix = "env";
    for (char** e = environ; e && *e; ++e) {
      const std::string var(*e);
      if (var.rfind("SLURM_", 0) == 0) prefix += " -u " + var.substr(0, var.find('='));
    }
    return prefix + " SLURM_CONF=" + quote(conf_) + " ";
  }

  /// Runs `command` (sh -c) with SLURM_CONF set to this cluster for that command only.
  Result run(const std::string& command) const {
    Result r{-1, {}};
    FILE* p = popen((shellPrefix() + "sh -c " + quote(command)).c_str(), "r");
    if (!p) return r;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    const int status = pclose(p);
    if (status != -1 && WIFEXITED(status)) r.status = WEXITSTATUS(status);
    return r;
  }

 private:
  static std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  }
  static std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static bool findProgram(const std::string& name) {
    std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    path += ":/usr/sbin:/sbin";
    std::stringstream dirs(path);
    for (std::string d; std::getline(dirs, d, ':');)
      if (!d.empty() && access((d + "/" + name).c_str(), X_OK) == 0) return true;
    return false;
  }

  std::string dir_, conf_, why_;
};

}  // namespace warpscope::test
