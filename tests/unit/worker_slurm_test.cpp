// The GPU worker inside a Slurm allocation: Debian's munged, slurmctld and slurmd started by the
// test as a one-node cluster on localhost (slurm_one_node.h; gres gpu:1 with no device behind it),
// and `srun ... warpscope-cli serve` as the worker's command, the way "Connect through Slurm"
// runs it. The worker offers its simulator devices (no GPU here). A run in the allocation, the
// job ending with the backend, the job's wait in the queue said and given up, srun's own refusal.
// Skips, saying why, where the Slurm packages are not installed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "labs/streams/streams_lab.h"
#include "slurm_one_node.h"
#include "warpscope/worker.h"
#include "worker/worker_slurm.h"
#include "resolved_run.h"

using namespace warpscope;
using namespace warpscope::worker;
using warpscope::test::SlurmOneNode;

namespace {

/// The cluster, with SLURM_CONF set in this process (srun, squeue and scancel started by the
/// backend inherit it), or the reason it could not start.
class SlurmWorker : public ::testing::Test {
 protected:
  void SetUp() override {
    slurm_ = std::make_unique<SlurmOneNode>();
    if (!slurm_->ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm_->whyNot();
    setenv("SLURM_CONF", slurm_->slurmConf().c_str(), 1);
    unsetenv("SLURM_JOB_ID");  // a CI that itself runs in a Slurm job
    setenv("WARPSCOPE_REMOTE_SIMULATOR", "1", 1);
  }
  void TearDown() override {
    unsetenv("WARPSCOPE_REMOTE_SIMULATOR");
    unsetenv("SLURM_CONF");
  }

  /// The job ids squeue lists under `name`, one per line ("" when none).
  std::string jobs(const std::string& name) const {
    return slurm_->run("squeue -h -n " + name + " -o %i").out;
  }
  /// Waits up to 20 s for squeue to list no job named `name`.
  bool noJobsNamed(const std::string& name) const {
    for (int i = 0; i < 100; ++i) {
      if (jobs(name).empty()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return false;
  }

  static std::string srun(const std::string& jobName, const std::string& gres = "gpu:1") {
    return "srun --job-name=" + jobName + " --gres=" + gres + " --time=00:10:00 " + WARPSCOPE_CLI_PATH + " serve";
  }

  std::unique_ptr<SlurmOneNode> slurm_;
};

RunRequest streamsRequest(const std::string& device) {
  return {labs::kStreamsId, device, defaultParams(labs::streamsSpec().params), RunScope::FocusOnly};
}

}  // namespace

TEST_F(SlurmWorker, ASimulatorDeviceRunsInsideAnAllocationAndEndingTheBackendEndsTheJob) {
  auto backend = makeWorkerBackend(slurmWorkerCommand("", srun("ws-run")));
  bool offered = false;
  for (const DeviceInfo& d : backend->devices()) offered = offered || d.id == "slurm:local/sim:h200";
  ASSERT_TRUE(offered) << "the worker's simulator device, named with the cluster";
  EXPECT_FALSE(jobs("ws-run").empty()) << "the worker runs in a job while the backend lives";

  CancelToken cancel;
  const RunOutcome out = test::runResolved(*backend, streamsRequest("slurm:local/sim:h200"), {}, cancel);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out.result().deviceId, "slurm:local/sim:h200");
  EXPECT_NE(out.result().deviceName.find("Slurm on this machine"), std::string::npos) << out.result().deviceName;
  EXPECT_GT(out.result().findScalar("streams.total_ms")->value, 0);

  backend.reset();
  EXPECT_TRUE(noJobsNamed("ws-run")) << "ending the session ends the job; squeue still lists " << jobs("ws-run");
}

TEST_F(SlurmWorker, AJobWaitingInTheQueueIsSaidAndGivingUpTheWaitCancelsIt) {
  // Another job holds the node's one GPU, so the worker's job waits in the queue.
  const auto held = slurm_->run("sbatch -J ws-holder --gres=gpu:1 --time=00:10:00 -o /dev/null --wrap 'sleep 300' 2>&1");
  ASSERT_EQ(held.status, 0) << held.out;

  std::mutex mutex;
  std::vector<std::string> states;
  CancelToken cancel;
  auto starting = std::async(std::launch::async, [&] {
    return makeWorkerBackend(
        slurmWorkerCommand("", srun("ws-queued")),
        [&](const std::string& state) {
          std::lock_guard lock(mutex);
          states.push_back(state);
        },
        &cancel);
  });
  // srun says the job is queued, and squeue's state and reason follow within its 10 s period.
  bool queuedWithReason = false;
  for (int i = 0; i < 150 && !queuedWithReason; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    std::lock_guard lock(mutex);
    queuedWithReason = !states.empty() && states.back().find("queued and waiting for resources (PENDING") != std::string::npos;
  }
  {
    std::lock_guard lock(mutex);
    ASSERT_TRUE(queuedWithReason) << "last said: " << (states.empty() ? std::string("nothing") : states.back());
  }
  EXPECT_FALSE(jobs("ws-queued").empty());

  cancel.requestCancel();
  try {
    starting.get();
    FAIL() << "a cancelled start throws WorkerStartCancelled";
  } catch (const WorkerStartCancelled& e) {
    EXPECT_NE(std::string(e.what()).find(" cancelled)"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(noJobsNamed("ws-queued")) << "the queued job was left behind: " << jobs("ws-queued");
  slurm_->run("scancel -n ws-holder");
}

TEST_F(SlurmWorker, AJobSlurmRefusesIsSaidInSrunsWords) {
  // Two GPUs on a node that has one: srun refuses at once, and the message carries its words.
  try {
    makeWorkerBackend(slurmWorkerCommand("", srun("ws-refused", "gpu:2")));
    FAIL() << "srun refused the job, so the worker never answered";
  } catch (const WorkerStartCancelled&) {
    FAIL() << "nothing was cancelled";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("srun: error"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(jobs("ws-refused").empty());
}

TEST_F(SlurmWorker, AJobWhoseSrunWasCutOffIsCancelledButNeverTheJobTheWindowRunsIn) {
  // A job left by an srun that lost its connection (here: one sbatch made) is cancelled by its
  // watch, as the backend's end does after a cut-off worker.
  const auto orphan = slurm_->run("sbatch --parsable -J ws-orphan --gres=gpu:1 --time=00:10:00 -o /dev/null --wrap 'sleep 300'");
  ASSERT_EQ(orphan.status, 0) << orphan.out;
  const std::string orphanId = orphan.out.substr(0, orphan.out.find_first_of(";\n"));
  {
    SlurmJob job("");
    job.setJobId(orphanId);
    EXPECT_EQ(job.cancel(), "");
  }
  EXPECT_TRUE(noJobsNamed("ws-orphan")) << jobs("ws-orphan");

  // The window inside a Slurm job of its own (salloc, a desktop session): that job is never
  // cancelled, whatever a worker said.
  const auto own = slurm_->run("sbatch --parsable -J ws-own --time=00:10:00 -o /dev/null --wrap 'sleep 300'");
  ASSERT_EQ(own.status, 0) << own.out;
  const std::string ownId = own.out.substr(0, own.out.find_first_of(";\n"));
  setenv("SLURM_JOB_ID", ownId.c_str(), 1);
  SlurmJob job("");
  job.setJobId(ownId);
  EXPECT_NE(job.cancel().find("the one this window runs in"), std::string::npos);
  unsetenv("SLURM_JOB_ID");
  EXPECT_FALSE(jobs("ws-own").empty());
  slurm_->run("scancel -n ws-own");
}
