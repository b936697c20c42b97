#pragma once
// The small pieces of a kernel header's syntax every key shares: trimming, splitting a value at its
// top-level commas, names, numbers, texts, and the error that names the line. Private to the room.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace warpscope::labs::user_kernel {

/// Throws KernelHeaderError(line, what).
[[noreturn]] void failAt(int line, const std::string& what);

std::string_view trim(std::string_view text);

/// `text` split at each `separator` outside parentheses and double quotes, each part trimmed.
std::vector<std::string_view> splitTopLevel(std::string_view text, char separator);

/// `text` quoted for a message: `like this`, cut after 60 characters.
std::string quoted(std::string_view text);

/// [A-Za-z_][A-Za-z0-9_]{0,31}.
bool isName(std::string_view text);
/// A name the header may not give a param or a buffer: a device or launch value, a function, a C++
/// keyword, a CUDA built-in variable, or a name C++ reserves (starting __ or _ and a capital).
bool isReservedName(std::string_view name);
/// Throws (line) unless `name` is a name and not reserved; `what` is "param" or "buffer".
void checkDeclaredName(int line, std::string_view what, std::string_view name);

/// An integer literal as expressions write it (optional minus; decimal or 0x; K, M, G) or a
/// decimal floating-point number ("1e-5", "-0.5"). Throws (line) for anything else or a value
/// that is not finite; `what` names the value in the message.
double parseNumber(int line, const std::string& what, std::string_view text);

/// A text attribute: either bare words (no comma, no double quote) or one "double-quoted" text
/// (which may hold commas). Throws (line) when empty or longer than maxChars characters.
std::string parseText(int line, const std::string& what, std::string_view text, std::size_t maxChars);

/// The number of UTF-8 characters in `text` (continuation bytes are not counted).
std::size_t utf8Chars(std::string_view text);

/// "32, 64, 128" or, for more than four, "32, 64, ... 1024": how messages list a param's values.
std::string valuesText(const std::vector<std::string>& values);

}  // namespace warpscope::labs::user_kernel
