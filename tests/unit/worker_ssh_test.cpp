// The GPU worker through the user's own OpenSSH: Debian's sshd started by the test on loopback
// (a port of its own, a host key and a user key made for the test, no password), a Host alias in
// an ssh config file, and `warpscope-cli serve` as the remote command. The worker offers its
// simulator devices (WARPSCOPE_REMOTE_SIMULATOR=1: no GPU here); runs, a lost connection and the
// reconnection, the window (offscreen) driving a device through it, and a Slurm job started,
// watched and cancelled through the login host (a one-node cluster, slurm_one_node.h). Skips,
// saying why, where openssh-server (or, for that test, Slurm) is not installed.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "labs/streams/streams_lab.h"
#include "slurm_one_node.h"
#include "sim/simulator_backend.h"
#include "warpscope/session.h"
#include "warpscope/worker.h"
#include "worker/worker_install.h"
#include "worker/worker_process.h"
#include "resolved_run.h"

namespace fs = std::filesystem;
using namespace warpscope;
using namespace warpscope::worker;

namespace {

constexpr const char* kSshd = "/usr/sbin/sshd";
constexpr const char* kAlias = "warpscope-loopback";

int freePort() {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  close(s);
  return ntohs(a.sin_port);
}

bool accepts(int port) {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool ok = connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  close(s);
  return ok;
}

int sh(const std::string& command) { return std::system(command.c_str()); }

class WorkerOverSsh : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kSshd) || sh("command -v ssh >/dev/null && command -v ssh-keygen >/dev/null") != 0)
      GTEST_SKIP() << "openssh-server or openssh-client is not installed (scripts/install-deps.sh installs them)";
    dir_ = fs::temp_directory_path() / ("warpscope_ssh_" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const std::string d = dir_.string();
    ASSERT_EQ(sh("ssh-keygen -q -t ed25519 -N '' -f " + d + "/host_key && ssh-keygen -q -t ed25519 -N '' -f " + d +
                 "/user_key && cp " + d + "/user_key.pub " + d + "/authorized_keys && chmod 600 " + d +
                 "/authorized_keys"),
              0);
    if (getuid() == 0) fs::create_directories("/run/sshd");  // sshd's privilege separation directory
    port_ = freePort();
    std::ofstream(dir_ / "sshd_config") << "Port " << port_ << "\nListenAddress 127.0.0.1\nHostKey " << d
                                        << "/host_key\nAuthorizedKeysFile " << d << "/authorized_keys\nPidFile " << d
                                        << "/sshd.pid\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
                                        << "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n"
                                        << "PermitUserEnvironment no\nLogLevel ERROR\n"
                                        // The Slurm test's cluster config reaches srun, squeue
                                        // and scancel on the "login host" as a site's would.
                                        << "AcceptEnv SLURM_CONF WARPSCOPE_WORKER_CACHE\n";
    // The user's side: a Host alias in an ssh config file, as ~/.ssh/config would have it.
    std::ofstream(dir_ / "ssh_config") << "Host " << kAlias << "\n  HostName 127.0.0.1\n  Port " << port_
                                       << "\n  User " << (std::getenv("USER") ? std::getenv("USER") : "root")
                                       << "\n  IdentityFile " << d << "/user_key\n  IdentitiesOnly yes\n"
                                       << "  UserKnownHostsFile /dev/null\n  StrictHostKeyChecking no\n  LogLevel ERROR\n";
    // The install tests' "home" on the host: WARPSCOPE_WORKER_CACHE, passed like SLURM_CONF. One
    // SetEnv with both: ssh takes the first value an option is given and ignores the rest.
    std::ofstream(dir_ / "ssh") << "#!/bin/sh\nenv=\"${SLURM_CONF:+SLURM_CONF=$SLURM_CONF}\"\n"
                                << "env=\"$env${WARPSCOPE_WORKER_CACHE:+ WARPSCOPE_WORKER_CACHE=$WARPSCOPE_WORKER_CACHE}\"\n"
                                << "exec ssh -F " << d << "/ssh_config ${env:+-o \"SetEnv=$env\"} \"$@\"\n";
    fs::permissions(dir_ / "ssh", fs::perms::owner_all);
    sshd_ = std::make_unique<ChildProcess>(std::vector<std::string>{kSshd, "-D", "-e", "-f", d + "/sshd_config"});
    for (int i = 0; i < 100 && !accepts(port_); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (!accepts(port_)) GTEST_SKIP() << "sshd did not start on loopback here: " << sshd_->exitText() << " " << sshd_->stderrTail();
    setenv("WARPSCOPE_SSH", (dir_ / "ssh").c_str(), 1);
    setenv("WARPSCOPE_REMOTE_CLI", WARPSCOPE_CLI_PATH, 1);
    setenv("WARPSCOPE_REMOTE_SIMULATOR", "1", 1);
  }
  void TearDown() override {
    sshd_.reset();
    unsetenv("WARPSCOPE_SSH");
    unsetenv("WARPSCOPE_REMOTE_CLI");
    unsetenv("WARPSCOPE_REMOTE_SIMULATOR");
    unsetenv("WARPSCOPE_WORKER_CACHE");
    unsetenv("WARPSCOPE_WORKER_BINARY");
    if (!dir_.empty()) fs::remove_all(dir_);
  }
  fs::path dir_;
  int port_ = 0;
  std::unique_ptr<ChildProcess> sshd_;
};

