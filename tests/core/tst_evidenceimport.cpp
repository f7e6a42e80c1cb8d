// Evidence import: every real file in ../shared/data/evidence (row counts, formats, joins), our
// fixtures for the formats without a public sample, the CSV reader, API names, and bad input.
#include "common/inputfile.h"
#include "evidence/csvreader.h"
#include "evidence/evidencejoin.h"
#include "evidence/evidenceloader.h"
#include "evidence/evidencesummary.h"
#include "graph/apimap.h"
#include "graph/apiname.h"
#include "graph/graphloader.h"
#include "library/libraryloader.h"

#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace opsinfo;

namespace {

const QString kLibrary
    = QStringLiteral("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend910b");

const OpLibrary &sharedLibrary()
{
    static const LibraryLoadResult loaded = loadSocFolder(sharedData(kLibrary).toStdString());
    return loaded.library;
}

const Graph &resnet50Source()
{
    static const GraphLoadResult loaded = loadGraph(
        sharedData("graphs/ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt")
            .toStdString());
    return *loaded.graph;
}

EvidenceFile load(const QString &path)
{
    return loadEvidenceFile(path.toStdString());
}

QByteArray allDiagnostics(const EvidenceFile &file)
{
    QByteArray text;
    for (const Diagnostic &d : file.diagnostics)
        text += QByteArray::fromStdString(formatDiagnostic(d)) + '\n';
    return text;
}

const EvidenceRow *rowNamed(const EvidenceFile &file, const std::string &name,
                            std::size_t *index = nullptr)
{
    for (std::size_t i = 0; i < file.rows.size(); ++i)
        if (file.rows[i].name == name) {
            if (index)
                *index = i;
            return &file.rows[i];
        }
    return nullptr;
}

} // namespace

class TestEvidenceImport : public QObject
{
    Q_OBJECT

private slots:
    void realFiles_data();
    void realFiles();
    void realJoins_data();
    void realJoins();
    void realFlags();
    void realDtypesAndTimes();
    void byTypeSummary();
    void msaccucmpFixture();
    void compareCurrentLayout();
    void opSummaryNameJoin();
    void dumpJsonFixture();
    void csvReader_data();
    void csvReader();
    void apiNames_data();
    void apiNames();
    void apiMapOverride();
    void badInput_data();
    void badInput();
    void sizeCap();
    void readersOpenThenCheck_data();
    void readersOpenThenCheck();
};

