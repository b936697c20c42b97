#pragma once
/// \file user_lectures.h
/// The lectures the window offers (issue 30): the shipped ones, then an instructor's own from the
/// user's folder (lecture_file.h, userLecturesFolder) and from `--lecture-file FILE`. A file that
/// cannot be read, or whose id another lecture has, is left out and named in `problems`.

#include <QString>
#include <QStringList>

#include "warpscope/lectures.h"

namespace warpscope::ui {

LectureLibrary lectureLibrary(const QStringList& lectureFiles, QStringList* problems);

/// An id for a new lecture titled `title` that `library` has not taken ("my-lecture", "my-lecture-2").
std::string freshLectureId(const LectureLibrary& library, const QString& title);

}  // namespace warpscope::ui
