// The front end in the real main window (FRONTENDS.md F1-F4): View > Front End and the pickers of
// the Graph and Mixlist tabs share one choice; the Graph tab previews with the front end's default
// mode, says up front what does nothing there and names F3 in every explanation; torch-npu shows
// the cube math type instead of a GE preview; the "Use it" box writes that front end's snippet;
// the choice is remembered; an ONNX name in the mixlist gets a rename fix-it (F4).
#include "graphtabfixture.h"

#include "studio/document/frontendchoice.h"
#include "studio/document/librarydocument.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/workspace.h"
#include "studio/mixlist/lintmodel.h"
#include "studio/mixlist/mixlisteditor.h"

#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>

using namespace opsinfo;

class TestFrontEnds : public QObject, public GraphTabFixture
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           m_settingsDir.filePath(QStringLiteral("settings")));
    }
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void pickersFollowTheMenu();
    void defaultModeAndIgnoredMixlist();
    void explicitModeWhereTheMixlistReaches();
    void cubeMathOnTorchNpu();
    void snippetFollowsTheFrontEnd();
    void anyRestoresThePlainPreview();
    void choiceIsRemembered();
    void onnxNameGetsARenameFixIt();

private:
    void choose(const char *id)
    {
        QAction *a = action((QByteArray("actionFrontEnd_") + id).constData());
        QVERIFY2(a, id);
        a->trigger();
        QTRY_VERIFY(!state()->isBusy());
    }
    QLabel *notice() const
    {
        return m_window->findChild<QLabel *>(QStringLiteral("frontEndNotice"));
    }
    // Nodes of an op type in the current result.
    std::vector<const NodeResolution *> nodesOf(const char *type) const
    {
        std::vector<const NodeResolution *> found;
        for (const NodeResolution &n : state()->result()->resolution.nodes)
            if (n.node && n.node->opType == type)
                found.push_back(&n);
        return found;
    }

    QTemporaryDir m_settingsDir;
};

void TestFrontEnds::pickersFollowTheMenu()
{
    auto *graphCombo = m_window->findChild<QComboBox *>(QStringLiteral("frontEndCombo"));
    auto *snippetCombo = m_window->findChild<QComboBox *>(QStringLiteral("snippetFrontEnd"));
    QVERIFY(graphCombo && snippetCombo);
    QCOMPARE(graphCombo->currentData().toString(), QString()); // Any
    choose("torchair");
    QCOMPARE(graphCombo->currentData().toString(), QStringLiteral("torchair"));
    QCOMPARE(snippetCombo->currentData().toString(), QStringLiteral("torchair"));
    QVERIFY(action("actionFrontEnd_torchair")->isChecked());
    // The Mixlist tab's picker sets it for everyone.
    snippetCombo->setCurrentIndex(snippetCombo->findData(QStringLiteral("tf2")));
    QTRY_VERIFY(!state()->isBusy());
    QCOMPARE(m_window->workspace()->frontEndChoice()->id(), QStringLiteral("tf2"));
    QCOMPARE(graphCombo->currentData().toString(), QStringLiteral("tf2"));
    QVERIFY(action("actionFrontEnd_tf2")->isChecked());
    QVERIFY(!action("actionFrontEnd_torchair")->isChecked());
}

void TestFrontEnds::defaultModeAndIgnoredMixlist()
{
    // The sample library is ascend910b, the sample mixlist black-lists SoftmaxV2.
    QVERIFY(m_window->workspace()->mixlistDocument()->mixlist().entryCount() > 0);
    choose("torchair");
    auto *mode = m_window->findChild<QComboBox *>(QStringLiteral("modeCombo"));
    QCOMPARE(mode->currentData().toString(), QString());
    QVERIFY2(mode->currentText().contains(
                 QLatin1String("default for this front end (must_keep_origin_dtype)")),
             qPrintable(mode->currentText()));
    QCOMPARE(state()->mode(), PrecisionMode::MustKeepOriginDtype);
    QVERIFY(notice()->isVisible());
    const QString said = notice()->text();
    QVERIFY2(said.contains(QLatin1String("default for this front end")), qPrintable(said));
    QVERIFY2(said.contains(QLatin1String("the modify_mixlist does nothing on PyTorch torchair")),
             qPrintable(said));
    // Every node says so (F3), and the mixlist's colour is not applied.
    for (const NodeResolution &n : state()->result()->resolution.nodes) {
        QVERIFY2(n.explanation.find("(F3)") != std::string::npos, n.explanation.c_str());
        QVERIFY(n.rules.contains("F3"));
    }
    const auto softmax = nodesOf("SoftmaxV2");
    QVERIFY(!softmax.empty());
    const OpEntry *entry = m_window->workspace()->libraryDocument()->library().find("SoftmaxV2");
    QVERIFY(entry);
    for (const NodeResolution *n : softmax)
        QCOMPARE(n->policy, entry->policy);
    // The details pane shows it too.
    QVERIFY(widget()->selectNodeByName(QString::fromUtf8(softmax.front()->node->name)));
    QVERIFY2(widget()->detailsText().contains(QLatin1String("F3")),
             qPrintable(widget()->detailsText()));
}

