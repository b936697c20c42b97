#pragma once
/// \file sass_listing.h
/// A kernel's SASS, the machine code the GPU runs, read from the toolkit's `cuobjdump -sass`: the
/// listing split by function, each instruction parsed (address, opcode, operands) and put in a
/// class a reader tells apart at a glance (memory by space, arithmetic, control). The parsing is
/// pure and tested on listings; disassembleCubin runs the tool on a compiled cubin (no GPU needed).

#include <map>
#include <string>
#include <vector>

namespace warpscope::cuda {

/// What an instruction does, coarsely: where a memory access goes, which arithmetic, or control.
enum class SassClass {
  GlobalMemory,  ///< LDG, STG, atomics and reductions on global memory, TMA copies
  SharedMemory,  ///< LDS, STS, LDSM, shared atomics
  LocalMemory,   ///< LDL, STL: register spills and the stack
  FloatMath,     ///< FFMA, FADD, MUFU, HFMA2, DFMA, tensor core MMA, conversions to and from float
  IntegerMath,   ///< IMAD, IADD3, LOP3, SHF, ISETP, LEA and their uniform (U...) forms
  AcrossWarp,    ///< SHFL, VOTE, MATCH, REDUX
  Control,       ///< branches, calls, EXIT, barriers and fences
  Other,         ///< moves, constants, special registers, NOP
};
inline constexpr int kSassClassCount = 8;

/// "global", "shared", ...: the class's id in a listing view; and its legend's words.
const char* sassClassId(SassClass kind);
const char* sassClassLabel(SassClass kind);

/// The class of an opcode as cuobjdump prints it, modifiers included ("LDG.E.128", "ISETP.NE.AND").
SassClass sassClassOf(const std::string& opcode);

struct SassInstruction {
  long address = 0;
  std::string predicate;  ///< "@P0", "@!PT", or empty.
  std::string opcode;     ///< With its modifiers: "LDG.E.128".
  std::string operands;   ///< "R4, desc[UR4][R2.64]" (may be empty).
  /// The line as a reader wants it: "/*0080*/ @P0 LDG.E.128 R4, desc[UR4][R2.64] ;" without the encoding.
  std::string text;
};

/// Each function's part of a cuobjdump -sass listing, by (mangled) name.
std::map<std::string, std::string> splitSassFunctions(const std::string& listing);

/// The instructions of one function's part, in address order; lines that are not instructions
/// (the encodings' own lines, headers) are skipped.
std::vector<SassInstruction> parseSassInstructions(const std::string& functionSass);

/// One kernel's SASS out of a cubin.
struct CubinSass {
  bool available = false;
  bool toolMissing = false;  ///< Not available because this machine has no cuobjdump.
  std::string why;     ///< When not available: why not, in a sentence.
  std::string source;  ///< How it was read: "read with /usr/local/cuda/bin/cuobjdump -sass".
  std::vector<SassInstruction> instructions;
};

/// Runs the toolkit's cuobjdump on `cubin` (written to a private temporary file) and returns the
/// function `mangledName`'s instructions. Not available, saying why, where cuobjdump is missing,
/// fails, or the cubin holds no such function.
CubinSass disassembleCubin(const std::vector<char>& cubin, const std::string& mangledName);

}  // namespace warpscope::cuda
