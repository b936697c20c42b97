#pragma once
/// \file lecture_navigator.h
/// Where a class stands in a lecture: which lecture, which of its presets. Plain state with
/// signals; the window applies the preset it points at (lab, parameters, view).

#include <QObject>
#include <QString>

#include "warpscope/lectures.h"

namespace warpscope::ui {

class LectureNavigator : public QObject {
  Q_OBJECT

 public:
  explicit LectureNavigator(const LectureLibrary& library, const LabRegistry& registry, QObject* parent = nullptr);

  [[nodiscard]] const LectureLibrary& library() const { return library_; }
  [[nodiscard]] const LabRegistry& registry() const { return registry_; }
  [[nodiscard]] bool active() const { return lecture_ != nullptr; }
  /// The open lecture, or null.
  [[nodiscard]] const Lecture* lecture() const { return lecture_; }
  [[nodiscard]] int index() const { return index_; }
  [[nodiscard]] int count() const { return lecture_ ? static_cast<int>(lecture_->presetIds.size()) : 0; }
  /// The preset the lecture stands at (empty ref when none is open).
  [[nodiscard]] PresetRef current() const;
  [[nodiscard]] bool canGoBack() const { return active() && index_ > 0; }
  [[nodiscard]] bool canGoForward() const { return active() && index_ + 1 < count(); }

  /// Opens a lecture at `index` (clamped into range); false when the id is unknown.
  bool open(const QString& lectureId, int index = 0);
  /// Leaves the lecture (the window keeps the lab and values on screen).
  void close();

 public slots:
  void next();
  void previous();
  /// Moves to `index` of the open lecture (ignored when out of range or none is open).
  void goTo(int index);

 signals:
  /// The lecture opened, moved to another preset, or closed (current() says which).
  void moved();

 private:
  const LectureLibrary& library_;
  const LabRegistry& registry_;
  const Lecture* lecture_ = nullptr;
  int index_ = 0;
};

}  // namespace warpscope::ui