void TestEvidenceImport::realFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("rows");
    QTest::addColumn<bool>("dtypes");
    QTest::addColumn<int>("matched"); // op types known to the ascend910b library (no graph)
    QTest::addColumn<int>("unmatched");

    // Row counts as PROVENANCE.md states them; companion files import nothing and say what they
    // are.
    auto row = [](const char *path, const char *format, int rows, bool dtypes, int matched,
                  int unmatched) {
        QTest::newRow(path) << QString::fromLatin1(path) << QString::fromLatin1(format) << rows
                            << dtypes << matched << unmatched;
    };
    row("profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv",
        "kernel_details", 2463, true, 2448, 15);
    row("profiler_kernel_details/msinsight__pt_text_level1_rank0__kernel_details.csv",
        "kernel_details", 191, true, 185, 6);
    row("profiler_kernel_details/msinsight__pt_text_level0_rank0__kernel_details.csv",
        "kernel_details", 191, false, 0, 191);
    row("profiler_kernel_details/msinsight__server_test_rank_0__kernel_details.csv",
        "kernel_details", 21, true, 13, 8);
    row("profiler_kernel_details/msinsight__server_test_rank_1__kernel_details.csv",
        "kernel_details", 22, true, 20, 2);
    row("profiler_kernel_details/msprof-analyze__advisor_backend_compute_advice__kernel_details.csv",
        "kernel_details", 591, true, 565, 26);
    row("profiler_kernel_details/msprof-analyze__compute_advice_data__kernel_details.csv",
        "kernel_details", 29, true, 29, 0);
    row("profiler_kernel_details/msprof-analyze__resource__test.csv", "kernel_details", 8, false, 0,
        8);
    row("profiler_op_summary/op_summary_1.csv", "op_summary", 21, true, 13, 8);
    row("profiler_op_statistic/msinsight__st_qwen3-0.6b_level2_rank0__op_statistic.csv",
        "op_statistic", 35, false, 35, 0);
    row("profiler_op_statistic/msinsight__pt_text_level1_rank0__op_statistic.csv", "op_statistic",
        33, false, 32, 1);
    row("msprobe_compare_result/compare_result_20230703104808.csv", "msprobe-compare-legacy", 8,
        true, 8, 0);
    row("msprobe_compare_result/compare_result_without_accuracy.csv", "msprobe-compare-legacy", 8,
        true, 0, 8);
    row("msprobe_dump_json/msprobe__quick_start_resnet50_gpu_step0__dump.json", "msprobe-dump", 760,
        true, 605, 155);
    row("msprobe_dump_json/msprobe__ut_compare_mindspore_data__dump.json", "msprobe-dump", 13, true,
        9, 4);
    row("msprobe_dump_json/msprobe__ut_compare_pytorch_data__dump.json", "msprobe-dump", 12, true,
        9, 3);
    row("msprobe_dump_json/msinsight__smoke_ms_bf16_md5_L0__dump.json", "msprobe-dump", 238, true,
        166, 72);
    row("msprobe_dump_json/msinsight__smoke_pt_md5_L0__dump.json", "msprobe-dump", 135, true, 96,
        39);
    row("msprobe_dump_json/msinsight__smoke_pangu38B__dump.json", "msprobe-dump", 1241, true, 1231,
        10);
    row("msprobe_overflow/msinsight__smoke_vit_overflow_rank0__dump.json", "msprobe-dump", 3323,
        true, 2922, 401);
    row("mindspore_dump_statistic/msinsight__mnist_dump_data0_graph0_iter1__statistic.csv",
        "mindspore-statistic", 247, true, 242, 5);
    row("mindspore_dump_statistic/msinsight__mnist_dump_data1_graph0_iter1__statistic.csv",
        "mindspore-statistic", 247, true, 242, 5);
    row("msprobe_acc_check/accuracy_checking_details_20251103204319.csv", "acc-check-details", 46,
        true, 46, 0);
    row("msprobe_acc_check/accuracy_checking_result_20251103204319.csv", "acc-check-result", 20,
        false, 20, 0);
    row("msprobe_acc_check/msinsight__pangu38B__accuracy_checking_details_20241016152330.csv",
        "acc-check-details", 829, true, 829, 0);
    row("msprobe_acc_check/msinsight__pangu38B__accuracy_checking_result_20241016152330.csv",
        "acc-check-result", 736, false, 736, 0);
    row("msprobe_acc_check/msinsight__continue_checker__accuracy_checking_details_20241016152330.csv",
        "acc-check-details", 493, true, 492, 1);
    row("mindspore_profiler_legacy/mindinsight__run_1__framework_raw_1.csv",
        "mindspore-framework-raw", 81, true, 64, 17);
    row("mindspore_profiler_legacy/mindinsight__run_2__framework_raw_1.csv",
        "mindspore-framework-raw", 105, true, 105, 0);
    row("mindspore_profiler_legacy/mindinsight__run_2__aicore_intermediate_1_detail.csv",
        "mindspore-aicore-detail", 105, false, 105, 0);
    row("mindspore_profiler_legacy/mindinsight__run_2__aicpu_intermediate_1.csv", "mindspore-aicpu",
        5, false, 0, 5);
    row("msprobe_dump_json/msprobe__quick_start_resnet50_gpu_step0__construct.json",
        "msprobe-construct", 0, false, 0, 0);
    row("msprobe_overflow/msinsight__smoke_vit_overflow_rank0__construct.json", "msprobe-construct",
        0, false, 0, 0);
    row("msprobe_overflow/Opdebug.Node_OpDebug.0.10.1726389951749829.output.0.json",
        "opdebug-overflow", 0, false, 0, 0);
    row("profiler_run_info/msinsight__st_qwen3-0.6b_level2_rank0__profiler_info_0.json",
        "profiler-info", 0, false, 0, 0);
    row("profiler_run_info/msinsight__pt_text_level1_rank0__profiler_info_0.json", "profiler-info",
        0, false, 0, 0);
    row("profiler_run_info/msinsight__st_qwen3-0.6b_level2_rank0__profiler_metadata.json",
        "profiler-info", 0, false, 0, 0);
    row("ge_dump_unpaired/ge_proto_00000000_graph_0_Build.txt", "graph", 0, false, 0, 0);
    row("mindspore_dump_statistic/ms_output_trace_code_graph_0.ir", "mindspore-ir", 0, false, 0, 0);
    row("mindspore_dump_statistic/ms_execution_order_graph_0.csv", "mindspore-execution-order", 0,
        false, 0, 0);
}

void TestEvidenceImport::realFiles()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    QFETCH(QString, format);
    QFETCH(int, rows);
    QFETCH(bool, dtypes);
    QFETCH(int, matched);
    QFETCH(int, unmatched);
    const EvidenceFile file = load(sharedData("evidence/" + path));
    QVERIFY2(file.ok(), allDiagnostics(file).constData());
    QCOMPARE(QString::fromLatin1(evidenceFormatName(file.format)), format);
    QCOMPARE(int(file.rows.size()), rows);
    QCOMPARE(file.hasDtypeColumns, dtypes);
    QCOMPARE(isCompanionFormat(file.format), rows == 0);
    if (isCompanionFormat(file.format))
        QVERIFY(!file.companionNote.empty());
    const FileJoin join = joinEvidence(file, {nullptr, &sharedLibrary(), nullptr});
    QCOMPARE(int(join.rows.size()), rows);
    QCOMPARE(int(join.matched()), matched);
    QCOMPARE(int(join.unmatched), unmatched);
    for (const RowJoin &r : join.rows)
        QVERIFY2(!r.why.empty(), "every row says how it joined or why not");
}

