#include "labs/instruction_costs/instruction_costs_sass.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <regex>
#include <sstream>
#include <vector>

namespace warpscope::labs {
namespace {

struct SassLine {
  long address = 0;
  std::string opcode;  ///< "BRA", "FFMA", "NOP" (predicate and modifiers' dots kept: "MUFU.SIN")
  long target = -1;    ///< a branch's target address, -1 otherwise
};

std::vector<SassLine> parseLines(const std::string& functionSass) {
  // "        /*0360*/                   @P0 BRA 0x240 ;      /* 0x... */": the address in /*hex*/,
  // then the instruction up to ';'. The encoding's own lines start "/* 0x" and do not match.
  static const std::regex line(R"(/\*([0-9a-fA-F]+)\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z0-9_.]+)([^;]*);)");
  static const std::regex target(R"(^\s*(0x[0-9a-fA-F]+))");
  std::vector<SassLine> lines;
  std::istringstream in(functionSass);
  std::string text;
  std::smatch m;
  while (std::getline(in, text)) {
    if (!std::regex_search(text, m, line)) continue;
    SassLine l;
    l.address = std::stol(m[1].str(), nullptr, 16);
    l.opcode = m[3].str();
    const std::string operands = m[4].str();
    std::smatch t;
    if (l.opcode.rfind("BRA", 0) == 0 && std::regex_search(operands, t, target)) l.target = std::stol(t[1].str(), nullptr, 16);
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

std::string cuobjdumpPath() {
  std::vector<std::string> candidates;
  if (const char* home = std::getenv("CUDA_HOME")) candidates.push_back(std::string(home) + "/bin/cuobjdump");
  candidates.push_back("/usr/local/cuda/bin/cuobjdump");
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');)
      if (!dir.empty()) candidates.push_back(dir + "/cuobjdump");
  }
  std::error_code ec;
  for (const std::string& c : candidates)
    if (std::filesystem::is_regular_file(c, ec)) return c;
  return "";
}

}  // namespace

std::map<std::string, std::string> splitSassFunctions(const std::string& listing) {
  std::map<std::string, std::string> functions;
  std::istringstream in(listing);
  std::string text, current;
  while (std::getline(in, text)) {
    if (const auto at = text.find("Function : "); at != std::string::npos) {
      current = text.substr(at + 11);
      current.erase(current.find_last_not_of(" \r\n\t") + 1);
      continue;
    }
    if (!current.empty()) functions[current] += text + "\n";
  }
  return functions;
}

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
  const auto functions = splitSassFunctions(listing);
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
  const std::string tool = cuobjdumpPath();
  std::error_code ec;
  const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  if (tool.empty()) {
    reading.source = "cuobjdump (the CUDA toolkit's binary utilities) is not on this machine";
  } else if (self.empty()) {
    reading.source = "this program's own file could not be found (/proc/self/exe)";
  } else {
    const std::string command = "'" + tool + "' -sass -arch " + smArch + " '" + self + "' 2>/dev/null";
    std::string listing;
    if (std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose); pipe) {
      std::array<char, 65536> chunk{};
      for (std::size_t n; (n = fread(chunk.data(), 1, chunk.size(), pipe.get())) > 0;) listing.append(chunk.data(), n);
    }
    reading = sassPerOperation(listing);
    reading.source = reading.available
                         ? "cuobjdump -sass -arch " + smArch + " of " + self + " (the kernels this run timed)"
                         : "cuobjdump found no " + smArch + " SASS of the lab's kernels in " + self +
                               " (built for other architectures: the driver compiled them from PTX)";
  }
  cache[smArch] = reading;
  return reading;
}

}  // namespace warpscope::labs
