// Drives the Graph tab of the real main window on the embedded sample graph: colours per mode and
// their explanations, rule and producer links, search, the gray-rule option and re-resolving after
// a library edit.
#include "graphtabfixture.h"

#include "resolver/policysource.h"
#include "resolver/resolver.h"
#include "studio/common/coretexts.h"
#include "studio/common/ruletexts.h"
#include "studio/common/translations.h"
#include "studio/document/librarydocument.h"
#include "studio/document/workspace.h"
#include "studio/graph/graphcanvas.h"
#include "studio/graphtab/nodestylemap.h"
#include "studio/library/libraryfilterproxy.h"
#include "studio/library/libraryview.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>

#include <algorithm>

using namespace opsinfo;

class TestGraphTab : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void opensTheSampleGraph();
    void modeColoursAndExplains_data();
    void modeColoursAndExplains();
    void ruleAndProducerLinks();
    void approximateAndCaveatShown();
    void explanationsInChinese();
    void searchFindsByNameAndType();
    void grayRuleOption();
    void reResolvesAfterLibraryEdit();
    void resolvesOnlyForItsOwnTypes_data();
    void resolvesOnlyForItsOwnTypes();
};

void TestGraphTab::opensTheSampleGraph()
{
    QVERIFY(state()->hasGraph());
    QVERIFY(state()->isSampleGraph());
    QVERIFY(state()->result());
    QCOMPARE(m_window->graphTabWidget(), static_cast<QWidget *>(widget()));
    const Graph &graph = *state()->graph();
    QVERIFY(graph.nodes().size() > 100);
    QCOMPARE(widget()->canvas()->scene()->graphNodeCount(), int(graph.nodes().size()));
    // Every op type of the sample graph is in the sample library (boundary ops aside).
    for (const Node &n : graph.nodes())
        if (!isBoundaryOpType(n.opType))
            QVERIFY2(m_window->workspace()->libraryDocument()->library().find(n.opType),
                     std::string(n.opType).c_str());
    // Scopes for grouping: /model/layers.0/attn exists.
    QVERIFY(widget()->canvas()->scene()->scopes().find("/model/layers.0/attn") >= 0);
    // Styles follow the result, one per node, and some nodes get a cast mark.
    const NodeStyles &styles = widget()->canvas()->nodeStyles();
    QCOMPARE(styles.size(), graph.nodes().size());
    QVERIFY(std::any_of(styles.begin(), styles.end(),
                        [](const NodeStyle &s) { return s.castOnInput; }));
    for (std::size_t i = 0; i < styles.size();
         ++i) // gray ops whose producers disagree are outlined (G6)
        QCOMPARE(styles[i].ambiguous, state()->result()->resolution.nodes[i].ambiguous);
    // The colours come with the result from the load job: what working them out here gives.
    const NodeStyles fresh
        = nodeStylesFor(state()->result()->resolution, int(graph.nodes().size()));
    QCOMPARE(state()->result()->styles.size(), fresh.size());
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        const NodeStyle &shipped = state()->result()->styles[i];
        QCOMPARE(shipped.kind, fresh[i].kind);
        QCOMPARE(shipped.engine, fresh[i].engine);
        QCOMPARE(shipped.ambiguous, fresh[i].ambiguous);
        QCOMPARE(shipped.castOnInput, fresh[i].castOnInput);
        QCOMPARE(styles[i].kind, fresh[i].kind);
    }
    // The library's "used in graph" filter knows the graph's op types.
    LibraryFilterProxy *proxy = m_window->libraryView()->proxy();
    auto *usedOnly = m_window->findChild<QCheckBox *>(QStringLiteral("libraryUsedOnly"));
    QVERIFY(usedOnly && usedOnly->isEnabled());
    usedOnly->setChecked(true);
    QSet<QString> shown;
    for (int r = 0; r < proxy->rowCount(); ++r)
        shown.insert(proxy->index(r, 0).data().toString());
    usedOnly->setChecked(false);
    QCOMPARE(proxy->rowCount(),
             int(m_window->workspace()->libraryDocument()->library().ops().size()));
    QVERIFY(shown.contains(QStringLiteral("MatMulV2")));
    QVERIFY(shown.contains(QStringLiteral("Conv2D")));
    QVERIFY(!shown.contains(QStringLiteral("ApplyAdamD")));
    // The sample opens with a node selected, so the pane explains something at once.
    QVERIFY(widget()->canvas()->selectedNode() >= 0);
    QVERIFY(widget()->detailsText().contains(QStringLiteral("mask/Add")));
}

