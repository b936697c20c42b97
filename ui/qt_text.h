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
/// The unit as read after `value`: a count noun in the singular after exactly 1 ("1 line", not
/// "1 lines"; "1 address"), and nothing for "fraction", which is a plain number. Units with
/// symbols ("GB/s", "B/clk/SM", "%", "ms") stay as they are.
QString unitAfter(double value, const std::string& unit);
/// `value` formatted (formatNumber) with unitAfter's unit, if any: "4 sectors", "1 line", "0.25".
QString numberWithUnit(double value, const std::string& unit, int digits = 4);

}  // namespace warpscope::ui