void TestEvidenceImport::realJoins_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("irType"); // "" for a row that must not join
    QTest::addColumn<QString>("miss");

    QTest::newRow("kernel aclnn Cast")
        << "profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv"
        << "aclnnCast_CastAiCore_Cast"
        << "Cast"
        << "";
    QTest::newRow("kernel communication")
        << "profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv"
        << "hcom_batchSendRecv__128_3_1"
        << ""
        << "not-an-op";
    QTest::newRow("level0 no type")
        << "profiler_kernel_details/msinsight__pt_text_level0_rank0__kernel_details.csv"
        << "trans_TransData_0"
        << ""
        << "no-type";
    QTest::newRow("backward linear")
        << "msprobe_overflow/msinsight__smoke_vit_overflow_rank0__dump.json"
        << "Functional.linear.186.backward"
        << "MatMulV2"
        << "";
    QTest::newRow("all_reduce") << "msprobe_overflow/msinsight__smoke_vit_overflow_rank0__dump.json"
                                << "Distributed.all_reduce.19.forward"
                                << ""
                                << "not-an-op";
    QTest::newRow("module Conv2d")
        << "msprobe_dump_json/msprobe__quick_start_resnet50_gpu_step0__dump.json"
        << "Module.conv1.Conv2d.forward.0"
        << "Conv2D"
        << "";
    QTest::newRow("module container")
        << "msprobe_dump_json/msprobe__quick_start_resnet50_gpu_step0__dump.json"
        << "Module.layer1.0.Bottleneck.forward.0"
        << ""
        << "module-level";
    QTest::newRow("primitive class")
        << "msprobe_dump_json/msprobe__ut_compare_mindspore_data__dump.json"
        << "Primitive.norm.RmsNorm.0.forward"
        << "RmsNorm"
        << "";
    QTest::newRow("mint mul") << "msprobe_dump_json/msinsight__smoke_pangu38B__dump.json"
                              << "Mint.mul.0.forward"
                              << "Mul"
                              << "";
    QTest::newRow("MindSpore GeLU")
        << "mindspore_dump_statistic/msinsight__mnist_dump_data0_graph0_iter1__statistic.csv"
        << "Default_GeLU-op0"
        << "Gelu"
        << "";
    QTest::newRow("acc-check conv2d")
        << "msprobe_acc_check/accuracy_checking_details_20251103204319.csv"
        << "Functional.conv2d.1.forward.output.0"
        << "Conv2D"
        << "";
    QTest::newRow("legacy compare linear")
        << "msprobe_compare_result/compare_result_20230703104808.csv"
        << "Functional_linear_0_forward_input.0"
        << "MatMulV2"
        << "";
    QTest::newRow("runtime task")
        << "mindspore_profiler_legacy/mindinsight__run_1__framework_raw_1.csv"
        << "Default/StreamSwitch-op198"
        << ""
        << "not-an-op";
}

void TestEvidenceImport::realJoins()
{
    REQUIRE_SHARED_DATA();
    QFETCH(QString, path);
    QFETCH(QString, name);
    QFETCH(QString, irType);
    QFETCH(QString, miss);
    const EvidenceFile file = load(sharedData("evidence/" + path));
    std::size_t index = 0;
    QVERIFY2(rowNamed(file, name.toStdString(), &index), qPrintable(name));
    const FileJoin join = joinEvidence(file, {nullptr, &sharedLibrary(), nullptr});
    const RowJoin &r = join.rows[index];
    QCOMPARE(QString::fromStdString(r.irType.empty() || r.kind == JoinKind::None ? std::string()
                                                                                 : r.irType),
             irType);
    QCOMPARE(QString::fromLatin1(joinMissName(r.miss)), miss);
}

void TestEvidenceImport::realFlags()
{
    REQUIRE_SHARED_DATA();
    // The ViT fp16 run: 17 entries carry Infinity/NaN statistics (PROVENANCE).
    const EvidenceFile vit = load(
        sharedData("evidence/msprobe_overflow/msinsight__smoke_vit_overflow_rank0__dump.json"));
    int flagged = 0, nanInf = 0;
    for (const EvidenceRow &row : vit.rows) {
        flagged += !flagReason(row).empty();
        nanInf += row.nanInf;
    }
    QCOMPARE(nanInf, 17);
    QCOMPARE(flagged, 17);
    const EvidenceRow *div = rowNamed(vit, "Tensor.div_.2.forward");
    QVERIFY(div && div->nanInf);
    QCOMPARE(div->line, 52831); // the line of its key
    // A pre-check error row of PanGu-38B is flagged by the tool's verdict.
    const EvidenceFile pangu = load(sharedData(
        "evidence/msprobe_acc_check/msinsight__pangu38B__accuracy_checking_result_20241016152330.csv"));
    int errors = 0;
    for (const EvidenceRow &row : pangu.rows)
        errors += row.verdict == Verdict::Error;
    QCOMPARE(errors, 1);
}

