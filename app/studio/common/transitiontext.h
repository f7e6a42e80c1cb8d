#pragma once

#include <QString>

namespace opsinfo {

// A colour transition as core writes it ("gray->white", "absent->black") in the UI language:
// "灰名单 → 白名单"; in English it is unchanged. Filters keep matching on the raw text; only what
// is shown goes through here.
QString transitionDisplayName(const QString &transition);

} // namespace opsinfo
