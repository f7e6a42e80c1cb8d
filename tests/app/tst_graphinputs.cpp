// The Graph tab's side inputs and engines (issue 9 items 1, 3, 4) on the embedded sample:
// keep_dtype, customize_dtypes and fe.ini files loaded from the File menu and by drop change the
// preview, the all-modes figures, the diff and the exports; the engine of every node (AI Core,
// AI CPU, GE op, none) is its stripe colour, keyed in the legend.
#include "graphtabfixture.h"

#include "resolver/policysource.h"
#include "shareddata.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/canvaspainter.h"
#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/nodestylemap.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPainter>

using namespace opsinfo;

namespace {

const char *const kGelu = "/model/layers.0/mlp/act/Gelu";

bool writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

class TestGraphInputs : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void keepDtypeFromMenu();
    void customizeDtypesFromMenu();
    void filesByDrop_data();
    void filesByDrop();
    void badFilesRefused_data();
    void badFilesRefused();
    void modesAndDiffUseThem();
    void exportsUseThem();
    void feIniSetsCubeOps();
    void feIniOfOppFolder();
    void platformIniSetsTheSoc();
    void realFiles_data();
    void realFiles();
    void enginesColouredWithLegend();

private:
    QString file(const char *name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        return writeText(path, text) ? path : QString();
    }
    // What a drop on the window does: MainWindow::dropEvent hands the local paths to openPaths()
    // (the command line does too). A synthetic QDropEvent needs a drag in progress, which an
    // offscreen test does not have.
    bool drop(const QString &path)
    {
        const bool ok = m_window->openPaths({path});
        [this] { QTRY_VERIFY(!state()->isBusy()); }();
        return ok;
    }
    QString inputs() const { return widget()->inputsLabel()->text(); }
};

void TestGraphInputs::keepDtypeFromMenu()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    QCOMPARE(decision(kGelu).dtype, DType::Float16); // white through the sample mixlist (M5)
    const QString path = file("keep.cfg", QByteArray(kGelu) + "\nno/such/node\n");
    m_prompt->fileNames = {path};
    action("actionLoadKeepDtype")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(state()->keepDtypePath(), path);
    // keep_dtype: the graph's own dtype in every mode (M8).
    QCOMPARE(decision(kGelu).dtype, DType::Float32);
    QVERIFY2(decision(kGelu).explanation.find("M8") != std::string::npos,
             decision(kGelu).explanation.c_str());
    QCOMPARE(int(widget()->canvas()->nodeStyles()[std::size_t(node(kGelu))].kind),
             int(NodeStyle::Fp32));
    QVERIFY2(inputs().contains(QStringLiteral("keep_dtype: keep.cfg")), qPrintable(inputs()));
    // The name that is no node of the graph is reported, as the compiler warns about it.
    QCOMPARE(state()->inputDiagnostics().size(), std::size_t(1));
    QVERIFY2(inputs().contains(QStringLiteral("1 warning")), qPrintable(inputs()));
    QVERIFY(widget()->inputsLabel()->toolTip().contains(QStringLiteral("keep.cfg:2")));

    action("actionUnloadResolveInputs")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY(state()->keepDtypePath().isEmpty());
    QCOMPARE(decision(kGelu).dtype, DType::Float16);
    QVERIFY2(inputs().contains(QStringLiteral("keep_dtype: none")), qPrintable(inputs()));
}

void TestGraphInputs::customizeDtypesFromMenu()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    const QString path
        = file("custom.cfg", "OpType::Gelu:InputDtype:float32,OutputDtype:float32\n");
    m_prompt->fileNames = {path};
    action("actionLoadCustomizeDtypes")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(state()->customizeDtypesPath(), path);
    QCOMPARE(decision(kGelu).dtype, DType::Float32);
    QCOMPARE(decision(kGelu).engine, Engine::AICore);
    QVERIFY2(decision(kGelu).explanation.find("M8") != std::string::npos,
             decision(kGelu).explanation.c_str());
    QVERIFY2(inputs().contains(QStringLiteral("customize_dtypes: custom.cfg")),
             qPrintable(inputs()));
}

