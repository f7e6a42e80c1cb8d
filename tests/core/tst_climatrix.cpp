// The CLI test matrix: every command with every option on real inputs from ../shared/data, and
// every input and output option fed the hostile cases (missing, folder, FIFO, /dev/zero, a 3 GiB
// sparse file, /dev/full, symlinks and hard links onto inputs, control bytes and non-UTF-8 names),
// each run as the real binary and checked for its exit code and output. The option tables are read
// from the commands themselves (ArgParser::setDescribeHook): a new option without a row here fails
// everyOptionHasARow() with the row to add, and a new input option gets its hostile rows by itself.
#include "clibinary.h"
#include "clicommands.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <fcntl.h>
#include <functional>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using opsinfo::ArgParser;

// Named, not anonymous: TestCliMatrix (external linkage) holds a QList<Row>.
namespace climatrix {

enum class Shape { Any, Json, Xml, Github, Csv, Empty };

struct Row
{
    QString name = {};
    QStringList args = {};
    int code = 0;
    QStringList out = {}; // fragments stdout must contain
    QStringList err = {}; // fragments stderr must contain
    Shape shape = Shape::Any;
    QStringList unchanged = {}; // files that must be byte-identical after the run
    bool bounded = false; // refused early: little time and memory
    std::function<void()> prepare = {}; // run just before (links onto an input as it is then)
};

QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<unreadable>";
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// For a path that is not UTF-8 (QFile would turn its bytes into U+FFFD).
bool writeFileAt(const QByteArray &path, const QByteArray &bytes)
{
    const int fd = ::open(path.constData(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    const bool ok = fd >= 0 && ::write(fd, bytes.constData(), size_t(bytes.size())) == bytes.size();
    if (fd >= 0)
        ::close(fd);
    return ok;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool isUtf8(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    (void)decoder.decode(bytes);
    return !decoder.hasError();
}

// The command path a row runs: the longest command path its arguments start with.
QStringList pathOf(const QStringList &args, const QList<QStringList> &paths)
{
    QStringList best;
    for (const QStringList &p : paths)
        if (args.mid(0, p.size()) == p && p.size() > best.size())
            best = p;
    return best;
}

// Where each option and positional of a row is, parsed as ArgParser parses it.
struct ParsedArgs
{
    QMap<QString, QList<int>> options; // option name -> indexes of its values (-1 for a flag)
    QList<int> positionals; // indexes of positional values, in order
};

ParsedArgs parseRow(const QStringList &args, int skip, const OptionTable &table)
{
    ParsedArgs parsed;
    for (int i = skip; i < args.size(); ++i) {
        QString token = args[i];
        const int eq = token.indexOf('=');
        if (token.startsWith("--") && eq > 0)
            token = token.left(eq);
        if (token.startsWith('-') && token.size() > 1) {
            const auto *spec = table.option(token);
            if (!spec)
                continue;
            const QString name = QString::fromUtf8(spec->name);
            if (spec->valueName.empty())
                parsed.options[name] << -1;
            else if (eq > 0 && args[i].startsWith("--"))
                parsed.options[name] << -(i + 2); // inline value: not replaceable in place
            else
                parsed.options[name] << ++i;
        } else {
            parsed.positionals << i;
        }
    }
    return parsed;
}

} // namespace climatrix

using namespace climatrix;

class TestCliMatrix : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    bool m_shared = false;
    QList<QStringList> m_paths;
    QMap<QString, OptionTable> m_tables; // "resolve diff" -> its table
    QList<Row> m_rows; // the real-input rows
    QMap<QString, int> m_base; // command path -> the row hostile rows start from

    // ../shared/data
    QString lib, lib910, libFile, opp, mixlist, mixlistBlackConv, badMixlist, keep, customize,
        platformIni, feIni;
    QString ge17, ge26, onnx, tfText, atcJson, ini, ini2;
    // made by the test
    QString opMap, keepConv, libCopy, libCopyFile, iniCopy, graphCopy, edited;
    QString opSummary, compareCsv, apiMap, bertOnnx, kernelDetails, blackMixlist, copies;
    QString hostileLib, hostileGraph, hostileMixlist, hostileIni, longNameLib, emptyLib;
    QString missing, folder, fifo, huge;
    // a library the compiler refuses (two L6 problems), a copy of it, and copies of the 910B
    // library with one dtype word a certain fix-it repairs ("fp16")
    QString gnmt, gnmtCopy, fixable, fixableInPlace;

    QString tmp(const QString &name) const { return m_tmp.filePath(name); }
    // `<folder>/ascend910b/aic-ascend910b-ops-info.json`: a copy of the real 910B library that only
    // its owner may write, for the in-place edit cases; empty when it cannot be made.
    QString ownLibraryCopy(const QString &folder) const
    {
        const QString file = tmp(folder + "/ascend910b/aic-ascend910b-ops-info.json");
        if (!QDir(m_tmp.path()).mkpath(folder + "/ascend910b") || !QFile::copy(libFile, file))
            return {};
        QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
        return file;
    }
    static QString shared(const QString &relative) { return sharedData(relative); }

    void add(Row row) { m_rows << std::move(row); }
    void base(Row row)
    {
        m_base.insert(pathOf(row.args, m_paths).join(' '), int(m_rows.size()));
        add(std::move(row));
    }

    void makeFixtures();
    void makeRealRows();
    QList<Row> hostileContentRows() const;
    QList<Row> generatedInputRows() const;
    QList<Row> generatedOutputRows() const;
    QList<Row> usageRows() const;
    void verify(const Row &row, const BinaryRun &run) const;

private slots:
    void initTestCase();
    void everyOptionHasARow();
    void fileOptionsAreDeclared();
    void matrix_data();
    void matrix();
    void failedStdoutWrite_data();
    void failedStdoutWrite();
    void concurrentInPlaceEditsLoseNothing();
    void inPlaceEditWaitsForALockAndRechecks();
    void inPlaceEditKeepsOwnerGroupAndMode();
    void inPlaceEditReportsABrokenHardLink();
    void keepAndCustomizeDtypesAreHonoured();
};

void TestCliMatrix::initTestCase()
{
    if (opsinfoBinaryPath().isEmpty())
        QSKIP("the opsinfo binary is not built in this build folder (target opsinfo)");
    QVERIFY(m_tmp.isValid());
    m_paths = commandPaths();
    QVERIFY2(m_paths.size() >= 13, qPrintable(QString::number(m_paths.size())));
    for (const QStringList &path : m_paths) {
        const OptionTable table = optionTable(path);
        QVERIFY2(table.found,
                 qPrintable("opsinfo " + path.join(' ') + " did not hand over its option table"));
        m_tables.insert(path.join(' '), table);
    }
    m_shared = QDir(sharedData()).exists();
    if (!m_shared)
        return; // every row needs the real data; the tests say so when they skip
    makeFixtures();
    makeRealRows();
}

void TestCliMatrix::makeFixtures()
{
    const QString config = "opsinfo/cann-8.1.RC1/op_impl/ai_core/tbe/config/";
    lib = shared(config + "ascend910b");
    lib910 = shared(config + "ascend910");
    libFile = shared(config + "ascend910b/aic-ascend910b-ops-info.json");
    opp = shared("opsinfo/cann-8.1.RC1");
    mixlist = shared(
        "opsinfo/mixlists/modelzoo-pytorch/ACL_PyTorch__contrib__nlp__m2m_100__ops_info.json");
    mixlistBlackConv
        = shared("opsinfo/mixlists/hicann-ge-tests/op_info_right.json"); // Conv2D to black
    badMixlist = shared("opsinfo/mixlists/hicann-ge-tests/op_info_wrong.json");
    keep = shared(
        "opsinfo/keep_dtype/modelzoo-tf/ACL_TensorFlow__contrib__cv__MaskRCNN_for_ACL__keeptype.cfg");
    customize = shared(
        "opsinfo/customize_dtypes/modelzoo-tf/ACL_TensorFlow__contrib__recommendation__DIEN_for_ACL__customize_dtypes.txt");
    platformIni = shared("opsinfo/cann-8.1.RC1/platform_config/Ascend910B1.ini");
    feIni = shared("opsinfo/cann-8.1.RC1/fe_config/fe.ini");
    ge17 = shared("graphs/ge_dump/ge_proto_00017_OptimizeOriginalGraph_FeGraphFusionAfter.txt");
    ge26 = shared("graphs/ge_dump/ge_proto_00026_afterUBMatch.txt");
    onnx = shared("graphs/onnx/onnx__light_resnet50.onnx");
    tfText = shared("graphs/tf_graphdef_pbtxt/mobilenet_v1_1.0_224_eval.pbtxt");
    atcJson = shared("graphs/om_json/msit__msquickcmp__om__model.json");
    ini = shared("opsinfo/ini-samples/Tensorflow__ascend310__conv2d.ini");
    ini2 = shared("opsinfo/ini-samples/PyTorch__ascend910__smooth_l1_loss.ini");

    // Our own small inputs: an op map override and a keep_dtype that names a type of the ResNet
    // dump.
    opMap = tmp("opmap.tsv");
    QVERIFY(writeFile(opMap, "# test override\n[onnx]\nRelu\tRelu\n[tensorflow]\nRelu6\tRelu6\n"));
    keepConv = tmp("keep_conv.cfg");
    QVERIFY(writeFile(keepConv, "OpType::Conv2D\n"));
    // Evidence: the repository's fixtures made from the ResNet-50 dump, and a real profiler table.
    opSummary = testData("evidence/op_summary_resnet50_graph.csv");
    compareCsv = testData("evidence/compare_result_current.csv");
    kernelDetails = shared(
        "evidence/profiler_kernel_details/msinsight__st_qwen3-0.6b_level2_rank0__kernel_details.csv");
    bertOnnx = shared("graphs/onnx/ort__bert_toy_optimized.onnx");
    // A folder of user copies (library diff --each-file): the 910B library and the 910 one.
    QVERIFY(QDir(m_tmp.path()).mkpath("copies"));
    copies = tmp("copies");
    QVERIFY(QFile::copy(libFile, copies + "/copy_910b.json"));
    QVERIFY(QFile::copy(lib910 + "/aic-ascend910-ops-info.json", copies + "/copy_910.json"));
    blackMixlist
        = tmp("black_mixlist.json"); // Casts around black types: the casts objective has work
    QVERIFY(writeFile(blackMixlist,
                      "{\"black-list\": {\"to-add\": [\"LeakyRelu\", \"Eltwise\", \"Pooling\"]}}"));
    apiMap = tmp("apis.tsv");
    QVERIFY(writeFile(apiMap, "[pytorch]\nlayer_norm\tLeakyRelu\nsoftmax\t-\n"));
    // Copies of inputs for the commands that write (a refusal that failed must not hit ../shared).
    QVERIFY(QDir(m_tmp.path()).mkpath("lib/ascend910b"));
    libCopy = tmp("lib/ascend910b");
    libCopyFile = libCopy + "/aic-ascend910b-ops-info.json";
    QVERIFY(QFile::copy(libFile, libCopyFile));
    QFile::setPermissions(libCopyFile, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    iniCopy = tmp("conv2d.ini");
    QVERIFY(QFile::copy(ini, iniCopy));
    graphCopy = tmp("ge_proto_00017.txt");
    QVERIFY(QFile::copy(ge17, graphCopy));
    gnmt = shared("opsinfo/modelzoo-tf-user-copies/GNMT_ID0015__aic-ascend910-ops-info.json");
    gnmtCopy = tmp("gnmt.json");
    QVERIFY(QFile::copy(gnmt, gnmtCopy));
    QFile::setPermissions(gnmtCopy, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    fixable = tmp("fixable/aic-ascend910b-ops-info.json");
    QVERIFY(QDir(m_tmp.path()).mkpath("fixable"));
    {
        QByteArray text = readFile(libFile);
        const qsizetype at = text.indexOf("\"dtype\":\"float16,");
        QVERIFY(at > 0);
        QVERIFY(writeFile(fixable, text.replace(at, 17, "\"dtype\":\"fp16,")));
    }
    fixableInPlace = tmp("fixable-in-place/aic-ascend910b-ops-info.json");
    QVERIFY(QDir(m_tmp.path()).mkpath("fixable-in-place"));
    QVERIFY(QFile::copy(fixable, fixableInPlace));
    QFile::setPermissions(fixableInPlace, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    edited = tmp("edited.json");
    QVERIFY(writeFile(
        edited,
        readFile(libFile).replace(
            "\"LayerNorm\":{",
            "\"LayerNorm\":{\n        \"precision_reduce\":{\n            \"flag\":\"false\"\n        },")));

    // Hostile inputs: op types with terminal escapes, a soc folder whose name is not UTF-8, a GE
    // dump whose node and graph names are not UTF-8, INI sections with escapes.
    const QByteArray hostileFolder = m_tmp.path().toUtf8() + "/soc_\xff\xfe";
    hostileLib = rawArgument(hostileFolder);
    QVERIFY(::mkdir(hostileFolder.constData(), 0755) == 0 || errno == EEXIST);
    const QByteArray entry
        = "        \"input0\":{\"dtype\":\"float16,float\",\"format\":\"ND,ND\",\"name\":\"x\",\"paramType\":\"required\"},\n"
          "        \"output0\":{\"dtype\":\"float16,float\",\"format\":\"ND,ND\",\"name\":\"y\",\"paramType\":\"required\"}\n";
    QVERIFY(writeFileAt(
        hostileFolder + "/aic-soc-ops-info.json",
        "{\n    \"Evil\\u001b]0;pwned\\u0007\\u001b[2J\":{\n        \"precision_reduce\":{\"flag\":\"true\"},\n"
            + entry + "    },\n    \"Add\":{\n" + entry + "    }\n}\n"));
    hostileGraph = tmp("ge_proto_00001_hostile.txt");
    QVERIFY(writeFile(
        hostileGraph,
        "graph {\n  name: \"main\\377\"\n"
        "  op { name: \"x\\033]0;pwned\\007\" type: \"Data\" output_desc { dtype: DT_FLOAT shape { dim: 2 } } }\n"
        "  op { name: \"n\\377\\376\" type: \"Evil\\033]0;pwned\\007\\033[2J\" input: \"x\\033]0;pwned\\007:0\"\n"
        "       input_desc { dtype: DT_FLOAT } output_desc { dtype: DT_FLOAT } }\n"
        "  op { name: \"a\\377\" type: \"Add\" input: \"n\\377\\376:0\" input: \"n\\377\\376:0\"\n"
        "       input_desc { dtype: DT_FLOAT } input_desc { dtype: DT_FLOAT } output_desc { dtype: DT_FLOAT } }\n"
        "}\n"));
    hostileMixlist = tmp("hostile_mixlist.json");
    QVERIFY(writeFile(
        hostileMixlist,
        "{\n  \"black-list\": {\n    \"to-add\": [\"Evil\\u001b]0;pwned\\u0007\\u001b[2J\", "
        "\"Nope\\u001b[31m\\u202e\"]\n  }\n}\n"));
    hostileIni = tmp("hostile.ini");
    QVERIFY(
        writeFile(hostileIni,
                  "[Evil\x1b[2J]\ninput0.name=x\ninput0.paramType=required\ninput0.dtype=float16\n"
                  "output0.name=y\noutput0.paramType=required\noutput0.dtype=float16\n"));
    // An op type of 100,000 characters: std::regex overflowed the stack on it.
    QVERIFY(QDir(m_tmp.path()).mkpath("longname"));
    longNameLib = tmp("longname");
    QVERIFY(writeFile(longNameLib + "/aic-long-ops-info.json",
                      "{\n    \"" + QByteArray(100000, 'A') + "B\":{\n" + entry + "    }\n}\n"));
    QVERIFY(QDir(m_tmp.path()).mkpath("emptylib"));
    emptyLib = tmp("emptylib");

    // The hostile paths every input option gets.
    missing = tmp("missing/nothing.json");
    QVERIFY(QDir(m_tmp.path()).mkpath("a folder"));
    folder = tmp("a folder");
    fifo = tmp("fifo");
    QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0644) == 0);
    // Sparse: larger than every limit (the graph limit is 2 GiB), and no disk space taken.
    huge = tmp("huge.json");
    const int fd = ::open(huge.toLocal8Bit().constData(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
    QVERIFY(fd >= 0);
    QVERIFY(::ftruncate(fd, off_t(3) << 30) == 0);
    ::close(fd);
}

// One or more rows per command path and option, on real data, checking what the output says.
void TestCliMatrix::makeRealRows()
{
    const QString libs = "--library";
    // --- library show / stats / diff / set
    base({"library show (opp folder, --soc, --filter, --list, --json)",
          {"library", "show", opp, "--soc", "Ascend910B1", "--filter", "^MatMul", "--list", "white",
           "--json"},
          0,
          {"\"op_type\": \"MatMulV2\"", "\"list\": \"white\""},
          {},
          Shape::Json});
    add({"library show text",
         {"library", "show", lib, "--filter", "(?i)^layernorm$"},
         0,
         {"LayerNorm", "OP TYPE"}});
    add({"library show two stores, first wins",
         {"library", "show", lib, lib910, "--list", "black"},
         0,
         {"SHADOWS"}});
    base({"library stats (--json)",
          {"library", "stats", lib, "--json"},
          0,
          {"\"ops\": 1094", "\"white\": 316", "\"black\": 94"},
          {},
          Shape::Json});
    add({"library stats (opp, --soc folder name)",
         {"library", "stats", opp, "--soc", "ascend910"},
         0,
         {"ops:", "load time:"}});
    base({"library diff (--matrix, --svg, --json; a copy of the real library)",
          {"library", "diff", lib910, libCopy, "--matrix", "--svg", tmp("matrix.svg"), "--json"},
          0,
          {"\"matrix\"", "\"only_a\""},
          {"transition matrix written to " + tmp("matrix.svg")},
          Shape::Json,
          {libCopyFile}});
    add({"library diff (two SoCs, --common-only, --json)",
         {"library", "diff", lib910, lib, "--common-only", "--json"},
         0,
         {"\"transitions\"", "\"unchanged\""},
         {},
         Shape::Json});
    add({"library diff --each-soc --differing-only --csv (atlas of every SoC of an opp)",
         {"library", "diff", opp, "--each-soc", "--differing-only", "--csv"},
         0,
         {"ascend910b", "ascend310p"},
         {},
         Shape::Any});
    add({"library diff --each-file --differing-only --csv (a folder of user copies)",
         {"library", "diff", copies, "--each-file", "--differing-only", "--csv"},
         0,
         {"copy_910b", "copy_910"},
         {},
         Shape::Any});
    add({"library diff --atlas --filter (RE2) --svg --common-only",
         {"library", "diff", lib, lib910, "--atlas", "--filter", "^(Conv2D|MatMulV2)$",
          "--common-only", "--svg", tmp("atlas.svg")},
         0,
         {"Conv2D", "MatMulV2", "2 op types"},
         {"atlas written to"}});
    add({"library diff --mixlist (same library twice, --matrix text)",
         {"library", "diff", lib, lib, "--mixlist", mixlistBlackConv, "--matrix"},
         0,
         {"A \\ B"}});
    add({"library diff (--mixlist-a/--mixlist-b, opp --soc)",
         {"library", "diff", opp, opp, "--soc", "Ascend910B1", "--mixlist-a", mixlist,
          "--mixlist-b", mixlistBlackConv},
         0,
         {"Conv2D", "unchanged:"}});
    base({"library set -o (a copy of the real file)",
          {"library", "set", libCopyFile, "--op", "LayerNorm", "--op", "SoftmaxV2", "--list",
           "black", "-o", tmp("set-out.json")},
          0,
          {},
          {"2 op(s) changed in " + tmp("set-out.json")},
          Shape::Empty,
          {libCopyFile}});
    add({"library set --in-place --backup-dir (soc folder)",
         {"library", "set", libCopy, "--op", "Gelu", "--list", "gray", "--in-place", "--backup-dir",
          tmp("backups")},
         0,
         {},
         {"op(s) changed in", "(backup: " + tmp("backups/")},
         Shape::Empty});
    // --- mixlist lint / apply / export
    base({"mixlist lint (--library, --soc, --json)",
          {"mixlist", "lint", mixlistBlackConv, "--library", opp, "--soc", "Ascend910B1", "--json"},
          0,
          {"\"valid\": true", "did you mean 'MatMul'"},
          {},
          Shape::Json});
    add({"mixlist lint --format github",
         {"mixlist", "lint", badMixlist, "--format", "github"},
         1,
         {"::error file="},
         {},
         Shape::Github});
    add({"mixlist lint --format junit",
         {"mixlist", "lint", badMixlist, "--format", "junit"},
         1,
         {"<failure"},
         {},
         Shape::Xml});
    add({"mixlist lint --lenient (text)",
         {"mixlist", "lint", mixlist, "--lenient", libs, lib},
         0,
         {},
         {"valid, no findings"}});
    base({"mixlist apply (--all, --json, --soc)",
          {"mixlist", "apply", mixlist, libs, opp, "--soc", "ascend910b", "--all", "--json"},
          0,
          {"\"op_type\": \"LayerNorm\"", "\"effective\": \"black\""},
          {},
          Shape::Json});
    base({"mixlist export (-o, --soc)",
          {"mixlist", "export", libs, libCopy, "--target", edited, "--soc", "ascend910b", "-o",
           tmp("exported.json")},
          0,
          {},
          {"1 entries written to"},
          Shape::Empty,
          {libCopyFile, edited}});
    add({"mixlist export -o -",
         {"mixlist", "export", libs, lib, "--target", edited, "-o", "-"},
         0,
         {"\"LayerNorm\""},
         {},
         Shape::Json});
    // --- convert-ini
    base({"convert-ini (two files, --trim, -o)",
          {"convert-ini", iniCopy, ini2, "--trim", "-o", tmp("converted.json")},
          0,
          {},
          {},
          Shape::Empty,
          {iniCopy}});
    // --- front ends and snippets
    add({"mixlist lint --front-end (a path without mixlist)",
         {"mixlist", "lint", mixlistBlackConv, "--front-end", "torchair"},
         0,
         {},
         {"does nothing on PyTorch torchair"},
         Shape::Any});
    add({"mixlist apply --front-end --mode",
         {"mixlist", "apply", mixlistBlackConv, libs, lib910, "--front-end", "torchair", "--soc",
          "Ascend910A", "--mode", "allow_mix_precision"},
         0,
         {"Conv2D"}});
    add({"resolve --front-end torch-npu --matmul-hf32 --conv-hf32",
         {"resolve", ge17, libs, lib, "--front-end", "torch-npu", "--soc", "Ascend910B1",
          "--matmul-hf32", "true", "--conv-hf32", "false"},
         0,
         {"front end: torch-npu"}});
    add({"resolve diff --front-end --matmul-hf32 --conv-hf32",
         {"resolve", "diff", ge17, libs, lib, "--front-end", "torch-npu", "--soc", "Ascend910B1",
          "--mode", "force_fp16", "--mode", "force_fp32", "--matmul-hf32", "true", "--conv-hf32",
          "true"},
         0,
         {}});
    add({"check --front-end atc",
         {"check", ge17, "--compiled", ge26, libs, lib, "--front-end", "atc", "--mode",
          "allow_mix_precision_fp16"},
         0,
         {"matched FE nodes agree"}});
    add({"advise --front-end atc",
         {"advise", ge17, libs, lib, "--front-end", "atc", "--mode", "allow_mix_precision_fp16",
          "--keep-fp32", "prob"},
         0,
         {"protected nodes"}});
    add({"advise --front-end ge (no keep_dtype on that path)",
         {"advise", ge17, libs, lib, "--front-end", "ge", "--mode", "allow_mix_precision_fp16",
          "--keep-fp32", "prob"},
         0,
         {"keep_dtype does not reach the compiler on this front end (F3)"}});
    base({"snippet (every option, --json)",
          {"snippet",       "--front-end", "atc",          "--soc",  "Ascend910B1",
           "--mixlist",     mixlist,       "--keep-dtype", keep,     "--customize-dtypes",
           customize,       "--model",     "m.om",         "--mode", "force_fp16",
           "--matmul-hf32", "true",        "--conv-hf32",  "false",  "--json"},
          0,
          {"\"code\"", "--precision_mode=force_fp16"},
          {},
          Shape::Json});
    add({"convert-ini -o -",
         {"convert-ini", ini, "-o", "-"},
         0,
         {"\"Conv2D\":{"},
         {},
         Shape::Json});
    add({"convert-ini --script ascendc",
         {"convert-ini", ini, "--script", "ascendc", "-o", "-"},
         0,
         {"\"Conv2D\":{"},
         {},
         Shape::Json});
    // --- graph info
    base({"graph info GE dump (--json, --op-map)",
          {"graph", "info", ge17, "--op-map", opMap, "--json"},
          0,
          {"\"name\": \"ResNet-50\"", "\"nodes\": 710"},
          {},
          Shape::Json});
    add({"graph info ONNX", {"graph", "info", onnx}, 0, {"format:     onnx"}});
    add({"graph info TF text", {"graph", "info", tfText}, 0, {"tf-graphdef"}});
    add({"graph info ATC JSON",
         {"graph", "info", atcJson, "--json"},
         0,
         {"\"format\": \"atc-json\""},
         {},
         Shape::Json});
    // --- resolve: every input option at once is the base, then one row per option.
    base({"resolve (every input option, --soc, --gray-rule, --json)",
          {"resolve",
           ge17,
           libs,
           lib,
           "--soc",
           "Ascend910B1",
           "--mixlist",
           mixlist,
           "--keep-dtype",
           keep,
           "--customize-dtypes",
           customize,
           "--platform-ini",
           platformIni,
           "--op-map",
           opMap,
           "--gray-rule",
           "previous",
           "--mode",
           "allow_mix_precision",
           "--json"},
          0,
          {"\"mode\": \"allow_mix_precision_fp16\"", "\"nodes\": ["},
          {},
          Shape::Json});
    add({"resolve --keep-dtype (real file: names of another model)",
         {"resolve", ge17, libs, lib, "--keep-dtype", keep, "--mode", "force_fp16"},
         0,
         {"mode force_fp16:"}});
    add({"resolve --keep-dtype OpType::Conv2D (--csv)",
         {"resolve", ge17, libs, lib, "--keep-dtype", keepConv, "--mode", "force_fp16", "--csv"},
         0,
         {",Conv2D,"},
         {},
         Shape::Csv});
    add({"resolve --customize-dtypes (real file)",
         {"resolve", tfText, libs, lib, "--customize-dtypes", customize, "--mode",
          "allow_mix_precision"},
         0,
         {"mode allow_mix_precision_fp16:"}});
    add({"resolve --csv",
         {"resolve", onnx, libs, lib, "--mode", "force_fp16", "--csv"},
         0,
         {"name,op_type,policy,dtype"},
         {},
         Shape::Csv});
    add({"resolve --platform-ini with --soc",
         {"resolve", ge17, libs, lib, "--soc", "Ascend910B1", "--platform-ini", platformIni,
          "--mode", "allow_mix_precision_bf16"},
         0,
         {"mode allow_mix_precision_bf16:"}});
    add({"resolve bf16 on a SoC without it is refused",
         {"resolve", ge17, libs, lib910, "--soc", "Ascend910A", "--mode",
          "allow_mix_precision_bf16"},
         1,
         {},
         {"bf16"}});
    add({"resolve --all-modes --plot --json",
         {"resolve", graphCopy, libs, libCopy, "--all-modes", "--json", "--plot", tmp("modes.svg")},
         0,
         {"\"modes\": ["},
         {"chart written to " + tmp("modes.svg")},
         Shape::Json,
         {graphCopy, libCopyFile}});
    add({"resolve --all-modes (text)",
         {"resolve", ge17, libs, lib, "--all-modes"},
         0,
         {"MODE", "force_fp16", "mixed_hif8"}});
    add({"resolve --all-modes --keep-dtype",
         {"resolve", ge17, libs, lib, "--all-modes", "--keep-dtype", keepConv},
         0,
         {"force_fp16"}});
    // The cube-op list of CANN 8.1.RC1's own fe.ini (SEMANTICS §1), on every command that resolves.
    const QString feIni = shared("opsinfo/cann-8.1.RC1/fe_config/fe.ini");
    add({"resolve --fe-ini",
         {"resolve", ge17, libs, lib, "--mode", "force_fp32", "--fe-ini", feIni},
         0,
         {"conv1"},
         {"cube-op list: fp16.op_type of"}});
    add({"resolve diff --fe-ini",
         {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
          "--fe-ini", feIni, "--json"},
         0,
         {"\"cube_ops\""},
         {},
         Shape::Json});
    add({"advise --fe-ini",
         {"advise", ge17, libs, lib, "--mode", "allow_mix_precision_fp16", "--keep-fp32", "prob",
          "--fe-ini", feIni, "--json"},
         0,
         {"\"plans\""},
         {},
         Shape::Json});
    add({"check --fe-ini",
         {"check", ge17, "--compiled", ge26, libs, lib, "--fe-ini", feIni, "--json"},
         0,
         {"\"sweep\""},
         {},
         Shape::Json});
    add({"resolve --all-modes --customize-dtypes",
         {"resolve", tfText, libs, lib, "--all-modes", "--customize-dtypes", customize},
         0,
         {"force_fp16"}});
    // --- resolve diff
    base({"resolve diff (mixlists, --max-changed within, --json)",
          {"resolve",
           "diff",
           ge17,
           libs,
           lib,
           "--mode",
           "allow_mix_precision",
           "--mixlist-a",
           mixlist,
           "--mixlist-b",
           mixlistBlackConv,
           "--keep-dtype",
           keep,
           "--customize-dtypes",
           customize,
           "--platform-ini",
           platformIni,
           "--soc",
           "Ascend910B1",
           "--op-map",
           opMap,
           "--gray-rule",
           "fe",
           "--max-changed",
           "1000",
           "--json"},
          0,
          {"\"changed_count\": 118"},
          {},
          Shape::Json});
    add({"resolve diff --max-changed exceeded",
         {"resolve", "diff", ge17, libs, lib, "--mode", "allow_mix_precision", "--mixlist-b",
          mixlistBlackConv, "--max-changed", "0"},
         1,
         {"118 node(s) change dtype"},
         {"more than --max-changed 0"}});
    add({"resolve diff --format junit",
         {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
          "--format", "junit"},
         0,
         {"<testsuite"},
         {},
         Shape::Xml});
    add({"resolve diff --format github",
         {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
          "--format", "github", "--max-changed", "0"},
         1,
         {"::error file="},
         {},
         Shape::Github});
    add({"resolve diff --keep-dtype (two modes)",
         {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
          "--keep-dtype", keepConv, "--json"},
         0,
         {"\"changed_count\""},
         {},
         Shape::Json});
    // --- report (tests/core/tst_clireport.cpp opens the pages in a browser)
    base({"report (every input option, -o)",
          {"report",
           ge17,
           libs,
           lib,
           "--soc",
           "Ascend910B1",
           "--mixlist",
           mixlist,
           "--keep-dtype",
           keep,
           "--customize-dtypes",
           customize,
           "--platform-ini",
           platformIni,
           "--op-map",
           opMap,
           "--gray-rule",
           "fe",
           "--mode",
           "allow_mix_precision_fp16",
           "--evidence",
           opSummary,
           "--api-map",
           apiMap,
           "--cosine-threshold",
           "0.9",
           "-o",
           tmp("report.html")},
          0,
          {},
          {"report written to " + tmp("report.html")},
          Shape::Empty});
    add({"report --all-modes --collapse-depth --fe-ini --strict",
         {"report", ge17, libs, lib, "--all-modes", "--collapse-depth", "1", "--fe-ini", feIni,
          "--strict", "--output", tmp("report-all.html")},
         0,
         {},
         {"9 mode(s)"},
         Shape::Empty});
    add({"report --front-end atc",
         {"report", ge17, libs, lib, "--front-end", "atc", "--soc", "Ascend910B1", "-o",
          tmp("report-atc.html")},
         0,
         {},
         {"report written to"},
         Shape::Empty});
    // --- check
    base({"check (every input option, --json)",
          {"check",
           ge17,
           "--compiled",
           ge26,
           libs,
           lib,
           "--mode",
           "allow_mix_precision_fp16",
           "--mixlist",
           mixlist,
           "--keep-dtype",
           keep,
           "--customize-dtypes",
           customize,
           "--platform-ini",
           platformIni,
           "--soc",
           "Ascend910B1",
           "--op-map",
           opMap,
           "--gray-rule",
           "fe",
           "--evidence",
           opSummary,
           "--api-map",
           apiMap,
           "--json"},
          0,
          {"\"fe_matched\": 123", "\"evidence\""},
          {},
          Shape::Json});
    add({"check --evidence (compare result, text)",
         {"check", ge17, libs, lib, "--mode", "allow_mix_precision_fp16", "--evidence", compareCsv},
         0,
         {"executed dtypes agree with the prediction"}});
    // --- advise
    base({"advise (every input and output option, --json)",
          {"advise",
           ge17,
           libs,
           lib,
           "--mode",
           "allow_mix_precision_fp16",
           "--mixlist",
           mixlist,
           "--keep-dtype",
           keep,
           "--customize-dtypes",
           customize,
           "--platform-ini",
           platformIni,
           "--soc",
           "Ascend910B1",
           "--op-map",
           opMap,
           "--gray-rule",
           "fe",
           "--keep-fp32",
           "prob",
           "--evidence",
           compareCsv,
           "--api-map",
           apiMap,
           "--cosine-threshold",
           "0.9",
           "--objective",
           "accuracy",
           "--max-changes",
           "8",
           "--max-moved",
           "8",
           "-o",
           tmp("advised_mixlist.json"),
           "--keep-dtype-out",
           tmp("advised_keep.cfg"),
           "--json"},
          0,
          {"\"plans\"", "\"goal_reached\""},
          {},
          Shape::Json});
    add({"advise --objective casts (text, -o -)",
         {"advise", ge17, libs, lib, "--mode", "allow_mix_precision_fp16", "--mixlist",
          blackMixlist, "--keep-fp32", "OpType::Pooling", "--objective", "casts", "-o", "-"},
         0,
         {"\"black-list\""},
         {"recommended:"}});
    add({"advise --objective time (BERT ONNX)",
         {"advise", bertOnnx, libs, lib, "--mode", "allow_mix_precision_fp16", "--keep-fp32",
          "OpType::Erf", "--objective", "time"},
         0,
         {}});
    // --- evidence
    base({"evidence show (every option, --json)",
          {"evidence", "show", opSummary, "--graph", ge17, "--op-map", opMap, "--library", lib,
           "--soc", "Ascend910B1", "--rows", "--unmatched", "--by-type", "--api-map", apiMap,
           "--cosine-threshold", "0.9", "--json"},
          0,
          {"\"files\"", "\"by_type\""},
          {},
          Shape::Json});
    add({"evidence show (real kernel_details, text)",
         {"evidence", "show", kernelDetails, "--library", lib},
         0,
         {"kernel_details"}});
    // --- a library the compiler refuses (GNMT's copy, two L6 problems): read, shown, exit 1;
    // --strict refuses it before any output
    const QString refusedNote = "the compiler refuses this library: 2 problems";
    add({"library show (refused library: listed, exit 1)",
         {"library", "show", gnmt, "--filter", "^PadV3$"},
         1,
         {"PadV3"},
         {"GNMT_ID0015__aic-ascend910-ops-info.json:7552:23",
          "GNMT_ID0015__aic-ascend910-ops-info.json:21837:22", refusedNote}});
    add({"library show --strict (refused library)",
         {"library", "show", gnmt, "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"library stats --json (refused library: problems counted)",
         {"library", "stats", gnmt, "--json"},
         1,
         {"\"ops\": 613", "\"count\": 2"},
         {refusedNote},
         Shape::Json});
    add({"library stats --strict",
         {"library", "stats", gnmt, "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"library set -o (refused library: the edit is written)",
         {"library", "set", gnmtCopy, "--op", "PadV3", "--list", "black", "-o",
          tmp("gnmt-set.json")},
         1,
         {},
         {"1 op(s) changed in " + tmp("gnmt-set.json"),
          "the edit is written; the library still has 2 problems"},
         Shape::Empty,
         {gnmtCopy}});
    add({"library set --strict (refused library: nothing written)",
         {"library", "set", gnmtCopy, "--op", "PadV3", "--list", "black", "-o",
          tmp("gnmt-strict.json"), "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty,
         {gnmtCopy}});
    add({"library diff --strict",
         {"library", "diff", gnmt, lib910, "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"library diff (refused library: compared, exit 1)",
         {"library", "diff", gnmt, lib910, "--json"},
         1,
         {"\"op_type\""},
         {refusedNote},
         Shape::Json});
    add({"mixlist lint --strict",
         {"mixlist", "lint", mixlist, libs, gnmt, "--strict"},
         1,
         {},
         {"--strict"}});
    add({"mixlist apply --strict",
         {"mixlist", "apply", mixlist, libs, gnmt, "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"mixlist export --strict",
         {"mixlist", "export", libs, gnmt, "--target", lib910, "-o", tmp("strict-export.json"),
          "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"resolve (refused library: every explanation says so)",
         {"resolve", ge17, libs, gnmt, "--mode", "force_fp16", "--json"},
         1,
         {"the compiler refuses this library (2 problems, the first at "},
         {refusedNote},
         Shape::Json});
    add({"resolve --strict",
         {"resolve", ge17, libs, gnmt, "--mode", "force_fp16", "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"resolve diff --strict",
         {"resolve", "diff", ge17, libs, gnmt, "--mode", "force_fp16", "--mode",
          "allow_mix_precision", "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"check --strict",
         {"check", ge17, "--compiled", ge26, libs, gnmt, "--mode", "allow_mix_precision_fp16",
          "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"advise --strict",
         {"advise", ge17, libs, gnmt, "--mode", "allow_mix_precision_fp16", "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    add({"evidence show --strict",
         {"evidence", "show", opSummary, "--library", gnmt, "--strict"},
         1,
         {},
         {"--strict"},
         Shape::Empty});
    // --- library fix
    base({"library fix -o (a certain fix: fp16 -> float16)",
          {"library", "fix", fixable, "-o", tmp("fixed.json")},
          0,
          {},
          {"fix: 'fp16' -> 'float16'", "1 fix(es) written to " + tmp("fixed.json"),
           "the compiler accepts the file"},
          Shape::Empty,
          {fixable}});
    add({"library fix --dry-run",
         {"library", "fix", fixable, "--dry-run"},
         0,
         {},
         {"1 fix(es) would be made", "nothing written"},
         Shape::Empty,
         {fixable}});
    add({"library fix --dry-run (nothing certain: GNMT)",
         {"library", "fix", gnmt, "--dry-run"},
         1,
         {},
         {"nothing certain to fix", "2 problems remain"},
         Shape::Empty});
    add({"library fix --in-place --backup-dir",
         {"library", "fix", fixableInPlace, "--in-place", "--backup-dir", tmp("fix-backups")},
         0,
         {},
         {"1 fix(es) written to " + fixableInPlace, "(backup: " + tmp("fix-backups/")},
         Shape::Empty});
    add({"library fix -o (nothing certain: GNMT, copied unchanged)",
         {"library", "fix", gnmt, "-o", tmp("gnmt-fixed.json")},
         1,
         {},
         {"written unchanged to " + tmp("gnmt-fixed.json"), "2 problems remain"},
         Shape::Empty,
         {gnmt}});
    add({"check --keep-dtype (text)",
         {"check", ge17, "--compiled", ge26, libs, lib, "--mode", "allow_fp32_to_fp16",
          "--keep-dtype", keepConv},
         1,
         {"matched FE nodes agree"}});
    // --- schema
    base({"schema mixlist", {"schema", "mixlist"}, 0, {"\"$schema\""}, {}, Shape::Json});
    add({"schema opsinfo", {"schema", "opsinfo"}, 0, {"precision_reduce"}, {}, Shape::Json});
}

// Text from files reaches the terminal, JSON, XML and annotations safely; faults of the issue.
QList<Row> TestCliMatrix::hostileContentRows() const
{
    const QString libs = "--library";
    QList<Row> rows;
    rows << Row {"hostile: escapes in op names shown escaped",
                 {"library", "show", hostileLib},
                 0,
                 {"Evil\\e]0;pwned\\x07\\e[2J"}};
    rows << Row {"hostile: non-UTF-8 folder in JSON",
                 {"library", "show", hostileLib, "--json"},
                 0,
                 {"Evil\\u001b]0;pwned"},
                 {"not valid UTF-8 and was written as U+FFFD (first at /0/file)"},
                 Shape::Json};
    rows << Row {"hostile: stats of a non-UTF-8 folder",
                 {"library", "stats", hostileLib},
                 0,
                 {"\\xff\\xfe"}};
    rows << Row {"hostile: stats --json of a non-UTF-8 folder",
                 {"library", "stats", hostileLib, "--json"},
                 0,
                 {"\"ops\": 2"},
                 {"U+FFFD"},
                 Shape::Json};
    rows << Row {"hostile: 100,000-character op type with --filter (RE2)",
                 {"library", "show", longNameLib, "--filter", "(A|AA)*B$", "--json"},
                 0,
                 {"AAAAB\""},
                 {},
                 Shape::Json};
    rows << Row {"hostile: invalid --filter",
                 {"library", "show", lib, "--filter", "(unclosed"},
                 2,
                 {},
                 {"invalid --filter regular expression"},
                 Shape::Empty};
    rows << Row {
        "hostile: GE node names not UTF-8 (--json)",
        {"resolve", hostileGraph, libs, hostileLib, "--mode", "allow_mix_precision", "--json"},
        0,
        {"Evil\\u001b]0;pwned\\u0007"},
        {"U+FFFD"},
        Shape::Json};
    rows << Row {"hostile: GE node names not UTF-8 (text)",
                 {"resolve", hostileGraph, libs, hostileLib, "--mode", "allow_mix_precision"},
                 0,
                 {"n\\xff\\xfe", "x\\e]0;pwned\\x07"}};
    rows << Row {
        "hostile: GE node names not UTF-8 (--csv)",
        {"resolve", hostileGraph, libs, hostileLib, "--mode", "allow_mix_precision", "--csv"},
        0,
        {"n\\xff\\xfe,Evil\\e]0;pwned"},
        {},
        Shape::Csv};
    rows << Row {"hostile: graph info --json",
                 {"graph", "info", hostileGraph, "--json"},
                 0,
                 {"\"name\": \"main"},
                 {"U+FFFD"},
                 Shape::Json};
    rows << Row {"hostile: all modes --json",
                 {"resolve", hostileGraph, libs, hostileLib, "--all-modes", "--json"},
                 0,
                 {"\"modes\""},
                 {},
                 Shape::Json};
    rows << Row {"hostile: resolve diff --format junit",
                 {"resolve", "diff", hostileGraph, libs, hostileLib, "--mode", "force_fp16",
                  "--mode", "force_fp32", "--format", "junit", "--max-changed", "0"},
                 1,
                 {"n\\xff\\xfe"},
                 {},
                 Shape::Xml};
    rows << Row {"hostile: resolve diff --format github",
                 {"resolve", "diff", hostileGraph, libs, hostileLib, "--mode", "force_fp16",
                  "--mode", "force_fp32", "--format", "github"},
                 0,
                 {"::notice file=", "\\e]0;pwned"},
                 {},
                 Shape::Github};
    rows << Row {"hostile: resolve diff --json",
                 {"resolve", "diff", hostileGraph, libs, hostileLib, "--mode", "force_fp16",
                  "--mode", "force_fp32", "--json"},
                 0,
                 {"\"changed_count\""},
                 {},
                 Shape::Json};
    rows << Row {"hostile: mixlist lint text",
                 {"mixlist", "lint", hostileMixlist, libs, hostileLib},
                 0,
                 {},
                 {"'Nope\\e[31m\\u{202E}'"}};
    rows << Row {"hostile: mixlist lint junit",
                 {"mixlist", "lint", hostileMixlist, libs, hostileLib, "--format", "junit"},
                 0,
                 {"Nope\\x1b[31m"},
                 {},
                 Shape::Xml};
    rows << Row {"hostile: mixlist lint github",
                 {"mixlist", "lint", hostileMixlist, libs, hostileLib, "--format", "github"},
                 0,
                 {"::warning file=", "Nope\\e[31m"},
                 {},
                 Shape::Github};
    rows << Row {"hostile: mixlist lint json",
                 {"mixlist", "lint", hostileMixlist, libs, hostileLib, "--format", "json"},
                 0,
                 {"Nope\\u001b[31m"},
                 {},
                 Shape::Json};
    rows << Row {"hostile: mixlist apply",
                 {"mixlist", "apply", hostileMixlist, libs, hostileLib},
                 0,
                 {"Evil\\e]0;pwned"}};
    rows << Row {"hostile: convert-ini section with escapes",
                 {"convert-ini", hostileIni, "-o", "-"},
                 0,
                 {"\"Evil\\u001b[2J\":{"},
                 {},
                 Shape::Json};
    rows << Row {"hostile: library diff",
                 {"library", "diff", hostileLib, lib, "--json"},
                 0,
                 {"Evil\\u001b]0;pwned"},
                 {},
                 Shape::Json};
    rows << Row {"hostile: check on a non-UTF-8 dump",
                 {"check", hostileGraph, "--compiled", hostileGraph, libs, hostileLib, "--mode",
                  "force_fp16"},
                 1,
                 {"0 of 2 matched FE nodes agree", "n\\xff\\xfe"}};
    // Silent wrong answers of the issue, now errors.
    rows << Row {
        "check against an unrelated dump (0 matched) is an error",
        {"check", ge17, "--compiled", hostileGraph, libs, lib, "--mode", "allow_fp32_to_fp16"},
        1,
        {},
        {"no FE node of", "are they dumps of the same model?"}};
    for (const QStringList &args :
         {QStringList {"resolve", ge17, libs, emptyLib, "--mode", "force_fp16"},
          QStringList {"resolve", "diff", ge17, libs, emptyLib, "--mode", "force_fp16",
                       "--mixlist-b", mixlistBlackConv, "--max-changed", "0"},
          QStringList {"library", "stats", emptyLib}, QStringList {"library", "show", emptyLib},
          QStringList {"mixlist", "apply", mixlist, libs, emptyLib},
          QStringList {"mixlist", "lint", mixlist, libs, emptyLib},
          QStringList {"mixlist", "export", libs, emptyLib, "--target", lib, "-o", "-"},
          QStringList {"check", ge17, "--compiled", ge26, libs, emptyLib, "--mode", "force_fp16"},
          QStringList {"library", "diff", lib, emptyLib}})
        rows << Row {"empty library: " + args.mid(0, 2).join(' '), args,        2, {},
                     {"no ops-info library file in " + emptyLib},  Shape::Empty};
    rows << Row {"--soc not a known SoC: nearest name",
                 {"resolve", ge17, libs, opp, "--soc", "Ascend901B1", "--mode", "force_fp16"},
                 2,
                 {},
                 {"unknown SoC 'Ascend901B1'", "did you mean 'Ascend910B1'"},
                 Shape::Empty};
    rows << Row {"--soc FooBar",
                 {"library", "show", opp, "--soc", "FooBar"},
                 2,
                 {},
                 {"unknown SoC 'FooBar'"},
                 Shape::Empty};
    // A family prefix is not a SoC: the whole name must be one the CANN stack knows.
    for (const char *soc : {"Ascend910B9x", "Ascend910B5", "Ascend910_9391x", "Ascend310P9"})
        rows << Row {QString("--soc %1 (looks like a family member, is none)").arg(soc),
                     {"library", "stats", opp, "--soc", soc},
                     2,
                     {},
                     {QString("unknown SoC '%1'").arg(soc), "did you mean"},
                     Shape::Empty};
    // Real SoC_versions without a platform ini in CANN 8.1 resolve to their family's folder.
    for (const char *soc : {"Ascend910B2C", "Ascend910B4-1", "Ascend910_9382", "Ascend310P1"})
        rows << Row {QString("--soc %1 (a real SoC without an ini)").arg(soc),
                     {"library", "stats", opp, "--soc", soc},
                     0,
                     {"ops:"}};
    rows << Row {"--soc contradicting the library folder",
                 {"resolve", ge17, libs, lib, "--soc", "Ascend310P3", "--mode", "force_fp16"},
                 2,
                 {},
                 {"contradicts the library", "soc folder ascend910b"},
                 Shape::Empty};
    rows << Row {"--soc contradicting a library file's folder",
                 {"mixlist", "lint", mixlist, libs, libFile, "--soc", "ascend910"},
                 2,
                 {},
                 {"contradicts the library"},
                 Shape::Empty};
    rows << Row {"--soc agreeing with the library folder",
                 {"mixlist", "apply", mixlist, libs, lib, "--soc", "Ascend910B2"},
                 0,
                 {"LayerNorm"}};
    rows << Row {"resolve diff: a missing mixlist is 2, not the 1 of --max-changed",
                 {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mixlist-b",
                  missing, "--max-changed", "0"},
                 2,
                 {},
                 {missing, "No such file or directory"},
                 Shape::Empty};
    rows << Row {"convert-ini on 1 GB is refused at once",
                 {"convert-ini", huge, "-o", tmp("never.json")},
                 2,
                 {},
                 {"too large", "64 MiB"},
                 Shape::Empty,
                 {},
                 true};
    return rows;
}

// Contradictory or incomplete options: usage errors (exit 2), nothing on stdout.
QList<Row> TestCliMatrix::usageRows() const
{
    const QString libs = "--library";
    QList<Row> rows;
    auto usage = [&rows](const QString &name, const QStringList &args, const QString &fragment) {
        rows << Row {"usage: " + name, args, 2, {}, {fragment}, Shape::Empty};
    };
    usage("--csv --json", {"resolve", ge17, libs, lib, "--mode", "force_fp16", "--csv", "--json"},
          "--csv and --json contradict");
    usage("--all-modes --csv", {"resolve", ge17, libs, lib, "--all-modes", "--csv"},
          "--csv and --all-modes contradict");
    usage("--mode and --all-modes",
          {"resolve", ge17, libs, lib, "--all-modes", "--mode", "force_fp16"},
          "--mode and --all-modes contradict");
    usage("neither --mode nor --all-modes", {"resolve", ge17, libs, lib},
          "give --mode MODE, --all-modes, or --front-end");
    usage("--plot without --all-modes",
          {"resolve", ge17, libs, lib, "--mode", "force_fp16", "--plot", tmp("x.svg")},
          "--plot needs --all-modes");
    usage("unknown mode", {"resolve", ge17, libs, lib, "--mode", "force_fp8"},
          "did you mean 'force_fp16'");
    usage("--json with --format",
          {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
           "--json", "--format", "github"},
          "--json and --format contradict");
    usage("two modes and a mixlist",
          {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
           "--mixlist-b", mixlist},
          "contradict");
    usage("lint --json --format junit", {"mixlist", "lint", mixlist, "--json", "--format", "junit"},
          "--json and --format contradict");
    usage("lint --soc without --library", {"mixlist", "lint", mixlist, "--soc", "ascend910b"},
          "--soc needs --library");
    usage("set -o and --in-place",
          {"library", "set", libCopyFile, "--op", "Add", "--list", "black", "-o", tmp("o.json"),
           "--in-place"},
          "exactly one of --output, --in-place");
    usage("set --backup-dir without --in-place",
          {"library", "set", libCopyFile, "--op", "Add", "--list", "black", "-o", tmp("o.json"),
           "--backup-dir", tmp("b")},
          "--backup-dir needs --in-place");
    usage("unknown option", {"library", "stats", lib, "--colour"}, "unknown option");
    usage("--gray-rule value",
          {"resolve", ge17, libs, lib, "--mode", "force_fp16", "--gray-rule", "nearest"},
          "--gray-rule");
    usage("--max-changed value",
          {"resolve", "diff", ge17, libs, lib, "--mode", "force_fp16", "--mode", "force_fp32",
           "--max-changed", "-1"},
          "--max-changed");
    usage("unknown schema", {"schema", "sarif"}, "unknown schema");
    usage(
        "check --api-map without --evidence",
        {"check", ge17, "--compiled", ge26, libs, lib, "--mode", "force_fp16", "--api-map", apiMap},
        "--api-map needs --evidence");
    usage("advise --cosine-threshold without --evidence",
          {"advise", ge17, libs, lib, "--mode", "allow_mix_precision_fp16", "--keep-fp32", "prob",
           "--cosine-threshold", "0.5"},
          "--cosine-threshold needs --evidence");
    usage("evidence show --op-map without --graph",
          {"evidence", "show", opSummary, "--op-map", opMap}, "--op-map needs --graph");
    usage("library diff --csv --json", {"library", "diff", lib, lib910, "--csv", "--json"},
          "--csv and --json contradict");
    usage("library diff --mixlist with --mixlist-a",
          {"library", "diff", lib, lib, "--mixlist", mixlist, "--mixlist-a", mixlist},
          "--mixlist and --mixlist-a contradict");
    usage("library diff --matrix of three", {"library", "diff", lib, lib910, lib, "--matrix"},
          "compare two libraries");
    return rows;
}

// Every input option and positional of every command, fed each hostile path in place of the real
// one of its base row: refused with exit 2, naming the path and what it is, quickly and with little
// memory, never read whole and never waiting on a pipe.
QList<Row> TestCliMatrix::generatedInputRows() const
{
    struct Hostile
    {
        QString label;
        QString path;
        QStringList fragments; // any of them
    };
    const QList<Hostile> hostile = {
        {"missing", missing, {"No such file or directory", "does not exist"}},
        {"folder", folder, {"is a folder", "no ops-info library file in"}},
        {"FIFO", fifo, {"named pipe (FIFO)"}},
        {"/dev/zero", "/dev/zero", {"character device"}},
        {"3 GiB sparse file", huge, {"too large"}},
    };
    QList<Row> rows;
    for (auto it = m_base.begin(); it != m_base.end(); ++it) {
        const Row &baseRow = m_rows[it.value()];
        const QStringList path = it.key().split(' ');
        const OptionTable &table = m_tables[it.key()];
        const ParsedArgs parsed = parseRow(baseRow.args, int(path.size()), table);
        int positional = 0;
        for (const auto &spec : table.specs) {
            if (spec.value != ArgParser::Value::Input)
                continue;
            const QString name = QString::fromUtf8(spec.name);
            for (const Hostile &h : hostile) {
                QStringList args = baseRow.args;
                if (spec.positional) {
                    if (positional >= parsed.positionals.size())
                        break;
                    args[parsed.positionals[positional]] = h.path;
                } else if (parsed.options.contains(name) && parsed.options[name].first() >= 0) {
                    args[parsed.options[name].first()] = h.path;
                } else {
                    args << "--" + name << h.path;
                }
                Row row {it.key() + " " + (spec.positional ? name : "--" + name) + " = " + h.label,
                         args, 2};
                row.err = h.fragments;
                row.shape = Shape::Empty;
                row.bounded = true;
                rows << row;
            }
            if (spec.positional)
                positional += spec.repeatable ? 0 : 1;
        }
    }
    return rows;
}

// Every output option of every command aimed at what it must not replace: each input of its base
// row (by the same path, through a symlink, through a hard link, inside an input folder), a
// device, a pipe, a folder, a missing folder. Exit 2, the inputs unchanged, no device replaced.
QList<Row> TestCliMatrix::generatedOutputRows() const
{
    QList<Row> rows;
    for (auto it = m_base.begin(); it != m_base.end(); ++it) {
        const Row &baseRow = m_rows[it.value()];
        const QStringList path = it.key().split(' ');
        const OptionTable &table = m_tables[it.key()];
        const ParsedArgs parsed = parseRow(baseRow.args, int(path.size()), table);
        QStringList inputs; // the base row's input files and folders
        int positional = 0;
        for (const auto &spec : table.specs) {
            const QString name = QString::fromUtf8(spec.name);
            if (spec.positional) {
                for (int p = positional;
                     p < parsed.positionals.size() && (p == positional || spec.repeatable); ++p)
                    if (spec.value == ArgParser::Value::Input)
                        inputs << baseRow.args[parsed.positionals[p]];
                positional += 1;
            } else if (spec.value == ArgParser::Value::Input) {
                for (int index : parsed.options.value(name))
                    if (index >= 0)
                        inputs << baseRow.args[index];
            }
        }
        for (const auto &spec : table.specs) {
            if (spec.value != ArgParser::Value::Output)
                continue;
            const QString name = QString::fromUtf8(spec.name);
            const int at = parsed.options.value(name).value(0, -1);
            if (at < 0)
                continue; // everyOptionHasARow() asks for a base row with it
            QList<QPair<QString, QString>> targets; // label, path
            for (const QString &input : inputs) {
                if (!input.startsWith(m_tmp.path()))
                    continue; // never aim at ../shared, even to check a refusal
                QFileInfo info(input);
                if (info.isDir()) {
                    targets << qMakePair("inside input folder " + info.fileName(),
                                         input + "/new.json");
                    continue;
                }
                targets << qMakePair("input " + info.fileName(), input);
                targets << qMakePair("symlink to input " + info.fileName(), input + ".symlink");
                targets << qMakePair("hard link to input " + info.fileName(), input + ".hardlink");
            }
            targets << qMakePair(QString("/dev/full"), QString("/dev/full"))
                    << qMakePair(QString("/dev/null"), QString("/dev/null"))
                    << qMakePair(QString("FIFO"), fifo) << qMakePair(QString("folder"), folder)
                    << qMakePair(QString("missing folder"), missing);
            for (const auto &[label, target] : targets) {
                QStringList args = baseRow.args;
                args[at] = target;
                Row row {it.key() + " --" + name + " onto " + label, args, 2};
                row.err = QStringList {"refusing to write", "not a regular file", "is a folder",
                                       "does not exist"};
                // Links are made when the row runs: an earlier in-place row may have replaced the
                // input.
                if (target.endsWith(".symlink") || target.endsWith(".hardlink")) {
                    const QString input = target.left(target.lastIndexOf('.'));
                    const bool hard = target.endsWith(".hardlink");
                    // A copy: clang 14 (the sanitizer stage) cannot capture a structured binding.
                    const QString link = target;
                    row.prepare = [input, link, hard] {
                        QFile::remove(link);
                        if (hard)
                            ::link(input.toLocal8Bit().constData(), link.toLocal8Bit().constData());
                        else
                            QFile::link(input, link);
                    };
                }
                row.shape = Shape::Empty;
                for (const QString &input : inputs)
                    if (QFileInfo(input).isFile())
                        row.unchanged << input;
                rows << row;
            }
        }
    }
    return rows;
}

void TestCliMatrix::verify(const Row &row, const BinaryRun &run) const
{
    const QString context
        = row.name + "\n  opsinfo " + row.args.join(' ') + "\n  " + run.describe();
    QVERIFY2(run.signal == 0, qPrintable("CRASHED: " + context));
    QVERIFY2(run.code == row.code,
             qPrintable(QString("expected exit %1: ").arg(row.code) + context));
    QVERIFY2(!run.err.contains("internal error"), qPrintable(context));
    // Nothing from a file reaches a terminal raw: no control byte but line feed and tab.
    for (const QByteArray *stream : {&run.out, &run.err})
        for (char c : *stream)
            QVERIFY2(static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t',
                     qPrintable(QString("raw control byte 0x%1 in the output: ")
                                    .arg(int(static_cast<unsigned char>(c)), 2, 16, QChar('0'))
                                + context));
    QVERIFY2(isUtf8(run.err), qPrintable("stderr is not UTF-8: " + context));
    const QString out = QString::fromUtf8(run.out), err = QString::fromUtf8(run.err);
    for (const QString &fragment : row.out)
        QVERIFY2(out.contains(fragment),
                 qPrintable("stdout lacks \"" + fragment + "\": " + context));
    if (!row.err.isEmpty()) {
        bool any = false;
        for (const QString &fragment : row.err)
            any = any || err.contains(fragment);
        const bool all = std::all_of(row.err.begin(), row.err.end(),
                                     [&err](const QString &f) { return err.contains(f); });
        // Hostile rows accept any of their fragments (what a path is depends on the option);
        // the others need all of them.
        QVERIFY2(row.bounded || row.name.contains(" onto ") ? any : all,
                 qPrintable("stderr lacks \"" + row.err.join("\" / \"") + "\": " + context));
    }
    switch (row.shape) {
    case Shape::Json: {
        QJsonParseError error;
        QJsonDocument::fromJson(run.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError,
                 qPrintable(error.errorString() + ": " + context));
        QVERIFY2(isUtf8(run.out), qPrintable("JSON is not UTF-8: " + context));
        break;
    }
    case Shape::Xml: {
        QXmlStreamReader xml(run.out);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString() + ": " + context));
        break;
    }
    case Shape::Github:
        for (const QByteArray &line : run.out.split('\n'))
            QVERIFY2(line.isEmpty() || line.startsWith("::"),
                     qPrintable("not an annotation: " + QString::fromUtf8(line) + "\n" + context));
        break;
    case Shape::Csv:
        QVERIFY2(run.out.startsWith("name,"), qPrintable(context));
        break;
    case Shape::Empty:
        QVERIFY2(run.out.isEmpty(), qPrintable("stdout should be empty: " + context));
        break;
    case Shape::Any:
        break;
    }
    if (row.bounded) {
        // Refused before reading: no 3 GiB in memory, no minute-long read.
        QVERIFY2(run.maxRssKb < 600 * 1024,
                 qPrintable(QString("peak memory %1 MiB: ").arg(run.maxRssKb / 1024) + context));
        QVERIFY2(run.ms < 60000, qPrintable(context));
    }
    struct stat st = {};
    QVERIFY2(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
             "/dev/null is no longer a device");
}

// Every option of every command appears in at least one row, and every command has a base row:
// the failure names the row to add.
void TestCliMatrix::everyOptionHasARow()
{
    if (!m_shared)
        QSKIP("../shared/data is absent (fresh clone): the matrix rows need the real data");
    QStringList missingRows;
    for (const QStringList &path : m_paths) {
        const QString key = path.join(' ');
        if (!m_base.contains(key))
            missingRows
                << QString(
                       "opsinfo %1 has no base row: add base({\"%1 ...\", {\"%2\", <real inputs from ../shared/data>}, "
                       "<exit code>, {<what stdout must say>}}) to TestCliMatrix::makeRealRows() in tests/core/tst_climatrix.cpp")
                       .arg(key, path.join("\", \""));
        const OptionTable &table = m_tables[key];
        for (const auto &spec : table.specs) {
            if (spec.positional)
                continue;
            const QString option = "--" + QString::fromUtf8(spec.name);
            const QString shortOption
                = spec.shortName.empty() ? QString() : "-" + QString::fromStdString(spec.shortName);
            bool used = false;
            for (const Row &row : m_rows) {
                if (pathOf(row.args, m_paths) != path)
                    continue;
                for (const QString &a : row.args)
                    used = used || a == option || a.startsWith(option + "=")
                        || (!shortOption.isEmpty() && a == shortOption);
            }
            if (!used)
                missingRows
                    << QString(
                           "opsinfo %1: option %2 has no row in the CLI matrix. Add to TestCliMatrix::makeRealRows() "
                           "(tests/core/tst_climatrix.cpp) a row that runs it on real input, e.g.\n"
                           "    add({\"%1 %2\", {\"%3\", ..., \"%2\"%4}, <exit code>, {<what stdout must say>}});\n"
                           "and, if it names a file the command reads or writes, declare it with .reads() or .writes() "
                           "in its ArgParser so the hostile rows cover it.")
                           .arg(key, option, path.join("\", \""),
                                spec.valueName.empty()
                                    ? QString()
                                    : ", <" + QString::fromStdString(spec.valueName) + ">");
        }
    }
    QVERIFY2(missingRows.isEmpty(), qPrintable("\n" + missingRows.join("\n\n")));
}

// An option that names a file must say so (.reads()/.writes()): the output guard refuses inputs
// and the hostile rows test it only then.
void TestCliMatrix::fileOptionsAreDeclared()
{
    static const QRegularExpression fileLike(
        "^(F|FILE|PATH|DUMP|BASE|TARGET|OUT|GRAPH|SOURCE|A|B|IN\\..*|OUT\\..*|FILE\\..*|[A-Z]+\\.(json|ini|svg|csv|txt))$");
    QStringList undeclared;
    for (auto it = m_tables.begin(); it != m_tables.end(); ++it)
        for (const auto &spec : it.value().specs)
            if (spec.value == ArgParser::Value::Text
                && fileLike.match(QString::fromStdString(spec.valueName)).hasMatch())
                undeclared
                    << QString(
                           "opsinfo %1: %2%3 looks like a file (%4): declare it with .reads() or .writes()")
                           .arg(it.key(), spec.positional ? "" : "--", QString::fromUtf8(spec.name),
                                QString::fromStdString(spec.valueName));
    QVERIFY2(undeclared.isEmpty(), qPrintable(undeclared.join('\n')));
}

void TestCliMatrix::matrix_data()
{
    QTest::addColumn<int>("index");
    if (!m_shared || opsinfoBinaryPath().isEmpty()) {
        QTest::newRow("no data") << -1;
        return;
    }
    QList<Row> all = m_rows;
    all << hostileContentRows() << usageRows() << generatedInputRows() << generatedOutputRows();
    m_rows = all; // the test function reads rows by index
    QSet<QString> names;
    for (int i = 0; i < all.size(); ++i) {
        QString name = all[i].name;
        for (int n = 2; names.contains(name); ++n)
            name = all[i].name + " #" + QString::number(n);
        names.insert(name);
        QTest::newRow(qPrintable(name)) << i;
    }
}

void TestCliMatrix::matrix()
{
    QFETCH(int, index);
    if (index < 0)
        QSKIP(
            "../shared/data is absent (fresh clone) or opsinfo is not built: the matrix needs both");
    const Row &row = m_rows[index];
    if (row.prepare)
        row.prepare();
    QMap<QString, QByteArray> before;
    for (const QString &file : row.unchanged)
        before.insert(file, hashOf(file));
    // Real data takes seconds (minutes under the sanitizers); a run that hangs fails its row
    // instead of the whole test.
    const BinaryRun run = BinaryProcess(row.args).finish(row.bounded ? 60000 : 200000);
    verify(row, run);
    for (const QString &file : row.unchanged)
        QVERIFY2(hashOf(file) == before[file], qPrintable(file + " was changed by: " + row.name));
}

// stdout on a full disk: exit 2 with the reason, never 0 with a truncated report.
void TestCliMatrix::failedStdoutWrite_data()
{
    QTest::addColumn<int>("index");
    if (!m_shared || opsinfoBinaryPath().isEmpty()) {
        QTest::newRow("no data") << -1;
        return;
    }
    for (auto it = m_base.begin(); it != m_base.end(); ++it)
        QTest::newRow(qPrintable(it.key())) << it.value();
}

void TestCliMatrix::failedStdoutWrite()
{
    QFETCH(int, index);
    if (index < 0)
        QSKIP("../shared/data is absent (fresh clone) or opsinfo is not built");
    const Row &row = m_rows[index];
    const BinaryRun normal = runBinary(row.args);
    QVERIFY2(normal.signal == 0 && normal.code == row.code, qPrintable(normal.describe()));
    const BinaryRun full = runBinary(row.args, "/dev/full");
    QVERIFY2(full.signal == 0, qPrintable(full.describe()));
    if (normal.out.isEmpty()) {
        QCOMPARE(full.code, row.code); // nothing to write, nothing to fail
        return;
    }
    QVERIFY2(full.code == 2, qPrintable(full.describe()));
    QVERIFY2(full.err.contains("cannot write to standard output: No space left on device"),
             qPrintable(full.describe()));
}

// Several `library set --in-place` on one file at once: each either lands or is refused, and
// nothing that reported success is lost; every backup has its own name.
void TestCliMatrix::concurrentInPlaceEditsLoseNothing()
{
    if (!m_shared || opsinfoBinaryPath().isEmpty())
        QSKIP("../shared/data is absent (fresh clone) or opsinfo is not built");
    const QString file = ownLibraryCopy("race");
    QVERIFY(!file.isEmpty());
    const QString backups = tmp("race-backups");
    const QStringList ops {"LayerNorm", "SoftmaxV2", "Gelu", "ReduceMeanD",
                           "Tanh",      "Sigmoid",   "Exp",  "Log"};
    std::vector<std::unique_ptr<BinaryProcess>> running;
    for (const QString &op : ops)
        running.push_back(std::make_unique<BinaryProcess>(
            QStringList {"library", "set", file, "--op", op, "--list", "black", "--in-place",
                         "--backup-dir", backups}));
    QStringList landed, refused;
    for (int i = 0; i < ops.size(); ++i) {
        const BinaryRun run = running[std::size_t(i)]->finish();
        QVERIFY2(run.signal == 0, qPrintable(run.describe()));
        if (run.code == 0) {
            landed << ops[i];
        } else {
            QVERIFY2(run.code == 2 && run.err.contains("changed on disk since it was loaded"),
                     qPrintable(run.describe()));
            QVERIFY2(run.err.contains("run the command again"), qPrintable(run.describe()));
            refused << ops[i];
        }
    }
    QVERIFY(!landed.isEmpty());
    const BinaryRun shown = runBinary({"library", "show", file, "--list", "black", "--json"});
    QVERIFY2(shown.code == 0, qPrintable(shown.describe()));
    QSet<QString> black;
    for (const auto &op : QJsonDocument::fromJson(shown.out).array())
        black.insert(op.toObject()["op_type"].toString());
    for (const QString &op : landed)
        QVERIFY2(black.contains(op),
                 qPrintable(op + " reported success but is not black: an edit was lost"));
    QCOMPARE(QDir(backups).entryList(QDir::Files).size(), landed.size());
    qInfo("%lld edits landed, %lld refused as concurrent", qlonglong(landed.size()),
          qlonglong(refused.size()));
}

// The subprocess waits for another program's lock on the file, then sees its change and refuses.
void TestCliMatrix::inPlaceEditWaitsForALockAndRechecks()
{
    if (!m_shared || opsinfoBinaryPath().isEmpty())
        QSKIP("../shared/data is absent (fresh clone) or opsinfo is not built");
    const QString file = ownLibraryCopy("locked");
    QVERIFY(!file.isEmpty());
    const int holder = ::open(file.toLocal8Bit().constData(), O_RDWR);
    QVERIFY(holder >= 0 && ::flock(holder, LOCK_EX) == 0);
    BinaryProcess edit({"library", "set", file, "--op", "LayerNorm", "--list", "black",
                        "--in-place", "--backup-dir", tmp("locked-backups")});
    QTest::qWait(3000); // it reads the file, edits it and waits for the lock
    const QByteArray theirs = readFile(file).replace("\"SoftmaxV2\":{", "\"SoftmaxV2\":{ ");
    QVERIFY(::pwrite(holder, theirs.constData(), size_t(theirs.size()), 0) == theirs.size());
    ::flock(holder, LOCK_UN);
    ::close(holder);
    const BinaryRun run = edit.finish();
    QVERIFY2(run.code == 2 && run.err.contains("changed on disk since it was loaded"),
             qPrintable(run.describe()));
    QCOMPARE(readFile(file), theirs); // their edit survives
}

// As root, an in-place edit of a file owned by someone else keeps its owner, group and mode.
void TestCliMatrix::inPlaceEditKeepsOwnerGroupAndMode()
{
    if (!m_shared || opsinfoBinaryPath().isEmpty())
        QSKIP("../shared/data is absent (fresh clone) or opsinfo is not built");
    if (::geteuid() != 0)
        QSKIP("needs root to give the file to another owner (CI runs as root)");
    const QString file = ownLibraryCopy("owned");
    QVERIFY(!file.isEmpty());
    QVERIFY(::chown(file.toLocal8Bit().constData(), 4242, 4343) == 0);
    QVERIFY(::chmod(file.toLocal8Bit().constData(), 0664) == 0);
    const BinaryRun run = runBinary({"library", "set", file, "--op", "LayerNorm", "--list", "black",
                                     "--in-place", "--backup-dir", tmp("owned-backups")});
    QVERIFY2(run.code == 0, qPrintable(run.describe()));
    struct stat st = {};
    QVERIFY(::stat(file.toLocal8Bit().constData(), &st) == 0);
    QCOMPARE(st.st_uid, uid_t(4242));
    QCOMPARE(st.st_gid, gid_t(4343));
    QCOMPARE(st.st_mode & 07777, mode_t(0664));
}

void TestCliMatrix::inPlaceEditReportsABrokenHardLink()
{
    if (!m_shared || opsinfoBinaryPath().isEmpty())
        QSKIP("../shared/data is absent (fresh clone) or opsinfo is not built");
    const QString file = ownLibraryCopy("linked");
    QVERIFY(!file.isEmpty());
    const QString other = tmp("linked/aic-ascend910b-ops-info.json.orig");
    QVERIFY(::link(file.toLocal8Bit().constData(), other.toLocal8Bit().constData()) == 0);
    const BinaryRun run = runBinary({"library", "set", file, "--op", "LayerNorm", "--list", "black",
                                     "--in-place", "--backup-dir", tmp("linked-backups")});
    QVERIFY2(run.code == 0, qPrintable(run.describe()));
    QVERIFY2(run.err.contains("other name(s) (hard links)")
                 && run.err.contains("[save-hard-link-broken]"),
             qPrintable(run.describe()));
    QCOMPARE(hashOf(other), hashOf(libFile)); // the other name keeps the old content, as said
}

// keep_dtype and customize_dtypes change the answer of every command that resolves, the all-modes
// sweep included: its row for a mode is the single-mode run's summary, option for option.
void TestCliMatrix::keepAndCustomizeDtypesAreHonoured()
{
    if (!m_shared || opsinfoBinaryPath().isEmpty())
        QSKIP("../shared/data is absent (fresh clone) or opsinfo is not built");
    const QStringList common {ge17, "--library", lib};
    auto csvDtypes = [](const QByteArray &csv, const QString &type) {
        QSet<QString> dtypes;
        for (const QByteArray &line : csv.split('\n')) {
            const QList<QByteArray> cells = line.split(',');
            if (cells.size() > 3 && cells[1] == type.toUtf8())
                dtypes.insert(QString::fromUtf8(cells[3]));
        }
        return dtypes;
    };
    const BinaryRun plain = runBinary(QStringList {"resolve"} + common
                                      + QStringList {"--mode", "force_fp16", "--csv"});
    const BinaryRun kept
        = runBinary(QStringList {"resolve"} + common
                    + QStringList {"--mode", "force_fp16", "--csv", "--keep-dtype", keepConv});
    QVERIFY2(plain.signal == 0 && plain.code == 0, qPrintable(plain.describe()));
    QVERIFY2(kept.signal == 0 && kept.code == 0, qPrintable(kept.describe()));
    QCOMPARE(csvDtypes(plain.out, "Conv2D"), QSet<QString> {"float16"});
    QCOMPARE(csvDtypes(kept.out, "Conv2D"), QSet<QString> {"float32"});

    for (const QStringList &extra :
         {QStringList {"--keep-dtype", keepConv}, QStringList {"--customize-dtypes", customize},
          QStringList {"--keep-dtype", keepConv, "--customize-dtypes", customize}}) {
        const BinaryRun all = runBinary(QStringList {"resolve"} + common + extra
                                        + QStringList {"--all-modes", "--json"});
        QVERIFY2(all.signal == 0 && all.code == 0, qPrintable(all.describe()));
        int compared = 0;
        for (const auto &value : QJsonDocument::fromJson(all.out)["modes"].toArray()) {
            const QJsonObject row = value.toObject();
            if (row.contains("refused"))
                continue;
            const QString mode = row["mode"].toString();
            const BinaryRun one = runBinary(QStringList {"resolve"} + common + extra
                                            + QStringList {"--mode", mode, "--json"});
            QVERIFY2(one.signal == 0 && (one.code == 0 || one.code == 1),
                     qPrintable(one.describe()));
            const QJsonObject single = QJsonDocument::fromJson(one.out).object();
            QVERIFY2(single["summary"] == row["summary"],
                     qPrintable(mode + " with " + extra.join(' ') + ": --all-modes says\n"
                                + QJsonDocument(row["summary"].toObject()).toJson()
                                + "--mode says\n"
                                + QJsonDocument(single["summary"].toObject()).toJson()));
            ++compared;
        }
        QVERIFY(compared >= 7);
    }
    // And the difference it makes reaches resolve diff.
    const QStringList diff {"resolve", "diff",       ge17,     "--library",  lib,
                            "--mode",  "force_fp16", "--mode", "force_fp32", "--json"};
    const BinaryRun without = runBinary(diff);
    const BinaryRun with = runBinary(diff + QStringList {"--keep-dtype", keepConv});
    QVERIFY2(without.code == 0 && with.code == 0, qPrintable(without.describe() + with.describe()));
    QVERIFY(QJsonDocument::fromJson(with.out)["changed_count"].toInt()
            < QJsonDocument::fromJson(without.out)["changed_count"].toInt());
}

QTEST_GUILESS_MAIN(TestCliMatrix)
#include "tst_climatrix.moc"
