// Soc folders (L1/L2), stores and opp roots (L3, L5), the INI source form, fe.ini's cube list, and
// the two-thread read of big files giving exactly the serial result.
#include "library/feini.h"
#include "library/libraryfilereader.h"
#include "library/libraryfolders.h"
#include "library/libraryloader.h"
#include "shareddata.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace opsinfo;

namespace {

std::string fileNameOf(const OpLibrary &library, const OpEntry &entry)
{
    return QFileInfo(QString::fromStdString(library.files().at(std::size_t(entry.fileIndex)).path))
        .fileName()
        .toStdString();
}

std::string storeOf(const OpLibrary &library, const OpEntry &entry)
{
    return library.stores()
        .at(std::size_t(library.files().at(std::size_t(entry.fileIndex)).storeIndex))
        .name;
}

bool sameEntries(const std::vector<OpEntry> &a, const std::vector<OpEntry> &b, std::string &why)
{
    if (a.size() != b.size()) {
        why = "entry count";
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        const OpEntry &x = a[i], &y = b[i];
        const bool same = x.type == y.type && x.policy == y.policy && x.flag == y.flag
            && x.location.line == y.location.line && x.location.column == y.location.column
            && x.keyBegin == y.keyBegin && x.valueBegin == y.valueBegin && x.valueEnd == y.valueEnd
            && x.flagBegin == y.flagBegin && x.precisionReduceEnd == y.precisionReduceEnd
            && x.items.size() == y.items.size() && x.inputs.size() == y.inputs.size()
            && x.columnCount() == y.columnCount();
        if (!same) {
            why = x.type + " vs " + y.type;
            return false;
        }
        for (std::size_t k = 0; k < x.items.size(); ++k) {
            if (x.items[k].name != y.items[k].name
                || !std::ranges::equal(x.items[k].values, y.items[k].values)) {
                why = x.type + "." + std::string(x.items[k].name);
                return false;
            }
        }
    }
    return true;
}

} // namespace

class TestLibraryLoadStores : public QObject
{
    Q_OBJECT
private slots:
    void loadOrderOfFileNames()
    {
        QVERIFY(loadsBefore("aic-x-ops-info-legacy.json", "aic-x-ops-info.json")); // legacy first
        QVERIFY(loadsBefore("aic-x-ops-info-nn.json", "aic-x-ops-info-math.json")); // shorter first
        QVERIFY(loadsBefore("aic-x-ops-info-cv.json", "aic-x-ops-info-nn.json")); // then by name
        QVERIFY(!loadsBefore("b.json", "a.json"));
    }

    void socFolderL1L2()
    {
        const std::string folder = testData("library/socfolder").toStdString();
        std::vector<std::string> names;
        for (const std::string &path : socFolderFiles(folder))
            names.push_back(QFileInfo(QString::fromStdString(path)).fileName().toStdString());
        // L1: no dotfile, no .txt/.bak, no sub-folder; L2: legacy first, then length, then name
        QCOMPARE(names,
                 (std::vector<std::string> {"zz-legacy.json", "a.json", "ab.json", "bb.json"}));

        const LibraryLoadResult r = loadSocFolder(folder);
        QVERIFY(r.ok());
        QCOMPARE(int(r.library.ops().size()), 4); // Add, Gelu, Mul, Relu
        QVERIFY(!r.library.find("Hidden"));
        QVERIFY(!r.library.find("Sub"));
        const OpEntry *relu = r.library.find("Relu");
        QCOMPARE(relu->opFile,
                 std::string("bb")); // the last file in load order replaces the whole entry
        QCOMPARE(relu->policy, Policy::Black);
        QCOMPARE(fileNameOf(r.library, *relu), std::string("bb.json"));
        const auto shadowed = r.library.shadowed("Relu");
        QCOMPARE(int(shadowed.size()), 3);
        QCOMPARE(shadowed[0]->opFile, std::string("ab")); // most recently shadowed first
        QCOMPARE(shadowed[2]->opFile, std::string("legacy"));
        QCOMPARE(r.library.find("Add")->opFile, std::string("ab"));
        QCOMPARE(r.library.find("Gelu")->policy, Policy::Gray);
        QVERIFY(r.library.find("Gelu")->hasPrecisionReduce);
    }

