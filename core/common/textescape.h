#pragma once

#include <string>
#include <string_view>

namespace opsinfo {

// Text read from files (op types, node names, folder and section names) can hold any byte. Each
// destination gets its own escaping, so that no input can take over a terminal, break a document
// or forge a line.

// RFC 4180 field: quoted (with doubled quotes) only when it holds a comma, quote or line break.
std::string csvField(std::string_view value);

// Text for an XML/SVG attribute or element: & < > " escaped; tab, line feed and carriage return
// as character references (an attribute keeps them); what XML 1.0 cannot hold at all (other
// control characters, U+FFFE/U+FFFF, bytes that are not UTF-8) written visibly as \xNN.
std::string xmlEscape(std::string_view text);

// For a terminal: control characters (C0, DEL, C1), Unicode bidirectional overrides and bytes
// that are not UTF-8 shown as escapes (\e, \r, \x07, \u{202E}); valid printable UTF-8 unchanged.
// `keepLineBreaks` keeps '\n' and '\t' (a whole message); without it they are escaped too (one
// field of one line).
std::string terminalSafe(std::string_view text, bool keepLineBreaks = false);
// Whether terminalSafe() would change the text.
bool isTerminalSafe(std::string_view text, bool keepLineBreaks = false);

// GitHub Actions workflow commands ("::error file=F,line=L::message"): '%', CR and LF are
// percent-encoded everywhere, ':' and ',' too in a property; other control bytes are shown as in
// terminalSafe() (the log is a terminal).
std::string githubEscape(std::string_view text, bool property);

// Text made valid UTF-8: every byte that is not part of a valid sequence becomes U+FFFD.
// `replaced` (optional) counts them.
std::string validUtf8(std::string_view text, std::size_t *replaced = nullptr);

// Length of the valid UTF-8 sequence at text[at] (1-4) with its code point, or 0 when the byte
// there does not start one (a stray continuation byte, an overlong form, a surrogate, > U+10FFFF).
std::size_t utf8SequenceAt(std::string_view text, std::size_t at, char32_t *codePoint = nullptr);

} // namespace opsinfo
