#include "common/nodefill.h"

namespace opsinfo {

const char *nodeFillColour(NodeFill fill)
{
    switch (fill) {
    case NodeFill::Float16:
        return "#428bd8";
    case NodeFill::BFloat16:
        return "#8e5cd0";
    case NodeFill::Float32:
        return "#f29a2e";
    case NodeFill::AiCpu:
        return "#8d6e63";
    case NodeFill::Error:
        return "#e03030";
    case NodeFill::NotJudged:
        return "#cfd8dc";
    case NodeFill::Other:
        break;
    }
    return "#fafafa";
}

} // namespace opsinfo
