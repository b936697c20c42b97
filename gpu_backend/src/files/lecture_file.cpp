#include "warpscope/lecture_file.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "files/regular_file.h"
#include "warpscope/file_write.h"

namespace warpscope {

Lecture readLectureFile(const LabRegistry& registry, const std::string& path) {
  try {
    Lecture lecture = parseLectureJson(files::readRegularFile(path, kMaxLectureFileBytes), path);
    try {
      validateLecture(registry, lecture);
    } catch (const BadInputError& e) {
      throw BadInputError(path + ": " + e.what());
    }
    lecture.file = path;
    return lecture;
  } catch (const BadInputError&) {
    throw;
  } catch (const std::exception& e) {
    throw BadInputError(path + ": cannot be read: " + e.what());
  }
}

void writeLectureFile(const Lecture& lecture, const std::string& path) {
  const std::string bytes = lectureToJson(lecture);
  if (bytes.size() > kMaxLectureFileBytes)
    throw BadInputError("the lecture '" + lecture.id + "' would be " + std::to_string(bytes.size() >> 10) + " KiB, more than the " +
                        std::to_string(kMaxLectureFileBytes >> 20) + " MiB a lecture file may hold: it was not saved");
  writeFileAtomically(path, bytes);
}

std::string userLecturesFolder() {
  if (const char* dir = std::getenv("WARPSCOPE_LECTURES_DIR"); dir && *dir) return dir;
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data) return std::string(data) + "/warpscope/lectures";
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.local/share/warpscope/lectures";
}

std::vector<Lecture> readLectureFolder(const LabRegistry& registry, const std::string& folder,
                                       std::vector<std::string>* problems) {
  namespace fs = std::filesystem;
  std::vector<Lecture> lectures;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return lectures;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".json") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  constexpr std::size_t kMaxFiles = 200;  // a folder full of files must not stall the window
  if (files.size() > kMaxFiles) {
    if (problems) problems->push_back(folder + ": " + std::to_string(files.size()) + " files; the first " + std::to_string(kMaxFiles) + " are read");
    files.resize(kMaxFiles);
  }
  for (const fs::path& file : files) {
    try {
      lectures.push_back(readLectureFile(registry, file.string()));
    } catch (const BadInputError& e) {
      if (problems) problems->push_back(e.what());
    }
  }
  return lectures;
}

}  // namespace warpscope
