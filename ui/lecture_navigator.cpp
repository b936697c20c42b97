#include "lecture_navigator.h"

#include <algorithm>

#include "qt_text.h"

namespace warpscope::ui {

LectureNavigator::LectureNavigator(const LectureLibrary& library, const LabRegistry& registry, QObject* parent)
    : QObject(parent), library_(library), registry_(registry) {}

PresetRef LectureNavigator::current() const {
  if (!lecture_) return {};
  return lectureSlide(registry_, *lecture_, static_cast<size_t>(index_));
}

bool LectureNavigator::open(const QString& lectureId, int index) {
  const Lecture* lecture = library_.find(fromQ(lectureId));
  if (!lecture || lecture->presetIds.empty()) return false;
  lecture_ = lecture;
  index_ = std::clamp(index, 0, count() - 1);
  emit moved();
  return true;
}

void LectureNavigator::close() {
  if (!lecture_) return;
  lecture_ = nullptr;
  index_ = 0;
  emit moved();
}

void LectureNavigator::next() {
  if (canGoForward()) goTo(index_ + 1);
}

void LectureNavigator::previous() {
  if (canGoBack()) goTo(index_ - 1);
}

void LectureNavigator::goTo(int index) {
  if (!lecture_ || index < 0 || index >= count()) return;
  index_ = index;
  emit moved();
}

}  // namespace warpscope::ui
