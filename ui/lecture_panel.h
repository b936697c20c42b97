#pragma once
/// \file lecture_panel.h
/// The "Lectures" page of the left panel: pick a lecture, see its presets in slide order, click
/// one (or press Enter on it) to go there. It follows the navigator, so stepping with
/// PageDown/PageUp moves the highlight.

#include <QWidget>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QListWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

class LectureNavigator;

class LecturePanel : public QWidget {
  Q_OBJECT

 public:
  explicit LecturePanel(LectureNavigator* navigator, QWidget* parent = nullptr);

  [[nodiscard]] QComboBox* lectureChooser() const { return chooser_; }
  [[nodiscard]] QListWidget* presetList() const { return presets_; }

 private:
  /// Lists the presets of the lecture the chooser shows.
  void listPresets();
  /// Follows the navigator: the open lecture in the chooser, its preset highlighted.
  void follow();

  LectureNavigator* navigator_;
  QComboBox* chooser_;
  QLabel* source_;
  QListWidget* presets_;
};

}  // namespace warpscope::ui
