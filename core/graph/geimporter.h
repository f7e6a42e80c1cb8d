#pragma once

#include "graph/importcontext.h"

#include "graph/proto/ge_model.pb.h"

// Internal: GE's ModelDef (from a ge_proto text dump or from ATC's JSON) -> Graph.
namespace opsinfo {

std::unique_ptr<Graph> convertGeModel(const geir::ModelDef &model, ImportContext &context);

} // namespace opsinfo
