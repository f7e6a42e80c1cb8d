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
// Readable text on a fill: dark on light fills, light on dark ones (never the palette's text
// colour, which a dark theme makes light on a white chip).
QColor contrastingTextColor(const QColor &background);
QColor policyTextColor(Policy policy);

} // namespace opsinfo
