#pragma once

#include <span>
#include <string_view>

namespace opsinfo {

// Two programs, two lists of format names, both kept as their programs have them: a library that
// one accepts the other may refuse (tst_formatnames names the differences).
//
// GE's serial format names (metadef TypeUtils::SerialStringToFormat), those that do not map to
// FORMAT_RESERVED: what FE's ops-info loader accepts in a "format" list (SEMANTICS L6).
std::span<const std::string_view> geSerialFormatNames();

// The names check_op_info of CANN 8.1.RC1's parse_ini_to_json.py accepts in an INI "format" line
// (both shipped scripts have the same list). It predates some of GE's names (FRACTAL_NZ_C0_*,
// C1HWC0 ...) and spells others its own way (HASHTABLE_LOOKUP_KEYS where GE has LOOKUP_KEYS).
std::span<const std::string_view> iniScriptFormatNames();

} // namespace opsinfo
