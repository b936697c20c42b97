// Recordings (recording.h) and the recorded device (rec:h200): a run written and read back is
// the same run, a figure's container gives back its run, the recorded device serves exactly
// what was recorded and says what it lacks, and the shipped H200 recordings cover every preset.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <vector>

#include "files/compression.h"
#include "not_recorded_on_h100.h"
#include "files/png_text.h"
#include "files/regular_file.h"
#include "rec/recording_backend.h"
#include "warpscope/recording_index.h"
#include "warpscope/file_write.h"
#include "warpscope/lectures.h"
#include "warpscope/recording.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

namespace fs = std::filesystem;

std::string jsonOf(const RunResult& result) {
  std::ostringstream out;
  makeJsonWriter()->write(result, out);
  return out.str();
}

/// A preset run on the simulator, as `record` would keep it.
Recording recordedPreset(Session& session, const std::string& presetId) {
  const PresetRef ref = getPreset(session.registry(), presetId);
  const RunRequest request{ref.lab->id, "sim:h200", presetParams(*ref.lab, *ref.preset), RunScope::FullSweep};
  CancelToken never;
  RunOutcome outcome = session.run(request, {}, never);
  EXPECT_TRUE(outcome.ok()) << (outcome.ok() ? "" : outcome.error().message);
  return makeRecording(request, outcome.result(), session.device("sim:h200"), presetId);
}

Session simulatorSession(std::unique_ptr<Backend> recordings = nullptr) {
  return Session(nullptr, makeSimulatorBackend(), "no GPU in this test", std::move(recordings));
}

/// A 1x1 PNG, as any image writer makes it.
std::string tinyPng() {
  return files::base64Decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
}

TEST(Recording, FileGivesBackTheWholeRunAndWhereItWasMade) {
  Session session = simulatorSession();
  const Recording original = recordedPreset(session, "gpuarch-divergent-warp-splits");
  const std::string bytes = recordingFileBytes(original);
  ASSERT_TRUE(files::isGzip(bytes));
  const Recording back = readRunBytes(bytes, "x.wsrec");
  EXPECT_EQ(jsonOf(back.result), jsonOf(original.result));
  EXPECT_EQ(back.presetId, "gpuarch-divergent-warp-splits");
  EXPECT_EQ(back.recordedAt, original.recordedAt);
  EXPECT_EQ(back.toolVersion, original.toolVersion);
  EXPECT_FALSE(back.toolCommit.empty());
  EXPECT_EQ(back.device.name, original.device.name);
  EXPECT_EQ(back.device.smCount, original.device.smCount);
  EXPECT_EQ(back.request.params, original.request.params);
  EXPECT_EQ(back.request.labId, "divergence");
}

TEST(Recording, BareRunJsonOpensAsARecordingWithoutADate) {
  Session session = simulatorSession();
  const Recording original = recordedPreset(session, "memadv-shared-memory-limits-blocks");
  const Recording back = readRunBytes(jsonOf(original.result), "run.json");
  EXPECT_EQ(jsonOf(back.result), jsonOf(original.result));
  EXPECT_TRUE(back.recordedAt.empty());
  EXPECT_EQ(back.request.labId, original.result.labId);
}

TEST(Recording, PngFigureCarriesItsRunAndStillStartsAsThePng) {
  Session session = simulatorSession();
  Recording original = recordedPreset(session, "memadv-shared-memory-limits-blocks");
  original.viewId = original.result.views.back().id;
  const std::string png = tinyPng();
  const std::string figure = embedRunInPng(png, original);
  EXPECT_TRUE(files::isPng(figure));
  EXPECT_TRUE(figure.ends_with(png.substr(png.size() - 12)));  // IEND stays last
  const Recording back = readRunBytes(figure, "fig.png");
  EXPECT_EQ(jsonOf(back.result), jsonOf(original.result));
  EXPECT_EQ(back.viewId, original.viewId);
}

