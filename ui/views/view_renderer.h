#pragma once
/// \file view_renderer.h
/// One renderer per view kind (xy, timeline, grid, bars, listing) behind one small interface. The window
/// shows a renderer's widget; the figure export (PNG, SVG, PDF) asks a renderer of the same kind
/// to paint into its own QPainter. Both draw the same picture: title, provenance banner,
/// legend and plot, and for the animated kinds the frame at the cursor time.

#include <QString>

#include <memory>
#include <optional>
#include <vector>

#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QPainter;
class QRectF;
class QWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

/// What the animation controls play through for an animated view.
struct AnimationTrack {
  double start = 0;
  double end = 0;
  std::vector<double> stops;  ///< Where stepping stops, sorted.
  bool stepwise = false;      ///< Jump from stop to stop (grid frames) instead of gliding.
  double initial = 0;         ///< Where a newly shown view starts.
};

class ViewRenderer {
 public:
  virtual ~ViewRenderer() = default;

  [[nodiscard]] virtual ViewKind kind() const = 0;
  /// The on-screen widget (owned by the renderer's parent widget, or by the renderer itself
  /// when it was made without a parent).
  [[nodiscard]] virtual QWidget* widget() = 0;

  /// Shows `view` (of this renderer's kind) with `banner` inside the picture. A view with the
  /// same id keeps the user's zoom and pan.
  virtual void show(const View& view, const QString& banner, Provenance provenance) = 0;
  /// Empties the picture and shows `message` instead (before the first result).
  virtual void clear(const QString& message) = 0;
  /// Paints the whole figure into `target` of `painter`, in the painter's logical coordinates
  /// (a figure export lays out at its logical size and lets the painter scale).
  virtual void renderTo(QPainter& painter, const QRectF& target) = 0;

  /// Animated kinds: the moment to draw (the animation's position, in the view's time unit).
  /// Timeline: the cursor; spans after it are dimmed. Grid: the last frame at or before it.
  virtual void setCursorTime(double time) { (void)time; }
  [[nodiscard]] virtual double cursorTime() const { return 0; }
  /// The track the animation controls play for the view on show; nullopt for still kinds.
  [[nodiscard]] virtual std::optional<AnimationTrack> animationTrack() const { return std::nullopt; }

  /// The title block's text (view title and banner), for tests and accessibility.
  [[nodiscard]] virtual QString titleText() const = 0;
};

/// A renderer for `kind`; its widget gets `parent` (null: an off-screen renderer for export).
std::unique_ptr<ViewRenderer> makeViewRenderer(ViewKind kind, QWidget* parent = nullptr);

}  // namespace warpscope::ui
