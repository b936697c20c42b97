// The parameter panel is generated only from ParamSpecs: one control per spec, with the
// declared range, step, default, unit and help.
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

#include <gtest/gtest.h>

#include "meta_types.h"
#include "param_control.h"
#include "param_panel.h"
#include "qt_text.h"
#include "warpscope/registry.h"

using namespace warpscope;
using namespace warpscope::ui;

TEST(ParamPanel, BuildsOneControlPerParamSpecWithDeclaredRangeStepDefaultAndTooltip) {
  for (const LabSpec& lab : LabRegistry::builtin().labs()) {
    SCOPED_TRACE(lab.id);
    ParamPanel panel;
    panel.setLab(lab);
    ASSERT_EQ(panel.controlCount(), static_cast<int>(lab.params.size()));
    for (const ParamSpec& spec : lab.params) {
      SCOPED_TRACE(spec.id);
      ParamControl* c = panel.control(QString::fromStdString(spec.id));
      ASSERT_NE(c, nullptr);
      EXPECT_EQ(c->label()->text(), QString::fromStdString(spec.label));
      EXPECT_DOUBLE_EQ(c->value(), spec.defaultValue);
      const QString tip = c->toolTipText();
      EXPECT_TRUE(tip.contains(QString::fromStdString(spec.help))) << tip.toStdString();
      EXPECT_TRUE(tip.contains(QString::fromStdString(spec.validRangeText()))) << tip.toStdString();
      if (!spec.choices.empty()) {
        ASSERT_NE(c->comboBox(), nullptr);
        EXPECT_EQ(c->slider(), nullptr);
        ASSERT_EQ(c->comboBox()->count(), static_cast<int>(spec.choices.size()));
        for (int i = 0; i < c->comboBox()->count(); ++i)
          EXPECT_DOUBLE_EQ(c->comboBox()->itemData(i).toDouble(), spec.choices[static_cast<size_t>(i)]);
        EXPECT_DOUBLE_EQ(c->comboBox()->currentData().toDouble(), spec.defaultValue);
        EXPECT_EQ(c->comboBox()->toolTip(), tip);
        if (spec.isNamedChoice()) {
          EXPECT_EQ(c->comboBox()->currentText(), QString::fromStdString(spec.displayText(spec.defaultValue)));
        } else if (!spec.unit.empty()) {
          // The unit as read after the value: "1 element", "4 elements" (unitAfter).
          EXPECT_TRUE(c->comboBox()->currentText().endsWith(QLatin1Char(' ') + unitAfter(spec.defaultValue, spec.unit)))
              << c->comboBox()->currentText().toStdString();
        }
      } else {
        ASSERT_NE(c->slider(), nullptr);
        ASSERT_NE(c->spinBox(), nullptr);
        EXPECT_EQ(c->slider()->toolTip(), tip);
        EXPECT_EQ(c->slider()->minimum(), 0);
        EXPECT_EQ(c->slider()->maximum(), static_cast<int>((spec.max - spec.min) / spec.step + 1e-9));
        EXPECT_EQ(c->slider()->value(), static_cast<int>((spec.defaultValue - spec.min) / spec.step + 0.5));
        EXPECT_EQ(c->slider()->focusPolicy() & Qt::TabFocus, Qt::TabFocus) << "keyboard reachable";
        if (auto* spin = qobject_cast<QSpinBox*>(c->spinBox())) {
          EXPECT_EQ(spin->minimum(), static_cast<int>(spec.min));
          EXPECT_EQ(spin->maximum(), static_cast<int>(spec.max));
          EXPECT_EQ(spin->singleStep(), static_cast<int>(spec.step));
          EXPECT_EQ(spin->value(), static_cast<int>(spec.defaultValue));
          if (!unitAfter(spec.defaultValue, spec.unit).isEmpty()) {
            EXPECT_EQ(spin->suffix(), QLatin1Char(' ') + unitAfter(spec.defaultValue, spec.unit));
          }
        } else {
          auto* dspin = qobject_cast<QDoubleSpinBox*>(c->spinBox());
          ASSERT_NE(dspin, nullptr);
          EXPECT_DOUBLE_EQ(dspin->minimum(), spec.min);
          EXPECT_DOUBLE_EQ(dspin->maximum(), spec.max);
          EXPECT_DOUBLE_EQ(dspin->singleStep(), spec.step);
          EXPECT_DOUBLE_EQ(dspin->value(), spec.defaultValue);
        }
      }
    }
  }
}

