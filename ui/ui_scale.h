#pragma once
/// \file ui_scale.h
/// One zoom factor for the whole window's type: widgets (through the application font) and
/// every figure's text (figureFont, the xy chart's fonts). Ctrl+= / Ctrl+- move it; the
/// presentation mode raises it for a projector. Process-wide because the renderers are shared
/// by the window and the exports, and both should read the same at one scale.

namespace warpscope::ui {

inline constexpr double kMinUiScale = 0.75;
inline constexpr double kMaxUiScale = 2.5;
/// A projector at 1280x720 seen from the back of a room: type at least 1.4 times the desk size
/// (presentation mode raises the scale to this).
inline constexpr double kPresentationTypeScale = 1.4;

/// The current factor (1: as designed).
double uiScale();
/// Sets the factor (clamped to kMinUiScale..kMaxUiScale) and the application font to the
/// base font times it. Returns the factor in force. Needs a QApplication.
double setUiScale(double scale);
/// `size` times the factor, rounded, never below 1.
int scaledSize(int size);

}  // namespace warpscope::ui