void TestGraphTab::modeColoursAndExplains_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("node");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("rule");
    const QString gelu = QStringLiteral("/model/layers.0/mlp/act/Gelu");
    const QString logSoftmax = QStringLiteral("/model/log_probs/LogSoftmaxV2");
    const QString lora = QStringLiteral("/model/layers.0/attn/q_proj/lora/AddLora");
    // SEMANTICS §4: Gelu (white through the sample mixlist) per mode; LogSoftmaxV2 is black.
    // (MatMulV2 and SoftmaxV2 list no dtypes on ascend910b: assumed columns, approximate.)
    QTest::newRow("fp16 alias: M1") << "fp16" << gelu << int(NodeStyle::Fp16) << "M1";
    QTest::newRow("origin alias: M4 keeps fp32")
        << "origin" << gelu << int(NodeStyle::Fp32) << "M4";
    QTest::newRow("mixed: white lowered, M5")
        << "allow_mix_precision" << gelu << int(NodeStyle::Fp16) << "M5";
    QTest::newRow("mixed: black kept, M5")
        << "mixed_float16" << logSoftmax << int(NodeStyle::Fp32) << "M5";
    QTest::newRow("bf16: M6") << "mixed_bfloat16" << gelu << int(NodeStyle::Bf16) << "M6";
    // AddLora lists fp16 only: origin may not lower, so check-support sends it to AI CPU.
    QTest::newRow("fp16-only op under origin: AI CPU, M11")
        << "must_keep_origin_dtype" << lora << int(NodeStyle::AiCpu) << "M11";
    QTest::newRow("force_fp32 alias: vector op fp32, M3")
        << "force_fp32" << gelu << int(NodeStyle::Fp32) << "M3";
}

void TestGraphTab::modeColoursAndExplains()
{
    QFETCH(QString, mode);
    QFETCH(QString, node);
    QFETCH(int, kind);
    QFETCH(QString, rule);
    pickMode(mode);
    const int index = state()->graph()->indexOf(node.toStdString());
    QVERIFY(index >= 0);
    QCOMPARE(state()->result()->resolution.mode, *parsePrecisionMode(mode.toStdString()));
    QCOMPARE(int(widget()->canvas()->nodeStyles()[std::size_t(index)].kind), kind);
    // a re-resolve brings its colours along too
    QCOMPARE(int(state()->result()->styles[std::size_t(index)].kind), kind);
    QVERIFY(widget()->selectNodeByName(node));
    const QString text = widget()->detailsText();
    QVERIFY2(text.contains(rule), qPrintable(text));
    QVERIFY(widget()->detailsBrowser()->toHtml().contains(QStringLiteral("rule:") + rule));
}

void TestGraphTab::ruleAndProducerLinks()
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
    QVERIFY2(widget()->ruleLabel()->text().contains(m5.toHtmlEscaped()),
             qPrintable(widget()->ruleLabel()->text()));
    // A producer link selects the producer.
    emit browser->anchorClicked(QUrl(QStringLiteral("node:%1").arg(producer)));
    QCOMPARE(widget()->canvas()->selectedNode(), producer);
    QVERIFY(widget()->detailsText().contains(QStringLiteral("/model/layers.0/attn/mask/Add")));
}

void TestGraphTab::approximateAndCaveatShown()
{
    pickMode(QStringLiteral("allow_mix_precision"));
    // LayerNorm lists no dtypes and its static op_select_format row is the union over the shapes
    // tried: approximate (§1). Add's row is certain (its producers disagree, G6).
    const NodeResolution &add = decision("/model/layers.0/input_layernorm/LayerNorm");
    QVERIFY(add.approximate);
    QVERIFY(!decision("/model/layers.0/attn/mask/Add").approximate);
    QVERIFY(decision("/model/layers.0/attn/mask/Add").ambiguous);
    QVERIFY(
        widget()->selectNodeByName(QStringLiteral("/model/layers.0/input_layernorm/LayerNorm")));
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

void TestGraphTab::explanationsInChinese()
{
    const CoreTexts &zh = CoreTexts::forLanguage(QStringLiteral("zh_CN"));
    QStringList unknown;
    for (const char *mode :
         {"force_fp16", "allow_fp32_to_fp16", "cube_fp16in_fp32out", "must_keep_origin_dtype",
          "allow_mix_precision", "allow_mix_precision_bf16", "force_fp32"}) {
        pickMode(QString::fromLatin1(mode));
        for (const NodeResolution &n : state()->result()->resolution.nodes)
            for (const QString &step : QString::fromStdString(n.explanation)
                                           .split(QStringLiteral("; "), Qt::SkipEmptyParts))
                if (!zh.recognises(step) && !unknown.contains(step))
                    unknown.append(step);
    }
    QVERIFY2(unknown.isEmpty(),
             qPrintable(QStringLiteral("explanation steps without a translation:\n")
                        + unknown.join(u'\n')));

    QCOMPARE(Translations::install(QLocale(QLocale::Chinese, QLocale::China)),
             QStringLiteral("zh_CN"));
    const char *gelu = "/model/layers.0/mlp/act/Gelu";
    QVERIFY(widget()->selectNodeByName(QString::fromLatin1(gelu)));
    const QString text = widget()->detailsText();
    Translations::install(QLocale(QLocale::English, QLocale::UnitedStates));
    const QString first
        = QString::fromStdString(decision(gelu).explanation).section(QStringLiteral("; "), 1, 1);
    QVERIFY(!first.isEmpty());
    QVERIFY2(text.contains(zh.translate(first)), qPrintable(text));
    QVERIFY2(!text.contains(first), qPrintable(text));
}

void TestGraphTab::searchFindsByNameAndType()
{
    auto *search = m_window->findChild<QLineEdit *>(QStringLiteral("graphSearch"));
    QVERIFY(search);
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("layers.1/mlp/act"));
    QCOMPARE(widget()->canvas()->selectedNode(), node("/model/layers.1/mlp/act/Gelu"));
    search->clear();
    QTest::keyClicks(search, QStringLiteral("swish"));
    const int first = widget()->canvas()->selectedNode();
    QVERIFY(first >= 0);
    QCOMPARE(QString::fromUtf8(state()->graph()->nodes()[std::size_t(first)].opType),
             QStringLiteral("Swish"));
    QTest::keyClick(search, Qt::Key_Return); // next match
    const int second = widget()->canvas()->selectedNode();
    QVERIFY(second != first);
    QCOMPARE(QString::fromUtf8(state()->graph()->nodes()[std::size_t(second)].opType),
             QStringLiteral("Swish"));
    // Fit and zoom buttons.
    const double fitted = widget()->canvas()->zoom();
    m_window->findChild<QAbstractButton *>(QStringLiteral("zoomInButton"))->click();
    QVERIFY(widget()->canvas()->zoom() > fitted);
    m_window->findChild<QAbstractButton *>(QStringLiteral("fitButton"))->click();
    QVERIFY(widget()->canvas()->visibleSceneRect().contains(widget()->canvas()->scene()->bounds()));
}

