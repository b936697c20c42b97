#include "cli/cli_args.h"

#include <charconv>

#include "warpscope/params.h"

namespace warpscope::cli {

CliOptions parseCliOptions(const std::vector<std::string>& args) {
  CliOptions options;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&]() -> std::string {
      // Accept both "--set X=1" and "--set=X=1".
      if (const auto eq = arg.find('='); arg.starts_with("--") && eq != std::string::npos) return arg.substr(eq + 1);
      if (i + 1 >= args.size()) throw BadInputError("option " + arg + " needs a value");
      return args[++i];
    };
    const std::string name = arg.starts_with("--") ? arg.substr(0, arg.find('=')) : arg;
    if (name == "--device") options.device = value();
    else if (name == "--host") options.host = value();
    else if (name == "--set") options.assignments.push_back(value());
    else if (name == "--format") options.format = value();
    else if (name == "--out") {
      options.outPath = value();
      if (options.outPath->empty()) throw BadInputError("--out needs a file name, got ''");
    } else if (name == "--preset") options.preset = value();
    else if (name == "--kernel") options.kernel = value();
    else if (arg == "--presets") options.presets = true;
    else if (name == "--lecture") options.lecture = value();
    else if (name == "--lecture-file") options.lectureFile = value();
    else if (arg == "--all") options.all = true;
    else if (arg == "--install-worker") options.installWorker = true;
    else if (arg == "--check") options.check = true;
    else if (arg == "--prediction-boxes") options.predictionBoxes = true;
    else if (name == "--view") options.view = value();
    else if (arg == "--wide") options.wide = true;
    else if (name == "--scope") {
      options.scope = value();
      if (options.scope != "sweep" && options.scope != "focus")
        throw BadInputError("--scope must be 'sweep' or 'focus', got '" + options.scope + "'");
    } else if (name == "--page") {
      const std::string text = value();
      int page = 0;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), page);
      if (error != std::errc() || end != text.data() + text.size() || page < 1)
        throw BadInputError("--page needs a page number (1 or more), got '" + text + "'");
      options.page = page;
    } else if (name == "--repeat") {
      const std::string text = value();
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), options.repeat);
      if (error != std::errc() || end != text.data() + text.size() || options.repeat < 1 || options.repeat > 1000)
        throw BadInputError("--repeat must be a whole number in 1..1000, got '" + text + "'");
    } else if (arg.starts_with("--")) throw BadInputError("unknown option " + arg);
    else options.positional.push_back(arg);
  }
  return options;
}

}  // namespace warpscope::cli
