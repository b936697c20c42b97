#pragma once
/// \file registry.h
/// The table of labs every front end lists and validates against.

#include <string>
#include <vector>

#include "warpscope/lab.h"

namespace warpscope {

class LabRegistry {
 public:
  /// The built-in labs, in the order the GUI lists them.
  static const LabRegistry& builtin();

  [[nodiscard]] const std::vector<LabSpec>& labs() const { return labs_; }
  /// The lab with this id, or nullptr.
  [[nodiscard]] const LabSpec* find(const std::string& id) const;
  /// The lab with this id; throws BadInputError listing the known ids otherwise.
  [[nodiscard]] const LabSpec& get(const std::string& id) const;

  void add(LabSpec spec) { labs_.push_back(std::move(spec)); }

 private:
  std::vector<LabSpec> labs_;
};

}  // namespace warpscope
