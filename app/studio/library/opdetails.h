#pragma once

#include <QString>

namespace opsinfo {

class Workspace;

// The details pane's HTML for one op type: colours with provenance, source file, shadowed entries
// and every item of the entry verbatim.
QString opDetailsHtml(const Workspace &workspace, const QString &type);

} // namespace opsinfo
