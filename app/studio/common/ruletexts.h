#pragma once

#include <QString>
#include <QStringList>

namespace opsinfo {

// One-sentence summaries of the spec's rules (SEMANTICS.md: L1-L5, X1-X5, M1-M9, G1-G6, C1-C2) in
// the UI language, for explanations and diagnostics that cite a rule id. The texts are embedded
// from resources/rules/rules_<language>.json ({"M5": "..."}); a language without a text for an id
// falls back to English.
//
//   label->setToolTip(ruleText(QStringLiteral("G2")));
//   for (const QString &id : ruleIdsIn(explanation)) ...   // "(M5)", "L2/L3", "rule G3" ...

// The text of a rule in the current UI language (Translations::current()); empty for an unknown id.
QString ruleText(const QString &id);
// The text in a given language ("en", "zh_CN").
QString ruleText(const QString &id, const QString &language);
// Every rule id, in the order of the spec (L, X, M, G, C; by number).
QStringList ruleIds();
// The known rule ids cited in a text, in order of first appearance, each once.
QStringList ruleIdsIn(const QString &text);

} // namespace opsinfo
