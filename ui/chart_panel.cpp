#include "chart_panel.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QKeyEvent>
#include <QStackedWidget>
#include <QTabBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "animation_bar.h"
#include "controllers/animation_clock.h"
#include "qt_text.h"
#include "views/timeline_renderer.h"
#include "views/xy_renderer.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

/// The title the lab declares for a view: a result's may follow the focus ("... at 512 threads
/// per SM"), and a tab given a new text lays the whole tab bar out again on every move (about 3 ms
/// of a focus move on a GPU machine). The chart's own title and the tab's tool tip say it all.
std::string declaredTitle(const RunResult& result, const View& view) {
  if (const LabSpec* lab = LabRegistry::builtin().find(result.labId))
    for (const ViewSpec& declared : lab->views)
      if (declared.id == view.id) return declared.title;
  return view.title;  // a file from another version, or a view no lab declares
}

QString tabLabel(const RunResult& result, const View& view) {
  const std::string title = declaredTitle(result, view);
  int sameTitle = 0;
  for (const View& v : result.views) sameTitle += declaredTitle(result, v) == title ? 1 : 0;
  if (sameTitle <= 1) return toQ(title);
  // Two views share a title (e.g. a fraction and a GB/s chart): tell them apart by the
  // y quantity (or the kind), without its parenthesised detail.
  QString y = view.kind == ViewKind::Xy ? toQ(view.yLabel) : toQ(viewKindName(view.kind));
  const qsizetype paren = y.indexOf(QLatin1String(" ("));
  if (paren > 0) y.truncate(paren);
  return toQ(title) + QStringLiteral(" · ") + y;
}

std::string animationTimeUnit(const View& view) {
  if (view.kind == ViewKind::Timeline) return view.timeline.timeUnit;
  if (view.kind == ViewKind::Grid) return view.grid.timeUnit;
  return {};
}

bool animationSpan(const View& view, double* start, double* end) {
  bool any = false;
  const auto take = [&](double t) {
    if (!std::isfinite(t)) return;
    *start = any ? std::min(*start, t) : t;
    *end = any ? std::max(*end, t) : t;
    any = true;
  };
  if (view.kind == ViewKind::Timeline) {
    for (const TraceEvent& e : view.timeline.events) {
      take(e.start);
      take(e.end);
    }
  } else if (view.kind == ViewKind::Grid) {
    for (const GridFrame& f : view.grid.frames) take(f.time);
    if (!view.grid.changes.empty()) {
      take(view.grid.changes.front().time);
      take(view.grid.changes.back().time);
    }
  }
  return any;
}

namespace {
QString tabToolTip(const View& v) {
  if (v.kind == ViewKind::Xy) return toQ(v.title) + QStringLiteral("\n") + toQ(v.yLabel) + QObject::tr(" vs ") + toQ(v.xLabel);
  return toQ(v.title) + QStringLiteral("\n") + QObject::tr("%1 view").arg(toQ(viewKindName(v.kind)));
}
}  // namespace