void TestEvidenceImport::realDtypesAndTimes()
{
    REQUIRE_SHARED_DATA();
    const EvidenceFile qwen = load(sharedData(
        "evidence/profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv"));
    const EvidenceRow *gather = rowNamed(qwen, "aclnnEmbedding_GatherV2AiCore_GatherV2");
    QVERIFY(gather);
    QCOMPARE(gather->inputDtypes,
             (std::vector<DType> {DType::BFloat16, DType::Int64, DType::Int64}));
    QCOMPARE(gather->outputDtypes, std::vector<DType> {DType::BFloat16});
    QCOMPARE(gather->durationUs, 48.68);
    QCOMPARE(gather->core, CoreKind::AIVector);
    // The hand-trimmed row one field short: imported, its shifted dtype cells ignored, with a
    // warning.
    const EvidenceFile rank0 = load(sharedData(
        "evidence/profiler_kernel_details/msinsight__server_test_rank_0__kernel_details.csv"));
    QVERIFY(allDiagnostics(rank0).contains(":17:1: warning: row has 31 fields, the header 32"));
    QVERIFY(allDiagnostics(rank0).contains(":17:219: warning: 'FORMAT_ND;"));
    int aicpu = 0;
    for (const EvidenceRow &row : rank0.rows)
        aicpu += row.core == CoreKind::AICPU;
    QCOMPARE(aicpu, 2);
    // Multi-line quoted Message cells, BOM and Chinese headers.
    const EvidenceFile details = load(
        sharedData("evidence/msprobe_acc_check/accuracy_checking_details_20251103204319.csv"));
    const EvidenceRow *conv = rowNamed(details, "Functional.conv2d.1.forward.output.0");
    QVERIFY(conv && conv->cosine);
    QCOMPARE(*conv->cosine, 0.9999999999999);
    QCOMPARE(conv->outputDtypes, std::vector<DType> {DType::Float32});
    QCOMPARE(conv->line, 3);
    QCOMPARE(details.framework, EvidenceFramework::PyTorch);
    // MindSpore legacy op_info JSON in a quoted cell.
    const EvidenceFile raw = load(
        sharedData("evidence/mindspore_profiler_legacy/mindinsight__run_2__framework_raw_1.csv"));
    int cast = 0;
    for (const EvidenceRow &row : raw.rows)
        cast += row.opType == "Cast" && row.dtypesRecorded;
    QCOMPARE(cast, 28);
}

void TestEvidenceImport::byTypeSummary()
{
    REQUIRE_SHARED_DATA();
    const std::string qwen
        = sharedData(
              "evidence/profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv")
              .toStdString();
    const std::string stats
        = sharedData(
              "evidence/profiler_op_statistic/msinsight__st_qwen3-0.6b_level2_rank0__op_statistic.csv")
              .toStdString();
    for (const auto &paths : {std::vector<std::string> {qwen}, std::vector<std::string> {stats},
                              std::vector<std::string> {qwen, stats}}) {
        const auto files = loadEvidenceFiles(paths);
        std::vector<FileJoin> joins;
        for (const EvidenceFile &f : files)
            joins.push_back(joinEvidence(f, {}));
        const EvidenceSummary summary = summarizeEvidence(files, joins);
        // 287 Cast kernels, 2.6% of the time, whichever file gives them (and not twice with both).
        QCOMPARE(summary.castRuns, std::size_t(287));
        QVERIFY2(summary.castUs / summary.totalUs > 0.02 && summary.castUs / summary.totalUs < 0.03,
                 qPrintable(QString::number(summary.castUs / summary.totalUs)));
        QCOMPARE(summary.fromStatistics, paths.size() == 1 && paths[0] == stats);
        const OpTypeEvidence *fa = summary.find("FlashAttentionScoreGrad");
        QVERIFY(fa);
        QCOMPARE(fa->runs, std::size_t(28));
    }
    const auto files = loadEvidenceFiles(
        {sharedData(
             "evidence/profiler_kernel_details/msprof-analyze__advisor_backend_compute_advice__kernel_details.csv")
             .toStdString()});
    const EvidenceSummary summary = summarizeEvidence(files, {joinEvidence(files[0], {})});
    QCOMPARE(summary.aicpuRuns, std::size_t(7));
    QCOMPARE(summary.castRuns, std::size_t(75));
    const OpTypeEvidence *cast = summary.find("Cast");
    QVERIFY(cast && cast->executedDtypes.count(DType::Float16)
            && cast->executedDtypes.count(DType::Float32));
}

