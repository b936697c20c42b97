#include "lecture_panel.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

#include "lecture_navigator.h"
#include "qt_text.h"

namespace warpscope::ui {

LecturePanel::LecturePanel(LectureNavigator* navigator, QWidget* parent)
    : QWidget(parent), navigator_(navigator), chooser_(new QComboBox(this)), source_(new QLabel(this)),
      presets_(new QListWidget(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  chooser_->setAccessibleName(tr("Lecture"));
  // Titles are long: the box shows the talk's name, which fits the 300-px panel; who gave it and
  // where is the line under the box and the item's tooltip ("CUDA Memory: Advanced Aspects
  // (Albert Garcia (" was cut at the box's edge).
  chooser_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  chooser_->setMinimumContentsLength(12);
  for (const Lecture& lecture : navigator_->library().lectures()) {
    const QString title = toQ(lecture.title);
    const qsizetype paren = title.indexOf(QStringLiteral(" ("));
    chooser_->addItem(paren > 0 ? title.left(paren) : title, toQ(lecture.id));
    chooser_->setItemData(chooser_->count() - 1, title, Qt::ToolTipRole);
  }
  source_->setWordWrap(true);
  presets_->setAccessibleName(tr("Presets of the lecture"));
  presets_->setWordWrap(true);
  presets_->setToolTip(tr("Click a slide, or press Enter on it, to show it. PageDown/PageUp step through."));
  layout->addWidget(chooser_);
  layout->addWidget(source_);
  layout->addWidget(presets_, 1);

  connect(chooser_, &QComboBox::currentIndexChanged, this, [this] { listPresets(); });
  // A click or Enter opens the slide; arrow keys only move the highlight.
  auto openRow = [this](int row) {
    if (row < 0) return;
    const QString lectureId = chooser_->currentData().toString();
    if (navigator_->active() && toQ(navigator_->lecture()->id) == lectureId) {
      navigator_->goTo(row);
    } else {
      navigator_->open(lectureId, row);
    }
  };
  connect(presets_, &QListWidget::itemClicked, this, [this, openRow](QListWidgetItem* item) { openRow(presets_->row(item)); });
  connect(presets_, &QListWidget::itemActivated, this, [this, openRow](QListWidgetItem* item) { openRow(presets_->row(item)); });
  connect(navigator_, &LectureNavigator::moved, this, &LecturePanel::follow);
  listPresets();
}

void LecturePanel::listPresets() {
  presets_->clear();
  const Lecture* lecture = navigator_->library().find(fromQ(chooser_->currentData().toString()));
  if (!lecture) return;
  source_->setText(toQ(lecture->source));
  int number = 1;
  for (const std::string& id : lecture->presetIds) {
    const PresetRef ref = findPreset(navigator_->registry(), id);
    const QString title = ref ? toQ(ref.preset->title) : tr("(unknown preset %1)").arg(toQ(id));
    auto* item = new QListWidgetItem(QStringLiteral("%1. %2").arg(number++).arg(title), presets_);
    if (ref) item->setToolTip(QStringLiteral("<p>%1</p><p><i>%2</i></p>")
                                  .arg(toQ(ref.preset->claim).toHtmlEscaped(), toQ(ref.lab->title).toHtmlEscaped()));
  }
  follow();
}

void LecturePanel::follow() {
  if (!navigator_->active()) {
    presets_->clearSelection();
    return;
  }
  // Showing the open lecture relists it (listPresets), which calls follow again.
  const int at = chooser_->findData(toQ(navigator_->lecture()->id));
  if (at >= 0 && at != chooser_->currentIndex()) chooser_->setCurrentIndex(at);
  presets_->setCurrentRow(navigator_->index());
}

}  // namespace warpscope::ui
