// docs/rules.md is the repository's own reference of the rules the code cites: every rule of
// resources/rules/rules_en.json and rules_zh_CN.json with the very sentences the app shows, and
// every rule id, section (§8.4) and strategy (S_A16) cited anywhere in core/ and app/ defined
// there.
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

namespace {

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QJsonObject rules(const QString &language)
{
    return QJsonDocument::fromJson(
               readText(QStringLiteral(OPSINFO_SOURCE_DIR "/resources/rules/rules_") + language
                        + QStringLiteral(".json"))
                   .toUtf8())
        .object();
}

} // namespace

class TestRulesDoc : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_doc = readText(QStringLiteral(OPSINFO_SOURCE_DIR "/docs/rules.md"));
        QVERIFY2(!m_doc.isEmpty(), "docs/rules.md is missing");
    }

    void everyRuleWithItsTexts()
    {
        const QJsonObject en = rules(QStringLiteral("en")), zh = rules(QStringLiteral("zh_CN"));
        QVERIFY(en.size() >= 35);
        QStringList problems;
        for (auto it = en.begin(); it != en.end(); ++it) {
            const QString section
                = QStringLiteral("\n### %1\n\n%2\n\n%3\n")
                      .arg(it.key(), it.value().toString(), zh.value(it.key()).toString());
            if (!m_doc.contains(section))
                problems << it.key();
        }
        QVERIFY2(
            problems.isEmpty(),
            qPrintable(QStringLiteral("docs/rules.md lacks, or has other texts for: ")
                       + problems.join(QStringLiteral(", "))
                       + QStringLiteral(" (it shows each rule as '### ID', the English and the "
                                        "Chinese sentence of resources/rules)")));
    }

    // Each citation in the code points to something this repository defines.
    void everyCitationInTheCodeIsDefined()
    {
        const QRegularExpression ruleId(
            QStringLiteral("\\b([LXMGCF](1[0-2]|[1-9]))\\b")); // C0, L0: not ours
        const QRegularExpression section(QStringLiteral("(RFC [0-9]+ )?§([0-9]+(\\.[0-9]+)?)"));
        const QRegularExpression strategy(QStringLiteral("\\bS_(F16|A16|ABF16|F32|MIX)\\b"));
        const QJsonObject en = rules(QStringLiteral("en"));
        QSet<QString> missing;
        int citations = 0;
        for (const char *folder : {"core", "app"}) {
            QDirIterator it(QStringLiteral(OPSINFO_SOURCE_DIR "/") + QLatin1String(folder),
                            {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString text = readText(path);
                for (auto m = ruleId.globalMatch(text); m.hasNext();) {
                    const QString id = m.next().captured(1);
                    ++citations;
                    if (!en.contains(id) || !m_doc.contains(QStringLiteral("\n### ") + id + '\n'))
                        missing << id + QStringLiteral(" (") + it.fileName() + ')';
                }
                for (auto m = section.globalMatch(text); m.hasNext();) {
                    const auto match = m.next();
                    if (!match.captured(1).isEmpty())
                        continue; // another standard's section
                    ++citations;
                    const QString number = match.captured(2);
                    if (!m_doc.contains(QStringLiteral("**§") + number))
                        missing << QStringLiteral("§") + number + QStringLiteral(" (")
                                + it.fileName() + ')';
                }
                for (auto m = strategy.globalMatch(text); m.hasNext();) {
                    const QString name = m.next().captured(0);
                    ++citations;
                    if (!m_doc.contains(QStringLiteral("**") + name))
                        missing << name + QStringLiteral(" (") + it.fileName() + ')';
                }
            }
        }
        QVERIFY(citations > 500);
        QStringList sorted(missing.begin(), missing.end());
        sorted.sort();
        QVERIFY2(sorted.isEmpty(),
                 qPrintable(QStringLiteral("cited in the code, not defined in docs/rules.md: ")
                            + sorted.join(QStringLiteral(", "))));
    }

private:
    QString m_doc;
};

QTEST_APPLESS_MAIN(TestRulesDoc)
#include "tst_rulesdoc.moc"
