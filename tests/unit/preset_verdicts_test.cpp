// Every slide's verdict on the model and on each shipped recording, stored (issue 28): a claim that
// stops holding (a model change, a re-recording, a changed check) fails here by name, and the new
// line to store if the change is meant. The stored file is tests/unit/preset_verdicts.tsv.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "warpscope/lectures.h"
#include "warpscope/session.h"
#include "warpscope/slide_check.h"

using namespace warpscope;

namespace {

const std::filesystem::path kStored = std::filesystem::path(WARPSCOPE_PROJECT_SOURCE_DIR) / "tests/unit/preset_verdicts.tsv";

/// "DEVICE\tPRESET" -> "OUTCOME[\tFROM]" from the stored file.
std::map<std::string, std::string> storedVerdicts() {
  std::map<std::string, std::string> stored;
  std::ifstream in(kStored);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.front() == '#') continue;
    const auto first = line.find('\t');
    const auto second = line.find('\t', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    stored[line.substr(0, second)] = line.substr(second + 1);
  }
  return stored;
}

void expectStoredVerdicts(const std::string& deviceId) {
  Session session;
  const auto stored = storedVerdicts();
  ASSERT_FALSE(stored.empty()) << "cannot read " << kStored;
  std::ostringstream current;
  int changed = 0;
  for (const PresetRef& ref : allPresets(session.registry())) {
    const SlideCheck check = checkSlide(session, ref, deviceId);
    std::string outcome = slideOutcomeWord(check);
    if (check.deviceId != deviceId) outcome += "\t" + check.deviceId;
    const std::string key = deviceId + "\t" + ref.preset->id;
    current << key << '\t' << outcome << '\n';
    const auto was = stored.find(key);
    if (was == stored.end() || was->second != outcome) {
      ++changed;
      ADD_FAILURE() << ref.preset->id << " on " << deviceId << ": stored '"
                    << (was == stored.end() ? std::string("(none)") : was->second) << "', now '" << outcome << "'"
                    << (check.verdict ? ": " + verdictLine(*check.verdict, *check.result) : check.runError);
    }
  }
  if (changed > 0)
    ADD_FAILURE() << "If the change is meant, these are " << deviceId << "'s lines for " << kStored << ":\n"
                  << current.str();
}

}  // namespace

TEST(PresetVerdicts, EverySlidesVerdictOnTheH200ModelIsTheStoredOne) { expectStoredVerdicts("sim:h200"); }

TEST(PresetVerdicts, EverySlidesVerdictOnTheH200RecordingsIsTheStoredOne) { expectStoredVerdicts("rec:h200"); }

TEST(PresetVerdicts, EverySlidesVerdictOnTheH100RecordingsIsTheStoredOne) { expectStoredVerdicts("rec:h100"); }