    void splitFolderLegacyLoses()
    {
        REQUIRE_SHARED_DATA();
        const QString folder
            = sharedData("opsinfo/hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config/ascend910b");
        const LibraryLoadResult r = loadSocFolder(folder.toStdString());
        QVERIFY(r.ok());
        QCOMPARE(int(r.library.files().size()), 5);
        QVERIFY(QString::fromStdString(r.library.files().front().path).endsWith("-legacy.json"));
        std::size_t total = 0;
        for (const LibraryFile &f : r.library.files())
            total += f.opCount;
        QCOMPARE(int(total), 867 + 26 + 37 + 185 + 95); // README per-file counts
        QCOMPARE(int(r.library.allShadowed().size()),
                 14); // README: 14 types in both -legacy and a package
        QCOMPARE(int(r.library.ops().size()), int(total) - 14);
        for (const OpEntry &lost : r.library.allShadowed()) {
            QVERIFY(fileNameOf(r.library, lost).find("legacy") != std::string::npos);
            const OpEntry *winner = r.library.find(lost.type);
            QVERIFY(winner);
            QVERIFY(fileNameOf(r.library, *winner).find("legacy") == std::string::npos);
        }
    }

    void oppRootStores()
    {
        const std::string opp = testData("library/opp").toStdString();
        const LibraryLoadResult r = loadOppRoot(opp, "ascend910b");
        QVERIFY(r.ok());
        std::vector<std::string> stores;
        for (const LibraryStore &s : r.library.stores())
            stores.push_back(s.name);
        // L3: vendors in load_priority order (vendor_c is not listed), then built-in
        QCOMPARE(stores, (std::vector<std::string> {"vendor_b", "vendor_a", "built-in"}));
        QCOMPARE(r.library.stores()[0].kind, LibraryStore::Kind::Vendor);
        QCOMPARE(r.library.stores()[2].kind, LibraryStore::Kind::BuiltIn);
        QCOMPARE(storeOf(r.library, *r.library.find("Relu")), std::string("vendor_b"));
        QCOMPARE(r.library.find("Relu")->policy,
                 Policy::Gray); // the first store's precision_reduce is used
        QCOMPARE(storeOf(r.library, *r.library.find("Add")), std::string("vendor_a"));
        QCOMPARE(r.library.find("Add")->policy, Policy::White);
        QCOMPARE(storeOf(r.library, *r.library.find("Conv2D")), std::string("built-in"));
        QCOMPARE(int(r.library.shadowed("Add").size()), 1);

        const LibraryLoadResult custom
            = loadOppRoot(opp, "Ascend910B2", {testData("library/customopp").toStdString()});
        QVERIFY(custom.ok());
        QCOMPARE(custom.library.stores().front().kind, LibraryStore::Kind::Custom);
        QCOMPARE(custom.library.find("Conv2D")->opFile, std::string("custom"));
        QCOMPARE(custom.library.find("Conv2D")->policy, Policy::Black);

        const LibraryLoadResult p310 = loadOppRoot(opp, "Ascend310P3");
        QVERIFY(p310.ok());
        QCOMPARE(p310.library.find("Relu")->opFile, std::string("vendor_b310p"));
        QCOMPARE(p310.library.find("Add")->opFile, std::string("builtin310p"));
        QVERIFY(
            std::any_of(p310.diagnostics.begin(), p310.diagnostics.end(), [](const Diagnostic &d) {
                return d.severity == Severity::Note
                    && d.message.find("vendor_a") != std::string::npos;
            }));

        const LibraryLoadResult ambiguous = loadOppRoot(opp);
        QVERIFY(!ambiguous.ok()); // two soc folders and none named
        QVERIFY(ambiguous.diagnostics.front().message.find("ascend310p, ascend910b")
                != std::string::npos);
        const LibraryLoadResult unknown = loadOppRoot(opp, "Ascend999");
        QVERIFY(!unknown.ok());
    }

