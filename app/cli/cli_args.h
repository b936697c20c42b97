#pragma once
// Parsing of warpscope-cli's options after the command word.
#include <optional>
#include <string>
#include <vector>

namespace warpscope::cli {

struct CliOptions {
  std::vector<std::string> positional;   ///< e.g. the LAB of `run LAB`
  std::optional<std::string> device;     ///< --device ID
  std::optional<std::string> host;       ///< --host HOST: that host's GPUs, through ssh
  bool installWorker = false;            ///< --install-worker: put this release's worker on HOST if it needs one
  std::vector<std::string> assignments;  ///< every --set NAME=VALUE, in order
  std::optional<std::string> preset;     ///< --preset ID (run): the preset's lab and settings
  std::optional<std::string> kernel;     ///< --kernel FILE.cu (run): the user's own kernel (lab user-kernel)
  std::string format = "json";           ///< --format json|csv
  std::optional<std::string> outPath;    ///< --out FILE
  std::string scope = "sweep";           ///< --scope sweep|focus
  int repeat = 20;                       ///< --repeat N (bench)
  bool presets = false;                  ///< --presets (bench): time every lecture preset
  std::optional<std::string> lecture;    ///< --lecture ID (record): that lecture's presets
  std::optional<std::string> lectureFile;  ///< --lecture-file FILE (handout): an instructor's own lecture
  bool all = false;                      ///< --all (record): every lecture's presets
  bool check = false;                    ///< --check (lectures): run each slide and judge its claim
  std::optional<int> page;               ///< --page N (show): a handout's figure of page N
  bool predictionBoxes = false;          ///< --prediction-boxes (handout): a page of empty boxes per slide
  std::string view;                      ///< --view ID (csv): the view whose table is written
  bool wide = false;                     ///< --wide (csv): one column per series (xy and bars views)
};

/// Throws BadInputError for an unknown option or one missing its value.
CliOptions parseCliOptions(const std::vector<std::string>& args);

}  // namespace warpscope::cli
