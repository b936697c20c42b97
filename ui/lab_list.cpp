#include "lab_list.h"

#include "qt_text.h"

namespace warpscope::ui {

namespace {
constexpr int kTitleRole = Qt::UserRole + 1;  ///< The title as first shown (before any mark).
constexpr int kTipRole = Qt::UserRole + 2;    ///< The tooltip without a device's reason.

/// Sets an item's title (without the topic it repeats: "Unified memory: ..." under "Unified
/// memory", so fewer of them wrap) and its tooltip.
void describe(QListWidgetItem* item, const LabSpec& lab) {
  const QString labTopic = toQ(lab.topic);
  QString title = toQ(lab.title);
  if (!labTopic.isEmpty() && title.startsWith(labTopic + QStringLiteral(": "), Qt::CaseInsensitive))
    title = title.mid(labTopic.size() + 2);
  if (!title.isEmpty()) title[0] = title[0].toUpper();
  item->setText(QStringLiteral("   ") + title);
  item->setData(Qt::UserRole, toQ(lab.id));
  item->setData(kTitleRole, item->text());
  const QString tip = QStringLiteral("<p><b>%1</b> (%2)</p><p>%3</p>")
                          .arg(toQ(lab.title).toHtmlEscaped(), toQ(lab.id).toHtmlEscaped(), toQ(lab.summary).toHtmlEscaped());
  item->setData(kTipRole, tip);
  item->setToolTip(tip);
}
}  // namespace

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
    describe(new QListWidgetItem(this), lab);
  }
  connect(this, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (!syncing_ && item) emit labSelected(item->data(Qt::UserRole).toString());
  });
}

void LabList::markUnavailable(const QHash<QString, QString>& reasons, const QString& deviceName) {
  for (int i = 0; i < count(); ++i) {
    QListWidgetItem* it = item(i);
    const QString labId = it->data(Qt::UserRole).toString();
    if (labId.isEmpty()) continue;  // a topic heading
    const QString why = reasons.value(labId);
    // A mark where the indent was, not words after the title: a longer line would wrap.
    const QString title = it->data(kTitleRole).toString();
    it->setText(why.isEmpty() ? title : QStringLiteral(" \u2717 ") + title.trimmed());
    it->setData(Qt::AccessibleTextRole, why.isEmpty() ? title.trimmed() : tr("%1, not on this device: %2").arg(title.trimmed(), why));
    it->setForeground(why.isEmpty() ? palette().color(QPalette::Text) : palette().color(QPalette::Disabled, QPalette::Text));
    it->setToolTip(it->data(kTipRole).toString() +
                   (why.isEmpty() ? QString()
                                  : QStringLiteral("<p><i>%1</i></p>").arg(tr("Not on %1: %2.").arg(deviceName, why).toHtmlEscaped())));
  }
}

void LabList::retitle(const LabSpec& lab) {
  for (int i = 0; i < count(); ++i) {
    QListWidgetItem* it = item(i);
    if (it->data(Qt::UserRole).toString() != toQ(lab.id)) continue;
    LabSpec listed = lab;
    listed.topic = fromQ(topicOf(i));
    describe(it, listed);
  }
}

QString LabList::topicOf(int row) const {
  for (int i = row; i >= 0; --i)
    if (item(i)->data(Qt::UserRole).toString().isEmpty()) return item(i)->text();
  return {};
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