TEST(ParamControl, SpinBoxUnitIsSingularAfterOne) {
  ParamSpec spec;
  spec.id = "stride";
  spec.label = "Stride";
  spec.unit = "words";
  spec.integer = true;
  spec.min = 1;
  spec.max = 64;
  spec.step = 1;
  spec.defaultValue = 2;
  ParamControl control(spec);
  auto* spin = qobject_cast<QSpinBox*>(control.spinBox());
  ASSERT_NE(spin, nullptr);
  EXPECT_EQ(spin->suffix(), QStringLiteral(" words"));
  control.setValue(1);
  EXPECT_EQ(spin->suffix(), QStringLiteral(" word"));
  EXPECT_EQ(spin->text(), QStringLiteral("1 word"));
  control.setValue(3);
  EXPECT_EQ(spin->text(), QStringLiteral("3 words"));
}

TEST(ParamPanel, ValuesAreTheDefaultsOfTheDeclarations) {
  for (const LabSpec& lab : LabRegistry::builtin().labs()) {
    ParamPanel panel;
    panel.setLab(lab);
    EXPECT_EQ(panel.values(), defaultParams(lab.params)) << lab.id;
  }
}

TEST(ParamPanel, SliderMoveEmitsEveryValueWithTheChangedOneAndItsRole) {
  registerMetaTypes();
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  ParamPanel panel;
  panel.setLab(lab);
  QSignalSpy spy(&panel, &ParamPanel::paramsChanged);
  ParamControl* blocks = panel.control(QStringLiteral("blocks_per_sm"));
  blocks->slider()->setValue(blocks->slider()->value() + 2);
  ASSERT_EQ(spy.count(), 1);
  const ParamSet values = spy.at(0).at(0).value<ParamSet>();
  EXPECT_EQ(values.getInt("blocks_per_sm"), static_cast<int>(findParam(lab.params, "blocks_per_sm")->defaultValue) + 2);
  EXPECT_EQ(spy.at(0).at(1).toString(), QStringLiteral("blocks_per_sm"));
  EXPECT_FALSE(spy.at(0).at(2).toBool()) << "blocks_per_sm is a Sweep parameter";
}

TEST(ParamPanel, ResetToDefaultsRestoresEveryValueAndEmitsOnce) {
  registerMetaTypes();
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  ParamPanel panel;
  panel.setLab(lab);
  ParamSet changed = defaultParams(lab.params);
  changed.set("blocks_per_sm", 3);
  changed.set("threads_per_block", 512);
  panel.setValues(changed);
  EXPECT_EQ(panel.values(), changed);
  QSignalSpy spy(&panel, &ParamPanel::paramsChanged);
  panel.resetButton()->click();
  EXPECT_EQ(spy.count(), 1);
  EXPECT_EQ(panel.values(), defaultParams(lab.params));
}

TEST(ParamControl, TypedValueOffTheStepGridIsRefusedNotSnapped) {
  ParamSpec spec{"threads_per_block", "Threads per block", "threads", 32, 1024, 32, 256, "help", {}, ParamRole::Focus, true, {}};
  ParamControl c(spec);
  QSignalSpy changed(&c, &ParamControl::valueChanged);
  QSignalSpy refused(&c, &ParamControl::refused);
  qobject_cast<QSpinBox*>(c.spinBox())->setValue(50);  // not on the 32-grid
  EXPECT_EQ(changed.count(), 0);
  ASSERT_EQ(refused.count(), 1);
  EXPECT_TRUE(refused.at(0).at(0).toString().contains(QStringLiteral("in steps of 32"))) << refused.at(0).at(0).toString().toStdString();
  EXPECT_EQ(qobject_cast<QSpinBox*>(c.spinBox())->value(), 256);
  EXPECT_DOUBLE_EQ(c.value(), 256);
}

TEST(ParamControl, NamedChoiceIsADropDownOfItsNamesReachableByKeyboard) {
  registerMetaTypes();
  const ParamSpec spec = namedChoiceParam("pattern", "Branch pattern", {"uniform", "odd-even", "first-half"}, 1,
                                          "Which lanes take the if path.", ParamRole::Focus);
  ParamControl c(spec);
  ASSERT_NE(c.comboBox(), nullptr);
  EXPECT_EQ(c.slider(), nullptr);
  ASSERT_EQ(c.comboBox()->count(), 3);
  EXPECT_EQ(c.comboBox()->itemText(0), QStringLiteral("uniform"));
  EXPECT_EQ(c.comboBox()->currentText(), QStringLiteral("odd-even"));
  EXPECT_TRUE(c.comboBox()->toolTip().contains(QStringLiteral("Which lanes take the if path.")));
  EXPECT_TRUE(c.toolTipText().contains(QStringLiteral("Default: odd-even")));
  EXPECT_EQ(c.comboBox()->focusPolicy() & Qt::TabFocus, Qt::TabFocus);
  QSignalSpy spy(&c, &ParamControl::valueChanged);
  c.comboBox()->setFocus();
  QTest::keyClick(c.comboBox(), Qt::Key_Down);  // the keyboard picks the next name
  ASSERT_EQ(spy.count(), 1);
  EXPECT_DOUBLE_EQ(spy.at(0).at(1).toDouble(), 2);
  EXPECT_EQ(spec.valueText(c.value()), "first-half");
}

