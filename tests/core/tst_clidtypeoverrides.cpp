// Every command that resolves, run with --keep-dtype, --customize-dtypes and --fe-ini on real files
// (../shared/data/opsinfo/keep_dtype, customize_dtypes, fe.ini): the output must show their effect.
// Expectations read "out:TEXT" (stdout contains), "!out:TEXT" (does not), "err:TEXT", or
// "json:a|b|key=value|c=V" (a path through the JSON on stdout: an object key, an array index, or
// key=value picking the array element whose key has that value; "=V" at the end compares the
// leaf as text; "json?:" means the path exists, "json!:" that it does not).

#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The graph and library the rows use: burn's MNIST (two Gemm -> MatMulV2) on ascend610, where
// MatMulV2 lists its dtypes (on ascend910b it is a dynamic-format op).
QString graph()
{
    return sharedData("graphs/onnx/burn__mnist.onnx");
}
QString library()
{
    return sharedData("opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/ascend610");
}
QString libraryFile()
{
    return library() + "/aic-ascend610-ops-info.json";
}
QString customize(const QString &name)
{
    return sharedData("opsinfo/customize_dtypes/modelzoo-tf/" + name);
}
QString keep(const QString &name)
{
    return sharedData("opsinfo/keep_dtype/modelzoo-tf/" + name);
}
const QString kBisimulation
    = "TensorFlow__contrib__cv__BISIMULATION_ID2029_for_Tensorflow__matmul_setting.cfg";
const QString kMaskRcnn = "ACL_TensorFlow__contrib__cv__MaskRCNN_for_ACL__keeptype.cfg";

// Follows "a|b|key=value|0" through a JSON value; nullopt when a step does not exist.
std::optional<QJsonValue> walk(QJsonValue value, const QStringList &path)
{
    for (const QString &step : path) {
        if (value.isArray()) {
            bool number = false;
            const int index = step.toInt(&number);
            const QJsonArray array = value.toArray();
            if (number) {
                if (index < 0 || index >= array.size())
                    return std::nullopt;
                value = array[index];
                continue;
            }
            const QString key = step.section('=', 0, 0), wanted = step.section('=', 1);
            const auto it = std::find_if(array.begin(), array.end(), [&](const QJsonValue &e) {
                return e.toObject().value(key).toVariant().toString() == wanted;
            });
            if (it == array.end())
                return std::nullopt;
            value = *it;
        } else if (value.isObject() && value.toObject().contains(step)) {
            value = value.toObject().value(step);
        } else {
            return std::nullopt;
        }
    }
    return value;
}

void expect(const CliRun &r, const QString &expectation)
{
    const QString kind = expectation.section(':', 0, 0), body = expectation.section(':', 1);
    if (kind == "out" || kind == "!out" || kind == "err") {
        const QString &text = kind == "err" ? r.err : r.out;
        QVERIFY2(text.contains(body) == (kind != "!out"),
                 qPrintable(expectation + "\n--- out:\n" + r.out + "--- err:\n" + r.err));
        return;
    }
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError,
             qPrintable(error.errorString() + "\n" + r.err));
    const QJsonValue root = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    QStringList path = body.split('|');
    QString wanted;
    const bool compare
        = kind == "json" && path.last().contains('=') && !path.last().startsWith('=');
    if (compare) { // the last step is leaf=value
        wanted = path.last().section('=', 1);
        path.last() = path.last().section('=', 0, 0);
    }
    const auto found = walk(root, path);
    if (kind == "json!") {
        QVERIFY2(!found, qPrintable(expectation));
        return;
    }
    QVERIFY2(found, qPrintable(expectation + "\n" + r.out.left(3000)));
    if (compare) {
        const QString got = found->isBool() ? (found->toBool() ? "true" : "false")
                                            : found->toVariant().toString();
        QVERIFY2(got == wanted, qPrintable(expectation + ": got " + got));
    }
}

} // namespace

