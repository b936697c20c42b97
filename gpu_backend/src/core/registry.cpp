#include "warpscope/registry.h"

#include "core/id_list.h"
#include "core/labs/latency_arith_lab.h"
#include "core/labs/latency_memory_lab.h"

namespace warpscope {

const LabRegistry& LabRegistry::builtin() {
  // Built once, on first use; the order is the order of the GUI's lab list.
  static const LabRegistry registry = [] {
    LabRegistry r;
    r.add(labs::latencyArithSpec());
    r.add(labs::latencyMemorySpec());
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
