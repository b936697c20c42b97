// The one-node Slurm cluster of the Slurm tests (tests/support/slurm-one-node.sh through
// slurm_one_node.h) starts, runs a job asking for the GPU gres through srun, and stops. Skips,
// saying why, where Slurm or munge is not installed or the cluster cannot start here.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "slurm_one_node.h"

using warpscope::test::SlurmOneNode;

TEST(SlurmOneNode, RunsAJobThroughSrun) {
  std::string dir;
  {
    const SlurmOneNode slurm;
    if (!slurm.ok()) GTEST_SKIP() << "no one-node Slurm cluster: " << slurm.whyNot();
    dir = slurm.dir();
    EXPECT_TRUE(std::filesystem::exists(slurm.slurmConf())) << slurm.slurmConf();
    const SlurmOneNode::Result r = slurm.run("srun --gres=gpu:1 -N1 echo ok");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "ok\n") << "logs in " << slurm.dir();
  }
  EXPECT_FALSE(std::filesystem::exists(dir)) << "the cluster's directory is left: " << dir;
}
