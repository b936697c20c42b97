#pragma once
/// \file grid_renderer.h
/// The grid view kind on screen and in exports: a GridFigure painted by a FigureCanvas; the
/// animation's cursor picks the frame (and, for a grid with changes, how many have happened).
/// Hover a cell for its labels, state and text (the page map: chunk, pages, byte range, state).
///
/// A grid with levels (the page map: 4 KiB pages, 64 KiB blocks, 2 MiB chunks) gets a "Level"
/// drop-down above the picture: Alt+L focuses it, L / Shift+L on the picture pick the next /
/// previous level. Figure exports of the same view use the level last picked in the window.

#include <QPointer>

#include <string>

#include "figure_canvas.h"
#include "grid_figure.h"
#include "view_renderer.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
QT_END_NAMESPACE

namespace warpscope::ui {

class GridRenderer : public ViewRenderer {
 public:
  explicit GridRenderer(QWidget* parent = nullptr);
  ~GridRenderer() override;

  [[nodiscard]] ViewKind kind() const override { return ViewKind::Grid; }
  [[nodiscard]] QWidget* widget() override { return box_; }
  void show(const View& view, const QString& banner, Provenance provenance) override;
  void clear(const QString& message) override;
  void renderTo(QPainter& painter, const QRectF& target) override;
  void setCursorTime(double time) override;
  [[nodiscard]] double cursorTime() const override { return figure_.cursorTime(); }
  [[nodiscard]] QString titleText() const override { return figure_.titleText(); }
  [[nodiscard]] std::optional<AnimationTrack> animationTrack() const override;

  [[nodiscard]] const GridFigure& figure() const { return figure_; }
  [[nodiscard]] FigureCanvas* canvas() const { return canvas_; }
  /// The level drop-down (hidden for grids without levels).
  [[nodiscard]] QComboBox* levelBox() const { return levelBox_; }
  /// Shows level `level` (0: the grid itself) and remembers it for exports of this view.
  void setLevel(int level);

  /// The level last picked in a window for view `viewId` (0 if none): what exports use.
  static int rememberedLevel(const std::string& viewId);

 private:
  void syncLevelBox();

  GridFigure figure_;
  QPointer<QWidget> box_;
  QPointer<FigureCanvas> canvas_;
  QComboBox* levelBox_ = nullptr;
  QLabel* levelLabel_ = nullptr;
  bool syncing_ = false;
};

}  // namespace warpscope::ui
