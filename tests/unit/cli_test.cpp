// warpscope-cli end to end, in-process (runCli) and as a process for exit codes.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "kernel_lecture.h"
#include "warpscope/lecture_file.h"

using warpscope::cli::runCli;

namespace {

struct CliRun {
  int code;
  std::string out;
  std::string err;
};

CliRun cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = runCli(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace

TEST(Cli, LabsPrintsOneLabPerLineIdFirst) {
  const CliRun r = cli({"labs"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("latency-arith\t", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nlatency-memory\t"), std::string::npos);
}

// A newcomer's first try: `warpscope-cli run --help` was "unknown option --help", exit 2.
TEST(Cli, EveryCommandsHelpPrintsItsOwnUsageAndExitsZero) {
  for (const std::string command : {"devices", "labs", "describe", "lectures", "run", "record", "show", "bench", "serve"}) {
    const CliRun r = cli({command, "--help"});
    EXPECT_EQ(r.code, 0) << command << ": " << r.err;
    EXPECT_EQ(r.out.rfind("usage: warpscope-cli " + command, 0), 0u) << r.out;
    EXPECT_NE(r.out.find("\n  " + command), std::string::npos) << command << "'s own lines: " << r.out;
    EXPECT_NE(r.out.find("exit: 0 ok"), std::string::npos);
    EXPECT_EQ(cli({command, "--device", "sim:h100", "-h"}).code, 0) << "-h after other options, " << command;
  }
  const CliRun run = cli({"run", "--help"});
  EXPECT_EQ(run.out.find("  bench"), std::string::npos) << "only run's lines: " << run.out;
  EXPECT_NE(run.out.find("--host HOST"), std::string::npos) << "run takes --host";
  EXPECT_EQ(cli({"labs", "--help"}).out.find("--host"), std::string::npos) << "labs does not";
}

TEST(Cli, DevicesListsEverySimulatorProfileIdFirst) {
  const CliRun r = cli({"devices"});
  EXPECT_EQ(r.code, 0);
  for (const char* id : {"sim:gtx480", "sim:k40", "sim:v100", "sim:a100", "sim:h100", "sim:h200"})
    EXPECT_NE(r.out.find(std::string(id) + "\t"), std::string::npos) << id << " missing in\n" << r.out;
}

TEST(Cli, DevicesListsAMissingGpuWithItsReason) {
  // The machines running these tests may or may not have a GPU: either a cuda:N line is a
  // usable GPU, or an "unavailable" line says why there is none.
  const CliRun r = cli({"devices"});
  EXPECT_EQ(r.code, 0);
  const bool gpu = r.out.find("\tgpu\t") != std::string::npos;
  const bool why = r.out.find("\tunavailable\t") != std::string::npos;
  EXPECT_TRUE(gpu || why) << r.out;
}

TEST(Cli, NamedChoiceIsSetByNameAndAnUnknownNameListsTheChoices) {
  const CliRun ok = cli({"run", "divergence", "--device", "sim:h100", "--set", "pattern=switch", "--set", "paths=3"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("\"pattern\": \"switch\""), std::string::npos) << ok.out.substr(0, 600);
  const CliRun bad = cli({"run", "divergence", "--device", "sim:h100", "--set", "pattern=zigzag"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("odd-even"), std::string::npos) << bad.err;
}

TEST(Cli, DescribePrintsParametersAsJson) {
  const CliRun r = cli({"describe", "latency-arith"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["params"][0]["id"], "threads_per_block");
}

TEST(Cli, RunOnTheSimulatorWritesJsonWithTheBanner) {
  const CliRun r = cli({"run", "latency-memory", "--device", "sim:h200", "--set", "occupancy_pct=25"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["banner"], "Simulated: " + doc["device_name"].get<std::string>());
  EXPECT_EQ(doc["params"]["occupancy_pct"], 25);
  EXPECT_EQ(doc["views"].size(), 5u);
}

TEST(Cli, RunWritesCsvToTheOutFile) {
  const auto path = std::filesystem::temp_directory_path() / "warpscope_cli_test.csv";
  const CliRun r = cli({"run", "latency-arith", "--device", "sim:h100", "--format", "csv", "--out", path.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream file(path);
  std::string first, header;
  std::getline(file, first);
  EXPECT_EQ(first.rfind("# format: warpscope-view-csv 1", 0), 0u) << "the '#' metadata first: " << first;
  while (std::getline(file, header) && header.starts_with("#")) {
  }
  EXPECT_EQ(header, "view,series,series_key,x,y,y_min,y_max") << "one table: its header after the '#' lines";
  EXPECT_NE(r.err.find("--view ID writes another (gflops-vs-threads, fraction-vs-ilp)"), std::string::npos) << r.err;
  const CliRun other = cli({"run", "latency-arith", "--device", "sim:h100", "--format", "csv", "--view", "fraction-vs-ilp"});
  ASSERT_EQ(other.code, 0) << other.err;
  EXPECT_NE(other.out.find("\n# view: fraction-vs-ilp\n"), std::string::npos) << other.out;
  EXPECT_NE(other.out.find("\nview,series,series_key,x,y,y_min,y_max\n"), std::string::npos) << other.out;
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--format", "csv", "--view", "nope"}).code, 2);
  std::filesystem::remove(path);
}

TEST(Cli, OutOfRangeValueExitsTwoNamingParameterAndRange) {
  const CliRun r = cli({"run", "latency-arith", "--device", "sim:h100", "--set", "threads_per_block=2000"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("threads_per_block"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("32..1024"), std::string::npos) << r.err;
}

TEST(Cli, WrongTypeUnknownParameterLabDeviceAndFormatAllExitTwo) {
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--set", "ilp=four"}).code, 2);
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--set", "ilp=5"}).code, 2) << "5 is not a compiled ILP";
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--set", "warps=4"}).code, 2);
  EXPECT_EQ(cli({"run", "latency-cache", "--device", "sim:h100"}).code, 2);
  const CliRun device = cli({"run", "latency-arith", "--device", "sim:voodoo2"});
  EXPECT_EQ(device.code, 2);
  EXPECT_NE(device.err.find("sim:h100"), std::string::npos) << "lists the known devices: " << device.err;
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--format", "xml"}).code, 2);
  EXPECT_EQ(cli({"frobnicate"}).code, 2);
  EXPECT_EQ(cli({"run"}).code, 2);
  EXPECT_EQ(cli({"run", "latency-arith", "--set"}).code, 2) << "option without its value";
}

TEST(Cli, InfeasibleCombinationIsBadInputNotACrash) {
  const CliRun r = cli({"run", "latency-arith", "--device", "sim:h100", "--set", "threads_per_block=1024",
                        "--set", "blocks_per_sm=4"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("blocks_per_sm"), std::string::npos) << r.err;
}

TEST(CliProcess, ExitCodesSurviveTheRealExecutable) {
  const std::string cliPath = WARPSCOPE_CLI_PATH;
  EXPECT_EQ(std::system((cliPath + " labs >/dev/null").c_str()), 0);
  const int status = std::system((cliPath + " run latency-arith --device sim:h100 --set ilp=7 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
}

TEST(Cli, LecturesPrintsOnePresetALineLectureIdPresetIdLabTitle) {
  const CliRun r = cli({"lectures"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    ++count;
    EXPECT_EQ(std::count(line.begin(), line.end(), '\t'), 3) << line;
  }
  EXPECT_GE(count, 30);
  EXPECT_EQ(r.out.find("volkov-lower-occupancy\tvolkov-"), r.out.find("volkov-lower-occupancy")) << r.out;
}

TEST(Cli, RunPresetUsesThePresetsLabAndSettingsAndSetGoesOnTop) {
  const CliRun list = cli({"lectures"});
  // The first preset of the listing, whatever it is: lecture, preset, lab, title.
  std::istringstream first(list.out.substr(0, list.out.find('\n')));
  std::string lecture, preset, lab;
  std::getline(first, lecture, '\t');
  std::getline(first, preset, '\t');
  std::getline(first, lab, '\t');
  const CliRun r = cli({"run", "--preset", preset, "--device", "sim:h200"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["lab"], lab);
  EXPECT_EQ(cli({"run", "--preset", "no-such-preset", "--device", "sim:h200"}).code, 2);
  const std::string other = lab == "latency-arith" ? "latency-memory" : "latency-arith";
  const CliRun mismatch = cli({"run", other, "--preset", preset, "--device", "sim:h200"});
  EXPECT_EQ(mismatch.code, 2);
  EXPECT_NE(mismatch.err.find(lab), std::string::npos) << mismatch.err;
}

TEST(Cli, AnEmptyOutFileNameIsRefused) {
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--out", ""}).code, 2);
}

// Write failures: the old file survives, no partial file is left, and the exit code is 2.
namespace {

std::filesystem::path freshFolder(const std::string& name) {
  const auto folder = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

std::string readAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST(CliProcess, WritingToAFullDiskExitsTwoNotZero) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "this system has no /dev/full";
  const std::string cliPath = WARPSCOPE_CLI_PATH;
  const int status = std::system((cliPath + " run latency-arith --device sim:h100 > /dev/full 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  const int labs = std::system((cliPath + " labs > /dev/full 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(labs), 2);
}

TEST(CliProcess, AFileSizeLimitLeavesTheOldOutFileIntactAndExitsTwo) {
  const auto folder = freshFolder("warpscope_cli_ulimit");
  const auto out = folder / "run.json";
  { std::ofstream(out) << "old contents"; }
  const std::string cliPath = WARPSCOPE_CLI_PATH;
  // ulimit -f counts 512-byte blocks (bash): 8 blocks = 4 KiB, far below a sweep's JSON.
  const std::string command = "bash -c 'ulimit -f 8; exec " + cliPath +
                              " run latency-arith --device sim:h100 --out " + out.string() + "' 2>/dev/null";
  const int status = std::system(command.c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(readAll(out), "old contents");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(folder), {}), 1) << "a temporary file was left";
  std::filesystem::remove_all(folder);
}

TEST(CliProcess, AnOutThatIsAFifoOrALinkToOneIsRefusedExitTwoAndStaysAFifo) {
  // Issue 29: the rename replaced /dev/full, /dev/null or a FIFO with a plain file ("wrote ...", 0).
  namespace fs = std::filesystem;
  const auto folder = freshFolder("warpscope_cli_out_fifo");
  const auto fifo = folder / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  fs::create_symlink(fifo, folder / "link.json");
  const std::string cliPath = WARPSCOPE_CLI_PATH;
  for (const auto& out : {fifo, folder / "link.json"}) {
    const std::string err = (folder / "err.txt").string();
    const int status = std::system((cliPath + " run latency-arith --device sim:h100 --out " + out.string() + " 2>" +
                                    err).c_str());
    EXPECT_EQ(WEXITSTATUS(status), 2) << out;
    EXPECT_NE(readAll(err).find("not a regular file"), std::string::npos) << readAll(err);
    fs::remove(err);
  }
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(fifo)));
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(folder / "link.json")));
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), {}), 2) << "a temporary file was left";
  fs::remove_all(folder);
}

TEST(CliProcess, AReadOnlyFolderLeavesTheOldFileAndExitsTwo) {
  // Root writes into any folder: as root, the CLI runs as user nobody (setpriv) instead.
  std::string asUser;
  if (::geteuid() == 0) {
    if (std::system("command -v setpriv >/dev/null 2>&1") != 0)
      GTEST_SKIP() << "running as root without setpriv: a read-only folder does not stop root";
    asUser = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
    // A checkout under a private home folder is out of nobody's reach: then this cannot be tried.
    if (std::system((asUser + WARPSCOPE_CLI_PATH + " labs >/dev/null 2>&1").c_str()) != 0)
      GTEST_SKIP() << "running as root, and user nobody cannot run " << WARPSCOPE_CLI_PATH;
  }
  const auto folder = freshFolder("warpscope_cli_readonly");
  const auto out = folder / "run.json";
  { std::ofstream(out) << "old contents"; }
  namespace fs = std::filesystem;
  fs::permissions(out, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                              fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  const std::string cliPath = WARPSCOPE_CLI_PATH;
  const int status = std::system((asUser + cliPath + " run latency-arith --device sim:h100 --out " + out.string() +
                                  " 2>/dev/null").c_str());
  fs::permissions(folder, fs::perms::owner_all);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_EQ(readAll(out), "old contents");
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), {}), 1) << "a temporary file was left";
  fs::remove_all(folder);
}

TEST(Cli, RecordWritesOneRecordingAPresetAndShowGivesBackItsRun) {
  const auto folder = freshFolder("record");
  const CliRun recorded = cli({"record", "--preset", "memadv-shared-memory-limits-blocks", "--device", "sim:h200",
                               "--out", folder.string()});
  ASSERT_EQ(recorded.code, warpscope::cli::kExitOk) << recorded.err;
  ASSERT_TRUE(std::filesystem::exists(folder / "memadv-shared-memory-limits-blocks.wsrec"));
  ASSERT_TRUE(std::filesystem::exists(folder / "index.json"));
  const CliRun shown = cli({"show", (folder / "memadv-shared-memory-limits-blocks.wsrec").string()});
  ASSERT_EQ(shown.code, warpscope::cli::kExitOk) << shown.err;
  EXPECT_NE(shown.out.find("\"lab\": \"occupancy\""), std::string::npos);
  const CliRun csv = cli({"show", (folder / "memadv-shared-memory-limits-blocks.wsrec").string(), "--format", "csv"});
  EXPECT_EQ(csv.code, warpscope::cli::kExitOk);
  EXPECT_NE(csv.out.find("\n# lab: occupancy\n"), std::string::npos) << csv.out.substr(0, 400);
  EXPECT_NE(csv.out.find("\n# provenance: simulated\n"), std::string::npos)
      << "a simulator's run, recorded" << csv.out.substr(0, 400);
}

TEST(Cli, WideWritesOneColumnPerSeriesAndRefusesTimelines) {
  const CliRun wide = cli({"run", "latency-arith", "--device", "sim:h100", "--format", "csv", "--wide"});
  ASSERT_EQ(wide.code, 0) << wide.err;
  EXPECT_NE(wide.out.find("\n# layout: wide\n"), std::string::npos) << wide.out;
  EXPECT_NE(wide.out.find("\nThreads per SM,ILP 1,ILP 2,ILP 3,ILP 4,ILP 6,ILP 8\n32,"), std::string::npos) << wide.out;
  const CliRun timeline =
      cli({"run", "divergence", "--device", "sim:h100", "--format", "csv", "--view", "warp-timeline", "--wide"});
  EXPECT_EQ(timeline.code, 2);
  EXPECT_NE(timeline.err.find("writes xy and bars views; view 'warp-timeline' of divergence is a timeline"),
            std::string::npos)
      << timeline.err;
  EXPECT_EQ(timeline.out, "");
  const CliRun json = cli({"run", "latency-arith", "--device", "sim:h100", "--wide"});
  EXPECT_EQ(json.code, 2);
  EXPECT_NE(json.err.find("--wide lays out a CSV: it needs --format csv"), std::string::npos) << json.err;
}

// A figure's or recording's run as `show` gives it: a timeline refused by the writer itself (the
// file's views, not a lab's declarations, decide), a bars view wide.
TEST(Cli, ShowWideWritesBarsAndRefusesAGridByItsKind) {
  const std::string recording =
      std::string(WARPSCOPE_RECORDINGS_DIR) + "/devices/h100/gpuarch-divergent-warp-splits.wsrec";
  const CliRun grid = cli({"show", recording, "--format", "csv", "--view", "simt-steps", "--wide"});
  EXPECT_EQ(grid.code, 2) << grid.out;
  EXPECT_NE(grid.err.find("view 'simt-steps' is a grid"), std::string::npos) << grid.err;
  const CliRun bars = cli({"show", recording, "--format", "csv", "--view", "warp-efficiency", "--wide"});
  ASSERT_EQ(bars.code, 0) << bars.err;
  EXPECT_NE(bars.out.find("\n# provenance: measured\n"), std::string::npos) << bars.out;
  EXPECT_NE(bars.out.find("\n# layout: wide\n"), std::string::npos) << bars.out;
  EXPECT_NE(bars.out.find("\n# kind: bars\n"), std::string::npos) << bars.out;
}

TEST(Cli, RecordWithoutAFolderOrAChoiceOfPresetsExitsTwo) {
  EXPECT_EQ(cli({"record", "--all", "--device", "sim:h200"}).code, warpscope::cli::kExitBadInput);
  EXPECT_EQ(cli({"record", "--out", "/tmp/x", "--device", "sim:h200"}).code, warpscope::cli::kExitBadInput);
  EXPECT_EQ(cli({"record", "--lecture", "no-such-lecture", "--out", "/tmp/x"}).code, warpscope::cli::kExitBadInput);
}

TEST(Cli, ShowOfAFileThatIsNoRunExitsTwoNamingTheFile) {
  const auto folder = freshFolder("show");
  std::ofstream(folder / "notes.txt") << "hello";
  const CliRun shown = cli({"show", (folder / "notes.txt").string()});
  EXPECT_EQ(shown.code, warpscope::cli::kExitBadInput);
  EXPECT_NE(shown.err.find("notes.txt: not a Warpscope file"), std::string::npos) << shown.err;
}

TEST(Cli, DevicesListsTheRecordedH200) {
  const CliRun devices = cli({"devices"});
  EXPECT_NE(devices.out.find("rec:h200\trecording\tNVIDIA H200"), std::string::npos) << devices.out;
}

// Issue 28: `lectures --check` runs each slide and judges its claim on the run's own numbers; a
// slide one recorded GPU lacks comes from a recording that holds it, and says so; a claim a GPU
// explains counts as explained, not failed.
TEST(Cli, LecturesCheckJudgesEachSlideWithItsNumbers) {
  const CliRun r = cli({"lectures", "--check", "--device", "sim:h200", "--lecture", "volkov-lower-occupancy"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("volkov-lower-occupancy\tvolkov-ilp-peak-with-fewer-threads\tholds\tHolds on H200 SXM (model): "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Threads per SM for 90% of peak, ILP 2 = 256 < ILP 1 = 512"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" slides on sim:h200: "), std::string::npos) << r.out;
  const CliRun recorded = cli({"lectures", "--check", "--device", "rec:h100", "--lecture", "volkov-lower-occupancy"});
  EXPECT_EQ(recorded.code, 0) << recorded.err;
  EXPECT_NE(recorded.out.find("volkov-cufft-lower-occupancy-faster\tdoes not hold, explained\tDoes not "
                              "hold on NVIDIA H100 80GB HBM3: "),
            std::string::npos)
      << recorded.out;
  EXPECT_NE(recorded.out.find(". Why: "), std::string::npos) << recorded.out;
  // A slide one recorded GPU lacks comes from the recording that holds it, and says so: the
  // shipped H200's recordings without the FFT slides, beside the H100's.
  namespace fs = std::filesystem;
  const fs::path shipped = fs::path(WARPSCOPE_PROJECT_SOURCE_DIR) / "resources/recordings/devices";
  const fs::path root = fs::temp_directory_path() / ("warpscope-cli-recs-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::copy(shipped, root, fs::copy_options::recursive);
  nlohmann::json index = nlohmann::json::parse(std::ifstream(root / "h200/index.json"));
  auto& entries = index["recordings"];
  entries.erase(std::remove_if(entries.begin(), entries.end(), [](const nlohmann::json& e) { return e["lab"] == "fft-registers"; }),
                entries.end());
  std::ofstream(root / "h200/index.json") << index.dump();
  ::setenv("WARPSCOPE_RECORDINGS", root.c_str(), 1);
  const CliRun detour = cli({"lectures", "--check", "--device", "rec:h200", "--lecture", "volkov-lower-occupancy"});
  ::unsetenv("WARPSCOPE_RECORDINGS");
  fs::remove_all(root);
  EXPECT_NE(detour.out.find("volkov-cufft-lower-occupancy-faster\tdoes not hold, explained\t(from rec:h100) Does not "
                            "hold on NVIDIA H100 80GB HBM3: "),
            std::string::npos)
      << detour.out;
  EXPECT_NE(detour.out.find("volkov-ilp-peak-with-fewer-threads\tholds\tHolds on NVIDIA H200: "), std::string::npos) << detour.out;
  EXPECT_EQ(cli({"lectures", "--check", "--device", "sim:nope"}).code, 2);
  EXPECT_EQ(cli({"lectures", "--check", "--lecture", "no-such-lecture"}).code, 2);
}

// An instructor's own lecture file, with slides of a user's kernel: each slide runs with the kernel
// the file carries (here from the H200's recording of the transpose example, so no compiler is
// needed), and one that cannot run says why instead of passing as "no check declared".
TEST(Cli, LecturesCheckRunsTheSlidesOfALectureFileWithTheirKernels) {
  using warpscope::OwnSlide, warpscope::test::exampleKernelSlide;
  const OwnSlide padded = exampleKernelSlide("transpose.cu", {"variant=padded", "N=4096"}, "time");
  const OwnSlide small = exampleKernelSlide("transpose.cu", {"variant=padded", "N=512"}, "time");  // not recorded
  const warpscope::Lecture mine = warpscope::test::kernelSlidesLecture({padded, small});
  const std::string file = (std::filesystem::temp_directory_path() / ("warpscope-cli-lecture-" + std::to_string(::getpid()) + ".json")).string();
  warpscope::writeLectureFile(mine, file);
  const CliRun r = cli({"lectures", "--check", "--device", "rec:h200", "--lecture-file", file});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("my-kernels\town-1\tno check declared\t" + padded.preset.claim), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("my-kernels\town-2\tcannot run\t"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 slides on rec:h200"), std::string::npos) << r.out;
  const CliRun other = cli({"lectures", "--check", "--device", "rec:h200", "--lecture", "volkov-lower-occupancy", "--lecture-file", file});
  EXPECT_EQ(other.code, 2) << "--lecture and --lecture-file naming two lectures";
  EXPECT_NE(other.err.find("holds the lecture 'my-kernels', not 'volkov-lower-occupancy'"), std::string::npos) << other.err;
  EXPECT_EQ(cli({"lectures", "--check", "--device", "rec:h200", "--lecture", "my-kernels", "--lecture-file", file}).code, 0)
      << "both, naming the same lecture, as the window takes them";
  std::filesystem::remove(file);
  EXPECT_EQ(cli({"lectures", "--check", "--device", "rec:h200", "--lecture-file", file}).code, 2) << "a missing file is refused";
}

// `describe streams` lists model-timeline; on the simulator the timeline is the model, so the run
// has no second one. The refusal says the view is declared and which device's run lacks it.
TEST(Cli, AViewTheLabDeclaresButThisDevicesRunLacksIsSaidSo) {
  const CliRun r = cli({"run", "streams", "--device", "sim:h100", "--format", "csv", "--view", "model-timeline"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("streams declares view 'model-timeline', but its run on sim:h100 does not make it"), std::string::npos)
      << r.err;
  EXPECT_NE(cli({"run", "streams", "--device", "sim:h100", "--format", "csv", "--view", "nope"}).err.find("has no view 'nope'"),
            std::string::npos);
}
