#pragma once

#include <QString>

namespace opsinfo {

struct PreviewResult;
class Workspace;

// The Graph tab's side pane for one graph node of a prediction: the decision, the explanation chain
// with every rule id as a link "rule:<id>", the caveats (approximate, ambiguous), the inputs with
// their producers as links "node:<graph index>" and the Casts on them, the outputs, and the op's
// ops-info entry from the library.
QString nodeDetailsHtml(const PreviewResult &result, int graphNode, const Workspace &workspace);

// The explanation text with every known rule id turned into a "rule:<id>" link.
QString linkRuleIds(const QString &text);

// The text of a rule for the pane (the id in bold, then its summary), or a note that it has none.
QString ruleDetailsHtml(const QString &id);

// SEMANTICS §7: what the preview cannot know.
QString previewCaveatText();

} // namespace opsinfo