ChartPanel::ChartPanel(QWidget* parent) : QWidget(parent) {
  tabs_ = new QTabBar(this);
  tabs_->setExpanding(false);
  tabs_->setDocumentMode(true);
  tabs_->setAccessibleName(tr("Chart views"));
  stack_ = new QStackedWidget(this);
  clock_ = new AnimationClock(this);
  animationBar_ = new AnimationBar(clock_, this);
  animationBar_->setVisible(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(tabs_);
  layout->addWidget(stack_, 1);
  layout->addWidget(animationBar_);

  // The xy chart exists from the start: it shows the placeholder before the first result.
  current_ = rendererFor(ViewKind::Xy);
  stack_->setCurrentWidget(current_->widget());

  connect(tabs_, &QTabBar::currentChanged, this, [this](int) {
    if (syncingTabs_) return;
    showCurrent();
    emit currentViewChanged(currentViewId());
  });
  // Each tick only hands the position to the renderer, which schedules a repaint.
  connect(clock_, &AnimationClock::positionChanged, this, [this](double t) {
    if (current_ && isAnimated(current_->kind())) current_->setCursorTime(t);
  });
  showPlaceholder(tr("Waiting for the first run…"));
}

ChartPanel::~ChartPanel() = default;

ViewRenderer* ChartPanel::rendererFor(ViewKind kind) {
  auto& slot = renderers_[kind];
  if (!slot) {
    slot = makeViewRenderer(kind, stack_);
    stack_->addWidget(slot->widget());
    // The xy chart paints through its viewport; the painted kinds paint themselves.
    QWidget* painted = slot->widget();
    if (auto* chartView = qobject_cast<QChartView*>(painted)) painted = chartView->viewport();
    painted->installEventFilter(this);
    if (kind == ViewKind::Xy) xy_ = static_cast<XyRenderer*>(slot.get());
    if (kind == ViewKind::Timeline)
      static_cast<TimelineRenderer*>(slot.get())->canvas()->setCursorRequestHandler([this](double t) {
        clock_->pause();
        clock_->seek(t);
      });
  }
  return slot.get();
}

QChartView* ChartPanel::chartView() const { return xy_->chartView(); }
const ViewChart& ChartPanel::viewChart() const { return xy_->viewChart(); }

std::optional<double> ChartPanel::animationPosition() const {
  if (!current_ || !isAnimated(current_->kind()) || !result_.findView(fromQ(currentViewId()))) return std::nullopt;
  return clock_->position();
}

QString ChartPanel::currentViewId() const {
  const int i = tabs_->currentIndex();
  return i < 0 ? QString() : tabs_->tabData(i).toString();
}

bool ChartPanel::selectView(const QString& viewId) {
  for (int i = 0; i < tabs_->count(); ++i) {
    if (tabs_->tabData(i).toString() == viewId) {
      tabs_->setCurrentIndex(i);  // emits currentViewChanged through the tab bar
      return true;
    }
  }
  return false;
}

void ChartPanel::showPlaceholder(const QString& message) {
  // A placeholder ends what was on screen: no tabs of the old result, and every renderer
  // forgets its view, so a zoomed timeline does not carry its zoom into the next lab's.
  syncingTabs_ = true;
  while (tabs_->count() > 0) tabs_->removeTab(0);
  syncingTabs_ = false;
  result_ = RunResult{};
  for (auto& [kind, renderer] : renderers_) renderer->clear(message);
  current_ = rendererFor(ViewKind::Xy);
  stack_->setCurrentWidget(current_->widget());
  clock_->pause();
  animationBar_->setVisible(false);
  animatedViewId_.clear();
  lastAnimatedViewId_.clear();
  armRedraw(true);
}

QString ChartPanel::lastPlotRepaint() const {
  return current_ && current_->kind() == ViewKind::Xy ? xy_->lastRepaint() : QString();
}

QWidget* ChartPanel::paintTarget() const {
  QWidget* w = current_->widget();
  if (auto* chartView = qobject_cast<QChartView*>(w)) return chartView->viewport();
  return w;
}

void ChartPanel::armRedraw(bool shownAnew) {
  QWidget* target = paintTarget();
  if (!target->isVisible()) {
    redrawPending_ = true;  // announce with the first paint once shown
    target->update();
    return;
  }
  redrawPending_ = false;
  // The new picture is on screen when this returns (and redrawn() means exactly that), painted
  // once: an xy chart paints what changed as it settles, and nothing when nothing did (the
  // picture on screen is the new one); any other view, or one shown anew, is painted here.
  paintedNow_ = false;
  settling_ = true;
  if (current_->kind() == ViewKind::Xy) xy_->settle();
  settling_ = false;
  if (!paintedNow_ && (current_->kind() != ViewKind::Xy || shownAnew)) target->repaint();
  emit painted();
  QMetaObject::invokeMethod(this, &ChartPanel::redrawn, Qt::QueuedConnection);
}

void ChartPanel::display(const RunResult& result, const QString& preferredViewId) {
  const QString keep = currentViewId();
  result_ = result;

  // Rebuild the tabs only when the set of views changed, so a slider drag never flickers them.
  bool sameTabs = tabs_->count() == static_cast<int>(result.views.size());
  for (int i = 0; sameTabs && i < tabs_->count(); ++i)
    sameTabs = tabs_->tabData(i).toString() == toQ(result.views[static_cast<size_t>(i)].id);
  if (!sameTabs) {
    syncingTabs_ = true;
    while (tabs_->count() > 0) tabs_->removeTab(0);
    for (const View& v : result.views) {
      const int i = tabs_->addTab(QString());
      tabs_->setTabData(i, toQ(v.id));
    }
    // The view on screen if the new result has it, else the preferred one, else the first.
    int want = -1;
    for (int i = 0; i < tabs_->count() && want < 0; ++i)
      if (!keep.isEmpty() && tabs_->tabData(i).toString() == keep) want = i;
    for (int i = 0; i < tabs_->count() && want < 0; ++i)
      if (tabs_->tabData(i).toString() == preferredViewId) want = i;
    if (want < 0) want = 0;
    tabs_->setCurrentIndex(tabs_->count() > 0 ? want : -1);
    syncingTabs_ = false;
  }
  // Titles can follow the focus ("... at 512 threads per SM"): relabel on every result.
  // Only a changed text: a tab bar given a text lays itself out and repaints, equal or not.
  for (int i = 0; i < tabs_->count(); ++i) {
    const View& v = result.views[static_cast<size_t>(i)];
    if (const QString text = tabLabel(result, v); text != tabs_->tabText(i)) tabs_->setTabText(i, text);
    if (const QString tip = tabToolTip(v); tip != tabs_->tabToolTip(i)) tabs_->setTabToolTip(i, tip);
  }
  showCurrent();
}

void ChartPanel::setTabsHidden(bool hidden) { tabs_->setVisible(!hidden); }

void ChartPanel::setReveal(std::optional<double> fraction, IsReferenceSeries isReference) {
  revealFraction_ = fraction;
  isReference_ = std::move(isReference);
  if (!result_.views.empty()) showCurrent();
}

void ChartPanel::setUpAnimation(const View& view, bool sameView) {
  const std::optional<AnimationTrack> track = current_->animationTrack();
  if (!track) return;
  // Siblings: the result's other animated views in the same time unit (a page map and the
  // timeline of its faults). They share one cursor: the clock spans all of them, and switching
  // between them keeps the time (and keeps playing).
  const std::string unit = animationTimeUnit(view);
  double start = track->start;
  double end = track->end;
  bool hasSiblings = false;
  if (!unit.empty())
    for (const View& other : result_.views) {
      if (other.id == view.id || !isAnimated(other.kind) || animationTimeUnit(other) != unit) continue;
      double s = 0, e = 0;
      if (!animationSpan(other, &s, &e)) continue;
      hasSiblings = true;
      start = std::min(start, s);
      end = std::max(end, e);
    }
  const View* previous = result_.findView(lastAnimatedViewId_);
  const bool fromSibling = hasSiblings && previous && previous->id != view.id && animationTimeUnit(*previous) == unit;
  // The same view again (a rerun): keep the position, so a class keeps its place in the story.
  const bool keep = sameView || fromSibling;
  const double at = keep ? clock_->position() : track->initial;
  const bool wasPlaying = keep && clock_->isPlaying();
  clock_->setTrack(start, end, track->stops,
                   track->stepwise ? AnimationClock::Motion::Stepwise : AnimationClock::Motion::Continuous, at);
  current_->setCursorTime(clock_->position());
  if (wasPlaying) clock_->play();
  animatedViewId_ = view.id;
  lastAnimatedViewId_ = view.id;
  if (view.kind == ViewKind::Grid && view.grid.changes.empty()) {
    const Grid grid = view.grid;
    animationBar_->setPositionText([grid](double t) {
      int frame = 0;
      for (size_t i = 0; i < grid.frames.size(); ++i)
        if (grid.frames[i].time <= t) frame = static_cast<int>(i);
      if (grid.frames.empty()) return QString();
      const GridFrame& f = grid.frames[static_cast<size_t>(frame)];
      const QString label = f.label.empty() ? formatNumber(f.time) : toQ(f.label);
      return tr("%1  (%2/%3)").arg(label).arg(frame + 1).arg(grid.frames.size());
    });
  } else {
    const QString unitText = toQ(unit);
    animationBar_->setPositionText([unitText, end](double t) {
      return QStringLiteral("%1 / %2 %3").arg(formatNumber(t), formatNumber(end), unitText).trimmed();
    });
  }
}

void ChartPanel::showCurrent() {
  const View* view = result_.findView(fromQ(currentViewId()));
  if (!view) {
    if (result_.views.empty()) {
      showPlaceholder(tr("This result has no charts"));
    }
    return;
  }
  ViewRenderer* renderer = rendererFor(view->kind);
  const bool switched = renderer != current_;
  current_ = renderer;
  if (switched) {
    const bool hadFocus = stack_->currentWidget() && stack_->currentWidget()->hasFocus();
    stack_->setCurrentWidget(renderer->widget());
    if (hadFocus) renderer->widget()->setFocus();
  }
  if (revealFraction_ && revealsByData(*view))
    renderer->show(revealedView(*view, *revealFraction_, isReference_), bannerFor(result_, *view), provenanceFor(result_, *view));
  else
    renderer->show(*view, bannerFor(result_, *view), provenanceFor(result_, *view));
  const bool animated = isAnimated(view->kind);
  if (animated) {
    setUpAnimation(*view, view->id == animatedViewId_ && !switched);
  } else {
    clock_->pause();
    animatedViewId_.clear();
  }
  animationBar_->setVisible(animated);
  armRedraw(switched);
}

void ChartPanel::keyPressEvent(QKeyEvent* event) {
  // Keys the view did not use: the animation's, when an animated view is shown.
  if (animationBar_->isVisible() && animationBar_->handleKey(event)) return;
  QWidget::keyPressEvent(event);
}

bool ChartPanel::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Paint && settling_ && watched == paintTarget()) paintedNow_ = true;
  if (event->type() == QEvent::Paint && redrawPending_ && watched == paintTarget()) {
    // The view paints right after this filter returns; a queued call runs once that paint is
    // done, so redrawn() means "the new pixels are there", not "they were asked for".
    redrawPending_ = false;
    QMetaObject::invokeMethod(this, &ChartPanel::redrawn, Qt::QueuedConnection);
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace warpscope::ui