void TestGraphInputs::filesByDrop_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("shown");
    QTest::newRow("keep_dtype") << QByteArray("keeptype.cfg") << QByteArray("OpType::Gelu\n")
                                << "keep_dtype: keeptype.cfg";
    QTest::newRow("customize_dtypes")
        << QByteArray("switch_config.txt")
        << QByteArray("OpType::Gelu:InputDtype:float32,OutputDtype:float32\n")
        << "customize_dtypes: switch_config.txt";
    QTest::newRow("fe.ini") << QByteArray("fe.ini") << QByteArray("fp16.op_type=MatMulV2,Gelu\n")
                            << "(2 types)";
}

void TestGraphInputs::filesByDrop()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, text);
    QFETCH(QString, shown);
    pickMode(QStringLiteral("allow_mix_precision"));
    const QString path = file(name.constData(), text);
    QVERIFY(drop(path));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).isEmpty(),
             qPrintable(m_prompt->log.join(u'\n')));
    QVERIFY2(inputs().contains(shown), qPrintable(inputs()));
    QCOMPARE(state()->keepDtypePath() == path, name == "keeptype.cfg");
    QCOMPARE(state()->customizeDtypesPath() == path, name == "switch_config.txt");
    QCOMPARE(state()->feIniPath() == path, name == "fe.ini");
    // The library and the mixlist stay as they were.
    QVERIFY(m_window->workspace()->libraryDocument()->library().find("Gelu"));
    if (name != "fe.ini")
        QCOMPARE(decision(kGelu).dtype, DType::Float32);
}

void TestGraphInputs::badFilesRefused_data()
{
    QTest::addColumn<QByteArray>("action");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("customize: empty line")
        << QByteArray("actionLoadCustomizeDtypes")
        << QByteArray("OpType::Gelu:InputDtype:float32,OutputDtype:float32\n\nOpType::Add:"
                      "InputDtype:float32\n")
        << "bad.cfg:2";
    QTest::newRow("customize: unknown dtype")
        << QByteArray("actionLoadCustomizeDtypes")
        << QByteArray("OpType::Gelu:InputDtype:float99,OutputDtype:float32\n") << "bad.cfg:1";
    QTest::newRow("keep_dtype: binary")
        << QByteArray("actionLoadKeepDtype") << QByteArray("a\0b\n", 4) << "bad.cfg:1";
}

void TestGraphInputs::badFilesRefused()
{
    QFETCH(QByteArray, action);
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    pickMode(QStringLiteral("allow_mix_precision"));
    const QString path = file("bad.cfg", text);
    m_prompt->fileNames = {path};
    this->action(action.constData())->trigger();
    QTRY_VERIFY(!state()->isBusy());
    const QStringList errors = m_prompt->log.filter(QStringLiteral("error: "));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors.first().startsWith(QStringLiteral("error: Cannot use the")),
             qPrintable(errors.first()));
    QVERIFY2(errors.first().contains(message), qPrintable(errors.first()));
    // Nothing of it is used.
    QVERIFY(state()->keepDtypePath().isEmpty());
    QVERIFY(state()->customizeDtypesPath().isEmpty());
    QCOMPARE(decision(kGelu).dtype, DType::Float16);
}

