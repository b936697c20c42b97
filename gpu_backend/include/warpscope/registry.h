#pragma once
/// \file registry.h
/// The one table of labs: every lab's definition, in the order the GUI lists them. Front ends
/// list and validate against its declarations; the session resolves a request's lab here, once
/// per process and run, and hands the definition to the backend.

#include <ranges>
#include <string>
#include <vector>

#include "warpscope/lab_definition.h"

namespace warpscope {

class LabRegistry {
 public:
  /// The built-in labs, in the order the GUI lists them. Declared by the contract, defined by the
  /// labs' floor (src/labs/lab_list.cpp, the one list), built once on first use.
  static const LabRegistry& builtin();

  explicit LabRegistry(std::vector<labs::LabDefinition> labs) : labs_(std::move(labs)) {}

  [[nodiscard]] const std::vector<labs::LabDefinition>& definitions() const { return labs_; }
  /// Every lab's declaration, in list order: a view over the definitions, not a copy.
  [[nodiscard]] auto labs() const { return std::views::transform(labs_, &labs::LabDefinition::spec); }

  /// The lab with this id, or nullptr: the one lookup everything else is built on.
  [[nodiscard]] const labs::LabDefinition* definition(const std::string& id) const;
  /// The lab with this id; throws BadInputError listing the known ids otherwise.
  [[nodiscard]] const labs::LabDefinition& resolve(const std::string& id) const;

  /// The lab that runs the user's own kernel file (its declaration comes with the request:
  /// LabDefinition::specForRequest), or nullptr when there is none.
  [[nodiscard]] const labs::LabDefinition* userKernelLab() const;

  /// The declaration of the lab with this id, or nullptr.
  [[nodiscard]] const LabSpec* find(const std::string& id) const;
  /// The declaration of the lab with this id; throws BadInputError listing the known ids otherwise.
  [[nodiscard]] const LabSpec& get(const std::string& id) const { return resolve(id).spec; }

 private:
  std::vector<labs::LabDefinition> labs_;
};

}  // namespace warpscope
