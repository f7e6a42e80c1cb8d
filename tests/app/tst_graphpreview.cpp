// Drives the Graph tab of the real main window on the embedded sample graph: colours per mode and
// their explanations, rule and producer links, search, re-resolving after a library edit, the
// all-modes chart and the graph diff against the core, exports compared with the CLI's output.
#include "cli/cli.h"
#include "common/coretexts.h"
#include "common/ruletexts.h"
#include "common/translations.h"
#include "document/filecontroller.h"
#include "document/librarydocument.h"
#include "document/mixlistdocument.h"
#include "document/userprompt.h"
#include "document/workspace.h"
#include "graph/graphview.h"
#include "library/libraryfilterproxy.h"
#include "library/libraryview.h"
#include "mainwindow/mainwindow.h"
#include "mixlist/oppolicy.h"
#include "preview/backgroundjobs.h"
#include "preview/graphdiffpanel.h"
#include "preview/graphpreview.h"
#include "preview/graphpreviewwidget.h"
#include "preview/graphtab.h"
#include "preview/modechart.h"
#include "preview/nodestylemap.h"
#include "resolver/policysource.h"
#include "resolver/resolver.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>

#include <algorithm>
#include <sstream>

using namespace opsinfo;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool copyResource(const QString &resource, const QString &path)
{
    QFile out(path);
    const QByteArray bytes = readAll(resource);
    return !bytes.isEmpty() && out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size();
}

// `opsinfo ARGS...` in-process: stdout, and the exit code through `code`.
QByteArray runCliText(const QStringList &args, int *code = nullptr)
{
    std::vector<std::string> argv;
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    const int rc = runCli(argv, out, err);
    if (code)
        *code = rc;
    if (rc != 0 && rc != 1)
        qWarning("opsinfo %s: %s", qPrintable(args.join(QLatin1Char(' '))), err.str().c_str());
    return QByteArray::fromStdString(out.str());
}

} // namespace

class TestGraphPreview : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void opensTheSampleGraph();
    void modeColoursAndExplains_data();
    void modeColoursAndExplains();
    void ruleAndProducerLinks();
    void approximateAndCaveatShown();
    void explanationsInChinese();
    void searchFindsByNameAndType();
    void grayRuleOption();
    void reResolvesAfterLibraryEdit();
    void allModesChartMatchesCli();
    void graphDiffByMode();
    void graphDiffByMixlist();
    void reportJsonAndCsvEqualTheCli();
    void exportsImages();
    void exportsKeepDtypeOfSelection();
    void loadsOffTheUiThreadWithProgress();
    void cancelDropsTheLoad();
    void reportsUnreadableGraph();

private:
    GraphPreviewWidget *widget() const { return m_window->graphTab()->widget(); }
    GraphPreview *preview() const { return m_window->graphTab()->preview(); }
    QAction *action(const char *name) const { return m_window->findChild<QAction *>(QString::fromLatin1(name)); }
    void pickMode(const QString &name);
    int node(const char *name) const { return preview()->graph()->indexOf(name); }
    const NodeResolution &decision(const char *name) const
    {
        return preview()->result()->resolution.nodes[std::size_t(node(name))];
    }
    // The sample graph and mixlist as files, opened, so the CLI can read the very same inputs.
    void openSampleFiles(QString *graphPath, QString *mixlistPath);

    MainWindow *m_window = nullptr;
    ScriptedPrompt *m_prompt = nullptr;
    QTemporaryDir m_dir;
};

