#pragma once
/// \file lab_list.h
/// The list of labs on the left, from the registry; each entry's tooltip is the lab's summary.

#include <QListWidget>

#include "warpscope/registry.h"

namespace warpscope::ui {

class LabList : public QListWidget {
  Q_OBJECT

 public:
  explicit LabList(const LabRegistry& registry, QWidget* parent = nullptr);
  /// The selected lab's id ("" when none).
  [[nodiscard]] QString currentLabId() const;
  /// Selects a lab by id without emitting labSelected; false if unknown.
  bool selectLab(const QString& labId);

 signals:
  /// The user picked another lab.
  void labSelected(const QString& labId);

 private:
  bool syncing_ = false;
};

}  // namespace warpscope::ui
