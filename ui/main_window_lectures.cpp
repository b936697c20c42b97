// MainWindow's own lectures (issue 30): a slide made of what the window shows, saved into the
// instructor's lecture file; a lecture saved under another name; own slides moved and removed.
// Every change is written first (atomically) and kept only if the write succeeded.
#include <QFileDialog>
#include <QListWidget>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "add_slide_dialog.h"
#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "lecture_navigator.h"
#include "lecture_panel.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_panel.h"
#include "qt_text.h"
#include "user_lectures.h"
#include "warpscope/file_write.h"
#include "warpscope/lecture_file.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

namespace {

/// "name=value" for every parameter, exact ("%.17g"), so the slide reopens at the same values; a
/// named choice by its name, the only form a lecture file takes for it (pattern=odd-even).
std::vector<std::string> settingsOf(const LabSpec& lab, const ParamSet& values) {
  std::vector<std::string> settings;
  for (const ParamSpec& spec : lab.params) {
    const double value = values.get(spec.id);
    if (spec.isNamedChoice()) {
      settings.push_back(spec.id + "=" + spec.valueText(value));
      continue;
    }
    char number[40];
    std::snprintf(number, sizeof number, "%.17g", value);
    settings.push_back(spec.id + "=" + number);
  }
  return settings;
}

/// The next free "own-N" of a lecture.
std::string nextOwnId(const Lecture& lecture) {
  int highest = 0;
  for (const OwnSlide& s : lecture.ownSlides)
    if (s.preset.id.starts_with("own-")) highest = std::max(highest, std::atoi(s.preset.id.c_str() + 4));
  return "own-" + std::to_string(highest + 1);
}

}  // namespace

QString MainWindow::saveEditedLecture(const Lecture& edited) {
  try {
    validateLecture(LabRegistry::builtin(), edited);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(edited.file).parent_path(), ec);
    writeLectureFile(edited, edited.file);
  } catch (const std::exception& e) {
    return toQ(e.what());
  }
  if (Lecture* own = library_.findOwn(edited.id)) *own = edited;  // the same object: an open lecture stays valid
  else library_.add(edited);
  lecturePanel_->reloadLectures();
  relistLectureMenu();
  return {};
}

QString MainWindow::addViewAsSlide(const NewSlideText& text) {
  if (!lab_) return tr("No lab on screen to make a slide of.");
  Lecture edited;
  if (text.lectureId.isEmpty()) {
    if (text.newLectureTitle.isEmpty()) return tr("A new lecture needs a title.");
    edited.id = freshLectureId(library_, text.newLectureTitle);
    edited.title = fromQ(text.newLectureTitle.left(200));
    edited.source = fromQ(tr("Made in Warpscope"));
    edited.file = (std::filesystem::path(userLecturesFolder()) / (edited.id + ".json")).string();
  } else if (const Lecture* own = library_.findOwn(fromQ(text.lectureId))) {
    edited = *own;  // changed as a copy: kept only once the file is written
  } else {
    return tr("'%1' is not one of your lectures: a slide goes into a lecture of your own.").arg(text.lectureId);
  }
  OwnSlide slide;
  slide.labId = lab_->id;
  // A slide of the user's kernel carries the kernel (the open one, or the example the lab opens
  // with): the lecture file is all a class needs.
  const bool ownKernel = !lab_->kernel.empty();
  if (ownKernel) slide.kernel = lab_->kernel;
  PresetSpec& p = slide.preset;
  p.id = nextOwnId(edited);
  p.title = fromQ(text.title);
  p.claim = fromQ(text.claim);
  p.lookAt = fromQ(text.lookAt);
  p.question = fromQ(text.question);
  for (const QString& a : text.answers) p.answers.push_back({.text = fromQ(a)});
  p.notes = fromQ(text.notes);
  p.settings = settingsOf(*lab_, paramPanel_->values());
  p.view = fromQ(chartPanel_->currentViewId());
  // An animated view keeps its moment, as a share of its span.
  if (const auto at = chartPanel_->animationPosition()) {
    const AnimationClock* clock = chartPanel_->animationClock();
    if (clock->end() > clock->start()) p.animationAt = std::clamp((*at - clock->start()) / (clock->end() - clock->start()), 0.0, 1.0);
  }
  p.source = fromQ(ownKernel ? tr("Made in Warpscope from your kernel %1").arg(toQ(lab_->kernel.fileName))
                             : tr("Made in Warpscope from the lab %1").arg(toQ(lab_->title)));
  edited.ownSlides.push_back(slide);
  edited.presetIds.push_back(p.id);
  if (const QString error = saveEditedLecture(edited); !error.isEmpty()) return error;
  messageBar_->showMessage(tr("Added slide %1, \"%2\", to %3 (%4)")
                               .arg(edited.presetIds.size())
                               .arg(text.title, toQ(edited.title), toQ(edited.file)),
                           MessageBar::Level::Info);
  return {};
}

