// Every slide of every lecture as a projector shows it (issue 28): presentation mode at 1280x720,
// each slide's run from the real simulator or recordings. What a back row must read is large
// enough (claim >= 24 px, axis titles and tick labels >= 16 px), no text is elided or cut (Qt
// Charts' "..." on an axis title or tick label, a label taller than its room, a tab strip that
// scrolls), and no internal id stands on screen (a choice's command-line name where it has words,
// "1 blocks", "0 fraction").
#include <QChartView>
#include <QFontInfo>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QRegularExpression>
#include <QTabBar>
#include <QTest>

#include <gtest/gtest.h>

#include <set>

#include "chart_panel.h"
#include "views/figure_chrome.h"
#include "views/view_renderer.h"
#include "controllers/run_controller.h"
#include "lecture_caption.h"
#include "lecture_navigator.h"
#include "main_window.h"
#include "qt_text.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

constexpr int kClaimMinPx = 24;
constexpr int kAxisMinPx = 16;

/// Command-line names that have words for the screen (ParamSpec::choiceLabels): on screen they
/// are internal ids.
std::set<QString> internalChoiceNames() {
  std::set<QString> names;
  for (const LabSpec& lab : LabRegistry::builtin().labs())
    for (const ParamSpec& spec : lab.params)
      for (std::size_t i = 0; i < spec.choiceLabels.size() && i < spec.choiceNames.size(); ++i)
        // Ids look like ids ("copy-and-compute", "shared-1"); "shared" or "registers" are words too.
        if (spec.choiceLabels[i] != spec.choiceNames[i] &&
            spec.choiceNames[i].find_first_of("-0123456789_") != std::string::npos)
          names.insert(toQ(spec.choiceNames[i]));
  return names;
}

/// Counts that read as code, not English: "1 blocks", "0 fraction".
const QRegularExpression kCodeCounts(QStringLiteral("(^|[^0-9.])1 (blocks|paths|lines|warps|threads|wavefronts)\\b|\\b0 fraction\\b"));

struct SlideProblems {
  std::vector<std::string> found;
  void add(const QString& what) { found.push_back(what.toStdString()); }
};

void checkTextForIds(const QString& text, const QString& where, const std::set<QString>& ids, SlideProblems* p) {
  for (const QString& id : ids)
    if (QRegularExpression(QStringLiteral("(^|[^A-Za-z0-9-])%1($|[^A-Za-z0-9-])").arg(QRegularExpression::escape(id)))
            .match(text)
            .hasMatch())
      p->add(QStringLiteral("%1 shows the internal name '%2': %3").arg(where, id, text.left(120)));
  if (const auto m = kCodeCounts.match(text); m.hasMatch())
    p->add(QStringLiteral("%1 reads '%2': %3").arg(where, m.captured(0).trimmed(), text.left(120)));
}

/// What is on screen of `widget`, in its own coordinates: its rect cut by every ancestor's (a
/// chart taller than its room runs under what follows, out of sight).
QRect shownPartOf(QWidget* widget) {
  QRect shown = widget->rect();
  QPoint offset;
  for (QWidget* w = widget; w->parentWidget(); w = w->parentWidget()) {
    offset += w->pos();
    shown &= w->parentWidget()->rect().translated(-offset);
  }
  return shown;
}

void checkChart(QChartView* view, const std::set<QString>& ids, SlideProblems* p) {
  QChart* chart = view->chart();
  for (QAbstractAxis* axis : chart->axes()) {
    if (!axis->isVisible()) continue;
    if (const int px = QFontInfo(axis->labelsFont()).pixelSize(); axis->labelsVisible() && px < kAxisMinPx)
      p->add(QStringLiteral("tick labels of '%1' at %2 px").arg(axis->titleText()).arg(px));
    if (const int px = QFontInfo(axis->titleFont()).pixelSize(); !axis->titleText().isEmpty() && px < kAxisMinPx)
      p->add(QStringLiteral("axis title '%1' at %2 px").arg(axis->titleText()).arg(px));
  }
  // What is on screen of the view: its rect cut by every ancestor's (a chart taller than its room
  // runs under what follows, out of sight).
  const QRectF sceneRect = view->mapToScene(shownPartOf(view->viewport())).boundingRect();
  for (QGraphicsItem* item : view->scene()->items()) {
    if (!item->isVisible()) continue;
    QString text;
    if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) text = t->toPlainText();
    if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item)) text = t->text();
    if (text.isEmpty()) continue;
    if (text.endsWith(QStringLiteral("...")) || text.contains(QChar(0x2026)))
      p->add(QStringLiteral("chart text elided: '%1'").arg(text));
    const QRectF box = item->sceneBoundingRect();
    if (!sceneRect.adjusted(-1, -1, 1, 1).contains(box))
      p->add(QStringLiteral("chart text '%1' cut at the chart's edge").arg(text));
    checkTextForIds(text, QStringLiteral("chart text"), ids, p);
  }
}

