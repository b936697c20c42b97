#include "core/sweep_format.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <vector>

namespace warpscope::labs {

View declaredView(const LabSpec& lab, const std::string& viewId) {
  const ViewSpec* spec = lab.findView(viewId);
  if (!spec) throw std::logic_error("lab " + lab.id + " does not declare a view '" + viewId + "'");
  View view;
  view.id = spec->id;
  view.title = spec->title;
  view.kind = spec->kind;
  return view;
}

RunResult resultShell(const std::string& labId, const DeviceInfo& device, const ParamSet& params) {
  RunResult result;
  result.labId = labId;
  result.deviceId = device.id;
  result.deviceName = device.name;
  result.params = params.values();
  return result;
}

Series sortedByX(Series series) {
  std::stable_sort(series.points.begin(), series.points.end(),
                   [](const Point& a, const Point& b) { return a.x < b.x; });
  return series;
}

std::string scalarKey(const std::string& name) {
  // Letters and digits kept (lower case); every other run of characters becomes one '_'.
  std::string key;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) key += static_cast<char>(std::tolower(u));
    else if (!key.empty() && key.back() != '_') key += '_';
  }
  while (!key.empty() && key.back() == '_') key.pop_back();
  return key;
}

BenchCheck pointsEqualCheck(const View& view, const std::string& what) {
  const std::vector<Point>& rule = view.series.at(0).points;
  const std::vector<Point>& counted = view.series.at(1).points;
  int equal = 0, total = 0;
  for (std::size_t i = 0; i < rule.size() && i < counted.size(); ++i, ++total) equal += counted[i].y == rule[i].y ? 1 : 0;
  return {what, static_cast<double>(equal), "all " + std::to_string(total), equal == total, true, ""};
}

}  // namespace warpscope::labs
