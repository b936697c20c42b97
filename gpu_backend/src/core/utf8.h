#pragma once
/// \file utf8.h
/// Whether text a user supplied is UTF-8: what JSON carries (a run, a recording, a lecture slide)
/// and what a kernel header is read as. One check for all of them.
#include <cstddef>
#include <string_view>

namespace warpscope {

/// The offset of the first byte that does not begin or continue a well-formed UTF-8 character
/// (overlong forms, surrogates and code points past U+10FFFF are not), or std::string_view::npos
/// when all of `text` is UTF-8.
std::size_t firstNonUtf8Byte(std::string_view text);

}  // namespace warpscope