// ---- managed-memory caps follow the device -----------------------------------------------

namespace {

LabSpec managedLab() {
  LabSpec lab = LabRegistry::builtin().get("latency-arith");
  ParamSpec buffer{"buffer_mib", "Managed buffer", "MiB", 64, 65536, 64, 4096, "Managed buffer size.", {}, ParamRole::Sweep, true};
  buffer.memoryUnitBytes = 1024.0 * 1024.0;
  lab.params.push_back(buffer);
  return lab;
}

DeviceInfo device(DeviceKind kind, long long freeMiB) {
  DeviceInfo d;
  d.id = kind == DeviceKind::Cuda ? "cuda:0" : "sim:h100";
  d.kind = kind;
  d.globalMemBytes = 80LL * 1024 * 1024 * 1024;
  d.freeMemBytes = freeMiB * 1024 * 1024;
  return d;
}

}  // namespace

TEST(ParamPanel, MemorySizesAreCappedOnARealGpuWithTheReasonShownAndRebuiltOnDeviceChange) {
  ParamPanel panel;
  panel.setDevice(device(DeviceKind::Simulator, 80 * 1024));
  panel.setLab(managedLab());
  ParamControl* c = panel.control(QStringLiteral("buffer_mib"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->spec().max, 65536) << "the simulator takes oversubscription";
  EXPECT_EQ(panel.capNote(QStringLiteral("buffer_mib")), nullptr);
  c->setValue(8192);

  QSignalSpy changed(&panel, &ParamPanel::paramsChanged);
  panel.setDevice(device(DeviceKind::Cuda, 10000));  // half: 5000 MiB -> 4992 on the 64 MiB grid
  c = panel.control(QStringLiteral("buffer_mib"));
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->spec().max, 4992);
  EXPECT_DOUBLE_EQ(c->value(), 4992) << "8192 no longer fits: moved to the cap";
  EXPECT_EQ(changed.count(), 0) << "the device change itself submits the run";
  EXPECT_EQ(c->slider()->maximum(), (4992 - 64) / 64);
  EXPECT_TRUE(c->toolTipText().contains(QStringLiteral("half of this GPU's free memory"))) << c->toolTipText().toStdString();
  QLabel* note = panel.capNote(QStringLiteral("buffer_mib"));
  ASSERT_NE(note, nullptr);
  EXPECT_FALSE(note->isHidden());
  EXPECT_TRUE(note->text().contains(QStringLiteral("4992"))) << note->text().toStdString();
  EXPECT_TRUE(note->text().contains(QStringLiteral("oversubscription runs in the simulator")));
  EXPECT_DOUBLE_EQ(panel.values().get("buffer_mib"), 4992);
  EXPECT_DOUBLE_EQ(panel.control(QStringLiteral("ilp"))->value(), panel.values().get("ilp")) << "other values kept";

  panel.setDevice(device(DeviceKind::Simulator, 80 * 1024));
  EXPECT_EQ(panel.control(QStringLiteral("buffer_mib"))->spec().max, 65536);
  EXPECT_EQ(panel.capNote(QStringLiteral("buffer_mib")), nullptr);
  EXPECT_DOUBLE_EQ(panel.values().get("buffer_mib"), 4992) << "a value still valid is kept";
}

TEST(ParamPanel, TypedOutOfRangeValueIsRefusedVisiblyNotSilentlyClamped) {
  const warpscope::LabSpec& lab = warpscope::LabRegistry::builtin().get("latency-arith");
  warpscope::ui::ParamPanel panel;
  panel.setLab(lab);
  QSignalSpy refused(&panel, &warpscope::ui::ParamPanel::valueRefused);
  warpscope::ui::ParamControl* control = panel.control(QStringLiteral("threads_per_block"));
  ASSERT_NE(control, nullptr);
  QAbstractSpinBox* spin = control->spinBox();
  ASSERT_NE(spin, nullptr);
  const double before = panel.values().get("threads_per_block");
  panel.show();
  spin->setFocus();
  spin->selectAll();
  QTest::keyClicks(spin, QStringLiteral("5000"));
  QTest::keyClick(spin, Qt::Key_Return);
  ASSERT_EQ(refused.count(), 1);
  const QString message = refused.front().front().toString();
  EXPECT_TRUE(message.contains(QStringLiteral("Threads per block: 5000 is refused"))) << message.toStdString();
  EXPECT_TRUE(message.contains(QStringLiteral("valid:"))) << message.toStdString();
  EXPECT_EQ(panel.values().get("threads_per_block"), before);
}