void TestEvidenceImport::msaccucmpFixture()
{
    const EvidenceFile file = load(testData("evidence/msaccucmp_result_resnet50.csv"));
    QVERIFY2(file.ok(), allDiagnostics(file).constData());
    QCOMPARE(file.format, EvidenceFormat::MsaccucmpResult);
    QCOMPARE(int(file.rows.size()), 10);
    const EvidenceRow *fused = rowNamed(file, "res2a_branch2a,res2a_branch2a_relu");
    QVERIFY(fused);
    QCOMPARE(fused->nodeNames,
             (std::vector<std::string> {"res2a_branch2a", "res2a_branch2a_relu"}));
    QCOMPARE(fused->outputDtypes, std::vector<DType> {DType::Float16});
    QCOMPARE(fused->benchDtype, DType::Float32);
    const EvidenceRow *res2a = rowNamed(file, "res2a");
    QVERIFY(res2a && res2a->overflow);
    QCOMPARE(flagReason(*res2a), std::string("overflow"));
    const EvidenceRow *branch = rowNamed(file, "res3a_branch1");
    QCOMPARE(flagReason(*branch), std::string("cosine 0.972101 under 0.99"));
    QCOMPARE(branch->verdict, Verdict::Error);
    QVERIFY(flagReason(*rowNamed(file, "conv1")).empty());
    QVERIFY(!rowNamed(file, "data_0_huawei_aipp")->nanInf);

    const EvidenceFile noIndex = load(testData("evidence/msaccucmp_result_no_index.csv"));
    QVERIFY(noIndex.ok());
    QCOMPARE(int(noIndex.rows.size()), 2);
    QCOMPARE(flagReason(noIndex.rows[1]), std::string("cosine 0.931 under 0.99"));

    REQUIRE_SHARED_DATA();
    const FileJoin join = joinEvidence(file, {&resnet50Source(), &sharedLibrary(), nullptr});
    QCOMPARE(join.byNode, std::size_t(8)); // every named node, the fused pair as two nodes
    QCOMPARE(join.rows[3].nodes.size(), std::size_t(2));
    QCOMPARE(join.byType, std::size_t(0));
    QCOMPARE(join.unmatched,
             std::size_t(2)); // the compiler's Cast and TransData are not source nodes
    QCOMPARE(join.misses.at(JoinMiss::TypeNotInGraph), std::size_t(2));
    QVERIFY(QString::fromStdString(join.rows[7].why)
                .contains("'trans_Cast_2' is no node of the graph; op type Cast has no node"));
}

void TestEvidenceImport::compareCurrentLayout()
{
    const EvidenceFile file = load(testData("evidence/compare_result_current.csv"));
    QVERIFY2(file.ok(), allDiagnostics(file).constData());
    QCOMPARE(file.format, EvidenceFormat::MsprobeCompare);
    QCOMPARE(file.framework, EvidenceFramework::PyTorch);
    QCOMPARE(int(file.rows.size()), 6);
    QCOMPARE(file.rows[0].inputDtypes, std::vector<DType> {DType::Float16});
    QCOMPARE(file.rows[0].api, std::string("Functional.conv2d"));
    QCOMPARE(file.rows[0].tensor, std::string("input.0"));
    QCOMPARE(flagReason(file.rows[2]), std::string("cosine 0.9812 under 0.99"));
    QCOMPARE(flagReason(file.rows[3]), std::string("NaN or Inf"));
    QCOMPARE(file.rows[4].verdict, Verdict::Warning);
    QVERIFY(flagReason(file.rows[4]).empty());
    QCOMPARE(flagReason(file.rows[2], FlagThresholds {0.98}),
             std::string("the compare tool's verdict is error"));
    const FileJoin join = joinEvidence(file, {});
    QCOMPARE(join.rows[3].irType, std::string("SoftmaxV2"));
    QCOMPARE(join.rows[2].irType, std::string("LayerNormV4"));
    QCOMPARE(join.rows[5].irType, std::string("BatchMatMulV2"));
}

void TestEvidenceImport::opSummaryNameJoin()
{
    REQUIRE_SHARED_DATA();
    const EvidenceFile file = load(testData("evidence/op_summary_resnet50_graph.csv"));
    QVERIFY2(file.ok(), allDiagnostics(file).constData());
    QCOMPARE(file.format, EvidenceFormat::OpSummary);
    QCOMPARE(int(file.rows.size()), 288);
    const FileJoin join = joinEvidence(file, {&resnet50Source(), &sharedLibrary(), nullptr});
    // Every FE node of the source graph is a kernel of the compiled one; the compiler's own Casts,
    // TransData and the Reshape it added are not source nodes.
    QCOMPARE(join.byNode, std::size_t(122));
    QCOMPARE(join.unmatched, std::size_t(166));
    QCOMPARE(join.misses.at(JoinMiss::TypeNotInGraph), std::size_t(166));
}

