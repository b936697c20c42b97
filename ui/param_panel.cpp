#include "param_panel.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QSlider>
#include <QPushButton>
#include <QVBoxLayout>

#include "param_control.h"
#include "qt_text.h"

namespace warpscope::ui {

ParamPanel::ParamPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  controlsLayout_ = new QVBoxLayout;
  layout->addLayout(controlsLayout_);
  reset_ = new QPushButton(tr("Re&set to defaults"), this);
  reset_->setToolTip(tr("Every parameter back to the lab's declared default"));
  reset_->setEnabled(false);
  layout->addWidget(reset_);
  layout->addStretch(1);
  connect(reset_, &QPushButton::clicked, this, &ParamPanel::resetToDefaults);
}

void ParamPanel::setLab(const LabSpec& lab) {
  lab_ = lab;
  specs_ = device_ ? capParamsForDevice(lab.params, *device_) : lab.params;
  rebuild();
}

void ParamPanel::setDevice(const DeviceInfo& device) {
  device_ = device;
  if (!lab_) return;
  std::vector<ParamSpec> capped = capParamsForDevice(lab_->params, device);
  bool same = capped.size() == specs_.size();
  for (size_t i = 0; same && i < capped.size(); ++i)
    same = capped[i].max == specs_[i].max && capped[i].choices == specs_[i].choices && capped[i].capNote == specs_[i].capNote;
  if (same) return;  // most device switches change no limit: keep the controls as they are
  const ParamSet kept = values();
  specs_ = std::move(capped);
  rebuild();
  // Values the new limits accept stay; the others snap into the new range.
  for (auto it = controls_.begin(); it != controls_.end(); ++it) {
    const std::string id = fromQ(it.key());
    if (!kept.values().contains(id)) continue;
    const double old = kept.values().at(id);
    it.value()->setValue(it.value()->spec().accepts(old) ? old : it.value()->snap(std::min(old, it.value()->spec().max)));
  }
  updateRelevance();
}

void ParamPanel::rebuild() {
  delete content_;  // owns the previous lab's controls
  controls_.clear();
  capNotes_.clear();
  content_ = new QWidget(this);
  auto* contentLayout = new QVBoxLayout(content_);
  contentLayout->setContentsMargins(0, 0, 0, 0);

  // Sweep first: they decide what the chart is; Focus ones then pick a point on it.
  const struct {
    ParamRole role;
    QString title;
    QString tip;
  } groups[] = {
      {ParamRole::Sweep, tr("Sweep"), tr("Changing these reruns the whole sweep")},
      {ParamRole::Focus, tr("Focus"), tr("Changing these reruns only the highlighted point")},
  };
  QWidget* previous = nullptr;
  for (const auto& group : groups) {
    QGroupBox* box = nullptr;
    QVBoxLayout* boxLayout = nullptr;
    for (const ParamSpec& spec : specs_) {
      if (spec.role != group.role) continue;
      if (!box) {
        box = new QGroupBox(group.title, content_);
        box->setToolTip(group.tip);
        boxLayout = new QVBoxLayout(box);
        contentLayout->addWidget(box);
      }
      auto* control = new ParamControl(spec, box);
      boxLayout->addWidget(control);
      controls_.insert(toQ(spec.id), control);
      if (!spec.capNote.empty()) {
        // Visible, not only in the tooltip: the slider ends early for a reason.
        QString text = toQ(spec.capNote);
        if (!text.isEmpty()) text[0] = text[0].toUpper();
        auto* note = new QLabel(tr("Max %1 %2 on this GPU. %3.").arg(control->spec().max).arg(toQ(spec.unit), text), box);
        note->setWordWrap(true);
        note->setToolTip(toQ(spec.help));
        note->setAccessibleName(tr("%1 cap").arg(toQ(spec.label)));
        QFont small = note->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        note->setFont(small);
        note->setStyleSheet(QStringLiteral("color: #8a3b00;"));
        note->setObjectName(QStringLiteral("capNote_") + toQ(spec.id));
        boxLayout->addWidget(note);
        capNotes_.insert(toQ(spec.id), note);
      }
      // Keyboard order follows the visual order: slider, then its spin box, then the next row.
      QWidget* first = control->comboBox() ? static_cast<QWidget*>(control->comboBox())
                                           : static_cast<QWidget*>(control->slider());
      if (previous) setTabOrder(previous, first);
      previous = first;
      if (control->spinBox()) {
        setTabOrder(first, control->spinBox());
        previous = control->spinBox();
      }
      connect(control, &ParamControl::refused, this, &ParamPanel::valueRefused);
      const ParamRole role = spec.role;
      connect(control, &ParamControl::valueChanged, this, [this, role](const QString& id, double) {
        updateRelevance();
        emit paramsChanged(values(), id, role == ParamRole::Focus);
      });
    }
  }
  if (previous) setTabOrder(previous, reset_);
  controlsLayout_->addWidget(content_);
  reset_->setEnabled(!controls_.isEmpty());
  updateRelevance();
}


void ParamPanel::updateRelevance() {
  // A parameter that the current values make meaningless (k while the pattern is not first-k)
  // is greyed out, not hidden: the panel keeps its layout while the pattern changes.
  const ParamSet current = values();
  for (ParamControl* c : controls_) c->setEnabled(c->spec().isRelevant(current));
}

void ParamPanel::setValues(const ParamSet& values) {
  for (const auto& [id, value] : values.values()) {
    if (ParamControl* c = controls_.value(toQ(id))) c->setValue(value);
  }
  updateRelevance();
}

ParamSet ParamPanel::values() const {
  ParamSet set;
  for (auto it = controls_.begin(); it != controls_.end(); ++it) set.set(fromQ(it.key()), it.value()->value());
  return set;
}

QString ParamPanel::summary() const {
  QStringList parts;
  const ParamSet current = values();
  for (const ParamSpec& spec : specs_) {
    if (!spec.isRelevant(current)) continue;
    const double raw = current.get(spec.id);
    QString value = toQ(spec.displayText(raw));
    // "1 block", not "1 blocks" (unitAfter says a unit in the singular for one).
    if (const QString unit = unitAfter(raw, spec.unit); !unit.isEmpty() && !spec.isNamedChoice())
      value += QLatin1Char(' ') + unit;
    parts << QStringLiteral("%1: %2").arg(toQ(spec.label), value);
  }
  return parts.join(QStringLiteral(" · "));
}

void ParamPanel::resetToDefaults() {
  for (ParamControl* c : controls_) c->setValue(c->spec().defaultValue);
  updateRelevance();
  emit paramsChanged(values(), QString(), false);
}

}  // namespace warpscope::ui
