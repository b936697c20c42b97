// One column per series (wide_table.h).
#include "core/wide_table.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "warpscope/params.h"

namespace warpscope {
namespace {

/// Column names as given, a repeated one suffixed " (2)", " (3)", ... so each names one column.
std::vector<std::string> distinctNames(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  std::set<std::string> taken;
  for (const std::string& name : names) {
    std::string unique = name;
    for (int n = 2; taken.contains(unique); ++n) unique = name + " (" + std::to_string(n) + ")";
    taken.insert(unique);
    out.push_back(unique);
  }
  return out;
}

bool hasSpread(const Series& series) {
  return std::any_of(series.points.begin(), series.points.end(),
                     [](const Point& p) { return p.yMin != p.y || p.yMax != p.y; });
}

bool hasSpread(const BarSeries& series) {
  return std::any_of(series.values.begin(), series.values.end(),
                     [](const BarValue& b) { return b.low != b.value || b.high != b.value; });
}

/// x values in ascending order, NaN after every number (a strict weak order for the map).
struct XOrder {
  bool operator()(double a, double b) const {
    if (std::isnan(a) || std::isnan(b)) return !std::isnan(a) && std::isnan(b);
    return a < b;
  }
};

ViewTable xyWide(const View& view) {
  // Every series' points at each x, in the series' order: the rows of that x.
  const std::size_t seriesCount = view.series.size();
  std::map<double, std::vector<std::vector<const Point*>>, XOrder> byX;
  for (std::size_t s = 0; s < seriesCount; ++s)
    for (const Point& p : view.series[s].points) {
      auto& perSeries = byX[p.x];
      perSeries.resize(seriesCount);
      perSeries[s].push_back(&p);
    }

  std::vector<std::string> names{view.xLabel.empty() ? "x" : view.xLabel};
  std::vector<bool> spread;
  for (const Series& series : view.series) {
    spread.push_back(hasSpread(series));
    names.push_back(series.name);
    if (spread.back()) {
      names.push_back(series.name + " y_min");
      names.push_back(series.name + " y_max");
    }
  }
  ViewTable table{distinctNames(names), {}};
  for (const auto& [x, perSeries] : byX) {
    std::size_t rows = 0;
    for (const auto& points : perSeries) rows = std::max(rows, points.size());
    for (std::size_t r = 0; r < rows; ++r) {
      std::vector<TableCell> row{x};
      for (std::size_t s = 0; s < seriesCount; ++s) {
        const Point* p = r < perSeries[s].size() ? perSeries[s][r] : nullptr;
        row.push_back(p ? TableCell{p->y} : TableCell{std::string()});
        if (spread[s]) {
          row.push_back(p ? TableCell{p->yMin} : TableCell{std::string()});
          row.push_back(p ? TableCell{p->yMax} : TableCell{std::string()});
        }
      }
      table.rows.push_back(std::move(row));
    }
  }
  return table;
}

ViewTable barsWide(const View& view) {
  const Bars& bars = view.bars;
  std::vector<std::string> names{bars.categoryLabel.empty() ? "category" : bars.categoryLabel};
  std::vector<bool> spread;
  for (const BarSeries& series : bars.series) {
    spread.push_back(hasSpread(series));
    names.push_back(series.name);
    if (spread.back()) {
      names.push_back(series.name + " low");
      names.push_back(series.name + " high");
    }
  }
  ViewTable table{distinctNames(names), {}};
  for (std::size_t c = 0; c < bars.categories.size(); ++c) {
    std::vector<TableCell> row{bars.categories[c]};
    for (std::size_t s = 0; s < bars.series.size(); ++s) {
      const auto& values = bars.series[s].values;
      const BarValue* bar = c < values.size() ? &values[c] : nullptr;
      row.push_back(bar ? TableCell{bar->value} : TableCell{std::string()});
      if (spread[s]) {
        row.push_back(bar ? TableCell{bar->low} : TableCell{std::string()});
        row.push_back(bar ? TableCell{bar->high} : TableCell{std::string()});
      }
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace

ViewTable toWideTable(const View& view) {
  switch (view.kind) {
    case ViewKind::Xy: return xyWide(view);
    case ViewKind::Bars: return barsWide(view);
    case ViewKind::Timeline:
    case ViewKind::Grid:
    case ViewKind::Listing: break;
  }
  // Said in the words of both front ends: the CLI's --wide and the window's "wide CSV".
  throw BadInputError(std::string("a wide CSV (--wide) writes xy and bars views; view '") + view.id + "' is a " +
                      viewKindName(view.kind) + ": its CSV is its table, one row per " +
                      (view.kind == ViewKind::Timeline  ? "event"
                       : view.kind == ViewKind::Listing ? "line"
                                                        : "cell or change"));
}

}  // namespace warpscope
