#include "grid_renderer.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

#include "qt_text.h"

namespace warpscope::ui {

namespace {

std::map<std::string, int>& levelMemory() {
  static std::map<std::string, int> memory;
  return memory;
}

/// L / Shift+L on the picture: next / previous level.
class LevelKeys : public QObject {
 public:
  LevelKeys(GridRenderer* renderer, QObject* parent) : QObject(parent), renderer_(renderer) {}
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::KeyPress) {
      auto* key = static_cast<QKeyEvent*>(event);
      if (key->key() == Qt::Key_L && !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) &&
          renderer_->figure().levelCount() > 1) {
        const int n = renderer_->figure().levelCount();
        const int step = (key->modifiers() & Qt::ShiftModifier) ? n - 1 : 1;
        renderer_->setLevel((renderer_->figure().level() + step) % n);
        return true;
      }
    }
    return QObject::eventFilter(watched, event);
  }

 private:
  GridRenderer* renderer_;
};

}  // namespace

GridRenderer::GridRenderer(QWidget* parent) {
  box_ = new QWidget(parent);
  canvas_ = new FigureCanvas([this](QPainter& p, const QRectF& r) { figure_.paint(p, r); },
                             [this](QPointF pos, const QRectF& r) {
                               int row = 0, column = 0;
                               return figure_.cellAt(pos, r, &row, &column) ? figure_.describeCell(row, column) : QString();
                             },
                             box_);
  canvas_->setAccessibleName(QObject::tr("Grid"));
  canvas_->installEventFilter(new LevelKeys(this, canvas_));
  levelLabel_ = new QLabel(QObject::tr("&Granularity:"), box_);
  levelBox_ = new QComboBox(box_);
  levelBox_->setAccessibleName(QObject::tr("Grid level"));
  levelBox_->setToolTip(QObject::tr("How coarse a cell is (L / Shift+L on the picture). A coarse cell shows the state most of "
                                    "its pages are in and is hatched when they differ. Exports use this level."));
  levelLabel_->setBuddy(levelBox_);
  auto* top = new QHBoxLayout;
  top->setContentsMargins(6, 2, 6, 0);
  top->addWidget(levelLabel_);
  top->addWidget(levelBox_);
  top->addStretch(1);
  auto* layout = new QVBoxLayout(box_);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(top);
  layout->addWidget(canvas_, 1);
  box_->setFocusProxy(canvas_);
  QObject::connect(levelBox_, &QComboBox::currentIndexChanged, box_, [this](int i) {
    if (!syncing_ && i >= 0) setLevel(i);
  });
  syncLevelBox();
}

GridRenderer::~GridRenderer() { delete box_.data(); }

int GridRenderer::rememberedLevel(const std::string& viewId) {
  const auto it = levelMemory().find(viewId);
  return it == levelMemory().end() ? 0 : it->second;
}

void GridRenderer::setLevel(int level) {
  figure_.setLevel(level);
  if (!figure_.viewId().empty()) levelMemory()[figure_.viewId()] = figure_.level();
  syncLevelBox();
  canvas_->update();
}

void GridRenderer::syncLevelBox() {
  syncing_ = true;
  const int n = figure_.levelCount();
  levelBox_->clear();
  for (int i = 0; i < n; ++i) levelBox_->addItem(figure_.levelName(i));
  levelBox_->setCurrentIndex(figure_.level());
  levelBox_->setVisible(n > 1);
  levelLabel_->setVisible(n > 1);
  syncing_ = false;
}

void GridRenderer::show(const View& view, const QString& banner, Provenance provenance) {
  figure_.setView(view, banner, provenance);
  // A new view (or an off-screen export renderer) starts at the level last picked for it.
  if (figure_.level() == 0 && rememberedLevel(view.id) > 0) figure_.setLevel(rememberedLevel(view.id));
  syncLevelBox();
  canvas_->setAccessibleDescription(figure_.titleText());
  canvas_->update();
}

void GridRenderer::clear(const QString& message) {
  figure_.clear(message);
  syncLevelBox();
  canvas_->update();
}

void GridRenderer::renderTo(QPainter& painter, const QRectF& target) { figure_.paint(painter, target); }

std::optional<AnimationTrack> GridRenderer::animationTrack() const {
  const Grid& grid = figure_.grid();
  AnimationTrack track;
  if (!grid.changes.empty() && !grid.frames.empty()) {
    // Time glides from the initial frame to the last change; stepping stops at change times,
    // thinned to at most kMaxStops so a step always shows some progress.
    constexpr std::size_t kMaxStops = 1000;
    track.stepwise = false;
    track.start = grid.frames.front().time;
    track.end = std::max(track.start, grid.changes.back().time);
    std::vector<double> times;
    for (const GridChange& c : grid.changes)
      if (times.empty() || c.time > times.back()) times.push_back(c.time);
    const std::size_t stride = std::max<std::size_t>(1, (times.size() + kMaxStops - 1) / kMaxStops);
    for (std::size_t i = 0; i < times.size(); i += stride) track.stops.push_back(times[i]);
    if (track.stops.empty() || track.stops.back() != times.back()) track.stops.push_back(times.back());
    track.initial = track.end;
    return track;
  }
  track.stepwise = true;
  for (const GridFrame& f : grid.frames) track.stops.push_back(f.time);
  std::sort(track.stops.begin(), track.stops.end());
  if (!track.stops.empty()) {
    // A new grid opens complete, on its last frame, like a timeline with its cursor at the end:
    // the figure on screen and in an export is the whole table; Play replays it from the start.
    track.start = track.stops.front();
    track.end = track.initial = track.stops.back();
  }
  return track;
}

void GridRenderer::setCursorTime(double time) {
  if (figure_.setCursorTime(time)) canvas_->update();  // most ticks of a frame grid change nothing
}

}  // namespace warpscope::ui
