#include "lecture_panel.h"

#include <QComboBox>
#include <QLabel>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "lecture_navigator.h"
#include "qt_text.h"

namespace warpscope::ui {

LecturePanel::LecturePanel(LectureNavigator* navigator, QWidget* parent)
    : QWidget(parent), navigator_(navigator), chooser_(new QComboBox(this)), source_(new QLabel(this)),
      presets_(new QListWidget(this)), up_(new QPushButton(tr("Move up"), this)), down_(new QPushButton(tr("Move down"), this)),
      remove_(new QPushButton(tr("Remove"), this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  chooser_->setAccessibleName(tr("Lecture"));
  // Titles are long: the box shows the talk's name, which fits the 300-px panel; who gave it and
  // where is the line under the box and the item's tooltip ("CUDA Memory: Advanced Aspects
  // (Albert Garcia (" was cut at the box's edge).
  chooser_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  chooser_->setMinimumContentsLength(12);
  reloadLectures();
  source_->setWordWrap(true);
  presets_->setAccessibleName(tr("Presets of the lecture"));
  presets_->setWordWrap(true);
  presets_->setToolTip(tr("Click a slide, or press Enter on it, to show it. PageDown/PageUp step through."));
  layout->addWidget(chooser_);
  layout->addWidget(source_);
  layout->addWidget(presets_, 1);
  auto* editing = new QHBoxLayout;
  for (QPushButton* b : {up_, down_, remove_}) editing->addWidget(b);
  up_->setToolTip(tr("Your lecture: move the highlighted slide one up (saved at once)"));
  down_->setToolTip(tr("Your lecture: move the highlighted slide one down (saved at once)"));
  remove_->setToolTip(tr("Your lecture: remove the highlighted slide (saved at once)"));
  layout->addLayout(editing);
  const auto shownId = [this] { return chooser_->currentData().toString(); };
  connect(up_, &QPushButton::clicked, this, [this, shownId] { emit moveSlide(shownId(), presets_->currentRow(), presets_->currentRow() - 1); });
  connect(down_, &QPushButton::clicked, this, [this, shownId] { emit moveSlide(shownId(), presets_->currentRow(), presets_->currentRow() + 1); });
  connect(remove_, &QPushButton::clicked, this, [this, shownId] { emit removeSlide(shownId(), presets_->currentRow()); });
  connect(presets_, &QListWidget::currentRowChanged, this, &LecturePanel::followEditing);

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

void LecturePanel::reloadLectures() {
  const QString shown = chooser_->currentData().toString();
  chooser_->blockSignals(true);
  chooser_->clear();
  for (const Lecture& lecture : navigator_->library().lectures()) {
    QString title = toQ(lecture.title);
    const qsizetype paren = title.indexOf(QStringLiteral(" ("));
    // An instructor's own lecture says so, and where its file is.
    const QString name = lecture.file.empty() ? (paren > 0 ? title.left(paren) : title) : tr("%1 (yours)").arg(title);
    chooser_->addItem(name, toQ(lecture.id));
    chooser_->setItemData(chooser_->count() - 1, lecture.file.empty() ? title : tr("%1\n%2").arg(title, toQ(lecture.file)), Qt::ToolTipRole);
  }
  const int at = chooser_->findData(shown);
  chooser_->setCurrentIndex(at >= 0 ? at : 0);
  chooser_->blockSignals(false);
  listPresets();
}

void LecturePanel::followEditing() {
  const Lecture* lecture = navigator_->library().find(fromQ(chooser_->currentData().toString()));
  const bool own = lecture && !lecture->file.empty();
  const int row = presets_->currentRow();
  for (QPushButton* b : {up_, down_, remove_}) b->setVisible(own);
  up_->setEnabled(own && row > 0);
  down_->setEnabled(own && row >= 0 && row + 1 < presets_->count());
  remove_->setEnabled(own && row >= 0 && presets_->count() > 1);  // a lecture keeps one slide at least
}

void LecturePanel::listPresets() {
  presets_->clear();
  const Lecture* lecture = navigator_->library().find(fromQ(chooser_->currentData().toString()));
  if (!lecture) return;
  source_->setText(toQ(lecture->source));
  int number = 1;
  for (std::size_t i = 0; i < lecture->presetIds.size(); ++i) {
    const std::string& id = lecture->presetIds[i];
    const PresetRef ref = lectureSlide(navigator_->registry(), *lecture, i);
    const QString title = ref ? toQ(ref.preset->title) : tr("(unknown preset %1)").arg(toQ(id));
    auto* item = new QListWidgetItem(QStringLiteral("%1. %2").arg(number++).arg(title), presets_);
    if (ref) item->setToolTip(QStringLiteral("<p>%1</p><p><i>%2</i></p>")
                                  .arg(toQ(ref.preset->claim).toHtmlEscaped(), toQ(ref.lab->title).toHtmlEscaped()));
  }
  follow();
  followEditing();
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
