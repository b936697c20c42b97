#include "labs/instruction_costs/instruction_costs_sass.h"

#include "cuda/sass_listing.h"
#include "cuda/toolkit_program.h"

#include <filesystem>
#include <mutex>
#include <regex>
#include <vector>

namespace warpscope::labs {
namespace {

struct SassLine {
  long address = 0;
  std::string opcode;  ///< "BRA", "FFMA", "NOP" (predicate and modifiers' dots kept: "MUFU.SIN")
  long target = -1;    ///< a branch's target address, -1 otherwise
};

std::vector<SassLine> parseLines(const std::string& functionSass) {
  static const std::regex target(R"(^\s*(0x[0-9a-fA-F]+))");
  std::vector<SassLine> lines;
  for (const cuda::SassInstruction& i : cuda::parseSassInstructions(functionSass)) {
    SassLine l{i.address, i.opcode, -1};
    std::smatch t;
    if (l.opcode.rfind("BRA", 0) == 0 && std::regex_search(i.operands, t, target)) l.target = std::stol(t[1].str(), nullptr, 16);
    lines.push_back(std::move(l));
  }
  return lines;
}

bool isKindKernel(const std::string& name, InstructionKind kind) {
  const std::string ns = isFastMathKind(kind) ? "9fast_math" : "7precise";
  const std::string id = "InstructionKindE" + std::to_string(static_cast<int>(kind)) + "E";
  return name.find("instructionChains") != std::string::npos && name.find(ns) != std::string::npos &&
         name.find(id) != std::string::npos;
}

}  // namespace

int loopBodyInstructions(const std::string& functionSass) {
  const std::vector<SassLine> lines = parseLines(functionSass);
  long lastExit = -1;
  for (const SassLine& l : lines)
    if (l.opcode == "EXIT") lastExit = l.address;
  // The outermost loop: the backward branch before the last EXIT that reaches furthest back (a
  // slow path's own loops, as sinf's Payne-Hanek reduction has, sit inside it).
  const SassLine* backEdge = nullptr;
  for (const SassLine& l : lines)
    if (l.target >= 0 && l.target < l.address && l.address < lastExit && (!backEdge || l.target < backEdge->target))
      backEdge = &l;
  if (!backEdge) return -1;
  int count = 0;
  for (const SassLine& l : lines)
    if (l.address >= backEdge->target && l.address <= backEdge->address && l.opcode != "NOP") ++count;
  return count;
}

SassReading sassPerOperation(const std::string& listing) {
  SassReading reading;
  reading.perOp.fill(-1);
  const auto functions = cuda::splitSassFunctions(listing);
  std::array<int, kInstructionKindCount> bodies{};
  bodies.fill(-1);
  for (int k = 0; k < kInstructionKindCount; ++k)
    for (const auto& [name, sass] : functions)
      if (isKindKernel(name, static_cast<InstructionKind>(k))) bodies[k] = loopBodyInstructions(sass);
  const int fma = bodies[static_cast<int>(InstructionKind::Fp32Fma)];
  if (fma > kInstructionOpsPerPass) reading.loopControl = fma - kInstructionOpsPerPass;
  for (int k = 0; k < kInstructionKindCount; ++k)
    if (bodies[k] > reading.loopControl) {
      reading.perOp[k] = static_cast<double>(bodies[k] - reading.loopControl) / kInstructionOpsPerPass;
      reading.available = true;
    }
  return reading;
}

SassReading readOwnSass(const std::string& smArch) {
  static std::mutex mutex;
  static std::map<std::string, SassReading> cache;  // the program does not change while it runs
  const std::lock_guard lock(mutex);
  if (const auto hit = cache.find(smArch); hit != cache.end()) return hit->second;

  SassReading reading;
  reading.perOp.fill(-1);
  const std::string tool = cuda::findToolkitProgram("cuobjdump");
  std::error_code ec;
  const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  if (tool.empty()) {
    reading.source = "cuobjdump (the CUDA toolkit's binary utilities) is not on this machine";
  } else if (self.empty()) {
    reading.source = "this program's own file could not be found (/proc/self/exe)";
  } else {
    // The whole program's listing: tens of megabytes for every lab's kernels (256 MiB is a bound).
    const cuda::ProgramOutput out = cuda::runProgram({tool, "-sass", "-arch", smArch, self}, std::size_t{256} << 20);
    const std::string& listing = out.out;
    reading = sassPerOperation(listing);
    // cuobjdump's status for a program without SASS of this architecture is not relied on: that
    // case is an empty listing, said below.
    if (!out.started || out.cut || (out.exitCode != 0 && listing.empty())) {
      reading.available = false;
      reading.source = "cuobjdump could not list this program's SASS: " + (out.cut ? "the listing is too long" : out.why);
      cache[smArch] = reading;
      return reading;
    }
    reading.source = reading.available
                         ? "cuobjdump -sass -arch " + smArch + " of " + self + " (the kernels this run timed)"
                         : "cuobjdump found no " + smArch + " SASS of the lab's kernels in " + self +
                               " (built for other architectures: the driver compiled them from PTX)";
  }
  cache[smArch] = reading;
  return reading;
}

}  // namespace warpscope::labs
