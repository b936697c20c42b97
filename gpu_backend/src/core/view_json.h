#pragma once
/// \file view_json.h
/// One view as JSON: schema version 2 writes `{id, title, kind, <kind metadata>, table}` where
/// table is the view's one table form (view_table.h); version 1 (xy only, series[].points[])
/// is still read so older exports and the recordings in resources/recordings keep loading.

#include <nlohmann/json.hpp>

#include "warpscope/result.h"

namespace warpscope {

/// Version 2 view object: metadata per kind plus `table: {columns, rows}`.
nlohmann::json viewToJson(const View& view);

/// Reads a version 2 view object; throws BadInputError naming the view and the field.
View viewFromJson(const nlohmann::json& object);

/// Reads a version 1 view object (an xy chart with series[].points[]).
View viewFromJsonV1(const nlohmann::json& object);

}  // namespace warpscope
