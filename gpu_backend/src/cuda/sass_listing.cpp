#include "cuda/sass_listing.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <sstream>

#include "cuda/toolkit_program.h"

namespace warpscope::cuda {
namespace {

/// A big kernel's listing is a few megabytes; anything past this is not a reader's listing.
constexpr std::size_t kMaxListingBytes = 64u << 20;

std::string baseOpcode(const std::string& opcode) { return opcode.substr(0, opcode.find('.')); }

bool isOneOf(const std::string& op, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (op == n) return true;
  return false;
}

bool isIntegerOp(const std::string& op) {
  return isOneOf(op, {"IMAD",  "IMADSP", "IMUL", "IADD", "IADD3", "IADD32I", "VIADD",   "VIADDMNMX", "IMNMX", "VIMNMX",
                      "ISETP", "ISCADD", "LEA",  "LOP",  "LOP3",  "SHF",     "SHL",     "SHR",       "IABS",  "POPC",
                      "FLO",   "BREV",   "BMSK", "PRMT", "SEL",   "SGXT",    "IDP",     "IDP4A",     "I2I",   "I2IP",
                      "PLOP3", "P2R",    "R2P",  "CSET", "CSETP", "LOP32I",  "IMUL32I", "IMAD32I"});
}

}  // namespace

const char* sassClassId(SassClass kind) {
  switch (kind) {
    case SassClass::GlobalMemory:
      return "global";
    case SassClass::SharedMemory:
      return "shared";
    case SassClass::LocalMemory:
      return "local";
    case SassClass::FloatMath:
      return "float";
    case SassClass::IntegerMath:
      return "integer";
    case SassClass::AcrossWarp:
      return "warp";
    case SassClass::Control:
      return "control";
    case SassClass::Other:
      return "other";
  }
  return "other";
}

const char* sassClassLabel(SassClass kind) {
  switch (kind) {
    case SassClass::GlobalMemory:
      return "Global memory";
    case SassClass::SharedMemory:
      return "Shared memory";
    case SassClass::LocalMemory:
      return "Local memory (spills)";
    case SassClass::FloatMath:
      return "Floating point";
    case SassClass::IntegerMath:
      return "Integer and logic";
    case SassClass::AcrossWarp:
      return "Across the warp";
    case SassClass::Control:
      return "Branches and barriers";
    case SassClass::Other:
      return "Moves and constants";
  }
  return "Moves and constants";
}

SassClass sassClassOf(const std::string& opcode) {
  const std::string op = baseOpcode(opcode);
  if (isOneOf(op, {"LDG", "STG", "LD", "ST", "ATOM", "ATOMG", "RED", "REDG", "LDGSTS", "LDGDEPBAR", "CCTL", "SUATOM",
                   "SULD", "SUST", "TLD", "TEX"}) ||
      op.starts_with("UTMA") || op.starts_with("UBLK"))
    return SassClass::GlobalMemory;
  if (isOneOf(op, {"LDS", "STS", "LDSM", "STSM", "ATOMS", "REDS"})) return SassClass::SharedMemory;
  if (isOneOf(op, {"LDL", "STL"})) return SassClass::LocalMemory;
  if (isOneOf(op, {"SHFL", "VOTE", "VOTEU", "MATCH", "REDUX", "ELECT"})) return SassClass::AcrossWarp;
  if (isOneOf(op, {"BRA",   "BRX",   "JMP",      "JMX",   "CALL",    "RET",       "EXIT",   "BAR",    "BSSY",
                   "BSYNC", "BREAK", "WARPSYNC", "BMOV",  "YIELD",   "NANOSLEEP", "MEMBAR", "DEPBAR", "ERRBAR",
                   "FENCE", "BPT",   "KILL",     "SYNCS", "ACQBULK", "WARPGROUP", "ARRIVES"}))
    return SassClass::Control;
  // Integer first: FLO and the integer tensor-core IMMA would read as float by their letters. The
  // uniform datapath's integer operations (UIADD3, ULOP3, USHF, ...) count with the others.
  if (isIntegerOp(op) || op == "IMMA" || (op.size() > 1 && op[0] == 'U' && isIntegerOp(op.substr(1))))
    return SassClass::IntegerMath;
  if (op.starts_with("F") || op.starts_with("D") || op.starts_with("H") || isOneOf(op, {"MUFU", "I2F", "I2FP"}) ||
      op.find("MMA") != std::string::npos)
    return SassClass::FloatMath;
  return SassClass::Other;
}

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

std::vector<SassInstruction> parseSassInstructions(const std::string& functionSass) {
  // "        /*0360*/                   @P0 BRA 0x240 ;      /* 0x... */": the address in /*hex*/,
  // then the instruction up to ';'. The encoding's own lines start "/* 0x" and do not match.
  static const std::regex line(R"(/\*([0-9a-fA-F]+)\*/\s+(@!?U?P[T0-9]+)?\s*([A-Z0-9_.]+)\s*([^;]*);)");
  std::vector<SassInstruction> instructions;
  std::istringstream in(functionSass);
  std::string text;
  std::smatch m;
  while (std::getline(in, text)) {
    if (!std::regex_search(text, m, line)) continue;
    SassInstruction i;
    i.address = std::stol(m[1].str(), nullptr, 16);
    i.predicate = m[2].str();
    i.opcode = m[3].str();
    i.operands = m[4].str();
    i.operands.erase(i.operands.find_last_not_of(" \t") + 1);
    i.text = "/*" + m[1].str() + "*/  " + (i.predicate.empty() ? "" : i.predicate + " ") + i.opcode +
             (i.operands.empty() ? "" : " " + i.operands) + " ;";
    instructions.push_back(std::move(i));
  }
  return instructions;
}

CubinSass disassembleCubin(const std::vector<char>& cubin, const std::string& mangledName) {
  CubinSass sass;
  const std::string tool = findToolkitProgram("cuobjdump");
  if (tool.empty()) {
    sass.why = "the SASS needs cuobjdump, from the CUDA toolkit, which is not on this machine";
    sass.toolMissing = true;
    return sass;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/warpscope-sass-XXXXXX";
  const int fd = mkstemp(path.data());
  if (fd < 0) {
    sass.why = "no temporary file for cuobjdump (" + path + "): " + std::strerror(errno);
    return sass;
  }
  std::size_t written = 0;
  while (written < cubin.size()) {
    const ssize_t n = write(fd, cubin.data() + written, cubin.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  close(fd);
  ProgramOutput out;
  if (written == cubin.size()) out = runProgram({tool, "-sass", path}, kMaxListingBytes);
  unlink(path.c_str());
  if (written != cubin.size()) {
    sass.why = "the compiled kernel could not be written to a temporary file for cuobjdump";
    return sass;
  }
  if (!out.started || out.exitCode != 0 || out.cut) {
    sass.why = "cuobjdump could not read the compiled kernel: " + (out.cut ? "its listing is too long" : out.why);
    return sass;
  }
  const auto functions = splitSassFunctions(out.out);
  const auto function = functions.find(mangledName);
  if (function == functions.end()) {
    sass.why = "cuobjdump's listing has no function " + mangledName;
    return sass;
  }
  sass.instructions = parseSassInstructions(function->second);
  sass.available = !sass.instructions.empty();
  if (!sass.available) sass.why = "cuobjdump listed no instructions for " + mangledName;
  sass.source = "read with " + tool + " -sass";
  return sass;
}

}  // namespace warpscope::cuda
