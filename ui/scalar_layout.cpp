#include "scalar_layout.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>

#include "qt_text.h"

namespace warpscope::ui {
namespace {

/// "(0 warps, 1 registers, 2 shared memory, 3 blocks)" at the end of a label: the words of a code.
const QRegularExpression kCodeLegend(QStringLiteral(R"(\s*\(((?:\d+\s+[^,()]+)(?:,\s*\d+\s+[^,()]+)+)\)\s*$)"));
/// "(1 = yes)" at the end of a label: a flag.
const QRegularExpression kFlag(QStringLiteral(R"(\s*\(1\s*=\s*yes\)\s*$)"));
/// A trailing remark in parentheses, kept with the value when the label becomes a column.
const QRegularExpression kRemark(QStringLiteral(R"(\s*\(([^()]*)\)\s*$)"));

QString number(const Scalar& s) { return numberWithUnit(s.value, s.unit, 4); }

}  // namespace

ScalarRow readableScalar(const Scalar& s) {
  QString label = toQ(s.label.empty() ? s.id : s.label);
  if (const auto legend = kCodeLegend.match(label); legend.hasMatch()) {
    label.truncate(legend.capturedStart());
    for (const QString& entry : legend.captured(1).split(QLatin1Char(','))) {
      const QString trimmed = entry.trimmed();
      const qsizetype space = trimmed.indexOf(QLatin1Char(' '));
      if (trimmed.left(space).toDouble() == s.value) return {label, trimmed.mid(space + 1)};
    }
    return {label, number(s)};
  }
  if (const auto flag = kFlag.match(label); flag.hasMatch()) {
    label.truncate(flag.capturedStart());
    return {label, s.value != 0 ? QObject::tr("yes") : QObject::tr("no")};
  }
  // A fraction (a share of a peak, of a bandwidth) reads as a percentage.
  if ((s.unit.empty() || s.unit == "fraction") && label.contains(QStringLiteral("fraction"), Qt::CaseInsensitive) &&
      std::isfinite(s.value) &&
      std::abs(s.value) <= 10)
    return {label, formatNumber(100.0 * s.value, 3) + QStringLiteral(" %")};
  return {label, number(s)};
}

ScalarLayout layOutScalars(const std::vector<Scalar>& scalars, const std::vector<std::string>& keyFigureIds) {
  // Split "variant: figure" labels; a variant with two or more figures, among two or more such
  // variants, goes to the table ("Best variant: ..." stays a row: it is a key figure).
  struct Split {
    QString variant, figure, remark;
  };
  std::vector<Split> splits(scalars.size());
  std::vector<ScalarRow> readable;
  readable.reserve(scalars.size());
  for (const Scalar& scalar : scalars) readable.push_back(readableScalar(scalar));
  std::map<QString, int> figuresPerVariant;
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    const QString& label = readable[i].label;
    const qsizetype colon = label.indexOf(QStringLiteral(": "));
    if (colon <= 0 || label.startsWith(QStringLiteral("Best"), Qt::CaseInsensitive)) continue;
    Split& split = splits[i];
    split.variant = label.left(colon);
    split.figure = label.mid(colon + 2);
    if (const auto remark = kRemark.match(split.figure); remark.hasMatch()) {
      split.remark = remark.captured(1);
      split.figure.truncate(remark.capturedStart());
    }
    ++figuresPerVariant[split.variant];
  }
  int tableVariants = 0;
  for (const auto& [variant, count] : figuresPerVariant) tableVariants += count >= 2 ? 1 : 0;

  ScalarLayout layout;
  auto isKeyFigure = [&](const Scalar& s) {
    return std::find(keyFigureIds.begin(), keyFigureIds.end(), s.id) != keyFigureIds.end();
  };
  for (const std::string& id : keyFigureIds)
    for (std::size_t i = 0; i < scalars.size(); ++i)
      if (scalars[i].id == id) layout.keyFigures.push_back(readable[i]);
  ScalarTable table;
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    const Split& split = splits[i];
    if (tableVariants < 2 || split.variant.isEmpty() || figuresPerVariant[split.variant] < 2) {
      if (!isKeyFigure(scalars[i])) layout.rows.push_back(readable[i]);
      continue;
    }
    qsizetype row = table.rowNames.indexOf(split.variant);
    if (row < 0) {
      table.rowNames << split.variant;
      table.cells.emplace_back();
      row = table.rowNames.size() - 1;
    }
    qsizetype column = table.columns.indexOf(split.figure);
    if (column < 0) {
      table.columns << split.figure;
      column = table.columns.size() - 1;
    }
    QStringList& cells = table.cells[static_cast<std::size_t>(row)];
    while (cells.size() <= column) cells << QString();
    const QString& value = readable[i].value;
    cells[column] = split.remark.isEmpty() ? value : value + QStringLiteral(" (") + split.remark + QLatin1Char(')');
  }
  for (QStringList& cells : table.cells)
    while (cells.size() < table.columns.size()) cells << QString();
  if (!table.rowNames.isEmpty()) layout.tables.push_back(std::move(table));
  return layout;
}

std::vector<ScalarRow> presentedFigures(const ScalarLayout& layout) {
  constexpr std::size_t kPresented = 4;
  if (!layout.keyFigures.empty()) return layout.keyFigures;
  return {layout.rows.begin(), layout.rows.begin() + static_cast<std::ptrdiff_t>(std::min(kPresented, layout.rows.size()))};
}

}  // namespace warpscope::ui