void TestEvidenceImport::dumpJsonFixture()
{
    const EvidenceFile file = load(testData("evidence/dump_small.json"));
    QVERIFY2(file.ok(), allDiagnostics(file).constData());
    QCOMPARE(file.format, EvidenceFormat::MsprobeDump);
    QCOMPARE(file.framework, EvidenceFramework::PyTorch);
    QCOMPARE(int(file.rows.size()), 7);
    // File order, each row at its key's line.
    QCOMPARE(file.rows[1].name, std::string("Functional.layer_norm.0.forward"));
    QCOMPARE(file.rows[1].line, 12);
    // Bare NaN / Infinity / -Infinity (Python's json output) read as non-finite statistics.
    QVERIFY(file.rows[1].nanInf);
    QCOMPARE(file.rows[1].inputDtypes,
             (std::vector<DType> {DType::Float16, DType::Float32})); // args, then kwargs
    QCOMPARE(file.rows[1].outputDtypes, std::vector<DType> {DType::Float16});
    QVERIFY(!file.rows[2].nanInf && !file.rows[2].overflow);
    QCOMPARE(file.rows[3].outputDtypes, std::vector<DType> {DType::BFloat16}); // a tuple output
    QCOMPARE(file.rows[4].inputDtypes, std::vector<DType> {DType::Float16}); // backward: "input"
    const FileJoin join = joinEvidence(file, {});
    QCOMPARE(join.rows[0].irType, std::string("MatMulV2")); // Module ...Linear
    QCOMPARE(join.rows[1].irType, std::string("LayerNormV4"));
    QCOMPARE(join.rows[2].irType, std::string("SoftmaxV2"));
    QCOMPARE(join.rows[3].irType, std::string("BatchMatMulV2"));
    QCOMPARE(join.rows[5].miss, JoinMiss::NotAnOp);
    QCOMPARE(join.rows[6].miss, JoinMiss::NotAnOp);
    // A fp16 tensor whose statistics leave the fp16 range is an overflow even without Inf.
    const std::string overflowOnly
        = R"({"task": "statistics", "level": "L1", "data": {"Functional.gelu.0.forward":
        {"input_args": [], "output": [{"type": "torch.Tensor", "dtype": "torch.float16", "Max": 70000.0, "Min": 0.0}]}}})";
    const EvidenceFile big = loadEvidenceText(overflowOnly, "o.json");
    QVERIFY(big.rows[0].overflow);
    QCOMPARE(flagReason(big.rows[0]), std::string("overflow"));
}

void TestEvidenceImport::csvReader_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>(
        "expected"); // records as fields joined by '|', records by '/', with their line
    QTest::newRow("plain") << QByteArray("a,b\n1,2\n") << "1:a|b/2:1|2";
    QTest::newRow("BOM and CRLF") << QByteArray("\xEF\xBB\xBF"
                                                "a,b\r\n1,2\r\n")
                                  << "1:a|b/2:1|2";
    QTest::newRow("quoted comma") << QByteArray("a,b\n\"x,y\",2\n") << "1:a|b/2:x,y|2";
    QTest::newRow("escaped quote") << QByteArray("a\n\"\"\"42\"\"\"\n") << "1:a/2:\"42\"";
    QTest::newRow("multi-line field")
        << QByteArray("a,b\n\"one\ntwo\",2\n3,4\n") << "1:a|b/2:one\ntwo|2/4:3|4";
    QTest::newRow("short row") << QByteArray("a,b,c\n1\n") << "1:a|b|c/2:1";
    QTest::newRow("blank lines") << QByteArray("a\n\n\n1\n") << "1:a/4:1";
    QTest::newRow("no final newline") << QByteArray("a,b\n1,2") << "1:a|b/2:1|2";
    QTest::newRow("trailing tab trimmed") << QByteArray("a,b\n1.5\t,2\n") << "1:a|b/2:1.5|2";
    QTest::newRow("stray quote kept") << QByteArray("a\nx\"y\n") << "1:a/2:x\"y";
}

void TestEvidenceImport::csvReader()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QStringList records;
    const auto diagnostics = readCsv(text.toStdString(), "t.csv", [&](const CsvRecord &record) {
        QStringList fields;
        for (const std::string &f : record.fields)
            fields << QString::fromStdString(f);
        records << QString::number(record.line) + ":" + fields.join('|');
        return true;
    });
    QVERIFY(diagnostics.empty());
    QCOMPARE(records.join('/'), expected);
}