TEST(Recording, XmlElementInsideAnyTextGivesBackTheRun) {
  Session session = simulatorSession();
  const Recording original = recordedPreset(session, "memadv-shared-memory-limits-blocks");
  const std::string svg = "<svg xmlns='http://www.w3.org/2000/svg'><metadata>" + runXmlElement(original) +
                          "</metadata></svg>";
  EXPECT_EQ(jsonOf(readRunBytes(svg, "fig.svg").result), jsonOf(original.result));
  const std::string pdf = "%PDF-1.4\n1 0 obj <</Type /Metadata>> stream\n<x:xmpmeta>" + runXmlElement(original) +
                          "</x:xmpmeta>\nendstream";
  EXPECT_EQ(jsonOf(readRunBytes(pdf, "fig.pdf").result), jsonOf(original.result));
}

TEST(Recording, FigureWithoutARunIsRefusedSayingSo) {
  try {
    (void)readRunBytes(tinyPng(), "photo.png");
    FAIL() << "a PNG without a run was read";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("photo.png: this PNG carries no Warpscope run"), std::string::npos) << e.what();
  }
}

TEST(Recording, MissingFileAndFolderAreRefusedByName) {
  EXPECT_THROW((void)readRunFile("/nonexistent/run.wsrec"), BadInputError);
  try {
    (void)readRunFile(fs::temp_directory_path().string());
    FAIL();
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
}

// ---- the recorded device -------------------------------------------------------------------

class RecordedDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("warpscope_rec_test_" + std::to_string(::getpid()));
    fs::create_directories(root_ / "h200");
    Session session = simulatorSession();
    rec::RecordingIndex index;
    for (const char* preset : {"memadv-shared-memory-limits-blocks", "gpuarch-divergent-warp-splits"}) {
      Recording recording = recordedPreset(session, preset);
      recording.result.provenance = Provenance::Measured;  // as a GPU's run would be
      recording.device.name = "NVIDIA H200";
      const std::string file = std::string(preset) + ".wsrec";
      writeFileAtomically((root_ / "h200" / file).string(), recordingFileBytes(recording));
      index.device = recording.device;
      index.entries.push_back(rec::indexEntryFor(recording, file));
      recorded_[preset] = recording;
    }
    writeFileAtomically((root_ / "h200" / rec::kIndexFileName).string(), rec::indexToJson(index));
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path root_;
  std::map<std::string, Recording> recorded_;
};

TEST_F(RecordedDevice, ServesExactlyWhatWasRecordedLabelledRecorded) {
  Session session = simulatorSession(rec::makeRecordingBackend(root_.string()));
  const DeviceInfo& device = session.device("rec:h200");
  EXPECT_EQ(device.kind, DeviceKind::Recording);
  EXPECT_EQ(device.name, "NVIDIA H200");
  const Recording& recording = recorded_.at("gpuarch-divergent-warp-splits");
  CancelToken never;
  const RunOutcome outcome =
      session.run({recording.request.labId, "rec:h200", recording.request.params, RunScope::FullSweep}, {}, never);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_EQ(outcome.result().banner(), "Recorded on NVIDIA H200, " + recording.recordedOn());
  EXPECT_EQ(outcome.result().views.size(), recording.result.views.size());
  EXPECT_EQ(outcome.result().scalars.size(), recording.result.scalars.size());
  for (std::size_t i = 0; i < recording.result.scalars.size(); ++i)
    EXPECT_EQ(outcome.result().scalars[i].value, recording.result.scalars[i].value);
}

