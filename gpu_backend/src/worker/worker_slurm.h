#pragma once
/// \file worker_slurm.h
/// The Slurm job a GPU worker runs in (`srun ... warpscope-cli serve`, docs/remote.md): what srun
/// says of it on its standard error while it waits, squeue's state and reason, and scancel when
/// the worker ends or the wait is given up. srun only releases a job it is still waiting for when
/// it is told to, and a killed ssh never tells it: so every way out of a job goes through cancel().

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace warpscope::worker {

class SlurmJob {
 public:
  /// `login`: the host srun, squeue and scancel run on through ssh ("" for this machine).
  explicit SlurmJob(std::string login);
  /// Cancels the job if it is known and was not ended (cancel()).
  ~SlurmJob();
  SlurmJob(const SlurmJob&) = delete;
  SlurmJob& operator=(const SlurmJob&) = delete;

  /// Reads one line srun wrote to its standard error ("srun: job 42 queued and waiting for
  /// resources", "... has been allocated resources"); other lines are kept as the last word.
  void observeSrunLine(const std::string& line);
  /// The job id the worker found in its environment (SLURM_JOB_ID, said in its hello).
  void setJobId(const std::string& id);

  [[nodiscard]] const std::string& jobId() const { return jobId_; }
  /// srun said the job waits in the queue and has not said it was allocated since.
  [[nodiscard]] bool queued() const { return queued_; }
  /// For the window, e.g. "job 42 queued and waiting for resources (PENDING, Priority), 1:05".
  [[nodiscard]] std::string stateText(std::chrono::seconds waited) const;

  /// While queued, asks squeue for the job's state and reason, at most every 15 s (a new ssh login
  /// each time); `stop` ends a squeue still running (the user cancelled).
  void refreshWhileQueued(const std::function<bool()>& stop = {});
  /// `scancel JOB` (once; bounded to 15 s): ending the session, or giving up the wait, ends the
  /// job. Returns what happened, for the user: "" when it was cancelled (or no job is known),
  /// otherwise why not and what to do. Never cancels the job this process itself runs in.
  std::string cancel();
  /// The job ended by itself (its srun exited 0 after the worker's goodbye): nothing to cancel.
  void ended() { cancelled_ = true; }

 private:
  [[nodiscard]] std::vector<std::string> onLogin(std::vector<std::string> words) const;

  std::string login_;
  std::string jobId_;
  bool queued_ = false;
  bool cancelled_ = false;
  std::string squeueWord_;  ///< "PENDING, Priority" from the last squeue.
  std::string lastSrunLine_;
  std::chrono::steady_clock::time_point lastSqueue_{};
};

}  // namespace warpscope::worker
