#pragma once

#include <QString>

#include <string_view>

namespace opsinfo {

// Two explanation chains side by side (a node under two modes or mixlists, an op type in two
// libraries), as HTML: one column per side, one line per step in the UI language, the steps the
// chains share in gray, the first differing step highlighted on both sides with its first differing
// rule id marked (core/diff/explanationdiff.h). An empty explanation shows `missingA` / `missingB`.
QString explanationComparisonHtml(std::string_view explanationA, std::string_view explanationB,
                                  const QString &nameA, const QString &nameB,
                                  const QString &missingA = {}, const QString &missingB = {});

} // namespace opsinfo