    void loadLibraryPathForms()
    {
        REQUIRE_SHARED_DATA();
        const QString cann = sharedData("opsinfo/cann-8.1.RC1");
        const QString socFolder = cann + "/op_impl/ai_core/tbe/config/ascend910b";
        for (const auto &[path, soc] : std::vector<std::pair<QString, std::string>> {
                 {socFolder + "/aic-ascend910b-ops-info.json", ""}, // a file
                 {socFolder, ""}, // a soc folder
                 {cann, "Ascend910B1"}, // a store root (op_impl/ai_core/tbe/config)
                 {cann + "/op_impl/ai_core/tbe/config", "ascend910b"}}) { // a config folder
            const LibraryLoadResult r = loadLibraryPath(path.toStdString(), soc);
            QVERIFY2(r.ok(), qPrintable(path));
            QCOMPARE(int(r.library.ops().size()), 1094);
        }
        const LibraryLoadResult opp
            = loadLibraryPath(testData("library/opp").toStdString(), "ascend910b");
        QCOMPARE(int(opp.library.stores().size()), 3);
        const LibraryLoadResult noSoc = loadLibraryPath(cann.toStdString());
        QVERIFY(!noSoc.ok()); // 17 soc folders: which one?
        QVERIFY(!loadLibraryPath(testData("library/nowhere").toStdString()).ok());
    }

    void oneBrokenFileFailsTheLoad()
    {
        const LibraryLoadResult r = loadStores(
            {{testData("library/socfolder").toStdString(), LibraryStore::Kind::Custom, {}},
             {testData("library/truncated.json").toStdString(), LibraryStore::Kind::BuiltIn, {}}});
        QVERIFY(!r.ok());
        QCOMPARE(r.diagnostics.front().location.file,
                 testData("library/truncated.json").toStdString());
        QCOMPARE(int(r.library.ops().size()),
                 4); // only the readable store: never a prefix of the broken file
    }

    void iniSamples_data()
    {
        REQUIRE_SHARED_DATA();
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("policy");
        QTest::addColumn<bool>("dynamicFormat");
        QTest::addColumn<int>("inputs");
        QTest::addColumn<int>("outputs");
        QTest::newRow("conv2d") << "Tensorflow__ascend310__conv2d.ini"
                                << "Conv2D" << int(Policy::Gray) << true << 4 << 1;
        QTest::newRow("fill_v2d") << "Onnx__ascend310__fill_v2d.ini"
                                  << "FillV2D" << int(Policy::Gray) << false << 0 << 1;
        QTest::newRow("reduce_std") << "PyTorch__ascend910__reduce_std.ini"
                                    << "ReduceStd" << int(Policy::Black) << false << 1 << 2;
        QTest::newRow("smooth_l1_loss") << "PyTorch__ascend910__smooth_l1_loss.ini"
                                        << "SmoothL1Loss" << int(Policy::Black) << false << 2 << 1;
        QTest::newRow("sigmoid ce grad")
            << "PyTorch__ascend910__sigmoid_cross_entropy_with_logits_grad_v2.ini"
            << "SigmoidCrossEntropyWithLogitsGradV2" << int(Policy::Black) << false << 5 << 1;
    }
    void iniSamples()
    {
        QFETCH(QString, file);
        QFETCH(QString, type);
        QFETCH(int, policy);
        QFETCH(bool, dynamicFormat);
        QFETCH(int, inputs);
        QFETCH(int, outputs);
        const LibraryLoadResult r
            = loadLibraryFile(sharedData("opsinfo/ini-samples/" + file).toStdString());
        for (const Diagnostic &d : r.diagnostics)
            qWarning("%s", formatDiagnostic(d).c_str());
        QVERIFY(r.ok());
        QCOMPARE(int(r.library.ops().size()), 1);
        const OpEntry &e = r.library.ops().front();
        QCOMPARE(QString::fromStdString(e.type), type);
        QCOMPARE(int(e.policy), policy);
        QCOMPARE(e.dynamicFormat, dynamicFormat);
        QCOMPARE(int(e.inputs.size()), inputs);
        QCOMPARE(int(e.outputs.size()), outputs);
        QCOMPARE(e.location.line, 1);
    }