void TestEvidenceImport::apiNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("api");
    QTest::addColumn<QString>("direction");
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<bool>("module");
    QTest::newRow("compare row") << "Functional.conv2d.0.forward.input.0"
                                 << "Functional"
                                 << "conv2d"
                                 << "forward"
                                 << "input.0" << false;
    QTest::newRow("dump key") << "Tensor.__add__.1.forward"
                              << "Tensor"
                              << "__add__"
                              << "forward"
                              << "" << false;
    QTest::newRow("legacy underscores") << "Functional_linear_0_forward_input.0"
                                        << "Functional"
                                        << "linear"
                                        << "forward"
                                        << "input.0" << false;
    QTest::newRow("legacy dunder") << "Tensor___add___3_backward_output"
                                   << "Tensor"
                                   << "__add__"
                                   << "backward"
                                   << "output" << false;
    QTest::newRow("result row") << "Functional.conv2d.1"
                                << "Functional"
                                << "conv2d"
                                << ""
                                << "" << false;
    QTest::newRow("dotted api") << "Torch.linalg.vector_norm.0.forward"
                                << "Torch"
                                << "linalg.vector_norm"
                                << "forward"
                                << "" << false;
    QTest::newRow("module") << "Module.layer1.0.conv1.Conv2d.forward.0"
                            << "Module"
                            << "Conv2d"
                            << "forward"
                            << "" << true;
    QTest::newRow("cell") << "Cell.network.Dense.backward.3"
                          << "Cell"
                          << "Dense"
                          << "backward"
                          << "" << true;
    QTest::newRow("primitive") << "Primitive.norm.RmsNorm.0.forward"
                               << "Primitive"
                               << "norm.RmsNorm"
                               << "forward"
                               << "" << false;
}

void TestEvidenceImport::apiNames()
{
    QFETCH(QString, text);
    const auto name = parseApiName(text.toStdString());
    QVERIFY(name);
    QTEST(QString::fromStdString(name->prefix), "prefix");
    QTEST(QString::fromStdString(name->api), "api");
    QTEST(QString::fromStdString(name->direction), "direction");
    QTEST(QString::fromStdString(name->tensor), "tensor");
    QTEST(name->module, "module");
    QVERIFY(!parseApiName("conv1"));
    QCOMPARE(normalisedApi("__matmul__"), std::string("matmul"));
    QCOMPARE(normalisedApi("add_"), std::string("add"));
    QCOMPARE(normalisedApi("mm.default"), std::string("mm"));
}

void TestEvidenceImport::apiMapOverride()
{
    ApiMap map = ApiMap::defaults();
    const ApiName linear {"Functional", "linear", "forward", "", false};
    QCOMPARE(map.lookup(EvidenceFramework::PyTorch, linear).irTypes.front(),
             std::string("MatMulV2"));
    const auto diagnostics = map.loadText(
        "[pytorch]\nlinear\tFullyConnection\nmy_op\tMyCustomOp|Add\n[bogus]\n", "mine.tsv");
    QCOMPARE(int(diagnostics.size()), 1);
    QCOMPARE(
        QString::fromStdString(formatDiagnostic(diagnostics[0])),
        QStringLiteral(
            "mine.tsv:4:1: error: unknown section '[bogus]' [apimap-syntax] (use [common], [pytorch], [mindspore], [mindspore-primitive] or [module])"));
    QCOMPARE(map.lookup(EvidenceFramework::PyTorch, linear).irTypes.front(),
             std::string("FullyConnection"));
    // The framework section wins over [common] only for that framework.
    QCOMPARE(map.lookup(EvidenceFramework::MindSpore, linear).irTypes.front(),
             std::string("MatMulV2"));
    const auto mine
        = map.lookup(EvidenceFramework::PyTorch, ApiName {"NPU", "my_op", "", "", false});
    QCOMPARE(mine.irTypes, (std::vector<std::string> {"MyCustomOp", "Add"}));
    QVERIFY(!map.lookup(EvidenceFramework::PyTorch, ApiName {"NPU", "unknown_op", "", "", false})
                 .mapped);
    QCOMPARE(int(map.loadText("[common]\nx\n", "m").size()), 1);
    QCOMPARE(int(map.loadText("[common]\nx\tA|\n", "m").size()), 1);
    QCOMPARE(int(map.loadOverride("/nonexistent/map.tsv").size()), 1);
}

void TestEvidenceImport::badInput_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected"); // a fragment of the diagnostics
    QTest::newRow("truncated quote")
        << QByteArray("Name,Type,Duration(us)\nconv1,Conv2D,1.0\n\"conv2,Conv2D,2.0\n")
        << "bad.csv:3:1: error: a quoted field is not closed before the end of the file [evidence-truncated]";
    QTest::newRow("truncated late field") << QByteArray("Name,Type,Duration(us)\nconv1,\"Conv")
                                          << "bad.csv:2:7: error: a quoted field is not closed";
    QTest::newRow("unknown header")
        << QByteArray("foo,bar\n1,2\n")
        << "bad.csv:1:1: error: the header 'foo,bar' is not one of an evidence file this version reads";
    QTest::newRow("empty") << QByteArray("")
                           << "bad.csv: error: the file is empty [evidence-empty]";
    QTest::newRow("blank") << QByteArray("\n\r\n  \n") << "error: the file is empty";
    QTest::newRow("header only") << QByteArray("Name,Type,Duration(us)\n") << "";
    QTest::newRow("bad duration")
        << QByteArray("Name,Type,Duration(us)\nconv1,Conv2D,fast\n")
        << "bad.csv:2:14: warning: 'fast' under 'Duration(us)' is not a time: the cell is ignored";
    QTest::newRow("truncated json")
        << QByteArray("{\n \"task\": \"statistics\",\n \"data\": {\n  \"Tensor.add.0.forward\": {")
        << "bad.csv:4:28: error: not valid JSON:";
    QTest::newRow("json array") << QByteArray(
        "[1, 2]") << "bad.csv:1:1: error: a JSON file that is no evidence this version reads";
    QTest::newRow("json number too big")
        << QByteArray("{\"task\": 1, \"data\": {\"a\": 1e999}}") << "error: not valid JSON";
    QTest::newRow("binary") << QByteArray("\x00\x01\x02\xff,\x03\n", 7)
                            << "is not one of an evidence file";
    QTest::newRow("bad utf-8 name")
        << QByteArray("Name,Type,Duration(us)\n\xff\xfe,Conv2D,1\n") << "";
}