void TestGraphPreview::init()
{
    QVERIFY(m_dir.isValid());
    m_prompt = new ScriptedPrompt;
    m_window = new MainWindow;
    m_window->setPersistSettings(false);
    m_window->setPrompt(m_prompt);
    QVERIFY(m_window->graphTab());
    new QAbstractItemModelTester(widget()->diffPanel()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_window);
    new QAbstractItemModelTester(widget()->modeChart()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest,
                                 m_window);
    QVERIFY(m_window->openPaths({}));
    m_window->showView(MainWindow::View::Graph);
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestGraphPreview::cleanup()
{
    delete m_window;
    m_window = nullptr;
    delete m_prompt;
    m_prompt = nullptr;
}

void TestGraphPreview::pickMode(const QString &name)
{
    auto *combo = m_window->findChild<QComboBox *>(QStringLiteral("modeCombo"));
    QVERIFY(combo);
    const int i = combo->findData(name);
    QVERIFY2(i >= 0, qPrintable(name));
    combo->setCurrentIndex(i);
    QTRY_VERIFY(!preview()->isBusy());
    QCOMPARE(preview()->modeName(), name);
}

void TestGraphPreview::openSampleFiles(QString *graphPath, QString *mixlistPath)
{
    *graphPath = m_dir.filePath(QStringLiteral("ge_proto_sample_graph.txt"));
    *mixlistPath = m_dir.filePath(QStringLiteral("ops_info.json"));
    QVERIFY(copyResource(QStringLiteral(":/sample/ge_proto_sample_graph.txt"), *graphPath));
    QVERIFY(copyResource(QStringLiteral(":/sample/ops_info.json"), *mixlistPath));
    QVERIFY(m_window->files()->openMixlist(*mixlistPath));
    m_prompt->fileNames = {*graphPath};
    action("actionOpenGraph")->trigger();
    QTRY_VERIFY(!preview()->isBusy());
    QVERIFY(preview()->result());
    QCOMPARE(preview()->graphPath(), *graphPath);
}

void TestGraphPreview::opensTheSampleGraph()
{
    QVERIFY(preview()->hasGraph());
    QVERIFY(preview()->isSampleGraph());
    QVERIFY(preview()->result());
    QCOMPARE(m_window->graphView(), static_cast<QWidget *>(widget()));
    const Graph &graph = *preview()->graph();
    QVERIFY(graph.nodes().size() > 100);
    QCOMPARE(widget()->view()->scene()->graphNodeCount(), int(graph.nodes().size()));
    // Every op type of the sample graph is in the sample library (boundary ops aside).
    for (const Node &n : graph.nodes())
        if (!isBoundaryOpType(n.opType))
            QVERIFY2(m_window->workspace()->libraryDocument()->library().find(n.opType), n.opType.c_str());
    // Scopes for grouping: /model/layers.0/attn exists.
    QVERIFY(widget()->view()->scene()->scopes().find("/model/layers.0/attn") >= 0);
    // Styles follow the result, one per node, and some nodes get a cast mark.
    const NodeStyles &styles = widget()->view()->nodeStyles();
    QCOMPARE(styles.size(), graph.nodes().size());
    QVERIFY(std::any_of(styles.begin(), styles.end(), [](const NodeStyle &s) { return s.castOnInput; }));
    QVERIFY(std::any_of(styles.begin(), styles.end(), [](const NodeStyle &s) { return s.ambiguous; }));
    // The library's "used in graph" filter knows the graph's op types.
    LibraryFilterProxy *proxy = m_window->libraryView()->proxy();
    auto *usedOnly = m_window->findChild<QCheckBox *>(QStringLiteral("libraryUsedOnly"));
    QVERIFY(usedOnly && usedOnly->isEnabled());
    usedOnly->setChecked(true);
    QSet<QString> shown;
    for (int r = 0; r < proxy->rowCount(); ++r)
        shown.insert(proxy->index(r, 0).data().toString());
    usedOnly->setChecked(false);
    QCOMPARE(proxy->rowCount(), int(m_window->workspace()->libraryDocument()->library().ops().size()));
    QVERIFY(shown.contains(QStringLiteral("MatMulV2")));
    QVERIFY(shown.contains(QStringLiteral("Conv2D")));
    QVERIFY(!shown.contains(QStringLiteral("ApplyAdamD")));
    // The sample opens with a node selected, so the pane explains something at once.
    QVERIFY(widget()->view()->selectedNode() >= 0);
    QVERIFY(widget()->detailsText().contains(QStringLiteral("mask/Add")));
}

void TestGraphPreview::modeColoursAndExplains_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("node");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("rule");
    const QString qproj = QStringLiteral("/model/layers.0/attn/q_proj/MatMul");
    const QString softmax = QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2");
    const QString lora = QStringLiteral("/model/layers.0/attn/q_proj/lora/AddLora");
    // SEMANTICS §4: cube op MatMulV2 (white) per mode; SoftmaxV2 is black through the sample mixlist.
    QTest::newRow("fp16 alias: M1") << "fp16" << qproj << int(NodeStyle::Fp16) << "M1";
    QTest::newRow("origin alias: M4 keeps fp32") << "origin" << qproj << int(NodeStyle::Fp32) << "M4";
    QTest::newRow("mixed: white lowered, M5") << "allow_mix_precision" << qproj << int(NodeStyle::Fp16) << "M5";
    QTest::newRow("mixed: black kept, M5") << "mixed_float16" << softmax << int(NodeStyle::Fp32) << "M5";
    QTest::newRow("bf16: M6") << "mixed_bfloat16" << qproj << int(NodeStyle::Bf16) << "M6";
    QTest::newRow("fp16-only op under origin: error, M4") << "must_keep_origin_dtype" << lora << int(NodeStyle::Error) << "M4";
    QTest::newRow("force_fp32 alias: cube fp16 in, fp32 out, M3") << "force_fp32" << qproj << int(NodeStyle::Fp32) << "M3";
}