/// The painted figures (bars, grid, timeline): painted once more with the audit on
/// (figure_chrome.h), each text checked for "...", size and whether it lies inside the figure.
void checkPaintedFigure(ChartPanel* panel, const std::set<QString>& ids, SlideProblems* p) {
  ViewRenderer* renderer = panel->currentRenderer();
  if (!renderer || renderer->kind() == ViewKind::Xy) return;
  QWidget* figure = renderer->widget();
  if (!figure || !figure->isVisible()) return;
  setFigureTextAudit(true);
  (void)figure->grab();
  const QRectF inside = QRectF(shownPartOf(figure)).adjusted(-1, -1, 1, 1);
  for (const DrawnFigureText& t : figureTextAudit()) {
    if (t.shown != t.full || t.shown.contains(QChar(0x2026)))
      p->add(QStringLiteral("figure %1 elided: '%2' for '%3'").arg(t.role, t.shown, t.full));
    if (!t.full.isEmpty() && t.pixelSize > 0 && t.pixelSize < kAxisMinPx - 0.5)
      p->add(QStringLiteral("figure %1 '%2' at %3 px").arg(t.role, t.full).arg(t.pixelSize, 0, 'f', 1));
    if (!inside.contains(t.box))
      p->add(QStringLiteral("figure %1 '%2' cut at the figure's edge").arg(t.role, t.full.isEmpty() ? t.role : t.full));
    checkTextForIds(t.full, QStringLiteral("figure text"), ids, p);
  }
  setFigureTextAudit(false);
}

void checkWidgets(QWidget* window, const std::set<QString>& ids, SlideProblems* p) {
  for (QLabel* label : window->findChildren<QLabel*>()) {
    if (!label->isVisibleTo(window) || label->text().isEmpty() || label->width() <= 0) continue;
    const QString text = label->text();
    if (label->wordWrap()) {
      if (label->heightForWidth(label->width()) > label->height() + 1)
        p->add(QStringLiteral("label cut (needs %1 px, has %2): %3")
                   .arg(label->heightForWidth(label->width()))
                   .arg(label->height())
                   .arg(text.left(80)));
    } else if (label->sizeHint().width() > label->width() + 1 && label->textFormat() != Qt::RichText) {
      p->add(QStringLiteral("label cut (needs %1 px wide, has %2): %3")
                 .arg(label->sizeHint().width())
                 .arg(label->width())
                 .arg(text.left(80)));
    }
    checkTextForIds(text, QStringLiteral("label"), ids, p);
  }
  for (QTabBar* tabs : window->findChildren<QTabBar*>()) {
    if (!tabs->isVisibleTo(window)) continue;
    if (tabs->sizeHint().width() > tabs->width() + 1)
      p->add(QStringLiteral("tab strip cut: needs %1 px, has %2").arg(tabs->sizeHint().width()).arg(tabs->width()));
    for (int i = 0; i < tabs->count(); ++i) checkTextForIds(tabs->tabText(i), QStringLiteral("tab"), ids, p);
  }
}

void checkEverySlide(const QString& deviceId) {
  RunController runs{[] { return std::make_unique<Session>(); }};
  StartupChoice startup;
  startup.deviceId = deviceId;
  MainWindow window(&runs, startup);
  window.show();
  window.setPresentationMode(true);
  window.showNormal();
  window.resize(1280, 720);
  const std::set<QString> ids = internalChoiceNames();
  int slides = 0;
  for (const Lecture& lecture : LectureLibrary::builtin().lectures()) {
    ASSERT_TRUE(window.openLecture(toQ(lecture.id)));
    for (int i = 0; i < window.lectureNavigator()->count(); ++i) {
      window.lectureNavigator()->goTo(i);
      const PresetRef ref = window.lectureNavigator()->current();
      SCOPED_TRACE(lecture.id + " / " + ref.preset->id + " on " + deviceId.toStdString());
      // The slide's run on screen (a slide not recorded here comes from the recording that has it).
      ASSERT_TRUE(QTest::qWaitFor(
          [&] {
            const RunResult* shown = window.shownResult();
            return !runs.isBusy() && shown && shown->labId == ref.lab->id &&
                   ParamSet(shown->params) == presetParams(*ref.lab, *ref.preset);
          },
          20000));
      QTest::qWait(30);  // layouts settle
      SlideProblems problems;
      if (const int px = QFontInfo(window.lectureCaption()->claimLabel()->font()).pixelSize(); px < kClaimMinPx)
        problems.add(QStringLiteral("claim at %1 px").arg(px));
      checkWidgets(&window, ids, &problems);
      for (QChartView* view : window.chartPanel()->findChildren<QChartView*>())
        if (view->isVisibleTo(&window)) checkChart(view, ids, &problems);
      checkPaintedFigure(window.chartPanel(), ids, &problems);
      for (const std::string& problem : problems.found) ADD_FAILURE() << problem;
      ++slides;
    }
  }
  EXPECT_GE(slides, 60);
  window.setPresentationMode(false);
}

}  // namespace

TEST(LectureSlidesOnScreen, EverySlideOnTheH200ModelFitsAProjectorWithoutCutTextOrInternalNames) {
  checkEverySlide(QStringLiteral("sim:h200"));
}

TEST(LectureSlidesOnScreen, EverySlideOnTheH100RecordingsFitsAProjectorWithoutCutTextOrInternalNames) {
  checkEverySlide(QStringLiteral("rec:h100"));
}