    void iniSourceForm()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/custom_ops.ini").toStdString());
        QVERIFY(r.ok());
        QCOMPARE(int(r.diagnostics.size()), 1); // the repeated [AddCustom]
        QCOMPARE(r.diagnostics.front().location.line, 27);
        const OpEntry *add = r.library.find("AddCustom");
        QCOMPARE(add->policy, Policy::Black); // the repeated section replaced the first one whole
        QVERIFY(!add->value("opFile", "value"));
        QCOMPARE(add->inputs.front().dtypes,
                 (std::vector<DType> {DType::Float16, DType::BFloat16}));
        QCOMPARE(add->inputs.front().paramType, std::string("dynamic"));
        const OpEntry *relu = r.library.find("ReluCustom");
        QCOMPARE(relu->formatsOf(relu->outputs.front()), std::vector<std::string> {"ND"});
    }

    void iniValidation()
    {
        const LibraryLoadResult r
            = loadLibraryFile(testData("library/bad_custom.ini").toStdString());
        QVERIFY(!r.ok());
        std::vector<std::pair<std::string, int>> found;
        for (const Diagnostic &d : r.diagnostics)
            found.emplace_back(d.code, d.location.line);
        const std::vector<std::pair<std::string, int>> expected {
            {"ini-param-type", 2},  {"L6", 5},
            {"ini-missing-key", 6}, {"ini-flag", 10},
            {"ini-flag", 11},       {"ini-syntax", 12},
            {"ini-syntax", 13},     {"ini-repeated-key", 14},
            {"ini-syntax", 15},     {"ini-syntax", 16}};
        QCOMPARE(found, expected);
        QCOMPARE(r.library.find("BadCustom")->policy, Policy::White); // "True" still reads as white
        const LibraryLoadResult before
            = loadLibraryFile(testData("library/before_section.ini").toStdString());
        QCOMPARE(before.diagnostics.front().location.line, 1);
        QVERIFY(before.library.find("Later"));
    }

    void feIniCubeList()
    {
        REQUIRE_SHARED_DATA();
        std::vector<Diagnostic> diagnostics;
        const CubeOpList cube = loadCubeOpsFromFeIni(
            sharedData("opsinfo/cann-8.1.RC1/fe_config/fe.ini").toStdString(), diagnostics);
        QVERIFY(diagnostics.empty());
        QCOMPARE(int(cube.types().size()), 27);
        QVERIFY(cube.contains("MatMulV2"));
        QVERIFY(cube.contains("Deconvolution"));
        QVERIFY(!cube.contains("Add"));
        QCOMPARE(cube.types(), CubeOpList::defaults().types());
        const CubeOpList stub = loadCubeOpsFromFeIni(
            sharedData("opsinfo/hicann-ge-910b-split-stub/fe_config/fe.ini").toStdString(),
            diagnostics);
        QVERIFY(stub.contains("Conv2D"));

        const CubeOpList custom
            = cubeOpsFromFeIniText("# c\nfp16.op_type = MatMul , MyCube\n", "fe.ini", diagnostics);
        QCOMPARE(custom.types(), (std::set<std::string, std::less<>> {"MatMul", "MyCube"}));
        diagnostics.clear();
        const CubeOpList none = cubeOpsFromFeIniText("[x]\na=b\n", "fe.ini", diagnostics);
        QCOMPARE(none.types(), CubeOpList::defaults().types());
        QCOMPARE(int(diagnostics.size()), 1);
        QCOMPARE(diagnostics.front().severity, Severity::Warning);
    }

    void twoThreadReadEqualsSerial()
    {
        REQUIRE_SHARED_DATA();
        for (
            const char *file :
            {"cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info.json",
             "hicann-ge-910b-split-stub/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info-nn.json",
             "modelzoo-tf-user-copies/CharCNN__aic-ascend910-ops-info.json"}) {
            const std::string path = sharedData(QString("opsinfo/") + file).toStdString();
            setParallelReadThreshold(std::size_t(-1));
            const ParsedLibraryFile serial = readJsonLibraryFile(path);
            // two pieces, then many small ones (the two threads take turns)
            for (std::size_t piece : {std::size_t(4) << 20, std::size_t(64) << 10}) {
                setParallelReadThreshold(0);
                setParallelReadPieceBytes(piece);
                const std::size_t before = parallelReadCount();
                const ParsedLibraryFile parallel = readJsonLibraryFile(path);
                setParallelReadThreshold(8u << 20);
                setParallelReadPieceBytes(1u << 20);
                QCOMPARE(parallelReadCount(), before + 1); // really read in pieces
                QVERIFY(serial.readable && parallel.readable);
                QCOMPARE(serial.diagnostics.size(), parallel.diagnostics.size());
                std::string why;
                QVERIFY2(sameEntries(serial.entries, parallel.entries, why), why.c_str());
                // the pieces hand on each type's hash (these files ascend), so the library is
                // indexed from them: every op must still be found by its type
                QCOMPARE(parallel.ascendingTypeHashes.size(), parallel.entries.size());
                for (std::size_t i = 0; i < parallel.entries.size(); ++i)
                    QCOMPARE(parallel.ascendingTypeHashes[i], opTypeHash(parallel.entries[i].type));
                const OpLibrary lib = OpLibrary::buildSorted({}, {}, parallel.entries,
                                                             parallel.ascendingTypeHashes);
                QCOMPARE(lib.ops().size(), parallel.entries.size());
                for (const OpEntry &entry : parallel.entries)
                    QVERIFY(lib.find(entry.type) && lib.find(entry.type)->type == entry.type);
                QVERIFY(!lib.find("NoSuchOpType"));
            }
        }
        // a broken big file falls back to the serial read and its exact diagnostics
        setParallelReadThreshold(0);
        const std::size_t before = parallelReadCount();
        const ParsedLibraryFile broken
            = readJsonLibraryFile(testData("library/truncated.json").toStdString());
        setParallelReadThreshold(8u << 20);
        QCOMPARE(parallelReadCount(), before);
        QVERIFY(!broken.readable);
        QCOMPARE(broken.diagnostics.front().location.line, 9);
    }

    // A big canonical file whose pieces read cleanly one by one but not together (an op defined in
    // two pieces): the parallel read lets each piece's pages of the mapping go, then falls back to
    // the serial read of the same mapping, which must see the file's bytes, not the patches or
    // zeros.
    void piecesThatDisagreeFallBackToTheFile()
    {
        QTemporaryDir dir;
        QByteArray json = "{\n";
        for (int i = 0; i < 4000; ++i)
            json += QByteArray("    \"Op") + QByteArray::number(10000 + i)
                + "\": {\n        \"opFile\": {\n            \"value\": \"op_file\"\n        }\n    },\n";
        json
            += "    \"Op10007\": {\n        \"opFile\": {\n            \"value\": \"again\"\n        }\n    }\n}";
        const QString path = dir.filePath("big.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(json) == json.size());
        f.close();
        const ParsedLibraryFile serial
            = readJsonLibraryText({json.constData(), std::size_t(json.size())}, path.toStdString());
        setParallelReadThreshold(0);
        setParallelReadPieceBytes(16u << 10);
        const std::size_t before = parallelReadCount();
        const ParsedLibraryFile read = readJsonLibraryFile(path.toStdString());
        setParallelReadThreshold(8u << 20);
        setParallelReadPieceBytes(1u << 20);
        QCOMPARE(parallelReadCount(), before); // fell back
        QVERIFY(read.readable);
        QCOMPARE(read.entries.size(), std::size_t(4000));
        QCOMPARE(read.diagnostics.size(), serial.diagnostics.size());
        QCOMPARE(read.diagnostics.front().code, std::string("duplicate-key"));
        std::string why;
        QVERIFY2(sameEntries(serial.entries, read.entries, why), why.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLibraryLoadStores)
#include "tst_libraryloadstores.moc"