void TestFrontEnds::explicitModeWhereTheMixlistReaches()
{
    choose("tf2");
    pickMode(QStringLiteral("allow_mix_precision"));
    QCOMPARE(state()->mode(), PrecisionMode::AllowMixPrecisionFp16);
    QVERIFY(notice()->isVisible());
    QVERIFY2(!notice()->text().contains(QLatin1String("Does nothing")),
             qPrintable(notice()->text()));
    for (const NodeResolution *n : nodesOf("SoftmaxV2"))
        QCOMPARE(n->policy, Policy::Black); // the mixlist reaches the compiler here
}

void TestFrontEnds::cubeMathOnTorchNpu()
{
    choose("torch-npu");
    QCOMPARE(state()->mode(), PrecisionMode::MustKeepOriginDtype); // ascend910b
    QVERIFY(notice()->text().contains(QLatin1String("runs aclnn kernels without GE")));
    const auto matmuls = nodesOf("MatMulV2");
    QVERIFY(!matmuls.empty());
    for (const NodeResolution *n : matmuls)
        QVERIFY2(n->explanation.find("cube math type KEEP_DTYPE") != std::string::npos,
                 n->explanation.c_str());
    for (const NodeResolution *n : nodesOf("SoftmaxV2")) {
        QVERIFY(!n->decided); // no FE on this path
        QVERIFY(n->explanation.find("(F1)") != std::string::npos);
    }
    QVERIFY(state()->result()->resolution.casts.empty());
}

void TestFrontEnds::snippetFollowsTheFrontEnd()
{
    m_window->showView(MainWindow::View::Mixlist);
    QPlainTextEdit *snippet = m_window->mixlistEditor()->snippetText();
    QVERIFY(snippet->toPlainText().startsWith(QLatin1String("atc "))); // Any: ATC's form
    choose("torchair");
    QVERIFY2(snippet->toPlainText().contains(QLatin1String("torchair.dynamo_export")),
             qPrintable(snippet->toPlainText()));
    QVERIFY(snippet->toPlainText().contains(QLatin1String("--precision_mode=allow_mix_precision")));
    auto *mode = m_window->findChild<QComboBox *>(QStringLiteral("snippetPrecisionMode"));
    mode->setCurrentIndex(mode->findData(QString())); // default for this front end
    QVERIFY(snippet->toPlainText().contains(QLatin1String("depends on the SoC (F2)")));
    choose("torch-npu");
    QVERIFY(snippet->toPlainText().contains(
        QLatin1String("# warning: the modify_mixlist does nothing on PyTorch torch_npu")));
    QVERIFY(snippet->toPlainText().contains(QLatin1String("torch.npu.conv.allow_hf32 = True")));
}

void TestFrontEnds::anyRestoresThePlainPreview()
{
    choose("torchair");
    choose("none");
    QVERIFY(!notice()->isVisible());
    auto *mode = m_window->findChild<QComboBox *>(QStringLiteral("modeCombo"));
    QVERIFY(mode->findData(QString()) < 0); // no default without a front end
    QVERIFY(!state()->modeName().isEmpty());
    for (const NodeResolution &n : state()->result()->resolution.nodes)
        QVERIFY(n.explanation.find("(F3)") == std::string::npos);
}

void TestFrontEnds::choiceIsRemembered()
{
    QSettings().clear();
    choose("mindspore-o2");
    m_window->setPersistSettings(true);
    m_window->close();
    QSettings().sync();
    QCOMPARE(QSettings().value(QStringLiteral("frontEnd")).toString(),
             QStringLiteral("mindspore-o2"));
    MainWindow second;
    second.setPersistSettings(false);
    QVERIFY(!second.workspace()->frontEndChoice()->frontEnd());
    second.restoreSettings();
    QCOMPARE(second.workspace()->frontEndChoice()->id(), QStringLiteral("mindspore-o2"));
    QSettings().clear();
}

void TestFrontEnds::onnxNameGetsARenameFixIt()
{
    m_window->showView(MainWindow::View::Mixlist);
    MixlistEditor *editor = m_window->mixlistEditor();
    editor->setAddTarget(MixlistList::White, MixlistAction::Add);
    editor->addEdit()->setText(QStringLiteral("Gemm"));
    QVERIFY(editor->addFromEdit());
    LintModel *lint = editor->lintModel();
    int row = -1;
    for (int r = 0; r < lint->rowCount(); ++r)
        if (lint->index(r, 0).data(LintModel::FixLabelRole).toString()
            == QLatin1String("Rename to 'MatMulV2'"))
            row = r;
    QVERIFY2(row >= 0, "an F4 fix renaming the ONNX name Gemm to MatMulV2 is offered");
    QVERIFY(lint->index(row, 0).data().toString().contains(QLatin1String("ONNX")));
    QVERIFY(editor->applyFix(row));
    const Mixlist &m = m_window->workspace()->mixlistDocument()->mixlist();
    bool renamed = false, stillThere = false;
    for (const MixlistEntry &e : m.entries(MixlistList::White, MixlistAction::Add)) {
        renamed = renamed || e.opType == "MatMulV2";
        stillThere = stillThere || e.opType == "Gemm";
    }
    QVERIFY(renamed && !stillThere);
}

QTEST_MAIN(TestFrontEnds)
#include "tst_frontends.moc"
