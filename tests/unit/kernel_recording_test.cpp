// A recorded device serves a run of the user's own kernel (issue 33) for that kernel only: the
// index keeps the kernel's file name and key (its text's hash), a request with the same text and
// values gets the run as recorded, and an edited file or another kernel with the same values is
// refused by name. The recording is made by hand here (no NVRTC needed), as `record --kernel`
// writes one on a GPU.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "kernel_examples.h"
#include "rec/recording_backend.h"
#include "warpscope/backend.h"
#include "warpscope/file_write.h"
#include "warpscope/kernel_source.h"
#include "warpscope/recording.h"
#include "warpscope/recording_index.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

using namespace warpscope;
namespace fs = std::filesystem;

namespace {

class KernelRecording : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("warpscope_kernel_rec_test_" + std::to_string(::getpid()));
    fs::create_directories(root_ / "h200");
    lab_ = LabRegistry::builtin().userKernelLab();
    ASSERT_NE(lab_, nullptr);
    request_.labId = lab_->spec.id;
    request_.deviceId = "cuda:0";
    request_.kernel = test::kernelExample("transpose.cu");
    request_.params = defaultParams(lab_->specFor(request_).params);
    RunResult result;
    result.labId = request_.labId;
    result.deviceId = "cuda:0";
    result.deviceName = "NVIDIA H200";
    result.provenance = Provenance::Measured;
    result.params = request_.params.values();
    result.kernel = request_.kernel;
    result.scalars.push_back({"user.time_us", "Kernel time (median)", 39.5, "us"});
    DeviceInfo device;
    device.id = "cuda:0";
    device.name = "NVIDIA H200";
    device.kind = DeviceKind::Cuda;
    device.computeCapability = "9.0";
    const Recording recording = makeRecording(request_, result, device, "");
    const std::string file = "user-kernel-transpose.wsrec";
    writeFileAtomically((root_ / "h200" / file).string(), recordingFileBytes(recording));
    rec::RecordingIndex index;
    index.device = device;
    index.entries.push_back(rec::indexEntryFor(recording, file));
    writeFileAtomically((root_ / "h200" / rec::kIndexFileName).string(), rec::indexToJson(index));
  }
  void TearDown() override { fs::remove_all(root_); }

  RunOutcome run(RunRequest request) {
    Session session(nullptr, makeSimulatorBackend(), "no GPU in this test", rec::makeRecordingBackend(root_.string()));
    request.deviceId = "rec:h200";
    CancelToken never;
    return session.run(request, {}, never);
  }

  fs::path root_;
  const labs::LabDefinition* lab_ = nullptr;
  RunRequest request_;
};

}  // namespace

TEST_F(KernelRecording, TheIndexKeepsTheKernelsNameAndKey) {
  const rec::RecordingIndex index = rec::readIndexFile((root_ / "h200" / rec::kIndexFileName).string());
  ASSERT_EQ(index.entries.size(), 1u);
  EXPECT_EQ(index.entries[0].kernelFile, "transpose.cu");
  EXPECT_EQ(index.entries[0].kernelKey, kernelKey(request_.kernel));
  EXPECT_EQ(kernelKey({"a.cu", "x"}), kernelKey({"b.cu", "x"})) << "the text decides, not the name";
  EXPECT_NE(kernelKey({"a.cu", "x"}), kernelKey({"a.cu", "y"}));
  EXPECT_EQ(kernelKey({"a.cu", ""}), "cbf29ce484222325:0") << "FNV-1a's offset basis: the same on every machine";
}

TEST_F(KernelRecording, TheSameKernelAndValuesAreServedAsRecorded) {
  const RunOutcome outcome = run(request_);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_EQ(outcome.result().kernel, request_.kernel);
  EXPECT_EQ(outcome.result().findScalar("user.time_us")->value, 39.5);
  EXPECT_FALSE(outcome.result().recordedOn.empty());
}

TEST_F(KernelRecording, AnEditedFileOrAnotherKernelIsRefusedByName) {
  RunRequest edited = request_;
  edited.kernel.text += "\n// one more line\n";
  const RunOutcome changed = run(edited);
  ASSERT_FALSE(changed.ok());
  EXPECT_NE(
      changed.error().message.find("no run of transpose.cu as it is now (they hold another version of transpose.cu)"),
      std::string::npos)
      << changed.error().message;
  RunRequest other = request_;
  other.kernel = test::kernelExample("stencil.cu");
  other.params = defaultParams(lab_->specFor(other).params);
  const RunOutcome stencil = run(other);
  ASSERT_FALSE(stencil.ok());
  EXPECT_NE(stencil.error().message.find("no run of stencil.cu as it is now (they hold transpose.cu)"),
            std::string::npos)
      << stencil.error().message;
  RunRequest value = request_;
  value.params.set("N", 1024);
  const RunOutcome smaller = run(value);
  ASSERT_FALSE(smaller.ok());
  EXPECT_NE(smaller.error().message.find("Matrix side = 1024 (recorded: 4096)"), std::string::npos)
      << smaller.error().message;
}

// The shipped rec:h200 holds the three examples (record --kernel on the H200): each index entry's
// key must be the example's as it is now, or editing an example would silently stop serving it.
TEST(ShippedKernelRecordings, EachExampleRecordedOnTheH200IsTheExampleAsItIsNow) {
  const rec::RecordingIndex index = rec::readIndexFile(rec::shippedRecordingsRoot() + "/h200/" + rec::kIndexFileName);
  int kernels = 0;
  for (const rec::IndexEntry& entry : index.entries) {
    if (entry.kernelKey.empty()) continue;
    ++kernels;
    EXPECT_EQ(entry.kernelKey, kernelKey(test::kernelExample(entry.kernelFile)))
        << entry.file << ": resources/kernels/" << entry.kernelFile
        << " changed since it was recorded (warpscope-cli record --kernel on a GPU)";
  }
  EXPECT_EQ(kernels, 3) << "reduction, transpose and stencil";
}