void TestGraphPreview::modeColoursAndExplains()
{
    QFETCH(QString, mode);
    QFETCH(QString, node);
    QFETCH(int, kind);
    QFETCH(QString, rule);
    pickMode(mode);
    const int index = preview()->graph()->indexOf(node.toStdString());
    QVERIFY(index >= 0);
    QCOMPARE(preview()->result()->resolution.mode, *parsePrecisionMode(mode.toStdString()));
    QCOMPARE(int(widget()->view()->nodeStyles()[std::size_t(index)].kind), kind);
    QVERIFY(widget()->selectNodeByName(node));
    const QString text = widget()->detailsText();
    QVERIFY2(text.contains(rule), qPrintable(text));
    QVERIFY(widget()->detailsBrowser()->toHtml().contains(QStringLiteral("rule:") + rule));
}

void TestGraphPreview::ruleAndProducerLinks()
{
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2")));
    QTextBrowser *browser = widget()->detailsBrowser();
    const QString html = browser->toHtml();
    const int producer = node("/model/layers.0/attn/mask/Add");
    QVERIFY2(html.contains(QStringLiteral("node:%1").arg(producer)), qPrintable(html));
    // A rule link shows the rule's text under the explanation.
    emit browser->anchorClicked(QUrl(QStringLiteral("rule:M5")));
    QVERIFY(widget()->ruleLabel()->isVisible());
    QVERIFY(widget()->ruleLabel()->text().contains(QStringLiteral("M5")));
    const QString m5 = ruleText(QStringLiteral("M5"));
    QVERIFY(!m5.isEmpty());
    QVERIFY2(widget()->ruleLabel()->text().contains(m5.toHtmlEscaped()), qPrintable(widget()->ruleLabel()->text()));
    // A producer link selects the producer.
    emit browser->anchorClicked(QUrl(QStringLiteral("node:%1").arg(producer)));
    QCOMPARE(widget()->view()->selectedNode(), producer);
    QVERIFY(widget()->detailsText().contains(QStringLiteral("/model/layers.0/attn/mask/Add")));
}

void TestGraphPreview::approximateAndCaveatShown()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    // Add has dynamicFormat and no dtype lists: approximate (§1); its producers disagree (G6).
    const NodeResolution &add = decision("/model/layers.0/attn/mask/Add");
    QVERIFY(add.approximate);
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/layers.0/attn/mask/Add")));
    const QString text = widget()->detailsText();
    QVERIFY(text.contains(QStringLiteral("approximate")));
    if (add.ambiguous)
        QVERIFY(text.contains(QStringLiteral("ambiguous")));
    auto *caveat = m_window->findChild<QLabel *>(QStringLiteral("previewCaveat"));
    QVERIFY(caveat && caveat->isVisible());
    QVERIFY(caveat->text().contains(QStringLiteral("fusion passes")));
    QVERIFY(caveat->text().contains(QStringLiteral("§7")));
    // A node that is not approximate says nothing of the kind.
    QVERIFY(!decision("/model/layers.0/mlp/act/Gelu").approximate);
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/layers.0/mlp/act/Gelu")));
    QVERIFY(!widget()->detailsText().contains(QStringLiteral("approximate")));
}

