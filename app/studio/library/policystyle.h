#pragma once

#include "common/policy.h"

#include <QColor>
#include <QIcon>
#include <QString>

namespace opsinfo {

// How a list colour looks everywhere in the app: chips, names and text colours.
QIcon policyChip(Policy policy);
QColor policyColor(Policy policy);
QString policyDisplayName(Policy policy); // translated "white" / "black" / "gray"

} // namespace opsinfo
