#include "compare.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "warpscope/registry.h"

namespace warpscope::ui {
namespace {

const Series* findSeries(const View& view, const std::string& name) {
  for (const Series& s : view.series)
    if (s.name == name && s.comparesWith.empty()) return &s;
  return nullptr;
}

std::string percentText(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * fraction);
  return text;
}

}  // namespace

std::string pinLabel(const RunResult& pinned, const RunResult& shown) {
  std::string label;
  const auto add = [&](const std::string& part) { label += (label.empty() ? "" : ", ") + part; };
  if (pinned.deviceId != shown.deviceId || pinned.recordedOn != shown.recordedOn) add(pinned.deviceName);
  const LabSpec* lab = LabRegistry::builtin().find(pinned.labId);
  for (const auto& [id, value] : pinned.params) {
    const auto now = shown.params.find(id);
    if (now != shown.params.end() && now->second == value) continue;
    const ParamSpec* spec = lab ? findParam(lab->params, id) : nullptr;
    add(spec ? spec->label + " = " + spec->displayText(value) : id + " = " + std::to_string(value));
  }
  return label.empty() ? "same run" : label;
}

double meanRelativeDifference(const Series& pinned, const Series& shown) {
  double sum = 0;
  int count = 0;
  for (const Point& p : pinned.points)
    for (const Point& q : shown.points)
      if (p.x == q.x && q.y != 0 && std::isfinite(p.y) && std::isfinite(q.y)) {
        sum += std::abs(p.y - q.y) / std::abs(q.y);
        ++count;
      }
  return count ? sum / count : std::numeric_limits<double>::quiet_NaN();
}

RunResult withPinned(const RunResult& shown, const RunResult& pinned) {
  RunResult out = shown;
  if (pinned.labId != shown.labId) return out;
  const std::string label = pinLabel(pinned, shown);
  for (View& view : out.views) {
    if (view.kind != ViewKind::Xy) continue;
    const View* old = pinned.findView(view.id);
    if (!old) continue;
    // The legend is narrow: each dashed line is named short, with how far apart the two lie;
    // what the pinned run was goes once into the title.
    std::vector<Series> pinnedSeries;
    for (const Series& s : old->series) {
      if (!s.comparesWith.empty()) continue;  // a pin of a comparison compares its own run only
      const Series* same = findSeries(view, s.name);
      std::string name = s.name + " pinned";
      if (same) {
        const double difference = meanRelativeDifference(s, *same);
        if (std::isfinite(difference)) name += ", " + percentText(difference) + " apart";
      }
      pinnedSeries.push_back({name, s.points, s.key, s.name});
    }
    if (pinnedSeries.empty()) continue;
    view.series.insert(view.series.end(), pinnedSeries.begin(), pinnedSeries.end());
    view.title += " (dashed: " + label + ")";
  }
  out.notes.insert(out.notes.begin(), "Dashed: the pinned run (" + pinned.banner() + "; " + label +
                                          "), Compare > Clear the pin removes it.");
  return out;
}

}  // namespace warpscope::ui