// A recording written today names its choices ("pattern": "switch"); the device still matches a
// request by its numbers, whether the user gave the names (--set pattern=switch) or numbers.
TEST_F(RecordedDevice, ARecordingThatNamesItsChoicesIsServedForThem) {
  const std::string bytes = files::decompress(
      files::readRegularFile((root_ / "h200" / "gpuarch-divergent-warp-splits.wsrec").string(), 64 << 20), 64 << 20);
  const auto doc = nlohmann::json::parse(bytes);
  ASSERT_TRUE(doc["result"]["params"]["pattern"].is_string()) << doc["result"]["params"].dump();
  const Recording& recording = recorded_.at("gpuarch-divergent-warp-splits");
  const LabSpec& lab = LabRegistry::builtin().get("divergence");
  std::vector<std::string> assignments;
  for (const auto& [id, value] : recording.request.params.values())
    assignments.push_back(id + "=" + findParam(lab.params, id)->valueText(value));
  const std::string named = "pattern=" + doc["result"]["params"]["pattern"].get<std::string>();
  EXPECT_NE(std::find(assignments.begin(), assignments.end(), named), assignments.end());
  const ParamSet params = parseAssignments(lab.params, assignments);
  EXPECT_EQ(params, recording.request.params);
  Session session = simulatorSession(rec::makeRecordingBackend(root_.string()));
  CancelToken never;
  const RunOutcome outcome = session.run({"divergence", "rec:h200", params, RunScope::FullSweep}, {}, never);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_EQ(outcome.result().params, recording.result.params);
}

TEST_F(RecordedDevice, ValueNotRecordedIsRefusedNamingItAndOfferingTheModel) {
  Session session = simulatorSession(rec::makeRecordingBackend(root_.string()));
  const Recording& recording = recorded_.at("memadv-shared-memory-limits-blocks");
  ParamSet params = recording.request.params;
  params.set("threads_per_block", 64);
  CancelToken never;
  const RunOutcome outcome = session.run({"occupancy", "rec:h200", params, RunScope::FullSweep}, {}, never);
  ASSERT_FALSE(outcome.ok());
  EXPECT_NE(outcome.error().message.find("Threads per block = 64 (recorded: "), std::string::npos)
      << outcome.error().message;
  EXPECT_EQ(outcome.error().alternativeDeviceId, "sim:h200");
  const RunOutcome otherLab =
      session.run({"roofline", "rec:h200", defaultParams(session.registry().get("roofline").params), RunScope::FullSweep},
                  {}, never);
  ASSERT_FALSE(otherLab.ok());
  EXPECT_NE(otherLab.error().message.find("no run of"), std::string::npos) << otherLab.error().message;
}

TEST_F(RecordedDevice, DamagedIndexLeavesTheDeviceOutWithTheReason) {
  std::ofstream(root_ / "h200" / rec::kIndexFileName) << "{\"format\": 3";
  Session session = simulatorSession(rec::makeRecordingBackend(root_.string()));
  EXPECT_THROW((void)session.device("rec:h200"), BadInputError);
  bool reported = false;
  for (const auto& missing : session.unavailableDevices()) reported = reported || missing.id == "rec:h200";
  EXPECT_TRUE(reported);
}

// Issue 32: WARPSCOPE_RECORDINGS adds the user's devices to the shipped ones (it replaced them);
// a user's folder named like a shipped one (h200) is the one served.
TEST_F(RecordedDevice, UserRecordingsAreAddedToTheShippedOnesAndReplaceOnlyTheirNamesake) {
  fs::copy(root_ / "h200", root_ / "mygpu", fs::copy_options::recursive);
  ASSERT_FALSE(rec::shippedRecordingsRoot().empty());
  ::setenv("WARPSCOPE_RECORDINGS", root_.c_str(), 1);
  const std::vector<std::string> roots = rec::defaultRecordingsRoots();
  ::unsetenv("WARPSCOPE_RECORDINGS");
  ASSERT_EQ(roots, (std::vector<std::string>{root_.string(), rec::shippedRecordingsRoot()}));
  Session session = simulatorSession(rec::makeRecordingBackend(roots));
  EXPECT_EQ(session.device("rec:mygpu").kind, DeviceKind::Recording);
  EXPECT_EQ(session.device("rec:h100").name, "NVIDIA H100 80GB HBM3");  // shipped, still there
  // The user's h200 holds two recordings; the shipped one every preset.
  EXPECT_NE(session.device("rec:h200").sources.find(root_.string()), std::string::npos)
      << session.device("rec:h200").sources;
  EXPECT_EQ(rec::makeRecordingBackend(roots)->devices().size(),
            rec::makeRecordingBackend(rec::shippedRecordingsRoot())->devices().size() + 1);
}

