#include "qt_text.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace warpscope::ui {

QString formatNumber(double v, int digits) {
  const double a = std::abs(v);
  if (v == 0 || !std::isfinite(v)) return QString::number(v);
  if (a < 1e-3 || a >= 1e12) return QString::number(v, 'g', digits);
  // Decimals so that `digits` significant digits show, none for large values.
  const int magnitude = static_cast<int>(std::floor(std::log10(a)));
  const int decimals = std::max(0, digits - 1 - magnitude);
  static const QLocale english(QLocale::English);
  QString text = english.toString(v, 'f', decimals);
  if (text.contains(QLatin1Char('.'))) {
    while (text.endsWith(QLatin1Char('0'))) text.chop(1);
    if (text.endsWith(QLatin1Char('.'))) text.chop(1);
  }
  return text;
}

QString unitAfter(double value, const std::string& unit) {
  if (unit == "fraction") return {};
  QString text = toQ(unit);
  // Only a lowercase word of letters: "lines", "wavefronts"; not "ms", "GB/s" or "FMAs".
  const bool word = text.size() > 3 && std::all_of(text.begin(), text.end(), [](QChar c) { return c.isLower(); });
  if (value != 1 || !word || !text.endsWith(QLatin1Char('s')) || text.endsWith(QLatin1String("ss"))) return text;
  text.chop(text.endsWith(QLatin1String("sses")) ? 2 : 1);  // "addresses" -> "address"
  return text;
}

QString numberWithUnit(double value, const std::string& unit, int digits) {
  const QString after = unitAfter(value, unit);
  return after.isEmpty() ? formatNumber(value, digits) : formatNumber(value, digits) + QLatin1Char(' ') + after;
}

}  // namespace warpscope::ui