void TestEvidenceImport::badInput()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const EvidenceFile file = loadEvidenceText(text.toStdString(), "bad.csv");
    const QByteArray diagnostics = allDiagnostics(file);
    if (expected.isEmpty()) {
        QVERIFY2(file.ok(), diagnostics.constData());
        for (const EvidenceRow &row : file.rows)
            QVERIFY(QString::fromUtf8(row.name).toStdString()
                    == row.name); // valid UTF-8 survives a round trip
    } else {
        QVERIFY2(diagnostics.contains(expected.toUtf8()), diagnostics.constData());
    }
}

void TestEvidenceImport::sizeCap()
{
    EvidenceLoadOptions options;
    options.maxCsvBytes = 64;
    const std::string text = "Name,Type,Duration(us)\n" + std::string(100, 'x') + ",Add,1\n";
    const EvidenceFile file = loadEvidenceText(text, "big.csv", options);
    QVERIFY(!file.ok());
    QCOMPARE(file.diagnostics[0].code, std::string("evidence-too-large"));
    QVERIFY(file.rows.empty());
    const EvidenceFile missing = loadEvidenceFile("/nonexistent/kernel_details.csv");
    QCOMPARE(missing.diagnostics[0].code, std::string("input-missing"));
}

// The evidence readers (loadEvidenceFile, ApiMap::loadOverride) read through
// core/common/inputfile: one open, then the descriptor's type and size, so a FIFO, a device or a
// folder is refused without blocking or reading, and the size cap holds for what is read.
void TestEvidenceImport::readersOpenThenCheck_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing") << "missing"
                             << "input-missing"
                             << "";
    QTest::newRow("folder") << "folder"
                            << "input-not-a-file"
                            << "is a folder";
    QTest::newRow("named pipe (would block a check-then-open reader)") << "fifo"
                                                                       << "input-not-a-file"
                                                                       << "named pipe";
    QTest::newRow("/dev/zero (never ends)") << "device"
                                            << "input-not-a-file"
                                            << "character device";
    QTest::newRow("larger than the cap") << "large"
                                         << "input-too-large"
                                         << "limit";
    QTest::newRow("regular file") << "regular"
                                  << ""
                                  << "";
}

void TestEvidenceImport::readersOpenThenCheck()
{
    QFETCH(QString, kind);
    QFETCH(QString, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path = dir.filePath(QStringLiteral("kernel_details.csv"));
    const QByteArray csv = "Name,Type,Duration(us)\nadd_1,Add,1\n";
    if (kind == QLatin1String("folder")) {
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("kernel_details.csv")));
    } else if (kind == QLatin1String("fifo")) {
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (kind == QLatin1String("device")) {
        path = QStringLiteral("/dev/zero");
    } else if (kind != QLatin1String("missing")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(csv);
        if (kind == QLatin1String("large"))
            file.write(QByteArray(4096, 'x'));
    }
    EvidenceLoadOptions options;
    options.maxCsvBytes = options.maxJsonBytes = 1024;
    const EvidenceFile file = loadEvidenceFile(path.toStdString(), options);
    ApiMap map = ApiMap::defaults();
    const std::vector<Diagnostic> mapDiagnostics = map.loadOverride(path.toStdString());
    if (code.isEmpty()) {
        QVERIFY(std::none_of(file.diagnostics.begin(), file.diagnostics.end(), isInputFailure));
        QVERIFY(std::none_of(mapDiagnostics.begin(), mapDiagnostics.end(), isInputFailure));
        return;
    }
    QVERIFY(!file.ok());
    QCOMPARE(QString::fromStdString(file.diagnostics.at(0).code), code);
    QVERIFY(isInputFailure(file.diagnostics.at(0)));
    QVERIFY2(QString::fromStdString(file.diagnostics.at(0).message).contains(message),
             file.diagnostics.at(0).message.c_str());
    if (kind != QLatin1String("large")) { // the API map's own limit is larger
        QVERIFY(!mapDiagnostics.empty());
        QCOMPARE(QString::fromStdString(mapDiagnostics.at(0).code), code);
    }
}

QTEST_GUILESS_MAIN(TestEvidenceImport)
#include "tst_evidenceimport.moc"