// Every step of every node's explanation on the sample, in every mode, is a sentence the Chinese UI
// knows: recognised as its template and shown translated in the details pane.
void TestGraphPreview::explanationsInChinese()
{
    const CoreTexts &zh = CoreTexts::forLanguage(QStringLiteral("zh_CN"));
    QStringList unknown;
    for (const char *mode : {"force_fp16", "allow_fp32_to_fp16", "cube_fp16in_fp32out", "must_keep_origin_dtype",
                             "allow_mix_precision", "allow_mix_precision_bf16", "force_fp32"}) {
        pickMode(QString::fromLatin1(mode));
        for (const NodeResolution &n : preview()->result()->resolution.nodes)
            for (const QString &step : QString::fromStdString(n.explanation).split(QStringLiteral("; "), Qt::SkipEmptyParts))
                if (!zh.recognises(step) && !unknown.contains(step))
                    unknown.append(step);
    }
    QVERIFY2(unknown.isEmpty(), qPrintable(QStringLiteral("explanation steps without a translation:\n") + unknown.join(u'\n')));

    QCOMPARE(Translations::install(QLocale(QLocale::Chinese, QLocale::China)), QStringLiteral("zh_CN"));
    const char *softmax = "/model/layers.0/attn/softmax/SoftmaxV2";
    QVERIFY(widget()->selectNodeByName(QString::fromLatin1(softmax)));
    const QString text = widget()->detailsText();
    Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    const QString first = QString::fromStdString(decision(softmax).explanation).section(QStringLiteral("; "), 1, 1);
    QVERIFY2(text.contains(zh.translate(first)), qPrintable(text));
    QVERIFY2(!text.contains(first), qPrintable(text));
}

void TestGraphPreview::searchFindsByNameAndType()
{
    auto *search = m_window->findChild<QLineEdit *>(QStringLiteral("graphSearch"));
    QVERIFY(search);
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("layers.1/mlp/act"));
    QCOMPARE(widget()->view()->selectedNode(), node("/model/layers.1/mlp/act/Gelu"));
    search->clear();
    QTest::keyClicks(search, QStringLiteral("swish"));
    const int first = widget()->view()->selectedNode();
    QVERIFY(first >= 0);
    QCOMPARE(QString::fromStdString(preview()->graph()->nodes()[std::size_t(first)].opType), QStringLiteral("Swish"));
    QTest::keyClick(search, Qt::Key_Return); // next match
    const int second = widget()->view()->selectedNode();
    QVERIFY(second != first);
    QCOMPARE(QString::fromStdString(preview()->graph()->nodes()[std::size_t(second)].opType), QStringLiteral("Swish"));
    // Fit and zoom buttons.
    const double fitted = widget()->view()->zoom();
    m_window->findChild<QAbstractButton *>(QStringLiteral("zoomInButton"))->click();
    QVERIFY(widget()->view()->zoom() > fitted);
    m_window->findChild<QAbstractButton *>(QStringLiteral("fitButton"))->click();
    QVERIFY(widget()->view()->visibleSceneRect().contains(widget()->view()->scene()->bounds()));
}

void TestGraphPreview::grayRuleOption()
{
    auto *combo = m_window->findChild<QComboBox *>(QStringLiteral("grayRuleCombo"));
    QVERIFY(combo);
    const PreviewResultPtr before = preview()->result();
    combo->setCurrentIndex(combo->findData(int(GrayRule::Previous)));
    QTRY_VERIFY(!preview()->isBusy());
    QVERIFY(preview()->result() != before);
    QCOMPARE(preview()->result()->settings.grayRule, GrayRule::Previous);
    // The same as the core gives for G6 directly.
    const ResolveContext &context = *preview()->context();
    ResolveOptions options;
    options.grayRule = GrayRule::Previous;
    const Resolution direct = context.resolver->resolve(preview()->mode(),
                                                        tablePolicies(m_window->workspace()->policyTable()), options);
    const Resolution &shown = preview()->result()->resolution;
    QCOMPARE(shown.nodes.size(), direct.nodes.size());
    for (std::size_t i = 0; i < direct.nodes.size(); ++i)
        QCOMPARE(shown.nodes[i].dtype, direct.nodes[i].dtype);
}

