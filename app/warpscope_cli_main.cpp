// warpscope-cli: the headless front end. Everything happens in cli/; this only wires stdio.
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return warpscope::cli::runCli(args, std::cout, std::cerr);
}
