#include "key_figures_line.h"

#include <QStringList>

#include "scalar_layout.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

namespace {

/// A figure never breaks inside ("GB/" and "s" on two lines); the line breaks between figures.
/// Qt's rich text breaks after "/" even inside white-space:nowrap: no-break spaces and a word
/// joiner after each slash keep a figure whole.
QString unbreakable(const QString& text) {
  return text.toHtmlEscaped().replace(QLatin1Char(' '), QChar(0x00A0)).replace(QStringLiteral("/"), QStringLiteral("/\u2060"));
}

}  // namespace

KeyFiguresLine::KeyFiguresLine(QWidget* parent) : QLabel(parent) {
  setTextFormat(Qt::RichText);
  setWordWrap(true);
  setVisible(false);
}

void KeyFiguresLine::display(const RunResult* result) {
  QStringList parts;
  if (result) {
    const LabSpec* lab = LabRegistry::builtin().find(result->labId);
    const ScalarLayout layout = layOutScalars(result->scalars, lab ? lab->keyFigures : std::vector<std::string>{});
    for (const ScalarRow& figure : presentedFigures(layout))
      parts << QStringLiteral("%1:&nbsp;<b>%2</b>").arg(unbreakable(figure.label), unbreakable(figure.value));
  }
  setText(QStringLiteral("<span style='font-size:large'>%1</span>").arg(parts.join(QStringLiteral(" &nbsp;·&nbsp; "))));
  setVisible(!parts.isEmpty());
}

}  // namespace warpscope::ui
