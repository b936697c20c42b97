#pragma once
/// \file scalar_layout.h
/// How the scalars under the chart read to a class: one-off figures as "label: value" rows first,
/// the per-variant figures ("Tiled 16x16: throughput", "no advice: GPU faults") as one table
/// with a row per variant and a column per figure, codes as their words ("registers", not 1),
/// yes/no flags as yes or no, fractions as percentages. Plain data, so it is tested apart from
/// the widget.

#include <QString>
#include <QStringList>

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
  std::vector<ScalarRow> rows;  ///< One-off figures, in the lab's order.
  std::vector<ScalarTable> tables;
};

/// The label without a code legend ("Limiting resource (0 warps, 1 registers, ...)" -> "Limiting
/// resource") and the value as people read it ("registers", "yes", "88.8 %", "4,201 GB/s").
ScalarRow readableScalar(const Scalar& scalar);

ScalarLayout layOutScalars(const std::vector<Scalar>& scalars);

}  // namespace warpscope::ui
