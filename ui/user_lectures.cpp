#include "user_lectures.h"

#include "qt_text.h"
#include "warpscope/lecture_file.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

LectureLibrary lectureLibrary(const QStringList& lectureFiles, QStringList* problems) {
  LectureLibrary library = LectureLibrary::builtin();
  std::vector<std::string> found;
  std::vector<Lecture> own = readLectureFolder(LabRegistry::builtin(), userLecturesFolder(), &found);
  for (const QString& file : lectureFiles) {
    try {
      own.push_back(readLectureFile(LabRegistry::builtin(), fromQ(file)));
    } catch (const BadInputError& e) {
      found.push_back(e.what());
    }
  }
  for (Lecture& lecture : own) {
    if (library.find(lecture.id)) {
      found.push_back(lecture.file + ": the id '" + lecture.id + "' is another lecture's; this file is left out");
      continue;
    }
    library.add(std::move(lecture));
  }
  if (problems)
    for (const std::string& p : found) problems->append(toQ(p));
  return library;
}

std::string freshLectureId(const LectureLibrary& library, const QString& title) {
  std::string slug;
  for (const QChar c : title.toLower()) {
    if (c.isLetterOrNumber() && c.unicode() < 128) slug += static_cast<char>(c.unicode());
    else if (!slug.empty() && slug.back() != '-') slug += '-';
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  if (slug.empty()) slug = "my-lecture";
  slug = slug.substr(0, 48);
  std::string id = slug;
  for (int n = 2; library.find(id); ++n) id = slug + "-" + std::to_string(n);
  return id;
}

}  // namespace warpscope::ui
