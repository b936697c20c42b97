#include "warpscope/registry.h"

#include "core/id_list.h"
#include "labs/lab_definition.h"

namespace warpscope {

const LabRegistry& LabRegistry::builtin() {
  // The declarations of the one list of labs (lab_list.cpp), built once, on first use.
  static const LabRegistry registry = [] {
    LabRegistry r;
    for (const labs::LabDefinition& lab : labs::allLabs()) r.add(lab.spec);
    return r;
  }();
  return registry;
}

const LabSpec* LabRegistry::find(const std::string& id) const {
  for (const auto& lab : labs_)
    if (lab.id == id) return &lab;
  return nullptr;
}

const LabSpec& LabRegistry::get(const std::string& id) const {
  if (const LabSpec* lab = find(id)) return *lab;
  throw BadInputError("unknown lab '" + id + "' (labs: " +
                      joinIds(labs_, [](const LabSpec& lab) { return lab.id; }) + ")");
}

}  // namespace warpscope
