#include "scalar_panel.h"

#include <QLabel>
#include <QTextDocument>
#include <QVBoxLayout>

#include "qt_text.h"

namespace warpscope::ui {

namespace {
constexpr int kPairsPerRow = 3;  // three label/value pairs fit a 1600 px window without wrapping
}

QString formatScalar(const Scalar& scalar) {
  QString text = formatNumber(scalar.value, 4);
  if (!scalar.unit.empty()) text += QLatin1Char(' ') + toQ(scalar.unit);
  return text;
}

ScalarPanel::ScalarPanel(QWidget* parent) : QWidget(parent) {
  scalars_ = new QLabel(this);
  scalars_->setTextFormat(Qt::RichText);
  scalars_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont f = scalars_->font();
  f.setPointSize(f.pointSize() + 1);
  scalars_->setFont(f);
  notes_ = new QLabel(this);
  notes_->setWordWrap(true);
  notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  notes_->setStyleSheet(QStringLiteral("color: palette(mid);"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  layout->addWidget(scalars_);
  layout->addWidget(notes_);
  clear();
}

void ScalarPanel::clear() {
  scalars_->clear();
  notes_->clear();
  notes_->setVisible(false);
}

void ScalarPanel::display(const RunResult& result) {
  QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
  for (size_t i = 0; i < result.scalars.size(); ++i) {
    const Scalar& s = result.scalars[i];
    if (i % kPairsPerRow == 0) html += QStringLiteral("<tr>");
    html += QStringLiteral("<td>%1:</td><td style='padding-right:24px'><b>%2</b></td>")
                .arg(toQ(s.label.empty() ? s.id : s.label).toHtmlEscaped(),
                     formatScalar(s).toHtmlEscaped());
    if (i % kPairsPerRow == kPairsPerRow - 1) html += QStringLiteral("</tr>");
  }
  html += QStringLiteral("</table>");
  scalars_->setText(result.scalars.empty() ? QString() : html);

  QStringList notes;
  for (const std::string& n : result.notes) notes << toQ(n);
  notes_->setText(notes.join(QStringLiteral("  ·  ")));
  notes_->setVisible(!notes.isEmpty());
}

QString ScalarPanel::scalarsText() const {
  QTextDocument doc;
  doc.setHtml(scalars_->text());
  return doc.toPlainText();
}

}  // namespace warpscope::ui
