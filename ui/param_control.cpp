#include "param_control.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QValidator>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "qt_text.h"

namespace warpscope::ui {

namespace {

/// A spin box that lets a number outside its range be typed and, when it is committed, reports
/// it instead of silently clamping or reverting it: a class watching the projector must see
/// that 5000 threads per block was refused.
template <typename Base>
class RefusingSpinBox : public Base {
 public:
  using Base::Base;
  std::function<void(const QString&)> onRefused;

 protected:
  QValidator::State validate(QString& text, int& pos) const override {
    const QValidator::State state = Base::validate(text, pos);
    if (state != QValidator::Invalid) return state;
    QString number = text;
    if (!this->suffix().isEmpty() && number.endsWith(this->suffix())) number.chop(this->suffix().size());
    bool ok = false;
    this->locale().toDouble(number.trimmed(), &ok);
    return ok ? QValidator::Intermediate : state;  // typed on, refused on commit
  }
  void fixup(QString& input) const override {
    QString typed = input;
    if (!this->suffix().isEmpty() && typed.endsWith(this->suffix())) typed.chop(this->suffix().size());
    if (onRefused && !typed.trimmed().isEmpty()) onRefused(typed.trimmed());
    Base::fixup(input);
  }
};

}  // namespace

QString formatWithUnit(double value, const std::string& unit) { return numberWithUnit(value, unit, 10); }

ParamControl::ParamControl(ParamSpec spec, QWidget* parent)
    : QWidget(parent), spec_(std::move(spec)) {
  // A named choice (pattern = uniform / odd-even / ...) is a drop-down of its names over the
  // values 0..n-1, even when a declaration left `choices` empty.
  if (spec_.isNamedChoice() && spec_.choices.empty())
    for (size_t i = 0; i < spec_.choiceNames.size(); ++i) spec_.choices.push_back(static_cast<double>(i));
  setObjectName(toQ(spec_.id));
  label_ = new QLabel(toQ(spec_.label), this);
  QFont bold = label_->font();
  bold.setBold(true);
  label_->setFont(bold);

  auto* row = new QHBoxLayout;
  row->setContentsMargins(0, 0, 0, 0);
  const QString unitSuffix = spec_.unit.empty() ? QString() : QLatin1Char(' ') + toQ(spec_.unit);

  if (!spec_.choices.empty()) {
    combo_ = new QComboBox(this);
    for (double c : spec_.choices)
      combo_->addItem(spec_.isNamedChoice() ? toQ(spec_.displayText(c)) : formatWithUnit(c, spec_.unit), c);
    combo_->setFocusPolicy(Qt::StrongFocus);
    combo_->setAccessibleName(toQ(spec_.label));
    row->addWidget(combo_, 1);
    label_->setBuddy(combo_);
    connect(combo_, &QComboBox::currentIndexChanged, this, [this](int i) {
      if (!syncing_ && i >= 0) userChanged(spec_.choices[static_cast<size_t>(i)]);
    });
  } else {
    slider_ = new QSlider(Qt::Horizontal, this);
    slider_->setRange(0, stepCount());
    slider_->setSingleStep(1);
    slider_->setPageStep(std::max(1, stepCount() / 8));
    slider_->setFocusPolicy(Qt::StrongFocus);
    slider_->setAccessibleName(toQ(spec_.label));
    slider_->setTracking(true);  // every drag position requests a run; RunController coalesces
    row->addWidget(slider_, 1);
    label_->setBuddy(slider_);
    connect(slider_, &QSlider::valueChanged, this, [this](int k) {
      if (!syncing_) userChanged(valueAt(k));
    });

    if (spec_.integer) {
      auto* spin = new RefusingSpinBox<QSpinBox>(this);
      spin->onRefused = [this](const QString& typed) { refuseTyped(typed); };
      intSpin_ = spin;
      const auto toInt = [](double v) {
        return static_cast<int>(std::clamp(std::llround(v), static_cast<long long>(std::numeric_limits<int>::min()),
                                           static_cast<long long>(std::numeric_limits<int>::max())));
      };
      intSpin_->setRange(toInt(spec_.min), toInt(spec_.max));
      intSpin_->setSingleStep(std::max(1, toInt(spec_.step)));
      // The unit as read after the number: "1 word", "2 words" (a fixed suffix read "1 words").
      const auto suffixFor = [this](int v) {
        const QString unit = unitAfter(v, spec_.unit);
        return unit.isEmpty() ? QString() : QLatin1Char(' ') + unit;
      };
      intSpin_->setSuffix(suffixFor(intSpin_->value()));
      connect(intSpin_, &QSpinBox::valueChanged, this, [this, suffixFor](int v) {
        intSpin_->setSuffix(suffixFor(v));
        typedValue(v);
      });
    } else {
      auto* spin = new RefusingSpinBox<QDoubleSpinBox>(this);
      spin->onRefused = [this](const QString& typed) { refuseTyped(typed); };
      doubleSpin_ = spin;
      // Enough decimals to show one step exactly (0.05 -> 2).
      const int decimals = spec_.step > 0
                               ? std::clamp(static_cast<int>(std::ceil(-std::log10(spec_.step) - 1e-9)), 0, 6)
                               : 3;
      doubleSpin_->setDecimals(decimals);
      doubleSpin_->setRange(spec_.min, spec_.max);
      doubleSpin_->setSingleStep(spec_.step > 0 ? spec_.step : 0.1);
      doubleSpin_->setSuffix(unitSuffix);
      connect(doubleSpin_, &QDoubleSpinBox::valueChanged, this, [this](double v) { typedValue(v); });
    }
    QAbstractSpinBox* spin = spinBox();
    // Typing "2048" must not run 2, 20 and 204 on the way: commit on Enter or focus loss.
    spin->setKeyboardTracking(false);
    spin->setAccessibleName(toQ(spec_.label) + tr(" value"));
    spin->setMinimumWidth(120);
    spin->setAlignment(Qt::AlignRight);
    row->addWidget(spin);
  }

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 4, 0, 4);
  layout->setSpacing(2);
  layout->addWidget(label_);
  layout->addLayout(row);

