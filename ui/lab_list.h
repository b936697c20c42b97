#pragma once
/// \file lab_list.h
/// The list of labs on the left, from the registry; each entry's tooltip is the lab's summary.

#include <QHash>
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
  /// Marks the labs the selected device cannot run (lab id -> why): greyed, a cross before the
  /// title, the reason in their tooltip and accessible text; the rest unmarked. They stay pickable: the chart
  /// then says the same reason.
  void markUnavailable(const QHash<QString, QString>& reasons, const QString& deviceName);
  /// Shows `lab`'s title and summary for its entry: a lab whose declaration changed (the user's
  /// kernel file opened in the lab that opens with an example).
  void retitle(const LabSpec& lab);

 signals:
  /// The user picked another lab.
  void labSelected(const QString& labId);

 private:
  /// The topic heading above `row`.
  [[nodiscard]] QString topicOf(int row) const;
  bool syncing_ = false;
};

}  // namespace warpscope::ui
