#include "ui_scale.h"

#include <QApplication>
#include <QFont>

#include <algorithm>
#include <cmath>
#include <optional>

namespace warpscope::ui {

namespace {
double gScale = 1.0;
/// The application font before any scaling: every scale is taken from it, so zooming in and
/// out again returns exactly to it.
std::optional<QFont> gBaseFont;
}  // namespace

double uiScale() { return gScale; }

double setUiScale(double scale) {
  gScale = std::clamp(scale, kMinUiScale, kMaxUiScale);
  if (!gBaseFont) gBaseFont = QApplication::font();
  QFont font = *gBaseFont;
  if (font.pointSizeF() > 0) {
    font.setPointSizeF(font.pointSizeF() * gScale);
  } else {
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(font.pixelSize() * gScale))));
  }
  QApplication::setFont(font);
  return gScale;
}

int scaledSize(int size) { return std::max(1, static_cast<int>(std::lround(size * gScale))); }

}  // namespace warpscope::ui
