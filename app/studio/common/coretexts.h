#pragma once

#include "common/diagnostic.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

#include <string_view>
#include <vector>

namespace opsinfo {

// The core's sentences (CoreText::tr in core/common/coretext.h: diagnostics, lint findings, policy
// and resolver explanations) in the UI language. The core stays free of Qt and speaks English; the
// catalogue of a language, resources/coretexts/<language>/*.json (embedded under :/coretexts), maps
// each English template to its translation. translate() recognises the template behind each step of
// an English text and fills the translation with the same arguments; a step no template matches
// (a message from a newer core, a verbatim file excerpt) is shown as it is.
//
//   label->setText(coreText(diagnostic.message));  // "重复的键 'to-add'（第 3 行已出现）"
class CoreTexts
{
    Q_DECLARE_TR_FUNCTIONS(CoreTexts)

public:
    // The catalogue of a language ("zh_CN"); English and unknown languages translate nothing.
    static const CoreTexts &forLanguage(const QString &language);
    // The catalogue of Translations::current().
    static const CoreTexts &current();

    QString translate(std::string_view english) const;
    QString translate(const QString &english) const;
    // Whether one step is an instance of a template of the catalogue.
    bool recognises(const QString &step) const { return findEntry(step) != nullptr; }
    // Templates in the catalogue.
    qsizetype size() const { return qsizetype(m_entries.size()); }

private:
    struct Entry
    {
        QString prefix; // literal text before the first %N, for a quick reject
        QRegularExpression pattern;
        QString translation;
        int literalLength = 0;
    };

    CoreTexts() = default;
    explicit CoreTexts(const QString &language);
    void add(const QString &source, const QString &translation);
    const Entry *findEntry(const QString &step, QRegularExpressionMatch *match = nullptr) const;
    QString translateStep(const QString &step) const;

    std::vector<Entry> m_entries; // most literal text first, so the most specific template wins
    QSet<QString> m_sources;
    QHash<QString, QString> m_terms; // argument words shown translated: "white" -> "白"
};

// English core text in the UI language.
QString coreText(std::string_view english);
// "file:line:col: error: message (hint)" as formatDiagnostic() writes it, in the UI language.
QString diagnosticText(const Diagnostic &diagnostic);

} // namespace opsinfo
