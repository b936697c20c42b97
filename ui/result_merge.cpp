#include "result_merge.h"

#include <algorithm>

namespace warpscope::ui {

namespace {

Series* findSeries(View& view, const std::string& name) {
  auto it = std::find_if(view.series.begin(), view.series.end(),
                         [&](const Series& s) { return s.name == name; });
  return it == view.series.end() ? nullptr : &*it;
}

View* findViewMutable(RunResult& result, const std::string& id) {
  auto it = std::find_if(result.views.begin(), result.views.end(),
                         [&](const View& v) { return v.id == id; });
  return it == result.views.end() ? nullptr : &*it;
}

void upsertPoint(Series& series, const Point& p) {
  auto it = std::find_if(series.points.begin(), series.points.end(),
                         [&](const Point& q) { return q.x == p.x; });
  if (it != series.points.end()) {
    *it = p;
    return;
  }
  auto pos = std::lower_bound(series.points.begin(), series.points.end(), p.x,
                              [](const Point& q, double x) { return q.x < x; });
  series.points.insert(pos, p);
}

/// Every point of the view depends on the focus: one new point cannot be merged into it. The lab
/// says so with View::followsFocus (never inferred from a title).
bool followsFocus(const View& shown, const View& focus) { return shown.followsFocus || focus.followsFocus; }

bool mergeable(const View& shown, const View& focus) { return !followsFocus(shown, focus); }

/// True when the focus run names a series the shown view lacks (a configuration the sweep did
/// not draw): it is added with the focus point alone, and the view is stale until a sweep fills
/// the series in.
bool addsSeries(View& shown, const View& focus) {
  for (const Series& fs : focus.series)
    if (!findSeries(shown, fs.name)) return true;
  return false;
}

}  // namespace

namespace {

/// The first three words: notes about the same thing begin alike ("Limiter at K = 16 ..." and
/// "Limiter at K = 128 ...").
std::string noteKey(const std::string& note) {
  size_t end = 0;
  for (int words = 0; words < 3 && end != std::string::npos; ++words) end = note.find(' ', end + 1);
  return note.substr(0, end);
}

}  // namespace

std::vector<std::string> mergeFocusNotes(const std::vector<std::string>& shown, const std::vector<std::string>& focus) {
  std::vector<std::string> merged;
  std::vector<bool> used(focus.size(), false);
  for (const std::string& note : shown) {
    const auto same = std::find_if(focus.begin(), focus.end(), [&](const std::string& f) { return noteKey(f) == noteKey(note); });
    if (same == focus.end()) {
      merged.push_back(note);  // about the sweep, which the focus move did not change
    } else {
      merged.push_back(*same);  // about the point: the focus run's version is the current one
      used[static_cast<size_t>(same - focus.begin())] = true;
    }
  }
  for (size_t i = 0; i < focus.size(); ++i)
    if (!used[i]) merged.push_back(focus[i]);
  return merged;
}

MergeReport mergeFocusResult(RunResult& shown, const RunResult& focus) {
  MergeReport report;
  if (shown.labId != focus.labId || shown.deviceId != focus.deviceId) return report;
  std::vector<std::pair<View*, const View*>> targets;
  std::vector<std::pair<View*, const View*>> replacements;
  for (const View& fv : focus.views) {
    View* sv = findViewMutable(shown, fv.id);
    if (sv && fv.kind != ViewKind::Xy) {
      replacements.emplace_back(sv, &fv);  // a trace, grid or bars of the focus run is whole
    } else if (sv && sv->kind == ViewKind::Xy && mergeable(*sv, fv)) {
      targets.emplace_back(sv, &fv);
      if (addsSeries(*sv, fv)) report.staleViews.push_back(fv.id);
    } else {
      report.staleViews.push_back(fv.id);
    }
  }
  if (targets.empty() && replacements.empty()) return report;

  for (auto [sv, fv] : replacements) *sv = *fv;
  for (auto [sv, fv] : targets) {
    for (const Series& fs : fv->series) {
      Series* target = findSeries(*sv, fs.name);
      if (!target) {
        sv->series.push_back({fs.name, {}, fs.key});
        target = &sv->series.back();
      }
      for (const Point& p : fs.points) upsertPoint(*target, p);
    }
    sv->focusSeries = fv->focusSeries;
    sv->focusX = fv->focusX;
    sv->hasFocus = fv->hasFocus;
  }
  for (const Scalar& s : focus.scalars) {
    auto it = std::find_if(shown.scalars.begin(), shown.scalars.end(),
                           [&](const Scalar& q) { return q.id == s.id; });
    if (it != shown.scalars.end()) {
      *it = s;
    } else {
      shown.scalars.push_back(s);
    }
  }
  shown.notes = mergeFocusNotes(shown.notes, focus.notes);
  shown.params = focus.params;
  shown.elapsedSeconds = focus.elapsedSeconds;
  shown.focusOnly = false;  // what is shown is still a complete sweep
  report.merged = true;
  return report;
}

}  // namespace warpscope::ui
