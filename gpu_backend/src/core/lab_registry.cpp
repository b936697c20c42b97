#include "warpscope/registry.h"

#include "core/id_list.h"

namespace warpscope {

const labs::LabDefinition* LabRegistry::definition(const std::string& id) const {
  for (const labs::LabDefinition& lab : labs_)
    if (lab.spec.id == id) return &lab;
  return nullptr;
}

const labs::LabDefinition& LabRegistry::resolve(const std::string& id) const {
  if (const labs::LabDefinition* lab = definition(id)) return *lab;
  throw BadInputError("unknown lab '" + id + "' (labs: " +
                      joinIds(labs(), [](const LabSpec& lab) { return lab.id; }) + ")");
}

const LabSpec* LabRegistry::find(const std::string& id) const {
  const labs::LabDefinition* lab = definition(id);
  return lab ? &lab->spec : nullptr;
}

const labs::LabDefinition* LabRegistry::userKernelLab() const {
  for (const labs::LabDefinition& lab : labs_)
    if (lab.specForRequest) return &lab;
  return nullptr;
}

}  // namespace warpscope
