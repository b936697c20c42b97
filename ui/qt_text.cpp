#include "qt_text.h"

#include <QLocale>

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

}  // namespace warpscope::ui
