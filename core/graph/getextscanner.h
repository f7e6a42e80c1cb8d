#pragma once

#include "graph/gemodel.h"

#include <string_view>

// Internal: the fast path for ge_proto_*.txt dumps (GE's ModelDef in protobuf text format).
namespace opsinfo {

// Reads the fields convertGeModel uses straight from the text, views into it, in one pass; the
// rest is checked for syntax and skipped. Returns true with `model` filled only when the text is
// certainly what protobuf's TextFormat (as parseTextProto runs it) would accept and read the same;
// on anything else (a syntax or type error, an unknown enum name, forms dumps never use such as
// lists, extensions, hex numbers) it returns false and the caller parses with TextFormat, which
// also words the errors. tests/core/tst_getextscanner and tests/fuzz/fuzz_ge_text_scanner hold
// it to that.
bool scanGeModelText(std::string_view text, GeModel &model);

} // namespace opsinfo
