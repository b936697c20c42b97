#include "labs/user_kernel/kernel_variants.h"

#include "labs/user_kernel/header_syntax.h"

namespace warpscope::labs::user_kernel {
namespace {

bool isCompiledIn(const UserParam& param) { return param.use == ParamUse::Define || param.use == ParamUse::Template; }

std::string nameExpression(const KernelName& kernel, const ExpressionEnv& env, const char* key,
                           const std::string& settings) {
  if (kernel.templateArgs.empty()) return kernel.name;
  std::string text = kernel.name + "<";
  for (size_t i = 0; i < kernel.templateArgs.size(); ++i) {
    try {
      text += (i ? ", " : "") + std::to_string(kernel.templateArgs[i].evaluate(env));
    } catch (const ExpressionError& e) {
      failAt(kernel.line, std::string(key) + ": template argument " + std::to_string(i + 1) + ": " + e.what() +
                              (settings.empty() ? "" : " (with " + settings + ")"));
    }
  }
  return text + ">";
}

}  // namespace

std::string KernelVariant::key() const {
  std::string text;
  for (const std::string& define : defines) text += define + " ";
  text += kernelName;
  if (!referenceName.empty()) text += " " + referenceName;
  return text;
}

KernelVariant variantOf(const KernelHeader& header, const ParamSet& params) {
  KernelVariant variant;
  ExpressionEnv env;
  std::string settings;
  for (const UserParam& param : header.params) {
    if (!isCompiledIn(param)) continue;
    const int64_t value = param.kernelValue(params);
    env.set(param.name, value);
    settings += (settings.empty() ? "" : ", ") + param.name + "=" + std::to_string(value);
    if (param.use == ParamUse::Define) variant.defines.push_back("-D" + param.name + "=" + std::to_string(value));
  }
  variant.kernelName = nameExpression(header.kernel.kernel, env, "kernel", settings);
  if (header.reference) variant.referenceName = nameExpression(header.reference->kernel, env, "reference", settings);
  return variant;
}

std::size_t variantCount(const KernelHeader& header) {
  std::size_t count = 1;
  for (const UserParam& param : header.params)
    if (isCompiledIn(param)) count *= param.values.size();
  return count;
}

std::vector<KernelVariant> variantsOf(const KernelHeader& header) {
  std::vector<const UserParam*> compiled;
  for (const UserParam& param : header.params)
    if (isCompiledIn(param)) compiled.push_back(&param);
  ParamSet params = defaultParams(header.paramSpecs());
  std::vector<size_t> index(compiled.size(), 0);
  std::vector<KernelVariant> variants;
  while (true) {
    for (size_t i = 0; i < compiled.size(); ++i) {
      const UserParam& param = *compiled[i];
      // A ParamSet holds a named choice's index and any other param's value.
      params.set(param.name, param.spec.isNamedChoice() ? static_cast<double>(index[i])
                                                        : static_cast<double>(param.values[index[i]]));
    }
    variants.push_back(variantOf(header, params));
    size_t i = compiled.size();
    while (i > 0 && ++index[i - 1] == compiled[i - 1]->values.size()) index[--i] = 0;
    if (i == 0) return variants;
  }
}

}  // namespace warpscope::labs::user_kernel