void TestGraphPreview::reResolvesAfterLibraryEdit()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    const char *lora = "/model/layers.0/attn/q_proj/lora/AddLora";
    QCOMPARE(int(nodeStyleKind(decision(lora))), int(NodeStyle::Fp16)); // white: lowered (M5)
    // Make AddLora black in the library browser with the real action: it has no fp32 kernel, so its
    // fp32 input sends it to the AI CPU (§8.5) once the preview re-resolves (debounced).
    m_window->showView(MainWindow::View::Library);
    m_window->libraryView()->selectType(QStringLiteral("AddLora"));
    QAction *black = action("actionSetBlack");
    QVERIFY(black && black->isEnabled());
    black->trigger();
    QTRY_COMPARE(int(nodeStyleKind(decision(lora))), int(NodeStyle::AiCpu));
    QTRY_VERIFY(!preview()->isBusy());
    QCOMPARE(int(widget()->view()->nodeStyles()[std::size_t(node(lora))].kind), int(NodeStyle::AiCpu));
    QVERIFY(preview()->result()->resolution.summary.aicpuNodes >= 1);
    action("actionUndo")->trigger();
    QTRY_COMPARE(int(nodeStyleKind(decision(lora))), int(NodeStyle::Fp16));
}

void TestGraphPreview::allModesChartMatchesCli()
{
    QString graphPath, mixlistPath;
    openSampleFiles(&graphPath, &mixlistPath);
    widget()->showSidePage(GraphPreviewWidget::ModesPage);
    QTRY_VERIFY(!preview()->isBusy());
    const ModeSummaryModel *model = widget()->modeChart()->model();
    QCOMPARE(model->rowCount(), int(kAllPrecisionModes.size()));
    const QByteArray json = runCliText({QStringLiteral("resolve"), graphPath, QStringLiteral("--library"),
                                        m_window->workspace()->libraryDocument()->path(), QStringLiteral("--mixlist"),
                                        mixlistPath, QStringLiteral("--all-modes"), QStringLiteral("--json")});
    const QJsonArray modes = QJsonDocument::fromJson(json).object().value(QStringLiteral("modes")).toArray();
    QCOMPARE(modes.size(), model->rowCount());
    for (int r = 0; r < model->rowCount(); ++r) {
        const QJsonObject row = modes[r].toObject();
        QCOMPARE(model->index(r, ModeSummaryModel::ModeColumn).data(Qt::UserRole).toString(),
                 row.value(QStringLiteral("mode")).toString());
        QCOMPARE(model->index(r, ModeSummaryModel::CastColumn).data().toInt(),
                 row.value(QStringLiteral("casts")).toObject().value(QStringLiteral("total")).toInt());
    }
    // The chart: a stacked bar per mode (fp16, bf16, fp32, AI CPU) whose fp16 set is the table's.
    QChart *chart = widget()->modeChart()->chart();
    QStackedBarSeries *bars = nullptr;
    for (QAbstractSeries *s : chart->series())
        if (auto *b = qobject_cast<QStackedBarSeries *>(s))
            bars = b;
    QVERIFY(bars);
    QCOMPARE(bars->count(), 4);
    QBarSet *fp16 = bars->barSets().at(0);
    QCOMPARE(fp16->count(), model->rowCount());
    for (int r = 0; r < model->rowCount(); ++r)
        QCOMPARE(int(fp16->at(r)), model->index(r, ModeSummaryModel::Fp16Column).data().toInt());
}

