#pragma once

#include "graph/gemodel.h"
#include "graph/importcontext.h"

#include "graph/proto/ge_model.pb.h"

// Internal: GE's ModelDef (from a ge_proto text dump or from ATC's JSON) -> Graph.
namespace opsinfo {

std::unique_ptr<Graph> convertGeModel(const GeModel &model, ImportContext &context);

// Views into `proto`, which must outlive the result.
GeModel geModelFromProto(const geir::ModelDef &proto);

// A GE DataType enum name ("DT_FLOAT", "DT_BF16") as GE's proto declares it; Undefined when
// unknown.
DType geDTypeFromName(std::string_view name);
// A GE DataType enum number; Other for numbers our proto does not declare.
DType geDTypeFromNumber(std::int64_t value);

} // namespace opsinfo
