#include "scalar_panel.h"

#include <QCoreApplication>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>

#include "qt_text.h"
#include "scalar_layout.h"
#include "text_block.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

namespace {
/// Width one label/value pair needs; the panel fits as many pairs per row as its width allows.
constexpr int kPairWidthPx = 520;
}

QString formatScalar(const Scalar& scalar) {
  QString text = formatNumber(scalar.value, 4);
  if (!scalar.unit.empty()) text += QLatin1Char(' ') + toQ(scalar.unit);
  return text;
}

ScalarPanel::ScalarPanel(QWidget* parent) : QWidget(parent) {
  // Wrapped to the panel: a wide table lays out to the panel, not past its edge (and the notes
  // with it). No font of its own: the numbers follow the window's type scale (Ctrl+= / Ctrl+-,
  // presenting). Both selectable with the mouse, to copy a figure.
  scalars_ = new TextBlock(this);
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
  const bool resized = notes_->setPlainText(notes.join(QStringLiteral("  ·  "))) || tableResized;
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
  // The lab's key figures, then its other one-off figures, as many label/value pairs a row as
  // the width allows...
  std::vector<ScalarRow> rows = layout.keyFigures;
  rows.insert(rows.end(), layout.rows.begin(), layout.rows.end());
  QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
  const size_t perRow = static_cast<size_t>(pairsPerRow_);
  for (size_t i = 0; i < rows.size(); ++i) {
    const ScalarRow& row = rows[i];
    if (i % perRow == 0) html += QStringLiteral("<tr>");
    html += QStringLiteral("<td>%1:</td><td style='padding-left:8px; padding-right:28px'><b>%2</b></td>")
                .arg(row.label.toHtmlEscaped(), row.value.toHtmlEscaped());
    if (i % perRow == perRow - 1) html += QStringLiteral("</tr>");
  }
  html += QStringLiteral("</table>");
  // ...then each variant's figures as one table: a row per variant, a column per figure.
  for (const ScalarTable& table : layout.tables) {
    html += QStringLiteral("<table cellspacing='0' cellpadding='3' style='margin-top:8px'><tr><th></th>");
    for (const QString& column : table.columns)
      html += QStringLiteral("<th style='padding-left:14px; text-align:right'>%1</th>").arg(column.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    for (qsizetype r = 0; r < table.rowNames.size(); ++r) {
      html += QStringLiteral("<tr><td><b>%1</b></td>").arg(table.rowNames[r].toHtmlEscaped());
      for (const QString& cell : table.cells[static_cast<size_t>(r)])
        html += QStringLiteral("<td style='padding-left:14px' align='right'>%1</td>").arg(cell.toHtmlEscaped());
      html += QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table>");
  }
  return scalars_->setHtml(html);
}

QString ScalarPanel::scalarsText() const { return scalars_->toPlainText(); }

}  // namespace warpscope::ui