void TestGraphPreview::graphDiffByMode()
{
    widget()->showSidePage(GraphPreviewWidget::DiffPage);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setModes(QStringLiteral("must_keep_origin_dtype"), QStringLiteral("allow_mix_precision"));
    QTRY_VERIFY(!preview()->isBusy());
    const GraphDiffModel *model = panel->model();
    QVERIFY(model->rowCount() > 0);
    // Against the core directly: every node whose dtype or engine differs is listed, no other.
    const ResolveContext &context = *preview()->context();
    const PolicySource policies = tablePolicies(m_window->workspace()->policyTable());
    const Resolution a = context.resolver->resolve(PrecisionMode::MustKeepOriginDtype, policies);
    const Resolution b = context.resolver->resolve(PrecisionMode::AllowMixPrecisionFp16, policies);
    QSet<int> expected;
    for (std::size_t i = 0; i < a.nodes.size(); ++i)
        if (a.nodes[i].dtype != b.nodes[i].dtype || a.nodes[i].engine != b.nodes[i].engine)
            expected.insert(int(i));
    QSet<int> listed;
    for (int r = 0; r < model->rowCount(); ++r) {
        listed.insert(model->index(r, 0).data(GraphDiffModel::NodeIndexRole).toInt());
        QVERIFY(model->index(r, GraphDiffModel::AColumn).data() != model->index(r, GraphDiffModel::BColumn).data());
    }
    QCOMPARE(listed, expected);
    QCOMPARE(model->diff().castDelta(), long(b.summary.castsTotal) - long(a.summary.castsTotal));
    auto *summary = m_window->findChild<QLabel *>(QStringLiteral("graphDiffSummary"));
    QVERIFY2(summary->text().startsWith(QString::number(expected.size()) + QLatin1Char(' ')), qPrintable(summary->text()));
    // Highlighted in the graph: changed nodes coloured, the others pale.
    const NodeStyles &styles = widget()->view()->nodeStyles();
    const int changed = *expected.begin();
    QVERIFY(styles[std::size_t(changed)].kind != NodeStyle::Undecided);
    for (std::size_t i = 0; i < styles.size(); ++i)
        if (!expected.contains(int(i)))
            QCOMPARE(int(styles[i].kind), int(NodeStyle::Undecided));
    // Selecting a row selects the node.
    panel->table()->selectRow(0);
    QCOMPARE(widget()->view()->selectedNode(), model->index(0, 0).data(GraphDiffModel::NodeIndexRole).toInt());
    // Leaving the diff restores the dtype colours.
    widget()->showSidePage(GraphPreviewWidget::NodePage);
    QCOMPARE(int(widget()->view()->nodeStyles()[std::size_t(changed)].kind),
             int(nodeStyleKind(preview()->result()->resolution.nodes[std::size_t(changed)])));
}

void TestGraphPreview::graphDiffByMixlist()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    widget()->showSidePage(GraphPreviewWidget::DiffPage);
    GraphDiffPanel *panel = widget()->diffPanel();
    panel->setMixlists(GraphDiffPanel::NoMixlist, GraphDiffPanel::CurrentMixlist);
    QTRY_VERIFY(!preview()->isBusy());
    // The sample mixlist blacks SoftmaxV2: without it the gray softmax follows its fp16 producer (G3),
    // with it it keeps fp32 (M5). Both softmaxes of the transformer change.
    QSet<QString> listed;
    for (int r = 0; r < panel->model()->rowCount(); ++r)
        listed.insert(panel->model()->index(r, GraphDiffModel::NodeColumn).data().toString().trimmed());
    QVERIFY2(listed.contains(QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2")),
             qPrintable(QStringList(listed.values()).join(QLatin1Char(','))));
    QVERIFY(listed.contains(QStringLiteral("/model/layers.1/attn/softmax/SoftmaxV2")));
    // A diff of a side with itself lists nothing.
    panel->setMixlists(GraphDiffPanel::CurrentMixlist, GraphDiffPanel::CurrentMixlist);
    QTRY_VERIFY(!preview()->isBusy());
    QCOMPARE(panel->model()->rowCount(), 0);
}

void TestGraphPreview::reportJsonAndCsvEqualTheCli()
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
    const QStringList common{QStringLiteral("resolve"), graphPath, QStringLiteral("--library"),
                             m_window->workspace()->libraryDocument()->path(), QStringLiteral("--mixlist"), mixlistPath,
                             QStringLiteral("--mode"), QStringLiteral("allow_mix_precision")};
    const QJsonDocument fromCli = QJsonDocument::fromJson(runCliText(common + QStringList{QStringLiteral("--json")}));
    const QJsonDocument fromApp = QJsonDocument::fromJson(readAll(json));
    QVERIFY(fromCli.isObject());
    QVERIFY(fromCli.object().value(QStringLiteral("nodes")).toArray().size() > 100);
    QCOMPARE(fromApp, fromCli);
    QCOMPARE(readAll(csv), runCliText(common + QStringList{QStringLiteral("--csv")}));

    // An export right after an edit waits for the re-resolve: the report has the new colour.
    m_window->showView(MainWindow::View::Library);
    m_window->libraryView()->selectType(QStringLiteral("AddV2"));
    action("actionSetBlack")->trigger();
    QVERIFY(preview()->isBusy()); // debounced
    m_prompt->fileNames = {json};
    action("actionExportReportJson")->trigger();
    const QJsonArray nodes = QJsonDocument::fromJson(readAll(json)).object().value(QStringLiteral("nodes")).toArray();
    bool sawAddV2 = false;
    for (const QJsonValue &n : nodes)
        if (n.toObject().value(QStringLiteral("op_type")).toString() == QStringLiteral("AddV2")) {
            QCOMPARE(n.toObject().value(QStringLiteral("policy")).toString(), QStringLiteral("black"));
            sawAddV2 = true;
        }
    QVERIFY(sawAddV2);
}

