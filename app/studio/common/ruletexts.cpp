#include "studio/common/ruletexts.h"

#include "studio/common/translations.h"

#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace opsinfo {

namespace {

const QString kFallbackLanguage = QStringLiteral("en");

// The texts of one language, read once from the resource.
const QHash<QString, QString> &texts(const QString &language)
{
    static QHash<QString, QHash<QString, QString>> cache;
    auto it = cache.find(language);
    if (it != cache.end())
        return *it;
    QHash<QString, QString> table;
    QFile file(QStringLiteral(":/rules/rules_%1.json").arg(language));
    if (file.open(QIODevice::ReadOnly)) {
        const QJsonObject object = QJsonDocument::fromJson(file.readAll()).object();
        for (auto entry = object.begin(); entry != object.end(); ++entry)
            table.insert(entry.key(), entry.value().toString());
    }
    return *cache.insert(language, table);
}

int familyRank(QChar family)
{
    static const QString order = QStringLiteral("LXMGCF");
    const qsizetype i = order.indexOf(family);
    return i < 0 ? int(order.size()) : int(i);
}

} // namespace

QString ruleText(const QString &id, const QString &language)
{
    const QString text = texts(language).value(id);
    if (!text.isEmpty() || language == kFallbackLanguage)
        return text;
    return texts(kFallbackLanguage).value(id);
}

QString ruleText(const QString &id)
{
    return ruleText(id, Translations::current());
}

QStringList ruleIds()
{
    QStringList ids = texts(kFallbackLanguage).keys();
    std::sort(ids.begin(), ids.end(), [](const QString &a, const QString &b) {
        if (a.at(0) != b.at(0))
            return familyRank(a.at(0)) < familyRank(b.at(0));
        return a.mid(1).toInt() < b.mid(1).toInt();
    });
    return ids;
}

QStringList ruleIdsIn(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("\\b[LXMGCF][0-9]{1,2}\\b"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();) {
        const QString id = it.next().captured();
        if (!found.contains(id) && texts(kFallbackLanguage).contains(id))
            found.append(id);
    }
    return found;
}

} // namespace opsinfo
