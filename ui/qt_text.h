#pragma once
/// \file qt_text.h
/// The backend speaks UTF-8 std::string; Qt speaks QString. These two helpers are the only
/// place the UI converts, so no widget guesses an encoding.

#include <QString>
#include <string>

namespace warpscope::ui {

/// UTF-8 std::string to QString.
inline QString toQ(const std::string& s) { return QString::fromStdString(s); }
/// QString to UTF-8 std::string.
inline std::string fromQ(const QString& s) { return s.toStdString(); }

/// A number for people: up to `digits` significant digits, no exponent for everyday magnitudes.
inline QString formatNumber(double v, int digits = 4) {
  return QString::number(v, 'g', digits);
}

}  // namespace warpscope::ui
