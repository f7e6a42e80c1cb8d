// Importers against the real graphs in ../shared/data/graphs (counts from its PROVENANCE.md) and
// against our own small fixtures in tests/data/graphs (dtype inference, edges, subgraphs).
#include "graph/graphinfo.h"
#include "graph/graphloader.h"

#include "shareddata.h"

#include <QTest>

using namespace opsinfo;

namespace {

QByteArray diagnosticsText(const GraphLoadResult &result)
{
    QByteArray text;
    for (const auto &d : result.diagnostics)
        text += QByteArray::fromStdString(formatDiagnostic(d)) + '\n';
    return text;
}

GraphLoadResult loadFixture(const QString &name)
{
    return loadGraph(testData(QStringLiteral("graphs/") + name).toStdString());
}

const Node &node(const Graph &graph, const char *name)
{
    const int i = graph.indexOf(name);
    if (i < 0)
        qFatal("node %s missing", name);
    return graph.nodes()[std::size_t(i)];
}

std::size_t countType(const GraphInfo &info, const std::string &type)
{
    for (const auto &[t, n] : info.opTypes)
        if (t == type)
            return n;
    return 0;
}

} // namespace

class TestGraphImport : public QObject
{
    Q_OBJECT
private slots:
    void realGraphs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("mainNodes");
        QTest::addColumn<int>("totalNodes");
        // Read by hand from PROVENANCE.md ("node count: N in main graph (total M)", "graph X: N
        // ops").
        const struct
        {
            const char *file, *format;
            int main, total;
        } rows[] = {
            {"onnx/onnx__light_bvlc_alexnet.onnx", "onnx", 40, 40},
            {"onnx/onnx__light_inception_v1.onnx", "onnx", 237, 237},
            {"onnx/onnx__light_resnet50.onnx", "onnx", 415, 415},
            {"onnx/onnx__light_shufflenet.onnx", "onnx", 446, 446},
            {"onnx/onnx__light_squeezenet.onnx", "onnx", 105, 105},
            {"onnx/onnx__light_vgg19.onnx", "onnx", 82, 82},
            {"onnx/onnx__light_zfnet512.onnx", "onnx", 38, 38},
            {"onnx/burn__mnist.onnx", "onnx", 13, 13},
            {"onnx/burn__nested_if_loop_if_scan.onnx", "onnx", 4, 17},
            {"onnx/burn__nested_if.onnx", "onnx", 2, 22},
            {"onnx/burn__lstm_bidirectional.onnx", "onnx", 23, 23},
            {"onnx/burn__sine_tf2onnx.onnx", "onnx", 8, 8},
            {"onnx/ortex__mnist_cntk.onnx", "onnx", 12, 12},
            {"onnx/ortex__superres_with_pre_post_processing_op18.onnx", "onnx", 105, 105},
            {"onnx/ort__winml_squeezenet_tensor_input.onnx", "onnx", 74, 74},
            {"onnx/ort__winml_starry-night-fp16.onnx", "onnx", 80, 80}, // IR version 1
            {"onnx/ort__winml_fns-candy.onnx", "onnx", 59, 59},
            {"onnx/ort__java_cnn_mnist_pytorch.onnx", "onnx", 13, 13},
            {"onnx/ort__bert_toy_optimized.onnx", "onnx", 384, 384},
            {"onnx/ort__computation_reduction_transformer.onnx", "onnx", 10, 10},
            {"onnx/ort__3layer_bloom_optimized_training.onnx", "onnx", 500, 500},
            {"onnx/ort__tiny_gpt2_beamsearch.onnx", "onnx", 1, 60},
            {"onnx/ort__tiny_gpt2_beamsearch_fp16.onnx", "onnx", 1, 170},
            {"onnx/ort__scan_1_cntk.onnx", "onnx", 4, 96},
            {"onnx/ort__qdq_with_multi_consumer_dq_nodes.onnx", "onnx", 39, 39},
            {"onnx/ort__te.cast_fp8_1_fp32.onnx", "onnx", 6, 6},
            {"onnx/occ__image_classifier32.onnx", "onnx", 24, 24},
            {"onnx/occ__test_model_0_no_opt.onnx", "onnx", 171, 171}, // not topologically sorted
            {"onnx/occ__test_model_1_no_opt.onnx", "onnx", 16, 16},
            {"onnx/occ__test_subgraph.onnx", "onnx", 5, 12},
            {"tf_graphdef_pbtxt/tensorboard__demo_mlp_train_graph.pbtxt", "tf-graphdef", 118, 118},
            {"tf_graphdef_pbtxt/mobilenet_v1_1.0_224_eval.pbtxt", "tf-graphdef", 1066, 1066},
            {"tf_graphdef_pbtxt/opencv_face_detector.pbtxt", "tf-graphdef", 145, 145},
            {"ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt", "ge-proto", 710,
             710},
            {"ge_dump/ge_proto_00026_afterUBMatch.txt", "ge-proto", 399, 399},
            {"ge_dump/hicann-ge__origin_model__origin.txt", "ge-proto", 4, 4}, // counted by hand
            {"om_json/msit__msquickcmp__om__model.json", "atc-json", 19, 19},
            {"om_json/msit__msquickcmp_nms_submodel.om.json", "atc-json", 19, 19},
            {"om_json/hicann-ge__parser_ut__enumjson1.json", "atc-json", 2,
             2}, // nameless, typeless ops
        };
        for (const auto &row : rows)
            QTest::newRow(row.file) << row.file << row.format << row.main << row.total;
    }
    void realGraphs()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(int, mainNodes);
        QFETCH(int, totalNodes);
        const auto result = loadGraph(sharedData(QStringLiteral("graphs/") + file).toStdString());
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        QCOMPARE(QString::fromStdString(result.graph->format), format);
        QCOMPARE(int(result.graph->fileNodeCount()), mainNodes);
        QCOMPARE(int(result.graph->totalFileNodeCount()), totalNodes);
        QCOMPARE(int(summarizeGraph(*result.graph).totalNodes), totalNodes);
    }

    void realSubgraphs()
    {
        REQUIRE_SHARED_DATA();
        auto beam
            = loadGraph(sharedData("graphs/onnx/ort__tiny_gpt2_beamsearch.onnx").toStdString());
        QVERIFY(beam.ok());
        const Node &search = beam.graph->nodes().back();
        QCOMPARE(search.frameworkType, std::string("BeamSearch"));
        QCOMPARE(search.domain, std::string("com.microsoft"));
        QVERIFY(!search.mapped);
        QCOMPARE(search.subgraphs.size(), std::size_t(1)); // the decoder GRAPH attribute
        QCOMPARE(search.subgraphs[0]->fileNodeCount(), std::size_t(59));

        auto scan = loadGraph(sharedData("graphs/onnx/ort__scan_1_cntk.onnx").toStdString());
        QVERIFY(scan.ok());
        const GraphInfo info = summarizeGraph(*scan.graph);
        QCOMPARE(info.subgraphs, std::size_t(4));
        QCOMPARE(countType(info, "Scan"), std::size_t(4));
        QCOMPARE(info.unmappedTypes.front().first, std::string("Scan")); // no ATC registration

        // The branches declare an untyped output: the If takes the dtype inferred inside them.
        auto branches = loadGraph(sharedData("graphs/onnx/occ__test_subgraph.onnx").toStdString());
        QVERIFY(branches.ok());
        for (const Node &n : branches.graph->nodes()) {
            if (n.opType == "If") {
                QCOMPARE(n.subgraphs.size(), std::size_t(2));
                QCOMPARE(n.outputs.at(0).dtype, DType::Float32);
            }
        }

        auto nested = loadGraph(sharedData("graphs/onnx/burn__nested_if.onnx").toStdString());
        QVERIFY(nested.ok());
        QCOMPARE(summarizeGraph(*nested.graph).subgraphs, std::size_t(14));
    }

    void realDtypesAndMapping()
    {
        REQUIRE_SHARED_DATA();
        auto ub
            = loadGraph(sharedData("graphs/ge_dump/ge_proto_00026_afterUBMatch.txt").toStdString());
        QVERIFY(ub.ok());
        const GraphInfo ubInfo = summarizeGraph(*ub.graph);
        QCOMPARE(countType(ubInfo, "Cast"), std::size_t(109));
        QCOMPARE(ubInfo.opTypes.front(), std::make_pair(std::string("Cast"), std::size_t(109)));
        QVERIFY(std::count(ubInfo.dtypes.begin(), ubInfo.dtypes.end(), DType::Float16) == 1);

        auto fused = loadGraph(
            sharedData("graphs/ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt")
                .toStdString());
        QVERIFY(fused.ok());
        const GraphInfo fusedInfo = summarizeGraph(*fused.graph);
        QCOMPARE(fusedInfo.opTypes[0], std::make_pair(std::string("Const"), std::size_t(373)));
        // Ties (53 each) are in name order.
        QCOMPARE(fusedInfo.opTypes[1].first, std::string("Conv2D"));
        QCOMPARE(fusedInfo.opTypes[2].first, std::string("ConvBnBiasHost"));
        QCOMPARE(fusedInfo.outputs, std::vector<std::string> {"prob:0"});

        auto mobilenet = loadGraph(
            sharedData("graphs/tf_graphdef_pbtxt/mobilenet_v1_1.0_224_eval.pbtxt").toStdString());
        QVERIFY(mobilenet.ok());
        const GraphInfo tfInfo = summarizeGraph(*mobilenet.graph);
        QCOMPARE(countType(tfInfo, "DepthwiseConv2D"),
                 std::size_t(13)); // renamed from DepthwiseConv2dNative
        QCOMPARE(countType(tfInfo, "BatchNorm"), std::size_t(27)); // FusedBatchNorm
        QCOMPARE(countType(tfInfo, "Variable"), std::size_t(137)); // VariableV2
        QCOMPARE(tfInfo.inputs.size(), std::size_t(1));

        auto face = loadGraph(
            sharedData("graphs/tf_graphdef_pbtxt/opencv_face_detector.pbtxt").toStdString());
        QVERIFY(face.ok()); // weights stripped: missing producers are warnings, not errors
        const GraphInfo faceInfo = summarizeGraph(*face.graph);
        QCOMPARE(faceInfo.unmappedTypes.front(),
                 std::make_pair(std::string("Flatten"), std::size_t(13)));

        auto resnet = loadGraph(sharedData("graphs/onnx/onnx__light_resnet50.onnx").toStdString());
        QVERIFY(resnet.ok());
        const GraphInfo rnInfo = summarizeGraph(*resnet.graph);
        QVERIFY(countType(rnInfo, "Conv2D") > 0);
        QCOMPARE(countType(rnInfo, "Conv"), std::size_t(0));
        QVERIFY(rnInfo.unmappedTypes.empty());

        auto fp8 = loadGraph(sharedData("graphs/onnx/ort__te.cast_fp8_1_fp32.onnx").toStdString());
        QVERIFY(fp8.ok());
        const auto fp8Types = summarizeGraph(*fp8.graph).dtypes;
        QVERIFY(std::count(fp8Types.begin(), fp8Types.end(), DType::Float8E4M3FN) == 1);
    }

    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("mainNodes");
        QTest::addColumn<int>("totalNodes");
        QTest::newRow("onnx binary") << "tiny_infer.onnx" << int(GraphFormat::Onnx) << 12 << 15;
        QTest::newRow("onnx text")
            << "tiny_infer.onnx.txt" << int(GraphFormat::OnnxText) << 12 << 15;
        QTest::newRow("ge onnx dump")
            << "ge_onnx_00001_graph_0_fixture.pbtxt" << int(GraphFormat::OnnxText) << 6 << 6;
        QTest::newRow("ge proto dump")
            << "ge_proto_00001_fixture.txt" << int(GraphFormat::GeProto) << 5 << 7;
        QTest::newRow("atc json") << "atc_fixture.json" << int(GraphFormat::AtcJson) << 4 << 4;
        QTest::newRow("tf text") << "tf_fixture.pbtxt" << int(GraphFormat::TfGraphText) << 13 << 13;
        QTest::newRow("tf binary") << "tf_fixture.pb" << int(GraphFormat::TfGraphDef) << 13 << 13;
    }
    void fixtures()
    {
        QFETCH(QString, file);
        QFETCH(int, format);
        QFETCH(int, mainNodes);
        QFETCH(int, totalNodes);
        const auto result = loadFixture(file);
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        QCOMPARE(int(result.format), format);
        QCOMPARE(int(result.graph->fileNodeCount()), mainNodes);
        QCOMPARE(int(result.graph->totalFileNodeCount()), totalNodes);
    }

    void onnxInference()
    {
        const auto result = loadFixture("tiny_infer.onnx");
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        const Graph &g = *result.graph;
        QCOMPARE(g.inputs, (std::vector<std::string> {"x", "flag"}));
        QCOMPARE(node(g, "x").origin, NodeOrigin::GraphInput);
        QCOMPARE(
            std::vector(node(g, "x").outputs[0].shape.begin(), node(g, "x").outputs[0].shape.end()),
            (std::vector<std::int64_t> {2, 3}));
        QCOMPARE(node(g, "w").origin, NodeOrigin::Initializer);
        QCOMPARE(node(g, "w").opType, std::string("Const"));
        QCOMPARE(node(g, "ext").opType, std::string("FileConstant")); // weights in a side file
        QCOMPARE(node(g, "ext").outputs[0].dtype, DType::Float16);
        QCOMPARE(node(g, "shape").outputs[0].dtype, DType::Int64);
        QCOMPARE(node(g, "cast").outputs[0].dtype, DType::Float16);
        QCOMPARE(node(g, "cast").attributes.value("to"),
                 std::optional<std::string_view>("float16"));
        QCOMPARE(node(g, "cast").inputs[0].dtype, DType::Int64);
        QCOMPARE(node(g, "eq").outputs[0].dtype, DType::Bool);
        QCOMPARE(node(g, "not").outputs[0].dtype, DType::Bool);
        QCOMPARE(node(g, "not").opType, std::string("LogicalNot"));
        QCOMPARE(node(g, "fill").outputs[0].dtype, DType::Int32);
        QCOMPARE(node(g, "fill").opType, std::string("Fill"));
        QCOMPARE(node(g, "pow").outputs[0].dtype,
                 DType::Float32); // the int64 exponent does not decide
        QCOMPARE(node(g, "reduce").outputs[0].dtype, DType::Bool);
        // "add" comes before its producer "relu" in the file.
        QCOMPARE(node(g, "add").inputs[0].producer, g.indexOf("relu"));
        QCOMPARE(node(g, "add").outputs[0].dtype, DType::Float32);
        const Node &custom = node(g, "custom");
        QVERIFY(!custom.mapped);
        QCOMPARE(custom.opType, std::string("MyCustomOp"));
        QCOMPARE(custom.domain, std::string("my.domain"));
        QCOMPARE(custom.outputs[0].dtype, DType::Float32);
        const Node &branch = node(g, "if");
        QCOMPARE(branch.subgraphs.size(), std::size_t(2));
        QCOMPARE(branch.outputs[0].dtype, DType::Float32);
        const Graph &thenBranch = *branch.subgraphs[0];
        QCOMPARE(thenBranch.fileNodeCount(), std::size_t(1));
        // "r" comes from the enclosing graph: a Data node of the branch with the outer dtype.
        const Node &identity = node(thenBranch, "then_id");
        QVERIFY(identity.inputs[0].producer >= 0);
        const Node &capture = thenBranch.nodes()[std::size_t(identity.inputs[0].producer)];
        QCOMPARE(capture.origin, NodeOrigin::GraphInput);
        QCOMPARE(identity.inputs[0].dtype, DType::Float32);
        QCOMPARE(node(*branch.subgraphs[1], "else_abs").outputs[0].dtype, DType::Float32);
        bool notedUnmapped = false;
        for (const auto &d : result.diagnostics)
            notedUnmapped
                |= d.code == "not-in-map" && d.message.find("MyCustomOp") != std::string::npos;
        QVERIFY(notedUnmapped);
    }

    void geOnnxDump()
    {
        const auto result = loadFixture("ge_onnx_00001_graph_0_fixture.pbtxt");
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        const Graph &g = *result.graph;
        QCOMPARE(g.format, std::string("ge-onnx"));
        const Node &conv = node(g, "conv");
        QCOMPARE(conv.opType, std::string("Conv2D"));
        QCOMPARE(conv.frameworkType, std::string("ge:Conv2D"));
        QCOMPARE(conv.inputs.size(), std::size_t(2));
        QCOMPARE(std::vector(conv.controlInputs.begin(), conv.controlInputs.end()),
                 std::vector<std::string_view> {"data"});
        QCOMPARE(conv.inputs[1].producer, g.indexOf("weight"));
        QCOMPARE(conv.inputs[1].dtype, DType::Float16);
        QCOMPARE(node(g, "cast_in").outputs[0].dtype, DType::Float16);
        QCOMPARE(node(g, "relu").outputs[0].dtype, DType::BFloat16);
        QCOMPARE(std::vector(node(g, "data").outputs[0].shape.begin(),
                             node(g, "data").outputs[0].shape.end()),
                 (std::vector<std::int64_t> {1, 3, 8, 8}));
        QCOMPARE(node(g, "data").outputs.size(), std::size_t(1)); // "data:-1" is the control output
        // GE names its Data/NetOutput nodes as graph inputs/outputs: no extra boundary nodes.
        QCOMPARE(g.inputs, std::vector<std::string> {"data"});
        QCOMPARE(g.outputs, std::vector<std::string> {"output"});
        QCOMPARE(g.nodes().size(), g.fileNodeCount());
    }

    void geProtoDump()
    {
        const auto result = loadFixture("ge_proto_00001_fixture.txt");
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        const Graph &g = *result.graph;
        const Node &mm = node(g, "mm");
        QCOMPARE(mm.inputs.size(), std::size_t(3)); // the empty optional input keeps its place
        QVERIFY(mm.inputs[2].producerName.empty());
        QCOMPARE(std::vector(mm.controlInputs.begin(), mm.controlInputs.end()),
                 std::vector<std::string_view> {"x"});
        QCOMPARE(mm.inputs[1].dtype, DType::BFloat16);
        QCOMPARE(mm.outputs[0].dtype, DType::Float8E4M3FN);
        QCOMPARE(
            std::vector(node(g, "x").outputs[0].shape.begin(), node(g, "x").outputs[0].shape.end()),
            (std::vector<std::int64_t> {2, 16}));
        const Node &loop = node(g, "loop");
        QCOMPARE(loop.subgraphs.size(), std::size_t(1));
        QCOMPARE(loop.subgraphs[0]->name, std::string("body"));
        QCOMPARE(g.outputs, std::vector<std::string> {"out:0"});
        bool ghost = false;
        for (const auto &d : result.diagnostics)
            ghost |= d.code == "missing-producer" && d.message.find("'ghost'") != std::string::npos
                && d.location.file == result.graph->path;
        QVERIFY(ghost);
    }

    void atcJson()
    {
        const auto result = loadFixture("atc_fixture.json");
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        const Graph &g = *result.graph;
        QCOMPARE(node(g, "cast").outputs[0].dtype, DType::Float16);
        QCOMPARE(
            std::vector(node(g, "sm").controlInputs.begin(), node(g, "sm").controlInputs.end()),
            std::vector<std::string_view> {"in"});
        QCOMPARE(node(g, "sm").inputs[0].producer, g.indexOf("cast"));
        QCOMPARE(g.inputs, std::vector<std::string> {"in:0"});
        QCOMPARE(g.outputs, std::vector<std::string> {"sm:0"});
    }

    void tensorFlow_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("text") << "tf_fixture.pbtxt";
        QTest::newRow("binary") << "tf_fixture.pb";
    }
    void tensorFlow()
    {
        QFETCH(QString, file);
        const auto result = loadFixture(file);
        QVERIFY2(result.ok(), diagnosticsText(result).constData());
        const Graph &g = *result.graph;
        QCOMPARE(node(g, "x").opType, std::string("Data"));
        QCOMPARE(node(g, "mm").opType, std::string("MatMulV2"));
        QCOMPARE(node(g, "dw").opType, std::string("DepthwiseConv2D"));
        QCOMPARE(node(g, "dw").frameworkType, std::string("DepthwiseConv2dNative"));
        const Node &mm = node(g, "mm");
        QCOMPARE(mm.inputs[0].producer, g.indexOf("split"));
        QCOMPARE(mm.inputs[0].outputIndex, 1);
        QCOMPARE(mm.inputs[1].outputIndex, 0);
        QCOMPARE(std::vector(node(g, "split").controlInputs.begin(),
                             node(g, "split").controlInputs.end()),
                 std::vector<std::string_view> {"init"});
        QCOMPARE(node(g, "split").outputs.size(), std::size_t(2));
        QCOMPARE(node(g, "w").outputs[0].dtype, DType::Float16);
        QCOMPARE(node(g, "cast").outputs[0].dtype, DType::Float16);
        QCOMPARE(node(g, "shape").outputs[0].dtype, DType::Int64);
        QCOMPARE(node(g, "less").outputs[0].dtype, DType::Bool);
        QCOMPARE(node(g, "prior").inputs[1].dtype, DType::Float16);
        QVERIFY(!node(g, "prior").mapped);
        QCOMPARE(g.inputs, std::vector<std::string> {"x"});
        // The while-loop cycle is reported as a note, not an error, and keeps attribute dtypes.
        QCOMPARE(node(g, "loop/Merge").outputs[0].dtype, DType::Float32);
        QCOMPARE(node(g, "loop/Merge").inputs[1].producer, g.indexOf("loop/NextIteration"));
        bool cycleNote = false;
        for (const auto &d : result.diagnostics)
            cycleNote |= d.code == "cycle" && d.severity == Severity::Note;
        QVERIFY(cycleNote);
    }
};

QTEST_GUILESS_MAIN(TestGraphImport)
#include "tst_graphimport.moc"