void MainWindow::addViewAsSlideInteractively() {
  std::vector<std::pair<QString, QString>> own;
  for (const Lecture& l : library_.lectures())
    if (!l.file.empty()) own.emplace_back(toQ(l.id), toQ(l.title));
  const QString current = lectures_->active() ? toQ(lectures_->lecture()->id) : QString();
  AddSlideDialog dialog(own, current, lab_ ? toQ(lab_->title) : QString(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  if (const QString error = addViewAsSlide(dialog.text()); !error.isEmpty())
    messageBar_->showMessage(tr("The slide was not added: %1").arg(error), MessageBar::Level::Warning);
}

QString MainWindow::saveLectureAs(const QString& path) {
  const Lecture* open = lectures_->lecture();
  if (!open) return tr("No lecture is open.");
  try {
    writeLectureFile(*open, fromQ(path));
  } catch (const std::exception& e) {
    return toQ(e.what());
  }
  messageBar_->showMessage(tr("Saved the lecture %1 as %2").arg(toQ(open->title), path), MessageBar::Level::Info);
  return {};
}

void MainWindow::saveLectureAsInteractively() {
  if (!lectures_->active()) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Save lecture as"), toQ(lectures_->lecture()->id) + QStringLiteral(".json"),
                                                    tr("Warpscope lecture (*.json)"));
  if (path.isEmpty()) return;
  if (const QString error = saveLectureAs(path); !error.isEmpty()) messageBar_->showMessage(error, MessageBar::Level::Warning);
}

QString MainWindow::editOwnLecture(const QString& lectureId, int from, int to, bool remove) {
  const Lecture* own = library_.findOwn(fromQ(lectureId));
  if (!own) return tr("'%1' is not one of your lectures: shipped lectures are not edited.").arg(lectureId);
  Lecture edited = *own;
  const int count = static_cast<int>(edited.presetIds.size());
  if (from < 0 || from >= count || (!remove && (to < 0 || to >= count))) return tr("No such slide.");
  if (remove) {
    if (count == 1) return tr("A lecture keeps one slide at least.");
    const std::string id = edited.presetIds[static_cast<std::size_t>(from)];
    edited.presetIds.erase(edited.presetIds.begin() + from);
    std::erase_if(edited.ownSlides, [&](const OwnSlide& s) { return s.preset.id == id; });
  } else {
    std::swap(edited.presetIds[static_cast<std::size_t>(from)], edited.presetIds[static_cast<std::size_t>(to)]);
  }
  const bool showing = lectures_->active() && lectures_->lecture()->id == edited.id;
  const int at = showing ? lectures_->index() : 0;
  if (const QString error = saveEditedLecture(edited); !error.isEmpty()) return error;
  // The open lecture stands where it stood, or on the slide that moved with the class.
  if (showing) lectures_->open(lectureId, remove ? std::min(at, static_cast<int>(edited.presetIds.size()) - 1) : at == from ? to : at);
  lecturePanel_->presetList()->setCurrentRow(remove ? std::min(from, static_cast<int>(edited.presetIds.size()) - 1) : to);
  return {};
}

}  // namespace warpscope::ui
