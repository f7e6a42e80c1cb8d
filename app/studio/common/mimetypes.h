#pragma once

#include <QString>

namespace opsinfo {

// Op type names dragged out of the library table, one a line; the mixlist lists accept them.
inline QString opTypesMimeType()
{
    return QStringLiteral("application/x-opsinfo-op-types");
}

} // namespace opsinfo