RunRequest streamsAt(const std::string& device) {
  return {labs::kStreamsId, device, defaultParams(labs::streamsSpec().params), RunScope::FocusOnly};
}

}  // namespace

TEST_F(WorkerOverSsh, AHostAliasServesItsDevicesAndRunsAsIfLocal) {
  Session session(nullptr, makeSimulatorBackend());
  session.addBackend(makeWorkerBackend(sshWorkerCommand(kAlias)));
  const std::string id = std::string("ssh:") + kAlias + "/sim:h200";
  ASSERT_NO_THROW((void)session.device(id));
  CancelToken cancel;
  const RunOutcome out = session.run(streamsAt(id), {}, cancel);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out.result().deviceId, id);
  EXPECT_NE(out.result().banner().find(kAlias), std::string::npos) << out.result().banner();
}

TEST_F(WorkerOverSsh, AConnectionLostBetweenRunsIsSaidAndTheNextRunReconnects) {
  auto backend = makeWorkerBackend(sshWorkerCommand(kAlias));
  const std::string id = std::string("ssh:") + kAlias + "/sim:h200";
  CancelToken cancel;
  ASSERT_TRUE(test::runResolved(*backend, streamsAt(id), {}, cancel).ok());
  // The connection drops while idle: the local ssh client dies.
  ASSERT_EQ(sh("pkill -KILL -f '^ssh -F " + dir_.string() + "/ssh_config'"), 0);
  for (int i = 0; i < 50 && sh("pgrep -f '^ssh -F " + dir_.string() + "/ssh_config' >/dev/null") == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const RunOutcome again = test::runResolved(*backend, streamsAt(id), {}, cancel);
  ASSERT_TRUE(again.ok()) << again.error().message;
  ASSERT_FALSE(again.result().notes.empty());
  const std::string& said = again.result().notes.front();
  EXPECT_NE(said.find(std::string("connection to ") + kAlias), std::string::npos) << said;
  EXPECT_NE(said.find("signal 9"), std::string::npos) << said;
  EXPECT_NE(said.find("new GPU worker"), std::string::npos) << said;
}

// ---- A worker that installs itself (issue 32): the host has no warpscope-cli on its PATH, or one
// of another protocol; this build's CLI is the worker sent; the host's cache folder is under the
// test's directory (WARPSCOPE_WORKER_CACHE, passed through ssh) instead of ~/.cache/warpscope.

class WorkerInstallOverSsh : public WorkerOverSsh {
 protected:
  void SetUp() override {
    WorkerOverSsh::SetUp();
    if (IsSkipped()) return;
    cache_ = dir_ / "cache";
    setenv("WARPSCOPE_WORKER_CACHE", cache_.c_str(), 1);
    setenv("WARPSCOPE_WORKER_BINARY", WARPSCOPE_CLI_PATH, 1);
    // The host's own worker: a name no PATH has, unless a test points it at one.
    setenv("WARPSCOPE_REMOTE_CLI", "warpscope-cli-absent-on-this-host", 1);
  }
  [[nodiscard]] fs::path installed() const {
    const std::string dir = remoteWorkerDirExpression();
    return cache_ / dir.substr(dir.rfind('/') + 1) / "warpscope-cli";
  }
  [[nodiscard]] static std::string simulatorOn() { return std::string("ssh:") + kAlias + "/sim:h200"; }
  fs::path cache_;
};

TEST_F(WorkerInstallOverSsh, AHostWithoutTheWorkerIsOfferedItThenGetsItAndASecondConnectionReusesIt) {
  try {
    (void)makeSshWorkerBackend(kAlias, WorkerInstall::Never);
    FAIL() << "a host without a worker connected without one";
  } catch (const WorkerNotInstalled& e) {
    EXPECT_NE(std::string(e.what()).find("has no warpscope-cli on its PATH"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("~/.cache/warpscope/"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(installed())) << "installed without being allowed to";

  std::vector<std::string> said;
  auto backend = makeSshWorkerBackend(kAlias, WorkerInstall::IfNeeded, [&](const std::string& s) { said.push_back(s); });
  ASSERT_TRUE(fs::exists(installed()));
  EXPECT_EQ(sha256OfFile(installed().string()), sha256OfFile(WARPSCOPE_CLI_PATH));
  EXPECT_TRUE((fs::status(installed()).permissions() & fs::perms::owner_exec) != fs::perms::none);
  bool saidInstalling = false;
  for (const std::string& s : said) saidInstalling |= s.find("installing") != std::string::npos;
  EXPECT_TRUE(saidInstalling);
  CancelToken cancel;
  const RunOutcome out = test::runResolved(*backend, streamsAt(simulatorOn()), {}, cancel);
  ASSERT_TRUE(out.ok()) << out.error().message;
  backend.reset();

  // Again, not allowed to install: the cached worker is found by its hash and started, not copied.
  const auto copiedAt = fs::last_write_time(installed());
  auto again = makeSshWorkerBackend(kAlias, WorkerInstall::Never);
  EXPECT_EQ(fs::last_write_time(installed()), copiedAt);
  ASSERT_TRUE(test::runResolved(*again, streamsAt(simulatorOn()), {}, cancel).ok());
}

TEST_F(WorkerInstallOverSsh, AHostWithAnotherProtocolGetsThisReleasesWorkerBesideTheOthers) {
  // The host's warpscope-cli answers hello with protocol 99; an older release sits in the cache.
  const fs::path stub = dir_ / "other-warpscope-cli";
  std::ofstream(stub) << "#!/bin/sh\nread line\n"
                      << "echo '{\"type\":\"hello\",\"protocol\":99,\"version\":\"9.9.9\"}'\n";
  fs::permissions(stub, fs::perms::owner_all);
  setenv("WARPSCOPE_REMOTE_CLI", stub.c_str(), 1);
  const fs::path older = cache_ / "0.0.1" / "warpscope-cli";
  fs::create_directories(older.parent_path());
  std::ofstream(older) << "an older release's worker";

  try {
    (void)makeSshWorkerBackend(kAlias, WorkerInstall::Never);
    FAIL() << "a worker of protocol 99 was taken";
  } catch (const WorkerNotInstalled& e) {
    EXPECT_NE(std::string(e.what()).find("speaks worker protocol 99"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("9.9.9"), std::string::npos) << e.what();
  }
  auto backend = makeSshWorkerBackend(kAlias, WorkerInstall::IfNeeded);
  CancelToken cancel;
  ASSERT_TRUE(test::runResolved(*backend, streamsAt(simulatorOn()), {}, cancel).ok());
  EXPECT_TRUE(fs::exists(installed()));
  std::ifstream olderFile(older);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(olderFile), {}), "an older release's worker") << "touched";
}

TEST_F(WorkerInstallOverSsh, AnotherBuildInTheCacheFolderIsReplacedByThisOne) {
  fs::create_directories(installed().parent_path());
  std::ofstream(installed()) << "#!/bin/sh\nexit 1\n";
  EXPECT_THROW((void)makeSshWorkerBackend(kAlias, WorkerInstall::Never), WorkerNotInstalled);
  auto backend = makeSshWorkerBackend(kAlias, WorkerInstall::IfNeeded);
  EXPECT_EQ(sha256OfFile(installed().string()), sha256OfFile(WARPSCOPE_CLI_PATH));
}

TEST_F(WorkerInstallOverSsh, TheCliInstallsWithItsFlagAndOtherwiseSaysHow) {
  const std::string cli = WARPSCOPE_CLI_PATH;
  const std::string log = (dir_ / "cli.log").string();
  EXPECT_NE(sh(cli + " devices --host " + kAlias + " </dev/null >" + log + " 2>&1"), 0);
  std::ifstream first(log);
  const std::string refused(std::istreambuf_iterator<char>(first), {});
  EXPECT_NE(refused.find("--install-worker"), std::string::npos) << refused;
  ASSERT_EQ(sh(cli + " devices --host " + kAlias + " --install-worker </dev/null >" + log + " 2>&1"), 0);
  std::ifstream second(log);
  const std::string listed(std::istreambuf_iterator<char>(second), {});
  EXPECT_NE(listed.find(simulatorOn()), std::string::npos) << listed;
  EXPECT_TRUE(fs::exists(installed()));
}

TEST_F(WorkerInstallOverSsh, ASlurmLoginHostWithoutTheWorkerGetsItAndTheJobRunsItFromTheCache) {
  warpscope::test::SlurmOneNode slurm;
  if (!slurm.ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm.whyNot();
  setenv("SLURM_CONF", slurm.slurmConf().c_str(), 1);  // passed to the login host (SetEnv/AcceptEnv)
  const std::string srun = "srun --job-name=ws-install --gres=gpu:1 --time=00:10:00 warpscope-cli serve";
  try {
    (void)makeSlurmWorkerBackend(kAlias, srun, WorkerInstall::Never);
    FAIL() << "a login host without a worker started a job without one";
  } catch (const WorkerNotInstalled& e) {
    EXPECT_EQ(e.host, std::string("Slurm via ") + kAlias);
    EXPECT_NE(e.lacks.find("has no warpscope-cli on its PATH"), std::string::npos) << e.lacks;
  }
  EXPECT_EQ(slurm.run("squeue -h -n ws-install -o %i").out, "") << "no job before the worker is there";
  {
    auto backend = makeSlurmWorkerBackend(kAlias, srun, WorkerInstall::IfNeeded);
    ASSERT_TRUE(fs::exists(installed()));
    const std::string id = std::string("slurm:") + kAlias + "/sim:h200";
    CancelToken cancel;
    const RunOutcome out = test::runResolved(*backend, streamsAt(id), {}, cancel);
    ASSERT_TRUE(out.ok()) << out.error().message;
  }
  for (int i = 0; i < 50 && !slurm.run("squeue -h -n ws-install -o %i").out.empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(slurm.run("squeue -h -n ws-install -o %i").out, "") << "the job ends with the backend";
  unsetenv("SLURM_CONF");
}

TEST_F(WorkerOverSsh, TheWindowDrivesARemoteDeviceOffscreen) {
  const fs::path window = fs::path(WARPSCOPE_CLI_PATH).parent_path() / "warpscope";
  if (!fs::exists(window)) GTEST_SKIP() << "this build has no window (" << window << ")";
  const fs::path shot = dir_ / "remote.png";
  const std::string id = std::string("ssh:") + kAlias + "/sim:h200";
  const int rc = sh("QT_QPA_PLATFORM=offscreen WARPSCOPE_NO_SESSION=1 '" + window.string() + "' --host " + kAlias +
                    " --device " + id + " --lab streams --window-size 1280x720 --screenshot '" + shot.string() +
                    "' >" + (dir_ / "window.log").string() + " 2>&1");
  EXPECT_EQ(rc, 0) << std::ifstream(dir_ / "window.log").rdbuf();
  EXPECT_TRUE(fs::exists(shot));
  EXPECT_GT(fs::file_size(shot), 10000u);
}

TEST_F(WorkerOverSsh, ASlurmJobThroughTheLoginHostIsWatchedCancelledThenMeasuresAndEndsWithTheBackend) {
  warpscope::test::SlurmOneNode slurm;
  if (!slurm.ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm.whyNot();
  setenv("SLURM_CONF", slurm.slurmConf().c_str(), 1);  // passed to the login host (SetEnv/AcceptEnv)
  const std::string srun =
      std::string("srun --job-name=ws-login --gres=gpu:1 --time=00:10:00 ") + WARPSCOPE_CLI_PATH + " serve";
  const auto jobs = [&] { return slurm.run("squeue -h -n ws-login -o %i").out; };

  // The node's GPU is held: the job waits; squeue through ssh says why; Cancel scancels through ssh.
  ASSERT_EQ(slurm.run("sbatch -J ws-holder --gres=gpu:1 --time=00:10:00 -o /dev/null --wrap 'sleep 300'").status, 0);
  std::string said;
  std::mutex saidMutex;
  CancelToken giveUp;
  auto waiting = std::async(std::launch::async, [&] {
    return makeWorkerBackend(slurmWorkerCommand(kAlias, srun), [&](const std::string& state) {
      std::lock_guard lock(saidMutex);
      said = state;
    }, &giveUp);
  });
  bool withReason = false;
  for (int i = 0; i < 150 && !withReason; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    std::lock_guard lock(saidMutex);
    withReason = said.find("queued and waiting for resources (PENDING, Resources)") != std::string::npos;
  }
  ASSERT_TRUE(withReason) << "last said: " << said;
  giveUp.requestCancel();
  EXPECT_THROW(waiting.get(), WorkerStartCancelled);
  for (int i = 0; i < 50 && !jobs().empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(jobs(), "") << "scancel through the login host left the job queued";

  // The GPU is free: the worker starts in an allocation, measures, and its job ends with it.
  slurm.run("scancel -n ws-holder");
  for (int i = 0; i < 100 && !slurm.run("squeue -h -n ws-holder -o %i").out.empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  auto backend = makeWorkerBackend(slurmWorkerCommand(kAlias, srun));
  const std::string id = std::string("slurm:") + kAlias + "/sim:h200";
  CancelToken cancel;
  const RunOutcome out = test::runResolved(*backend, streamsAt(id), {}, cancel);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out.result().deviceId, id);
  EXPECT_NE(out.result().deviceName.find(std::string("Slurm via ") + kAlias), std::string::npos) << out.result().deviceName;
  EXPECT_NE(jobs(), "");
  backend.reset();
  for (int i = 0; i < 100 && !jobs().empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(jobs(), "") << "the job outlived the backend";
  unsetenv("SLURM_CONF");
}
