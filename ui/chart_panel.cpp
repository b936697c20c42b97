#include "chart_panel.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QTabBar>
#include <QVBoxLayout>

#include "qt_text.h"

namespace warpscope::ui {

QString tabLabel(const RunResult& result, const View& view) {
  int sameTitle = 0;
  for (const View& v : result.views) sameTitle += v.title == view.title ? 1 : 0;
  if (sameTitle <= 1) return toQ(view.title);
  // Two views share a title (e.g. a fraction and a GB/s chart): tell them apart by the
  // y quantity, without its parenthesised detail.
  QString y = toQ(view.yLabel);
  const qsizetype paren = y.indexOf(QLatin1String(" ("));
  if (paren > 0) y.truncate(paren);
  return toQ(view.title) + QStringLiteral(" · ") + y;
}

ChartPanel::ChartPanel(QWidget* parent) : QWidget(parent) {
  tabs_ = new QTabBar(this);
  tabs_->setExpanding(false);
  tabs_->setDocumentMode(true);
  tabs_->setAccessibleName(tr("Chart views"));
  chartView_ = new QChartView(new QChart, this);
  chartView_->setRenderHint(QPainter::Antialiasing);
  chartView_->setMinimumSize(480, 320);
  chartView_->setAccessibleName(tr("Chart"));
  viewChart_ = std::make_unique<ViewChart>(chartView_->chart());
  chartView_->viewport()->installEventFilter(this);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(tabs_);
  layout->addWidget(chartView_, 1);

  connect(tabs_, &QTabBar::currentChanged, this, [this](int) {
    if (syncingTabs_) return;
    showCurrent();
    emit currentViewChanged(currentViewId());
  });
  showPlaceholder(tr("Waiting for the first run…"));
}

ChartPanel::~ChartPanel() = default;

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
  viewChart_->clear(message);
  armRedraw();
}

void ChartPanel::armRedraw() {
  // Qt Charts lays out title, axes and legend through posted events; do it now and paint at
  // once, so the new picture is on screen when this returns (and redrawn() means exactly that)
  // instead of after an extra trip through the event loop and a second full repaint.
  if (QGraphicsLayout* layout = chartView_->chart()->layout()) layout->activate();
  if (chartView_->isVisible()) {
    chartView_->viewport()->repaint();
    redrawPending_ = false;
    QMetaObject::invokeMethod(this, &ChartPanel::redrawn, Qt::QueuedConnection);
  } else {
    redrawPending_ = true;  // announce with the first paint once shown
    chartView_->viewport()->update();
  }
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
  for (int i = 0; i < tabs_->count(); ++i) {
    const View& v = result.views[static_cast<size_t>(i)];
    tabs_->setTabText(i, tabLabel(result, v));
    tabs_->setTabToolTip(i, toQ(v.title) + QStringLiteral("\n") + toQ(v.yLabel) + tr(" vs ") + toQ(v.xLabel));
  }
  showCurrent();
}

void ChartPanel::showCurrent() {
  const View* view = result_.findView(fromQ(currentViewId()));
  if (!view) {
    if (result_.views.empty()) {
      showPlaceholder(tr("This result has no charts"));
    }
    return;
  }
  viewChart_->show(*view, bannerFor(result_), result_.provenance);
  armRedraw();
}

bool ChartPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched == chartView_->viewport() && event->type() == QEvent::Paint && redrawPending_) {
    // The view paints right after this filter returns; a queued call runs once that paint is
    // done, so redrawn() means "the new pixels are there", not "they were asked for".
    redrawPending_ = false;
    QMetaObject::invokeMethod(this, &ChartPanel::redrawn, Qt::QueuedConnection);
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace warpscope::ui
