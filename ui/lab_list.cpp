#include "lab_list.h"

#include "qt_text.h"

namespace warpscope::ui {

LabList::LabList(const LabRegistry& registry, QWidget* parent) : QListWidget(parent) {
  setAccessibleName(tr("Labs"));
  setSelectionMode(QAbstractItemView::SingleSelection);
  setWordWrap(true);
  for (const LabSpec& lab : registry.labs()) {
    auto* item = new QListWidgetItem(toQ(lab.title), this);
    item->setData(Qt::UserRole, toQ(lab.id));
    item->setToolTip(QStringLiteral("<p><b>%1</b> (%2)</p><p>%3</p>")
                         .arg(toQ(lab.title).toHtmlEscaped(), toQ(lab.id).toHtmlEscaped(),
                              toQ(lab.summary).toHtmlEscaped()));
  }
  connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (!syncing_ && item) emit labSelected(item->data(Qt::UserRole).toString());
  });
}

QString LabList::currentLabId() const {
  const QListWidgetItem* item = currentItem();
  return item ? item->data(Qt::UserRole).toString() : QString();
}

bool LabList::selectLab(const QString& labId) {
  for (int i = 0; i < count(); ++i) {
    if (item(i)->data(Qt::UserRole).toString() == labId) {
      syncing_ = true;
      setCurrentRow(i);
      syncing_ = false;
      return true;
    }
  }
  return false;
}

}  // namespace warpscope::ui
