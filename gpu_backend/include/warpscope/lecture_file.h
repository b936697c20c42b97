#pragma once
/// \file lecture_file.h
/// An instructor's own lecture files (issue 30): read as hostile, written atomically. The window
/// lists them beside the shipped lectures: every `*.json` of the user's folder
/// (userLecturesFolder()) and the files `--lecture-file` names.

#include <string>
#include <vector>

#include "warpscope/lectures.h"
#include "warpscope/registry.h"

namespace warpscope {

/// Largest lecture file read or written: room for a lecture's slides of users' kernels (each
/// slide carries its kernel's text, at most kMaxKernelFileBytes).
inline constexpr std::size_t kMaxLectureFileBytes = std::size_t{8} << 20;

/// Reads and validates a lecture file (a regular file of at most 8 MiB, bounded JSON, every field
/// checked, every preset, lab, parameter and view resolved against `registry`); its `file` is set
/// to `path`. Throws BadInputError "PATH: the problem".
Lecture readLectureFile(const LabRegistry& registry, const std::string& path);

/// Writes `lecture` to `path` atomically (the old file survives a failure); FileWriteError names
/// the file and why. A lecture larger than readLectureFile reads is refused (BadInputError), so
/// no file is written that could not be opened again.
void writeLectureFile(const Lecture& lecture, const std::string& path);

/// The user's lectures folder: $WARPSCOPE_LECTURES_DIR, else $XDG_DATA_HOME/warpscope/lectures,
/// else ~/.local/share/warpscope/lectures.
std::string userLecturesFolder();

/// Every `*.json` of `folder` (sorted by name), each read with readLectureFile; a file that cannot
/// be read goes into `problems` as "PATH: the problem" and is left out. A missing folder is empty.
std::vector<Lecture> readLectureFolder(const LabRegistry& registry, const std::string& folder,
                                       std::vector<std::string>* problems);

}  // namespace warpscope
