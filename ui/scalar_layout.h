#pragma once
/// \file scalar_layout.h
/// How the scalars under the chart read to a class: one-off figures as "label: value" rows first,
/// the per-variant figures ("Tiled 16x16: throughput", "no advice: GPU faults") as one table
/// with a row per variant and a column per figure, codes as their words ("registers", not 1),
/// yes/no flags as yes or no, fractions as percentages. Plain data, so it is tested apart from
/// the widget.

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

#include "warpscope/result.h"

namespace warpscope::ui {

struct ScalarRow {
  QString label;
  QString value;
};

struct ScalarTable {
  QStringList columns;   ///< The figures, in the order they first appear.
  QStringList rowNames;  ///< The variants, in order.
  std::vector<QStringList> cells;  ///< cells[row][column]; "" where a variant lacks a figure.
};

struct ScalarLayout {
  std::vector<ScalarRow> keyFigures;  ///< The lab's declared key figures present, in its order.
  std::vector<ScalarRow> rows;  ///< The other one-off figures, in the lab's order.
  std::vector<ScalarTable> tables;
};

/// The label without a code legend ("Limiting resource (0 warps, 1 registers, ...)" -> "Limiting
/// resource") and the value as people read it ("registers", "yes", "88.8 %", "4,201 GB/s").
ScalarRow readableScalar(const Scalar& scalar);

/// keyFigureIds: LabSpec::keyFigures. A key figure leaves the rows; one that belongs to a
/// variant also stays in its table, which stays whole.
ScalarLayout layOutScalars(const std::vector<Scalar>& scalars, const std::vector<std::string>& keyFigureIds = {});

/// What presentation mode shows large under the chart: the key figures, or the first four
/// one-off figures of a lab that declares none.
std::vector<ScalarRow> presentedFigures(const ScalarLayout& layout);

}  // namespace warpscope::ui
