#include "scalar_panel.h"

#include <QCoreApplication>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>

#include "figure_grid.h"
#include "qt_text.h"
#include "scalar_layout.h"
#include "text_block.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

namespace {
/// Width one label/value pair needs; the panel fits as many pairs per row as its width allows.
constexpr int kPairWidthPx = 520;
}

QString formatScalar(const Scalar& scalar) { return numberWithUnit(scalar.value, scalar.unit, 4); }

ScalarPanel::ScalarPanel(QWidget* parent) : QWidget(parent) {
  // No font of their own: the numbers follow the window's type scale (Ctrl+= / Ctrl+-,
  // presenting). The figures copy as a table (Ctrl+C, the context menu); the notes, wrapped to
  // the panel, are selectable with the mouse.
  scalars_ = new FigureGrid(this);
  notes_ = new TextBlock(this);
  QPalette grey = notes_->palette();
  grey.setColor(QPalette::WindowText, QColor(0x55, 0x55, 0x55));  // readable on a washed-out projector
  notes_->setPalette(grey);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  layout->addWidget(scalars_);
  layout->addWidget(notes_);
  layout->addStretch(1);  // keep the numbers together at the top when the splitter is tall
  clear();
}

void ScalarPanel::clear() {
  shown_.clear();
  scalars_->clear();
  notes_->clear();
  notes_->setVisible(false);
}

void ScalarPanel::display(const RunResult& result) {
  shown_ = result.scalars;
  const LabSpec* lab = LabRegistry::builtin().find(result.labId);
  keyFigureIds_ = lab ? lab->keyFigures : std::vector<std::string>{};
  const bool tableResized = render();
  QStringList notes;
  for (const std::string& n : result.notes) notes << toQ(n);
  // A paragraph a note: a focus move changes one of them, and only it is laid out again.
  const bool resized = notes_->setPlainText(notes.join(QLatin1Char('\n'))) || tableResized;
  notes_->setVisible(!notes.isEmpty());
  // A block of a new height asks this panel, and then the scroll area round it, for a layout,
  // each in an event of its own; the text was painted between them at the old size and again at
  // the new. Laid out now, it is painted once.
  if (resized)
    for (int hop = 0; hop < 3; ++hop) QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

void ScalarPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  const int pairs = std::clamp(width() / kPairWidthPx, 1, 4);
  if (pairs != pairsPerRow_) {
    pairsPerRow_ = pairs;
    render();
  }
}

bool ScalarPanel::render() {
  if (shown_.empty()) {
    scalars_->clear();
    return false;
  }
  const ScalarLayout layout = layOutScalars(shown_, keyFigureIds_);
  std::vector<FigureSection> sections;
  // The lab's key figures, then its other one-off figures, as many "label: value" pairs a row as
  // the width allows...
  std::vector<ScalarRow> rows = layout.keyFigures;
  rows.insert(rows.end(), layout.rows.begin(), layout.rows.end());
  FigureSection pairs;
  const std::size_t perRow = static_cast<std::size_t>(pairsPerRow_);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i % perRow == 0) pairs.rows.emplace_back();
    pairs.rows.back().push_back({rows[i].label + QLatin1Char(':'), false, false});
    pairs.rows.back().push_back({rows[i].value, true, false});
  }
  for (std::size_t c = 0; c < 2 * perRow; ++c) pairs.gapBefore.push_back(c == 0 ? 2 : c % 2 ? 12 : 32);
  sections.push_back(std::move(pairs));
  // ...then each variant's figures as one table: a row per variant, a column per figure.
  for (const ScalarTable& table : layout.tables) {
    FigureSection variants;
    variants.rowPadding = 3;
    variants.marginTop = 8;
    std::vector<FigureCell> header{{QString(), true, false}};
    for (const QString& column : table.columns) header.push_back({column, true, true});
    variants.rows.push_back(std::move(header));
    for (qsizetype r = 0; r < table.rowNames.size(); ++r) {
      std::vector<FigureCell> row{{table.rowNames[r], true, false}};
      for (const QString& cell : table.cells[static_cast<std::size_t>(r)]) row.push_back({cell, false, true});
      variants.rows.push_back(std::move(row));
    }
    variants.gapBefore.assign(table.columns.size() + 1, 20);
    variants.gapBefore.front() = 3;
    sections.push_back(std::move(variants));
  }
  return scalars_->setSections(std::move(sections));
}

QString ScalarPanel::scalarsText() const { return scalars_->toPlainText(); }

}  // namespace warpscope::ui
