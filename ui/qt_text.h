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

/// A number for people: about `digits` significant digits, plain notation (no exponent) from
/// 0.001 to 10^12 with thousands grouped ("66,910"), so a projector audience can read it.
QString formatNumber(double v, int digits = 4);

}  // namespace warpscope::ui
