#pragma once

#include <string>

namespace opsinfo {

// RFC 4180 field: quoted (with doubled quotes) only when it holds a comma, quote or line break.
std::string csvField(const std::string &value);

// Text for an XML/SVG attribute or element: & < > " escaped.
std::string xmlEscape(const std::string &text);

} // namespace opsinfo
