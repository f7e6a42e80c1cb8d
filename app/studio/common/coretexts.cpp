#include "studio/common/coretexts.h"

#include "studio/common/translations.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>

#include <algorithm>

namespace opsinfo {

namespace {

const QString kStepSeparator = QStringLiteral("; ");
// terms*.json: argument words shown translated ("white" -> "白"), not templates.
const QString kTermsPrefix = QStringLiteral("terms");
const QRegularExpression kPlaceholder(QStringLiteral("%([1-9])"));

} // namespace

CoreTexts::CoreTexts(const QString &language)
{
    const QDir dir(QStringLiteral(":/coretexts/") + language);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (name.startsWith(kTermsPrefix))
                m_terms.insert(it.key(), it.value().toString());
            else
                add(it.key(), it.value().toString());
        }
    }
    std::stable_sort(m_entries.begin(), m_entries.end(), [](const Entry &a, const Entry &b) {
        return a.literalLength > b.literalLength;
    });
}

void CoreTexts::add(const QString &source, const QString &translation)
{
    // Two core areas may share a sentence ("cannot read the file"); the first file's text is kept.
    if (m_sources.contains(source))
        return;
    m_sources.insert(source);
    Entry entry;
    entry.translation = translation;
    QString pattern = QStringLiteral("^");
    qsizetype at = 0;
    bool first = true;
    for (auto match = kPlaceholder.globalMatch(source); match.hasNext();) {
        const QRegularExpressionMatch m = match.next();
        const QString literal = source.mid(at, m.capturedStart() - at);
        if (first)
            entry.prefix = literal;
        first = false;
        entry.literalLength += int(literal.size());
        pattern += QRegularExpression::escape(literal)
            + QStringLiteral("(?<a%1>.*?)").arg(m.captured(1));
        at = m.capturedEnd();
    }
    const QString tail = source.mid(at);
    if (first)
        entry.prefix = tail;
    entry.literalLength += int(tail.size());
    pattern += QRegularExpression::escape(tail) + QLatin1Char('$');
    // A template may use %N twice; named groups cannot repeat, so later uses match anything.
    QSet<QString> seen;
    for (auto match = QRegularExpression(QStringLiteral("\\(\\?<a([1-9])>")).globalMatch(pattern);
         match.hasNext();) {
        const QRegularExpressionMatch m = match.next();
        if (seen.contains(m.captured(1)))
            pattern.replace(m.capturedStart(), m.capturedLength(), QStringLiteral("(?:"));
        seen.insert(m.captured(1));
    }
    entry.pattern = QRegularExpression(pattern, QRegularExpression::DotMatchesEverythingOption);
    m_entries.push_back(std::move(entry));
}

const CoreTexts &CoreTexts::forLanguage(const QString &language)
{
    // Workers translate too (the mode summary); a catalogue is immutable once built, never freed.
    static QMutex mutex;
    static QHash<QString, CoreTexts *> cache;
    const QMutexLocker lock(&mutex);
    auto it = cache.find(language);
    if (it == cache.end())
        it = cache.insert(language, new CoreTexts(language));
    return **it;
}

const CoreTexts &CoreTexts::current()
{
    return forLanguage(Translations::current());
}

const CoreTexts::Entry *CoreTexts::findEntry(const QString &step,
                                             QRegularExpressionMatch *match) const
{
    for (const Entry &entry : m_entries) {
        if (!step.startsWith(entry.prefix))
            continue;
        QRegularExpressionMatch m = entry.pattern.match(step);
        if (!m.hasMatch())
            continue;
        if (match)
            *match = std::move(m);
        return &entry;
    }
    return nullptr;
}

QString CoreTexts::translateStep(const QString &step) const
{
    QRegularExpressionMatch m;
    const Entry *entry = findEntry(step, &m);
    if (!entry)
        return step;
    QString out;
    qsizetype at = 0;
    for (auto ph = kPlaceholder.globalMatch(entry->translation); ph.hasNext();) {
        const QRegularExpressionMatch p = ph.next();
        out += entry->translation.mid(at, p.capturedStart() - at);
        const QString argument = m.captured(QStringLiteral("a") + p.captured(1));
        out += m_terms.value(argument, argument);
        at = p.capturedEnd();
    }
    out += entry->translation.mid(at);
    return out;
}

QString CoreTexts::translate(const QString &english) const
{
    if (m_entries.empty() || english.isEmpty())
        return english;
    QStringList steps = english.split(kStepSeparator);
    for (QString &step : steps)
        step = translateStep(step);
    return steps.join(kStepSeparator);
}

QString CoreTexts::translate(std::string_view english) const
{
    return translate(QString::fromUtf8(english.data(), qsizetype(english.size())));
}

QString coreText(std::string_view english)
{
    return CoreTexts::current().translate(english);
}

QString diagnosticText(const Diagnostic &diagnostic)
{
    const CoreTexts &texts = CoreTexts::current();
    const SourceLocation &where = diagnostic.location;
    QString out
        = where.file.empty() ? QStringLiteral("<input>") : QString::fromStdString(where.file);
    if (where.line > 0) {
        out += QLatin1Char(':') + QString::number(where.line);
        if (where.column > 0)
            out += QLatin1Char(':') + QString::number(where.column);
    }
    QString severity;
    switch (diagnostic.severity) {
    case Severity::Error:
        severity = CoreTexts::tr("error");
        break;
    case Severity::Warning:
        severity = CoreTexts::tr("warning");
        break;
    case Severity::Note:
        severity = CoreTexts::tr("note");
        break;
    }
    out += QStringLiteral(": ") + severity + QStringLiteral(": ")
        + texts.translate(diagnostic.message);
    if (!diagnostic.code.empty())
        out += QStringLiteral(" [") + QString::fromStdString(diagnostic.code) + QLatin1Char(']');
    if (!diagnostic.hint.empty())
        out += QStringLiteral(" (") + texts.translate(diagnostic.hint) + QLatin1Char(')');
    return out;
}

} // namespace opsinfo
