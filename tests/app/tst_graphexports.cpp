// The Graph tab's File > Export entries: the per-node report (JSON/CSV) equal to the CLI's, the
// graph as SVG/PNG, keep_dtype from the selected nodes.
#include "graphtabfixture.h"

#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"
#include "studio/library/libraryview.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace opsinfo;

class TestGraphExports : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void reportJsonAndCsvEqualTheCli();
    void exportsImages();
    void exportsKeepDtypeOfSelection();
};

void TestGraphExports::reportJsonAndCsvEqualTheCli()
{
    QString graphPath, mixlistPath;
    openSampleFiles(&graphPath, &mixlistPath);
    pickMode(QStringLiteral("allow_mix_precision"));
    const QString json = m_dir.filePath(QStringLiteral("report.json"));
    const QString csv = m_dir.filePath(QStringLiteral("report.csv"));
    m_prompt->fileNames = {json, csv};
    action("actionExportReportJson")->trigger();
    action("actionExportReportCsv")->trigger();
    QVERIFY2(m_prompt->fileNames.isEmpty(), "both exports asked for a file name");
    const QStringList common {
        QStringLiteral("resolve"),   graphPath,
        QStringLiteral("--library"), m_window->workspace()->libraryDocument()->path(),
        QStringLiteral("--mixlist"), mixlistPath,
        QStringLiteral("--mode"),    QStringLiteral("allow_mix_precision")};
    const QJsonDocument fromCli
        = QJsonDocument::fromJson(runCliText(common + QStringList {QStringLiteral("--json")}));
    const QJsonDocument fromApp = QJsonDocument::fromJson(readAll(json));
    QVERIFY(fromCli.isObject());
    QVERIFY(fromCli.object().value(QStringLiteral("nodes")).toArray().size() > 100);
    QCOMPARE(fromApp, fromCli);
    QCOMPARE(readAll(csv), runCliText(common + QStringList {QStringLiteral("--csv")}));

    // An export right after an edit waits for the re-resolve: the report has the new colour.
    m_window->showView(MainWindow::View::Library);
    m_window->libraryView()->selectType(QStringLiteral("AddV2"));
    action("actionSetBlack")->trigger();
    QVERIFY(state()->isBusy()); // debounced
    m_prompt->fileNames = {json};
    action("actionExportReportJson")->trigger();
    const QJsonArray nodes
        = QJsonDocument::fromJson(readAll(json)).object().value(QStringLiteral("nodes")).toArray();
    bool sawAddV2 = false;
    for (const QJsonValue &n : nodes)
        if (n.toObject().value(QStringLiteral("op_type")).toString() == QStringLiteral("AddV2")) {
            QCOMPARE(n.toObject().value(QStringLiteral("policy")).toString(),
                     QStringLiteral("black"));
            sawAddV2 = true;
        }
    QVERIFY(sawAddV2);
}

void TestGraphExports::exportsImages()
{
    const QString svg = m_dir.filePath(QStringLiteral("graph.svg"));
    const QString png = m_dir.filePath(QStringLiteral("graph.png"));
    m_prompt->fileNames = {svg, png};
    action("actionExportGraphSvg")->trigger();
    action("actionExportGraphPng")->trigger();
    const QByteArray svgBytes = readAll(svg);
    QVERIFY(svgBytes.size() > 1000);
    QVERIFY(svgBytes.contains("<svg"));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 100 && image.height() > 100);
}

void TestGraphExports::exportsKeepDtypeOfSelection()
{
    const QString path = m_dir.filePath(QStringLiteral("keep_dtype.cfg"));
    widget()->canvas()->clearSelection();
    m_prompt->fileNames = {path};
    action("actionExportGraphKeepDtype")->trigger();
    QVERIFY(!QFile::exists(path)); // nothing selected: said so, nothing written
    QVERIFY(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("information")));
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2")));
    action("actionExportGraphKeepDtype")->trigger();
    QCOMPARE(readAll(path), QByteArray("/model/layers.0/attn/softmax/SoftmaxV2\n"));
    // A collapsed scope exports every op inside it, weights and boundary nodes left out.
    GraphCanvas *view = widget()->canvas();
    const int scope = view->scene()->scopes().find("/model/layers.1/mlp");
    QVERIFY(scope >= 0);
    view->setScopeCollapsed(scope, true);
    view->selectScope(scope);
    m_prompt->fileNames = {path};
    action("actionExportGraphKeepDtype")->trigger();
    const QList<QByteArray> lines = readAll(path).trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines.contains("/model/layers.1/mlp/act/Gelu"));
    QVERIFY(lines.contains("/model/layers.1/mlp/fc1/MatMul"));
}

QTEST_MAIN(TestGraphExports)
#include "tst_graphexports.moc"