void TestGraphInputs::modesAndDiffUseThem()
{
    widget()->showSidePage(GraphTabWidget::ModesPage);
    QTRY_VERIFY(!state()->isBusy());
    const ModeSummaryModel *modes = widget()->modeChart()->model();
    auto fp32In = [modes](const char *mode) {
        for (int r = 0; r < modes->rowCount(); ++r)
            if (modes->index(r, ModeSummaryModel::ModeColumn).data(Qt::UserRole).toString()
                == QLatin1String(mode))
                return modes->index(r, ModeSummaryModel::Fp32Column).data().toInt();
        return -1;
    };
    const int before = fp32In("allow_mix_precision_fp16");
    QVERIFY(before >= 0);
    m_prompt->fileNames = {file("keep.cfg", QByteArray(kGelu) + "\n")};
    action("actionLoadKeepDtype")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QTRY_VERIFY(fp32In("allow_mix_precision_fp16") > before); // Gelu, and gray ops that follow it

    // Gelu differs between origin (fp32) and the mixed mode (fp16) unless it is kept.
    widget()->showSidePage(GraphTabWidget::DiffPage);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"),
                    QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!state()->isBusy());
    auto listed = [panel](int graphNode) {
        for (int r = 0; r < panel->model()->rowCount(); ++r)
            if (panel->model()->index(r, 0).data(GraphDiffModel::NodeIndexRole).toInt()
                == graphNode)
                return true;
        return false;
    };
    QVERIFY(!listed(node(kGelu)));
    action("actionUnloadResolveInputs")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    panel->compare();
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY(listed(node(kGelu)));
}

void TestGraphInputs::exportsUseThem()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    const QString keep = file("keep.cfg", QByteArray("OpType::LogSoftmaxV2\n") + kGelu + "\n");
    m_prompt->fileNames = {keep};
    action("actionLoadKeepDtype")->trigger();
    QTRY_VERIFY(!state()->isBusy());

    const QString json = m_dir.filePath(QStringLiteral("report.json"));
    m_prompt->fileNames = {json};
    action("actionExportReportJson")->trigger();
    const QJsonArray nodes
        = QJsonDocument::fromJson(readAll(json)).object().value(QStringLiteral("nodes")).toArray();
    bool found = false;
    for (const QJsonValue &n : nodes)
        if (n.toObject().value(QStringLiteral("name")).toString() == QLatin1String(kGelu)) {
            found = true;
            QCOMPARE(n.toObject().value(QStringLiteral("dtype")).toString(),
                     QStringLiteral("float32"));
        }
    QVERIFY(found);

    // keep_dtype from the selection extends the loaded file, and never overwrites it: the app's
    // one writer refuses any open input as a target.
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/log_probs/LogSoftmaxV2")));
    m_prompt->fileNames = {keep};
    action("actionExportGraphKeepDtype")->trigger();
    QVERIFY2(m_prompt->log.join(u'\n').contains(QStringLiteral("[output-is-input]")),
             qPrintable(m_prompt->log.join(u'\n')));
    QCOMPARE(readAll(keep), QByteArray("OpType::LogSoftmaxV2\n") + kGelu + "\n");
    const QString extended = m_dir.filePath(QStringLiteral("keep2.cfg"));
    m_prompt->fileNames = {extended};
    action("actionExportGraphKeepDtype")->trigger();
    QCOMPARE(readAll(extended),
             QByteArray(kGelu)
                 + "\n/model/log_probs/LogSoftmaxV2\n"
                   "OpType::LogSoftmaxV2\n");
}

