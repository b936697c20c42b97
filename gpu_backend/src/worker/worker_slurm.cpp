#include "worker/worker_slurm.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <regex>

#include "warpscope/params.h"
#include "warpscope/worker.h"
#include "worker/worker_process.h"
#include "worker/worker_ssh.h"

namespace warpscope::worker {

namespace {

constexpr std::chrono::seconds kSqueueEvery{15};
constexpr std::chrono::seconds kSlurmCommandTimeout{15};

std::string minutesAndSeconds(std::chrono::seconds s) {
  char text[32];
  std::snprintf(text, sizeof text, "%lld:%02lld", static_cast<long long>(s.count() / 60),
                static_cast<long long>(s.count() % 60));
  return text;
}

}  // namespace

std::string defaultSrunCommand() {
  // One GPU for an hour; --job-name makes it findable in squeue.
  return "srun --job-name=warpscope --gres=gpu:1 --time=01:00:00 warpscope-cli serve";
}

WorkerCommand slurmWorkerCommand(const std::string& login, const std::string& srunCommand) {
  std::string command = srunCommand;
  while (!command.empty() && std::isspace(static_cast<unsigned char>(command.back()))) command.pop_back();
  while (!command.empty() && std::isspace(static_cast<unsigned char>(command.front()))) command.erase(0, 1);
  if (command.empty()) throw BadInputError("the srun command is empty: it starts the worker, e.g. " + defaultSrunCommand());
  if (command.find('\n') != std::string::npos) throw BadInputError("the srun command must be one line");
  WorkerCommand c;
  c.slurmLogin = login;
  c.idPrefix = "slurm:" + (login.empty() ? std::string("local") : login) + "/";
  c.host = login.empty() ? "Slurm on this machine" : "Slurm via " + login;
  c.withSimulator = remoteSimulatorWanted();
  if (login.empty()) {
    // A window that itself runs inside a Slurm job (salloc, a desktop session) must not start the
    // worker as a step of that job, nor ever cancel it: srun here gets a job of its own. exec: the
    // worker's process is srun itself, so ending it ends srun (one command, not a list: see
    // docs/remote.md).
    c.argv = {"/bin/sh", "-c",
              "unset SLURM_JOB_ID SLURM_JOBID SLURM_STEP_ID SLURM_STEPID SLURM_NTASKS SLURM_NPROCS SLURM_NNODES "
              "SLURM_JOB_NUM_NODES SLURM_NODELIST SLURM_JOB_NODELIST; exec " + command};
  } else {
    checkHostName(login);
    c.argv = sshPrefix(login);
    c.argv.push_back(command);  // the login host's shell reads it, as the user wrote it
  }
  return c;
}

SlurmJob::SlurmJob(std::string login) : login_(std::move(login)) {}

SlurmJob::~SlurmJob() { cancel(); }

void SlurmJob::observeSrunLine(const std::string& line) {
  static const std::regex queued(R"(job (\d+) queued and waiting for resources)");
  static const std::regex allocated(R"(job (\d+) has been allocated resources)");
  std::smatch m;
  if (std::regex_search(line, m, queued)) {
    jobId_ = m[1];
    queued_ = true;
  } else if (std::regex_search(line, m, allocated)) {
    jobId_ = m[1];
    queued_ = false;
    squeueWord_.clear();
  } else if (!line.empty()) {
    lastSrunLine_ = line;
  }
}

void SlurmJob::setJobId(const std::string& id) {
  if (!id.empty() && id.find_first_not_of("0123456789_") == std::string::npos) jobId_ = id;
}

std::string SlurmJob::stateText(std::chrono::seconds waited) const {
  std::string text;
  if (queued_) {
    text = "job " + jobId_ + " queued and waiting for resources";
    if (!squeueWord_.empty()) text += " (" + squeueWord_ + ")";
  } else if (!jobId_.empty()) {
    text = "job " + jobId_ + " allocated, starting the GPU worker";
  } else {
    text = "waiting for srun";
    if (!lastSrunLine_.empty()) text += " (" + lastSrunLine_ + ")";
  }
  return text + ", " + minutesAndSeconds(waited);
}

std::vector<std::string> SlurmJob::onLogin(std::vector<std::string> words) const {
  if (login_.empty()) return words;
  std::vector<std::string> argv = sshPrefix(login_);
  argv.insert(argv.begin() + 1, "-n");  // no input: the command must not wait on ours
  // ssh joins its words into one line for the login host's shell: each is quoted for it
  // ("%T, %r" stays one word).
  std::string line;
  for (const std::string& word : words) line += (line.empty() ? "" : " ") + shellQuoted(word);
  argv.push_back(line);
  return argv;
}

void SlurmJob::refreshWhileQueued(const std::function<bool()>& stop) {
  if (!queued_ || jobId_.empty()) return;
  const auto now = std::chrono::steady_clock::now();
  if (lastSqueue_ != std::chrono::steady_clock::time_point{} && now - lastSqueue_ < kSqueueEvery) return;
  lastSqueue_ = now;
  const CommandOutput out =
      runShortCommand(onLogin({"squeue", "-h", "-j", jobId_, "-o", "%T, %r"}), kSlurmCommandTimeout, stop);
  std::string word = out.out;
  while (!word.empty() && (word.back() == '\n' || word.back() == ' ')) word.pop_back();
  if (out.finished && out.exitCode == 0 && !word.empty() && word.find('\n') == std::string::npos) squeueWord_ = word;
  else if (!out.why.empty()) squeueWord_ = "squeue: " + out.why;  // said, so a broken squeue is seen
}

std::string SlurmJob::cancel() {
  if (jobId_.empty() || cancelled_) return {};
  cancelled_ = true;
  if (const char* own = std::getenv("SLURM_JOB_ID"); login_.empty() && own && jobId_ == own)
    return "job " + jobId_ + " is the one this window runs in, so it was not cancelled";
  const CommandOutput out = runShortCommand(onLogin({"scancel", jobId_}), kSlurmCommandTimeout);
  if (out.finished && out.exitCode == 0) return {};
  return "scancel " + jobId_ + " failed (" + out.why + "): cancel it yourself" +
         (login_.empty() ? std::string() : " on " + login_);
}

}  // namespace warpscope::worker