  const QString tip = toolTipText();
  for (QWidget* w : findChildren<QWidget*>()) w->setToolTip(tip);
  setToolTip(tip);

  value_ = snap(spec_.defaultValue);
  syncWidgets();
}

void ParamControl::typedValue(double value) {
  if (syncing_) return;
  // Inside the range but off the declared steps (100 threads where blocks come in 32s): refused
  // and said, not quietly moved to the nearest step.
  if (!spec_.accepts(value)) {
    refuseTyped(toQ(spec_.valueText(value)));
    syncWidgets();
    return;
  }
  userChanged(value);
}

void ParamControl::refuseTyped(const QString& typed) {
  emit refused(tr("%1: %2 is refused (valid: %3); it stays at %4.")
                   .arg(toQ(spec_.label), typed, toQ(spec_.validRangeText()), toQ(spec_.valueText(value_))));
}

QAbstractSpinBox* ParamControl::spinBox() const {
  if (intSpin_) return intSpin_;
  return doubleSpin_;
}

QString ParamControl::toolTipText() const {
  QString tip = toQ(spec_.help);
  if (!tip.isEmpty()) tip += QStringLiteral("\n");
  const QString defaultText = spec_.isNamedChoice() ? toQ(spec_.displayText(spec_.defaultValue))
                                                    : formatWithUnit(spec_.defaultValue, spec_.unit);
  tip += tr("Valid: %1. Default: %2.").arg(toQ(spec_.validRangeText()), defaultText);
  tip += spec_.role == ParamRole::Focus ? tr("\nMoves the highlighted point (fast).")
                                        : tr("\nReruns the whole sweep.");
  return tip;
}

int ParamControl::stepCount() const {
  if (spec_.step <= 0 || spec_.max <= spec_.min) return 0;
  const double n = std::floor((spec_.max - spec_.min) / spec_.step + 1e-9);
  return static_cast<int>(std::min(n, static_cast<double>(std::numeric_limits<int>::max() - 1)));
}

int ParamControl::indexOf(double value) const {
  if (spec_.step <= 0) return 0;
  const double k = std::round((value - spec_.min) / spec_.step);
  return static_cast<int>(std::clamp(k, 0.0, static_cast<double>(stepCount())));
}

double ParamControl::valueAt(int index) const {
  double v = spec_.min + index * spec_.step;
  if (spec_.integer) v = std::round(v);
  return std::min(v, spec_.max);
}

double ParamControl::snap(double value) const {
  if (!spec_.choices.empty()) {
    return *std::min_element(spec_.choices.begin(), spec_.choices.end(), [&](double a, double b) {
      return std::abs(a - value) < std::abs(b - value);
    });
  }
  if (spec_.step <= 0) return std::clamp(value, spec_.min, spec_.max);
  return valueAt(indexOf(value));
}

void ParamControl::setValue(double value) {
  value_ = snap(value);
  syncWidgets();
}

void ParamControl::userChanged(double value) {
  const double snapped = snap(value);
  const bool changed = snapped != value_;
  value_ = snapped;
  syncWidgets();  // e.g. a typed 50 on a step-32 grid shows as 64 at once
  if (changed) emit valueChanged(toQ(spec_.id), value_);
}

void ParamControl::syncWidgets() {
  syncing_ = true;
  if (combo_) {
    const auto it = std::find(spec_.choices.begin(), spec_.choices.end(), value_);
    combo_->setCurrentIndex(it == spec_.choices.end() ? -1 : static_cast<int>(it - spec_.choices.begin()));
  }
  if (slider_) slider_->setValue(indexOf(value_));
  if (intSpin_) intSpin_->setValue(static_cast<int>(std::llround(value_)));
  if (doubleSpin_) doubleSpin_->setValue(value_);
  syncing_ = false;
}

}  // namespace warpscope::ui