// Issue 29: one truncated .wsrec in a folder without an index hid every recording in it.
TEST_F(RecordedDevice, AFolderWithoutAnIndexLeavesOutOnlyItsDamagedRecordingAndSaysSo) {
  fs::remove(root_ / "h200" / rec::kIndexFileName);
  { std::ofstream(root_ / "h200" / "broken.wsrec") << "\x1f\x8b truncated"; }
  const auto backend = rec::makeRecordingBackend(root_.string());
  ASSERT_EQ(backend->devices().size(), 1u);
  const DeviceInfo device = backend->devices().front();
  EXPECT_NE(device.sources.find("2 recordings"), std::string::npos) << device.sources;
  EXPECT_NE(device.sources.find("1 unreadable left out (" + (root_ / "h200" / "broken.wsrec").string()),
            std::string::npos)
      << device.sources;
}

// A recordings folder whose name holds a newline broke `warpscope-cli devices`' tab-separated lines.
TEST_F(RecordedDevice, AFolderNamedWithANewlineIsLeftOutByAnIdOnOneLine) {
  fs::create_directories(root_ / "bad\nname");
  fs::copy_file(root_ / "h200" / "gpuarch-divergent-warp-splits.wsrec", root_ / "bad\nname" / "a.wsrec");
  const auto backend = rec::makeRecordingBackend(root_.string());
  ASSERT_EQ(backend->devices().size(), 1u);
  EXPECT_EQ(backend->devices().front().id, "rec:h200");
  bool reported = false;
  for (const auto& missing : backend->unavailableDevices()) {
    EXPECT_EQ(missing.id.find_first_of("\n\t"), std::string::npos);
    reported = reported || (missing.id == "rec:bad?name" && missing.reason.find("control character") != std::string::npos);
  }
  EXPECT_TRUE(reported);
}

// An unreadable recordings root made every command fail "No backend is available".
TEST(RecordingsRoot, AnUnreadableRootLeavesTheRecordingsOutAndTheSimulatorsWorking) {
  std::string asUser;
  if (::geteuid() == 0) {
    if (std::system("command -v setpriv >/dev/null 2>&1") != 0) GTEST_SKIP() << "root lists any folder; no setpriv";
    asUser = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    if (std::system((asUser + WARPSCOPE_CLI_PATH + " labs >/dev/null 2>&1").c_str()) != 0)
      GTEST_SKIP() << "running as root, and user nobody cannot run " << WARPSCOPE_CLI_PATH;
  }
  const fs::path root = fs::temp_directory_path() / "warpscope_unreadable_recordings";
  fs::remove_all(root);
  fs::create_directories(root / "h200");
  fs::permissions(root, fs::perms::none);
  const fs::path out = fs::temp_directory_path() / "warpscope_unreadable_recordings.txt";
  const int status = std::system(("WARPSCOPE_RECORDINGS=" + root.string() + " " + asUser + WARPSCOPE_CLI_PATH +
                                  " devices >" + out.string() + " 2>&1").c_str());
  fs::permissions(root, fs::perms::owner_all);
  fs::remove_all(root);
  std::ifstream in(out);
  const std::string listing{std::istreambuf_iterator<char>(in), {}};
  fs::remove(out);
  EXPECT_EQ(WEXITSTATUS(status), 0) << listing;
  EXPECT_NE(listing.find("sim:h200"), std::string::npos) << listing;
  EXPECT_NE(listing.find("cannot list the recordings"), std::string::npos) << listing;
}

// ---- the shipped H200 recordings -------------------------------------------------------------

