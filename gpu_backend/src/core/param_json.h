#pragma once
/// \file param_json.h
/// A run's parameters as files hold them: a named choice (ParamSpec::choiceNames) as its name
/// ("pattern": "odd-even"), every other parameter as its number. Both forms read back, so runs
/// written before the names (resources/recordings: "pattern": 1.0) still load, and a run's
/// parameters are numbers again once read: recordings match requests by number, whatever the
/// file said.

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "warpscope/params.h"
#include "warpscope/result.h"

namespace warpscope {

/// The lab's parameters with each named choice as its name. A value that is no choice's index
/// (or a lab this build does not know) stays a number.
/// A run of the user's own kernel gives its `kernel`: its header declares the named choices.
nlohmann::json paramsToJson(const std::string& labId, const std::map<std::string, double>& params,
                            const KernelSource& kernel = {});

/// Inverse of paramsToJson: numbers as they are, a name as its choice's index. Throws
/// BadInputError naming the parameter (`where`: "document") for a value that is neither a number
/// nor a text, or a name that is not one of the parameter's choices (listing them).
std::map<std::string, double> paramsFromJson(const std::string& labId, const nlohmann::json& params,
                                             const std::string& where, const KernelSource& kernel = {});

/// A named choice's name ("odd-even") when `id` is one of `declared`'s and `value` one of its
/// indices, else the number as text (15 significant digits): the CSV's '#' params line.
std::string paramValueText(const std::vector<ParamSpec>& declared, const std::string& id, double value);

/// The parameters `result`'s lab declares (its kernel's header for a run of the user's kernel).
std::vector<ParamSpec> resultParamSpecs(const RunResult& result);

}  // namespace warpscope
