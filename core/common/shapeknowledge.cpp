#include "common/shapeknowledge.h"

namespace opsinfo {

const char *shapeKnowledgeName(ShapeKnowledge knowledge)
{
    switch (knowledge) {
    case ShapeKnowledge::Static:
        return "static";
    case ShapeKnowledge::Dynamic:
        return "dynamic";
    case ShapeKnowledge::Unknown:
        return "unknown";
    }
    return "unknown";
}

} // namespace opsinfo