void TestGraphInputs::feIniSetsCubeOps()
{
    QVERIFY2(inputs().startsWith(QStringLiteral("Cube ops: FE's default list (27 types)")),
             qPrintable(inputs()));
    QVERIFY(state()->result()->context->library->isCube("Conv2D"));
    const QString ini = file("fe.ini", "[fusion]\nfp16.op_type=MatMulV2,BatchMatMulV2\n");
    m_prompt->fileNames = {ini};
    action("actionLoadFeIni")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    const OpLibrary &used = *state()->result()->context->library;
    QVERIFY(!used.isCube("Conv2D"));
    QVERIFY(used.isCube("MatMulV2"));
    QCOMPARE(QString::fromStdString(used.cubeOps().source()), ini);
    QVERIFY2(inputs().contains(QStringLiteral("(2 types)")), qPrintable(inputs()));
    // The same prediction as the CLI's --fe-ini on the same inputs.
    QString graphPath, mixlistPath;
    openSampleFiles(&graphPath, &mixlistPath);
    pickMode(QStringLiteral("force_fp32"));
    const QByteArray cli
        = runCliText({QStringLiteral("resolve"), graphPath, QStringLiteral("--library"),
                      m_window->workspace()->libraryDocument()->path(), QStringLiteral("--mixlist"),
                      mixlistPath, QStringLiteral("--fe-ini"), ini, QStringLiteral("--mode"),
                      QStringLiteral("force_fp32"), QStringLiteral("--json")});
    const QJsonArray nodes
        = QJsonDocument::fromJson(cli).object().value(QStringLiteral("nodes")).toArray();
    QVERIFY(!nodes.isEmpty());
    for (const QJsonValue &v : nodes) {
        const QJsonObject n = v.toObject();
        const int index
            = state()->graph()->indexOf(n.value(QStringLiteral("name")).toString().toStdString());
        QVERIFY(index >= 0);
        const NodeResolution &r = state()->result()->resolution.nodes[std::size_t(index)];
        QCOMPARE(n.value(QStringLiteral("dtype")).toString(),
                 QString::fromLatin1(dtypeName(r.dtype)));
    }
    action("actionUnloadResolveInputs")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY(state()->result()->context->library->isCube("Conv2D"));
}

void TestGraphInputs::feIniOfOppFolder()
{
    REQUIRE_SHARED_DATA();
    const QString opp = sharedData(QStringLiteral("opsinfo/hicann-ge-910b-split-stub"));
    QVERIFY(m_window->files()->openLibrary(opp));
    QTRY_VERIFY(!state()->isBusy());
    state()->resolveNow();
    QTRY_VERIFY(!state()->isBusy());
    const CubeOpList &cube = state()->result()->context->library->cubeOps();
    QVERIFY(!cube.isDefault());
    QVERIFY2(QString::fromStdString(cube.source()).endsWith(QLatin1String("fe_config/fe.ini")),
             cube.source().c_str());
    QVERIFY2(inputs().contains(QStringLiteral("fp16.op_type of")), qPrintable(inputs()));
}

// A real platform ini, dropped: its SoC_version is the SoC the modes are checked against (the
// sample's library is ascend910b's, which has bf16; Ascend310 has not), until it is unloaded.
void TestGraphInputs::platformIniSetsTheSoc()
{
    REQUIRE_SHARED_DATA();
    pickMode(QStringLiteral("allow_mix_precision_bf16"));
    QTRY_VERIFY(!state()->isBusy());
    const QString librarySoc = state()->soc();
    QVERIFY(state()->modeProblem().isEmpty());
    const QString ini
        = sharedData(QStringLiteral("opsinfo/cann-8.1.RC1/platform_config/Ascend310.ini"));
    QVERIFY(drop(ini));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).isEmpty(),
             qPrintable(m_prompt->log.join(u'\n')));
    QCOMPARE(state()->platformIniPath(), ini);
    QCOMPARE(state()->soc(), QStringLiteral("Ascend310"));
    QVERIFY2(inputs().contains(QStringLiteral("SoC Ascend310 (Ascend310.ini)")),
             qPrintable(inputs()));
    QVERIFY2(!state()->modeProblem().isEmpty(), "bf16 on a SoC without fp32 -> bf16 is refused");
    QVERIFY(m_window->graphTab()->inputPaths().contains(ini));
    action("actionUnloadResolveInputs")->trigger();
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(state()->soc(), librarySoc);
    QVERIFY(state()->modeProblem().isEmpty());
}