void TestGraphTab::grayRuleOption()
{
    auto *combo = m_window->findChild<QComboBox *>(QStringLiteral("grayRuleCombo"));
    QVERIFY(combo);
    const PreviewResultPtr before = state()->result();
    combo->setCurrentIndex(combo->findData(int(GrayRule::Previous)));
    QTRY_VERIFY(!state()->isBusy());
    QVERIFY(state()->result() != before);
    QCOMPARE(state()->result()->settings.grayRule, GrayRule::Previous);
    // The same as the core gives for G6 directly.
    const ResolveContext &context = *state()->context();
    ResolveOptions options;
    options.grayRule = GrayRule::Previous;
    const Resolution direct = context.resolver->resolve(
        state()->mode(), tablePolicies(m_window->workspace()->policyTable()), options);
    const Resolution &shown = state()->result()->resolution;
    QCOMPARE(shown.nodes.size(), direct.nodes.size());
    for (std::size_t i = 0; i < direct.nodes.size(); ++i)
        QCOMPARE(shown.nodes[i].dtype, direct.nodes[i].dtype);
}

void TestGraphTab::reResolvesAfterLibraryEdit()
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
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(int(widget()->canvas()->nodeStyles()[std::size_t(node(lora))].kind),
             int(NodeStyle::AiCpu));
    QVERIFY(state()->result()->resolution.summary.aicpuNodes >= 1);
    action("actionUndo")->trigger();
    QTRY_COMPARE(int(nodeStyleKind(decision(lora))), int(NodeStyle::Fp16));
}

void TestGraphTab::resolvesOnlyForItsOwnTypes_data()
{
    QTest::addColumn<bool>("inGraph"); // edit an op type of the sample graph, else one outside it
    QTest::newRow("type in the graph") << true;
    QTest::newRow("type outside the graph") << false;
}

void TestGraphTab::resolvesOnlyForItsOwnTypes()
{
    // The library edit names its op type; the tab resolves again only when its graph has one.
    QFETCH(bool, inGraph);
    QTRY_VERIFY(!state()->isBusy());
    const QSet<QString> graphTypes = state()->opTypes();
    QString type;
    for (const OpEntry &e : m_window->workspace()->libraryDocument()->library().ops()) {
        const QString t = QString::fromStdString(e.type);
        if (graphTypes.contains(t) == inGraph && e.policy != Policy::Black) {
            type = t;
            break;
        }
    }
    QVERIFY(!type.isEmpty());
    QSignalSpy resolved(state(), &GraphTabState::resolved);
    m_window->showView(MainWindow::View::Library);
    m_window->libraryView()->selectType(type);
    QAction *black = action("actionSetBlack");
    QVERIFY(black && black->isEnabled());
    black->trigger();
    QCOMPARE(m_window->workspace()->policyTable().effective(type.toStdString()), Policy::Black);
    if (inGraph) {
        QTRY_COMPARE(resolved.size(), 1);
    } else {
        QVERIFY(!state()->isBusy()); // no debounce started
        QTest::qWait(400); // past the debounce
        QCOMPARE(resolved.size(), 0);
    }
    action("actionUndo")->trigger();
    QTRY_VERIFY(!state()->isBusy());
}

QTEST_MAIN(TestGraphTab)
#include "tst_graphtab.moc"
