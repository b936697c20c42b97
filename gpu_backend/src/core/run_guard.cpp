#include "core/run_guard.h"

#include "core/run_monitor.h"

namespace warpscope::labs {

RunOutcome guardRun(const std::string& where, const std::function<RunOutcome()>& body,
                    const ErrorTranslator& translate) {
  const std::string prefix = where.empty() ? std::string() : where + ": ";
  try {
    return body();
  } catch (const BadInputError& e) {
    return RunError{RunError::Kind::BadInput, e.what()};
  } catch (const Cancelled& c) {
    return RunError{RunError::Kind::Cancelled, c.message};
  } catch (const std::exception& e) {
    if (translate)
      if (std::optional<RunError> translated = translate(e)) return *translated;
    return RunError{RunError::Kind::Device, prefix + e.what()};
  } catch (...) {
    return RunError{RunError::Kind::Device, prefix + "unknown error"};
  }
}

}  // namespace warpscope::labs