void TestGraphInputs::realFiles_data()
{
    QTest::addColumn<QString>("path");
    for (const char *folder :
         {"opsinfo/keep_dtype/modelzoo-tf", "opsinfo/customize_dtypes/modelzoo-tf"}) {
        const QDir dir(sharedData(QString::fromLatin1(folder)));
        for (const QString &name : dir.entryList(QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
}

void TestGraphInputs::realFiles()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    QVERIFY(drop(path));
    QVERIFY2(m_prompt->log.filter(QStringLiteral("error: ")).isEmpty(),
             qPrintable(m_prompt->log.join(u'\n')));
    QVERIFY(state()->keepDtypePath() == path || state()->customizeDtypesPath() == path);
    QVERIFY(state()->result());
}

void TestGraphInputs::enginesColouredWithLegend()
{
    pickMode(QStringLiteral("must_keep_origin_dtype"));
    const NodeStyles &styles = widget()->canvas()->nodeStyles();
    const NodeResolution *reshape = nullptr;
    for (const NodeResolution &n : state()->result()->resolution.nodes)
        if (n.parent < 0 && n.node && n.node->opType == "Reshape")
            reshape = &n;
    QVERIFY(reshape);
    // Each engine with its colour: opFile Null ops are GE ops (M9), AddLora lists fp16 only and
    // goes to AI CPU under origin (M11), Const is never judged.
    QCOMPARE(reshape->engine, Engine::GE);
    QCOMPARE(int(styles[std::size_t(reshape->graphIndex)].engine), int(NodeStyle::GeEngine));
    QCOMPARE(int(styles[std::size_t(node("/model/layers.0/attn/q_proj/lora/AddLora"))].engine),
             int(NodeStyle::AiCpuEngine));
    QCOMPARE(int(styles[std::size_t(node(kGelu))].engine), int(NodeStyle::AiCoreEngine));
    for (const Node &n : state()->graph()->nodes())
        if (n.opType == "Const")
            QCOMPARE(int(styles[std::size_t(state()->graph()->indexOf(n.name))].engine),
                     int(NodeStyle::NoEngine));
    QCOMPARE(decisionText(*reshape).endsWith(QLatin1String("(GE)")), true);

    // Drawn: the GE op's left edge carries the GE colour, its middle the dtype fill.
    GraphCanvas *view = widget()->canvas();
    view->setZoom(1.0);
    const QRectF box = view->scene()->rect(view->scene()->visibleOf(reshape->graphIndex));
    view->centerOn(box.center());
    view->viewport()->repaint();
    QVERIFY(view->lastPaintStats().engineStripes[NodeStyle::GeEngine] >= 1);
    const QImage shot = view->viewport()->grab().toImage();
    const QPoint edge = view->mapFromScene(QPointF(box.left() + 2.5, box.top() + 3.0)).toPoint();
    QCOMPARE(shot.pixelColor(edge).rgb(), nodeEngineColor(NodeStyle::GeEngine).rgb());

    // The legend keys every engine with its reason.
    QImage legend(600, 600, QImage::Format_RGB32);
    legend.fill(Qt::white);
    QPainter painter(&legend);
    const QRectF frame = paintLegend(painter, QPointF(0, 0));
    painter.end();
    QVERIFY(frame.height() > 17.0 * (NodeStyle::kindCount + NodeStyle::engineCount));
    for (int e = 0; e < NodeStyle::engineCount; ++e) {
        bool seen = false;
        for (int y = 0; y < int(frame.height()) && !seen; ++y)
            for (int x = 0; x < 30 && !seen; ++x)
                seen = legend.pixelColor(x, y).rgb() == nodeEngineColor(NodeStyle::Engine(e)).rgb();
        QVERIFY2(seen, qPrintable(nodeEngineName(NodeStyle::Engine(e))));
    }
    QVERIFY(nodeEngineLegend(NodeStyle::GeEngine).contains(QStringLiteral("M9")));
    QVERIFY(nodeEngineLegend(NodeStyle::AiCpuEngine).contains(QStringLiteral("M11")));
}

QTEST_MAIN(TestGraphInputs)
#include "tst_graphinputs.moc"
