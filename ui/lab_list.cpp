#include "lab_list.h"

#include "qt_text.h"

namespace warpscope::ui {

LabList::LabList(const LabRegistry& registry, QWidget* parent) : QListWidget(parent) {
  setAccessibleName(tr("Labs"));
  setSelectionMode(QAbstractItemView::SingleSelection);
  setWordWrap(true);
  QString topic;
  for (const LabSpec& lab : registry.labs()) {
    // A heading per topic (not selectable: arrow keys pass over it); under it the titles lose
    // the topic they repeat ("Unified memory: ...") so fewer of them wrap.
    const QString labTopic = toQ(lab.topic);
    if (!labTopic.isEmpty() && labTopic != topic) {
      auto* heading = new QListWidgetItem(labTopic, this);
      heading->setFlags(Qt::NoItemFlags);
      QFont bold = font();
      bold.setBold(true);
      heading->setFont(bold);
      heading->setForeground(palette().color(QPalette::WindowText));
      heading->setData(Qt::AccessibleTextRole, tr("Topic: %1").arg(labTopic));
      topic = labTopic;
    }
    QString title = toQ(lab.title);
    if (!labTopic.isEmpty() && title.startsWith(labTopic + QStringLiteral(": "), Qt::CaseInsensitive))
      title = title.mid(labTopic.size() + 2);
    if (!title.isEmpty()) title[0] = title[0].toUpper();
    auto* item = new QListWidgetItem(QStringLiteral("   ") + title, this);
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
    if (!labId.isEmpty() && item(i)->data(Qt::UserRole).toString() == labId) {
      syncing_ = true;
      setCurrentRow(i);
      syncing_ = false;
      return true;
    }
  }
  return false;
}

}  // namespace warpscope::ui
