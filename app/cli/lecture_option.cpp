#include "cli/lecture_option.h"

#include "warpscope/lecture_file.h"

namespace warpscope::cli {

std::optional<Lecture> namedLecture(const LabRegistry& registry, const CliOptions& options) {
  if (!options.lectureFile) {
    if (!options.lecture) return std::nullopt;
    return LectureLibrary::builtin().get(*options.lecture);
  }
  Lecture lecture = readLectureFile(registry, *options.lectureFile);
  if (options.lecture && *options.lecture != lecture.id)
    throw BadInputError(*options.lectureFile + " holds the lecture '" + lecture.id + "', not '" + *options.lecture +
                        "' (give --lecture ID or --lecture-file FILE, or both naming the same lecture)");
  return lecture;
}

}  // namespace warpscope::cli