TEST(ShippedRecordings, EveryLecturePresetIsRecordedOnARealGpuAndServedAsRecorded) {
  // Every slide has a real GPU's run on each shipped GPU, the H200 and the H100 (the H100 but for
  // the presets tests/support/not_recorded_on_h100.h names).
  const std::string root = rec::shippedRecordingsRoot();
  ASSERT_FALSE(root.empty()) << "resources/recordings/devices is missing";
  Session session = simulatorSession(rec::makeRecordingBackend(root));
  CancelToken never;
  std::set<std::string> done;
  for (const auto& [deviceId, gpu] : {std::pair<std::string, std::string>{"rec:h200", "NVIDIA H200"},
                                      std::pair<std::string, std::string>{"rec:h100", "NVIDIA H100 80GB HBM3"}})
  for (const Lecture& lecture : LectureLibrary::builtin().lectures())
    for (const std::string& presetId : lecture.presetIds) {
      if (!done.insert(deviceId + presetId).second) continue;
      if (deviceId == "rec:h100" && test::notRecordedOnH100().contains(presetId)) {
        std::cout << presetId << " on rec:h100: left out, " << test::notRecordedOnH100().at(presetId) << "\n";
        continue;
      }
      const PresetRef ref = getPreset(session.registry(), presetId);
      RunRequest request{ref.lab->id, deviceId, presetParams(*ref.lab, *ref.preset), RunScope::FullSweep, presetId};
      RunOutcome outcome = session.run(request, {}, never);
      ASSERT_TRUE(outcome.ok()) << presetId << ": " << outcome.error().message;
      const RunResult& r = outcome.result();
      // A measurement says where and when; a GPU run that ran the model says "Simulated".
      if (r.provenance == Provenance::Measured)
        EXPECT_TRUE(r.banner().starts_with("Recorded on " + gpu + ", 20")) << presetId << ": " << r.banner();
      else
        EXPECT_TRUE(r.banner().starts_with("Simulated: ")) << presetId << ": " << r.banner();
    }
  EXPECT_EQ(done.size(), 2 * allPresets(session.registry()).size());
}

// The files written before named choices were names (schema_version 1 and 2: "pattern": 1.0)
// still load, as the numbers they hold, and are written again with the names.
TEST(ShippedRecordings, OldFilesWithNumbersForNamedChoicesStillLoad) {
  int files = 0;
  for (const auto& item : fs::directory_iterator(WARPSCOPE_RECORDINGS_DIR))
    if (item.path().extension() == ".json") {
      EXPECT_NO_THROW((void)readRunFile(item.path().string())) << item.path();
      ++files;
    }
  EXPECT_GE(files, 9);
  const std::string path = std::string(WARPSCOPE_RECORDINGS_DIR) + "/h100_divergence.json";
  std::ifstream in(path);
  const auto old = nlohmann::json::parse(in);
  ASSERT_EQ(old["schema_version"], 2);
  ASSERT_TRUE(old["params"]["pattern"].is_number()) << "the file this test reads is no longer an old one";
  const RunResult result = readRunFile(path).result;
  EXPECT_EQ(result.params.at("pattern"), 1);
  const std::string again = jsonOf(result);
  EXPECT_EQ(nlohmann::json::parse(again)["params"]["pattern"], "odd-even");
  EXPECT_EQ(readResultJson(again).params, result.params);
}

TEST(ShippedRecordings, FitIn25MiB) {
  std::uintmax_t total = 0;
  for (const auto& item : fs::recursive_directory_iterator(rec::shippedRecordingsRoot()))
    if (item.is_regular_file()) total += item.file_size();
  EXPECT_LE(total, std::uintmax_t{25} << 20);
}

}  // namespace
}  // namespace warpscope

namespace warpscope {
namespace {

TEST(ModelDevice, ARecordedGpuIsModelledByItsProfileAndASimulatorByItself) {
  Session session = Session(nullptr, makeSimulatorBackend(), "no GPU in this test",
                            rec::makeRecordingBackend(rec::shippedRecordingsRoot()));
  EXPECT_EQ(session.modelDeviceFor("rec:h200"), "sim:h200");
  EXPECT_EQ(session.modelDeviceFor("sim:gtx480"), "sim:gtx480");
  EXPECT_EQ(session.modelDeviceFor("cuda:7"), "");
}

}  // namespace
}  // namespace warpscope
