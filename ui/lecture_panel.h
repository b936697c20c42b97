#pragma once
/// \file lecture_panel.h
/// The "Lectures" page of the left panel: pick a lecture, see its presets in slide order, click
/// one (or press Enter on it) to go there. It follows the navigator, so stepping with
/// PageDown/PageUp moves the highlight. An instructor's own lecture (lecture_file.h) also shows
/// Move up / Move down / Remove for the highlighted slide; the window edits and saves the file.

#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
QT_END_NAMESPACE

namespace warpscope::ui {

class LectureNavigator;

class LecturePanel : public QWidget {
  Q_OBJECT

 public:
  explicit LecturePanel(LectureNavigator* navigator, QWidget* parent = nullptr);

  [[nodiscard]] QComboBox* lectureChooser() const { return chooser_; }
  [[nodiscard]] QListWidget* presetList() const { return presets_; }
  [[nodiscard]] QPushButton* moveUpButton() const { return up_; }
  [[nodiscard]] QPushButton* moveDownButton() const { return down_; }
  [[nodiscard]] QPushButton* removeButton() const { return remove_; }
  /// Lists the library's lectures again (one was added or edited), keeping the one shown.
  void reloadLectures();

 signals:
  /// The highlighted slide of own lecture `lectureId` moves from `from` to `to` (one step).
  void moveSlide(const QString& lectureId, int from, int to);
  void removeSlide(const QString& lectureId, int index);

 private:
  /// Lists the presets of the lecture the chooser shows.
  void listPresets();
  /// Follows the navigator: the open lecture in the chooser, its preset highlighted.
  void follow();

  LectureNavigator* navigator_;
  QComboBox* chooser_;
  QLabel* source_;
  QListWidget* presets_;
  QPushButton* up_;
  QPushButton* down_;
  QPushButton* remove_;
  /// Enables the editing buttons for an own lecture's highlighted slide.
  void followEditing();
};

}  // namespace warpscope::ui
