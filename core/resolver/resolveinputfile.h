#pragma once

#include <string_view>

namespace opsinfo {

// The side inputs of a prediction a user drops on the app without saying what they are. Told
// apart by content, never by name: model zoos ship keep_dtype and customize_dtypes files as .cfg,
// .txt, *_switch_config.txt ...
enum class ResolveInputKind {
    Other, // not one of these (a graph, library, mixlist or anything else)
    KeepDtype, // --keep_dtype: one node name or OpType::X per line
    CustomizeDtypes, // --customize_dtypes: NAME:InputDtype:...,OutputDtype:... lines
    FeIni, // FE's fe.ini: the cube-op list in fp16.op_type=...
    PlatformIni, // a SoC's platform ini (platform_config/<SoC_version>.ini): SoC_version=...
};

// `head` is the file's first bytes (64 KiB are plenty). CustomizeDtypes when a line carries FE's
// `InputDtype:` or `OutputDtype:` key; FeIni when a line sets `fp16.op_type`; PlatformIni when one
// sets `SoC_version`; KeepDtype when it is
// text whose every non-blank line is one name (no blank inside and none of `={}[]"<>#;`), so JSON,
// INI, XML and text graph dumps are never taken for one; else Other.
ResolveInputKind sniffResolveInput(std::string_view head);

} // namespace opsinfo