class TestCliDtypeOverrides : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // A keep_dtype file naming a node of the graph (the real ones name nodes of other models).
        QFile f(m_dir.filePath("keep_fc1.cfg"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("/fc1/Gemm\n");
        QFile noCube(m_dir.filePath("fe.ini"));
        QVERIFY(noCube.open(QIODevice::WriteOnly));
        noCube.write("[fe]\nfp16.op_type=Conv2D\n"); // MatMulV2 is no cube op here
    }

    void commands_data()
    {
        if (!QDir(sharedData()).exists())
            QSKIP("../shared/data is absent (fresh clone): CLI override tests skipped");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QStringList>("expectations");
        const QString g = graph(), l = library(), c = customize(kBisimulation), k = keep(kMaskRcnn),
                      kg = m_dir.filePath("keep_fc1.cfg"), fe = m_dir.filePath("fe.ini");
        auto row = [](const char *tag, QStringList args, int code, QStringList expectations) {
            QTest::newRow(tag) << args << code << expectations;
        };
        // resolve --mode: text, JSON, CSV. Without the file both Gemm run in fp16 under force_fp16.
        row("resolve text, baseline", {"resolve", g, "--library", l, "--mode", "force_fp16"}, 0,
            {"out:/fc1/Gemm                  MatMulV2      white  float16", "!out:M8"});
        row("resolve text, customize",
            {"resolve", g, "--library", l, "--mode", "force_fp16", "--customize-dtypes", c}, 0,
            {"out:/fc1/Gemm                  MatMulV2      white  float32  AICore  ok         M8,M1"});
        row("resolve json, customize",
            {"resolve", g, "--library", l, "--mode", "force_fp16", "--json", "--customize-dtypes",
             c},
            0,
            {"json:nodes|name=/fc1/Gemm|inputs|2=float32",
             "json:nodes|name=/fc1/Gemm|outputs|0=float32",
             "json:nodes|name=/fc1/Gemm|engine_reason=customize-supported",
             "json:summary|fp32_nodes=2"});
        row("resolve csv, customize",
            {"resolve", g, "--library", l, "--mode", "force_fp16", "--csv", "--customize-dtypes",
             c},
            0,
            {"out:/fc1/Gemm,MatMulV2,white,float32,float16 float16 float32,float32,AICore,customize-supported,ok,M8 M1"});
        row("resolve json, keep (a node of the graph)",
            {"resolve", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--json", "--keep-dtype",
             kg},
            0,
            {"json:nodes|name=/fc1/Gemm|outputs|0=float32", "json:nodes|name=/fc1/Gemm|rules|0=M8",
             "json:nodes|name=/fc2/Gemm|outputs|0=float16"});
        row("resolve text, keep (a real file naming other nodes)",
            {"resolve", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--keep-dtype", k}, 0,
            {"out:/fc1/Gemm                  MatMulV2      white  float16",
             "err:no node of the graph is named 'multilevel_propose_rois/level_2/normalize_box/truediv'"});
        // --all-modes (table, JSON, chart) honours both files.
        row("all modes text, customize",
            {"resolve", g, "--library", l, "--all-modes", "--customize-dtypes", c}, 0,
            {"out:force_fp16                11    0     2     0      0   0       11"});
        row("all modes json, baseline", {"resolve", g, "--library", l, "--all-modes", "--json"}, 0,
            {"json:modes|mode=force_fp16|summary|fp32_nodes=0"});
        row("all modes json, customize",
            {"resolve", g, "--library", l, "--all-modes", "--json", "--customize-dtypes", c}, 0,
            {"json:modes|mode=force_fp16|summary|fp32_nodes=2",
             "json:modes|mode=allow_fp32_to_fp16|summary|fp16_nodes=3"});
        row("all modes json, keep",
            {"resolve", g, "--library", l, "--all-modes", "--json", "--keep-dtype", kg}, 0,
            {"json:modes|mode=allow_fp32_to_fp16|summary|fp16_nodes=4"});
        // resolve diff: the Gemm changes between force_fp16 and origin, unless customize fixes it.
        row("diff, baseline",
            {"resolve", "diff", g, "--library", l, "--mode", "force_fp16", "--mode", "origin",
             "--json"},
            0, {"json:changed|name=/fc1/Gemm|a=float16"});
        row("diff, customize",
            {"resolve", "diff", g, "--library", l, "--mode", "force_fp16", "--mode", "origin",
             "--json", "--customize-dtypes", c},
            0, {"json!:changed|name=/fc1/Gemm", "json:changed|name=/Relu|b=float32"});
        row("diff, keep",
            {"resolve", "diff", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--mode",
             "origin", "--json", "--keep-dtype", kg},
            0, {"json!:changed|name=/fc1/Gemm", "json:changed|name=/fc2/Gemm|a=float16"});
        // check: the fp32 graph as its own "compiled" dump; customize makes the Gemm agree.
        row("check, baseline",
            {"check", g, "--compiled", g, "--library", l, "--mode", "force_fp16", "--json"}, 1,
            {"json:disagreements|name=/fc1/Gemm|predicted=float16",
             "json:sweep|modes|mode=force_fp16|agreed=0"});
        row("check, customize",
            {"check", g, "--compiled", g, "--library", l, "--mode", "force_fp16", "--json",
             "--customize-dtypes", c},
            1, {"json!:disagreements|name=/fc1/Gemm", "json:sweep|modes|mode=force_fp16|agreed=2"});
        row("check, keep",
            {"check", g, "--compiled", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--json",
             "--keep-dtype", kg},
            1, {"json!:disagreements|name=/fc1/Gemm", "json?:disagreements|name=/fc2/Gemm"});
        // --fe-ini: the cube list of a real fe.ini (picked up from the opp folder or given), or
        // ours.
        row("fe.ini found beside the soc folder",
            {"resolve", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--json"}, 0,
            {"err:cube-op list: fp16.op_type of", "json:cube_ops|types=27",
             "json:nodes|name=/fc1/Gemm|outputs|0=float16"});
        row("a lone file: FE's default list",
            {"resolve", g, "--library", libraryFile(), "--mode", "allow_fp32_to_fp16"}, 0,
            {"err:cube-op list: FE's default (27 types", "out:cube-op list: FE's default"});
        row("--fe-ini real",
            {"resolve", g, "--library", libraryFile(), "--mode", "allow_fp32_to_fp16", "--json",
             "--fe-ini", sharedData("opsinfo/hicann-ge-910b-split-stub/fe_config/fe.ini")},
            0,
            {"err:hicann-ge-910b-split-stub/fe_config/fe.ini",
             "json:nodes|name=/fc1/Gemm|outputs|0=float16"});
        row("--fe-ini without MatMulV2: no cube promotion",
            {"resolve", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--json", "--fe-ini",
             fe},
            0, {"json:cube_ops|types=1", "json:nodes|name=/fc1/Gemm|outputs|0=float32"});
        row("--fe-ini on all modes",
            {"resolve", g, "--library", l, "--all-modes", "--json", "--fe-ini", fe}, 0,
            {"json:cube_ops|types=1", "json:modes|mode=allow_fp32_to_fp16|summary|fp16_nodes=3"});
        row("--fe-ini on diff",
            {"resolve", "diff", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--mode",
             "origin", "--json", "--fe-ini", fe},
            0, {"json:cube_ops|types=1", "json!:changed|name=/fc1/Gemm"});
        row("--fe-ini on check",
            {"check", g, "--compiled", g, "--library", l, "--mode", "allow_fp32_to_fp16", "--json",
             "--fe-ini", fe},
            // The Gemms agree only with this cube list (8 without); the three Conv2D list no
            // dtypes on ascend610 (assumed columns) and are predicted fp16 as cube ops.
            1, {"json:cube_ops|types=1", "json:agreed=10"});
        row("--fe-ini missing",
            {"resolve", g, "--library", l, "--mode", "force_fp16", "--fe-ini",
             m_dir.filePath("none.ini")},
            // A missing input is an I/O error (2), as for every file a command names.
            2, {"err:none.ini"});
    }
    void commands()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QStringList, expectations);
        const CliRun r = runOpsinfo(args);
        QVERIFY2(r.code == code, qPrintable(QString("exit %1\n%2").arg(r.code).arg(r.err)));
        for (const QString &e : expectations)
            expect(r, e);
    }

    // Every real customize_dtypes file reads as the compiler reads it and changes the Gemm nodes.
    void realCustomizeFiles_data()
    {
        if (!QDir(sharedData()).exists())
            QSKIP("../shared/data is absent (fresh clone): CLI override tests skipped");
        QTest::addColumn<QString>("file");
        const QDir dir(sharedData("opsinfo/customize_dtypes/modelzoo-tf"));
        for (const QString &name : dir.entryList(QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
    void realCustomizeFiles()
    {
        QFETCH(QString, file);
        const CliRun r = runOpsinfo({"resolve", graph(), "--library", library(), "--mode",
                                     "force_fp16", "--json", "--customize-dtypes", file});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        expect(r, "json:nodes|name=/fc1/Gemm|outputs|0=float32");
        expect(r, "json:nodes|name=/fc2/Gemm|engine_reason=customize-supported");
    }

    // Every real keep_dtype file reads; it names nodes of another model, so nothing changes and
    // each unmatched line is reported as the compiler reports it.
    void realKeepFiles_data()
    {
        if (!QDir(sharedData()).exists())
            QSKIP("../shared/data is absent (fresh clone): CLI override tests skipped");
        QTest::addColumn<QString>("file");
        const QDir dir(sharedData("opsinfo/keep_dtype/modelzoo-tf"));
        for (const QString &name : dir.entryList(QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }
    void realKeepFiles()
    {
        QFETCH(QString, file);
        const QStringList base {
            "resolve", graph(), "--library", library(), "--mode", "allow_fp32_to_fp16", "--csv"};
        const CliRun with = runOpsinfo(base + QStringList {"--keep-dtype", file});
        const CliRun without = runOpsinfo(base);
        QCOMPARE(with.code, 0);
        QCOMPARE(with.out, without.out);
        QVERIFY2(with.err.contains(file + ":1:1: warning: no node of the graph is named"),
                 qPrintable(with.err));
    }

    // --plot draws the same sweep: the fp32 Gemm nodes appear in the force_fp16 bar.
    void plotHonoursCustomize()
    {
        if (!QDir(sharedData()).exists())
            QSKIP("../shared/data is absent (fresh clone): CLI override tests skipped");
        const QString svg = m_dir.filePath("modes.svg");
        const CliRun r
            = runOpsinfo({"resolve", graph(), "--library", library(), "--all-modes", "--plot", svg,
                          "--customize-dtypes", customize(kBisimulation)});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QString chart = QString::fromUtf8(readAllBytes(svg));
        QVERIFY2(chart.contains("force_fp16: 2 fp32 nodes"), qPrintable(chart.left(2000)));
        QVERIFY(chart.contains("GE op"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliDtypeOverrides)
#include "tst_clidtypeoverrides.moc"
