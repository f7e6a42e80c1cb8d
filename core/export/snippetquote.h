#pragma once

#include <string>
#include <string_view>

namespace opsinfo {

// Literals that keep any path (spaces, quotes, backslashes, newlines, non-ASCII) intact when the
// snippet is pasted into its language.

// A single-quoted Python 3 str literal ('a\'b'); control characters as \n, \t, \xNN.
std::string pythonLiteral(std::string_view text);
// One POSIX shell word: as it is when only safe characters occur, else single-quoted with each
// ' written '\''.
std::string shellWord(std::string_view text);
// A double-quoted C/C++ string literal; control characters as \n, \t or three-digit octal (a hex
// escape would swallow following hex digits).
std::string cppLiteral(std::string_view text);

} // namespace opsinfo
