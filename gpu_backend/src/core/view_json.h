#pragma once
/// \file view_json.h
/// One view as JSON: schema version 2 writes `{id, title, kind, <kind metadata>, table}` where
/// table is the view's one table form (view_table.h); version 1 (xy only, series[].points[])
/// is still read so older exports and the recordings in resources/recordings keep loading.

#include <nlohmann/json.hpp>

#include "warpscope/result.h"

namespace warpscope {

/// Which JSON a view is written as. Document: the file schema above, every view as its table.
/// Wire: the worker protocol's, the same except that a grid with a frame per step is sent as
/// `frames: [{time, label, cells: "<hex state index per cell>", text_at: [cell...], text: [...]}]`
/// instead of its table: the table repeats the frame and its labels on every cell (atomics' 33
/// frames of 32 x 32 cells: 33,792 rows, 2.4 MB; as frames 40 KB), and writing, piping and
/// reading it back cost a slider move up to 230 ms on an H100 (issue 27). Files keep the one
/// table form.
enum class JsonForm { Document, Wire };

/// Version 2 view object: metadata per kind plus `table: {columns, rows}` (or, in the wire
/// form, a per-frame grid's `frames`).
nlohmann::json viewToJson(const View& view, JsonForm form = JsonForm::Document);

/// Reads a version 2 view object; throws BadInputError naming the view and the field. A grid's
/// `frames` are read only in the wire form (a file has tables only).
View viewFromJson(const nlohmann::json& object, JsonForm form = JsonForm::Document);

/// Reads a version 1 view object (an xy chart with series[].points[]).
View viewFromJsonV1(const nlohmann::json& object);

}  // namespace warpscope