void TestGraphPreview::exportsImages()
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

void TestGraphPreview::exportsKeepDtypeOfSelection()
{
    const QString path = m_dir.filePath(QStringLiteral("keep_dtype.cfg"));
    widget()->view()->clearSelection();
    m_prompt->fileNames = {path};
    action("actionExportGraphKeepDtype")->trigger();
    QVERIFY(!QFile::exists(path)); // nothing selected: said so, nothing written
    QVERIFY(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("information")));
    QVERIFY(widget()->selectNodeByName(QStringLiteral("/model/layers.0/attn/softmax/SoftmaxV2")));
    action("actionExportGraphKeepDtype")->trigger();
    QCOMPARE(readAll(path), QByteArray("/model/layers.0/attn/softmax/SoftmaxV2\n"));
    // A collapsed scope exports every op inside it, weights and boundary nodes left out.
    GraphView *view = widget()->view();
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

void TestGraphPreview::loadsOffTheUiThreadWithProgress()
{
    QString graphPath = m_dir.filePath(QStringLiteral("async_graph.txt"));
    QVERIFY(copyResource(QStringLiteral(":/sample/ge_proto_sample_graph.txt"), graphPath));
    preview()->setInlineNodeLimit(0); // everything on workers
    QSignalSpy busy(preview(), &GraphPreview::busyChanged);
    QSignalSpy progress(preview(), &GraphPreview::progressChanged);
    QSignalSpy changed(preview(), &GraphPreview::graphChanged);
    QVERIFY(preview()->openGraph(graphPath));
    QVERIFY(preview()->isBusy());
    QVERIFY(m_window->findChild<QWidget *>(QStringLiteral("graphProgress"))->isVisible());
    QTRY_COMPARE(changed.count(), 1);
    QTRY_VERIFY(!preview()->isBusy());
    QVERIFY(busy.count() >= 2);
    QVERIFY(progress.count() >= 1);
    QCOMPARE(preview()->graphPath(), graphPath);
    QVERIFY(!m_window->findChild<QWidget *>(QStringLiteral("graphProgress"))->isVisible());
    // Mode switches resolve on a worker too, and land.
    pickMode(QStringLiteral("origin"));
    QCOMPARE(preview()->result()->resolution.mode, PrecisionMode::MustKeepOriginDtype);
}

void TestGraphPreview::cancelDropsTheLoad()
{
    QString graphPath = m_dir.filePath(QStringLiteral("cancelled.txt"));
    QVERIFY(copyResource(QStringLiteral(":/sample/ge_proto_sample_graph.txt"), graphPath));
    preview()->setInlineNodeLimit(0);
    QSignalSpy changed(preview(), &GraphPreview::graphChanged);
    QVERIFY(preview()->openGraph(graphPath));
    m_window->findChild<QAbstractButton *>(QStringLiteral("graphCancel"))->click();
    QVERIFY(!preview()->isBusy());
    preview()->jobs()->waitForAll();
    QCOMPARE(changed.count(), 0);
    QVERIFY(preview()->isSampleGraph()); // still the graph from before
}

void TestGraphPreview::reportsUnreadableGraph()
{
    const QString bad = m_dir.filePath(QStringLiteral("broken.onnx"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("graph { op { name: \"x\" type: ");
    file.close();
    m_prompt->fileNames = {bad};
    action("actionOpenGraph")->trigger();
    QTRY_VERIFY(!preview()->isBusy());
    QVERIFY2(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("error")),
             qPrintable(m_prompt->log.join(QLatin1Char('\n'))));
    QVERIFY(preview()->isSampleGraph()); // the previous graph stays
    m_prompt->fileNames = {m_dir.filePath(QStringLiteral("missing.onnx"))};
    action("actionOpenGraph")->trigger();
    QVERIFY(m_prompt->log.join(QLatin1Char('\n')).contains(QStringLiteral("missing.onnx")));
}

QTEST_MAIN(TestGraphPreview)
#include "tst_graphpreview.moc"
