// Snippets per front end (F1 rows): the code carries the mixlist path and the mode intact through
// its language's quoting (checked by decoding the literals, and with the real sh and python3 where
// present), and every setting that does nothing on the path has a warning line (F3).
#include "export/snippets.h"

#include <QProcess>
#include <QStandardPaths>
#include <QStringList>
#include <QTest>

using namespace opsinfo;

namespace {

// A path that breaks naive quoting in every language: spaces, both quotes, a backslash, a tab,
// a '$', a '?', non-ASCII.
const std::string kNastyPath = "/data/my models/it's \"q\" \\ tab\there $HOME?/混合 ops.json";

bool isCommentLine(const std::string &line, SnippetLanguage language)
{
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos)
        return false;
    return line.compare(first, language == SnippetLanguage::Cpp ? 2 : 1,
                        language == SnippetLanguage::Cpp ? "//" : "#")
        == 0;
}

// Python: '...' and "..." literals, escapes as pythonLiteral writes them.
void pythonLiterals(const std::string &line, std::vector<std::string> &out)
{
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char quote = line[i];
        if (quote == '#')
            return; // a trailing comment
        if (quote != '\'' && quote != '"')
            continue;
        std::string value;
        std::size_t j = i + 1;
        for (; j < line.size() && line[j] != quote; ++j) {
            if (line[j] != '\\' || j + 1 >= line.size()) {
                value += line[j];
                continue;
            }
            const char e = line[++j];
            if (e == 'n')
                value += '\n';
            else if (e == 't')
                value += '\t';
            else if (e == 'r')
                value += '\r';
            else if (e == 'x') {
                value += char(std::stoi(line.substr(j + 1, 2), nullptr, 16));
                j += 2;
            } else
                value += e;
        }
        out.push_back(value);
        i = j;
    }
}

void cppLiterals(const std::string &line, std::vector<std::string> &out)
{
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line.compare(i, 2, "//") == 0)
            return;
        if (line[i] != '"')
            continue;
        std::string value;
        std::size_t j = i + 1;
        for (; j < line.size() && line[j] != '"'; ++j) {
            if (line[j] != '\\') {
                value += line[j];
                continue;
            }
            const char e = line[++j];
            if (e == 'n')
                value += '\n';
            else if (e == 't')
                value += '\t';
            else if (e == 'r')
                value += '\r';
            else if (e >= '0' && e <= '7') {
                value += char(std::stoi(line.substr(j, 3), nullptr, 8));
                j += 2;
            } else
                value += e;
        }
        out.push_back(value);
        i = j;
    }
}

// POSIX words of one logical command (backslash-newline joins lines); the value after '=' of each
// --option=value word.
void shellValues(const std::string &code, std::vector<std::string> &out)
{
    std::string word;
    bool inWord = false;
    auto flush = [&] {
        if (inWord) {
            const std::size_t eq = word.find('=');
            out.push_back(eq == std::string::npos ? word : word.substr(eq + 1));
        }
        word.clear();
        inWord = false;
    };
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '#' && !inWord) {
            while (i < code.size() && code[i] != '\n')
                ++i;
            continue;
        }
        if (c == '\\' && i + 1 < code.size()) {
            if (code[i + 1] != '\n') {
                word += code[++i];
                inWord = true;
            } else {
                ++i;
            }
            continue;
        }
        if (c == '\'') {
            inWord = true;
            for (++i; i < code.size() && code[i] != '\''; ++i)
                word += code[i];
            continue;
        }
        if (c == ' ' || c == '\n' || c == '\t') {
            flush();
            continue;
        }
        word += c;
        inWord = true;
    }
    flush();
}

std::vector<std::string> literalsOf(const FrontEndSnippet &s)
{
    std::vector<std::string> out;
    std::string python = s.code;
    std::string shell;
    if (s.language == SnippetLanguage::PythonAndShell) {
        const std::size_t split = s.code.find("# then, in a shell:\n");
        python = s.code.substr(0, split);
        shell = s.code.substr(split);
    } else if (s.language == SnippetLanguage::Shell) {
        python.clear();
        shell = s.code;
    }
    if (!shell.empty())
        shellValues(shell, out);
    std::size_t start = 0;
    while (start < python.size()) {
        std::size_t end = python.find('\n', start);
        if (end == std::string::npos)
            end = python.size();
        const std::string line = python.substr(start, end - start);
        if (!isCommentLine(line,
                           s.language == SnippetLanguage::Cpp ? SnippetLanguage::Cpp
                                                              : SnippetLanguage::Python)) {
            if (s.language == SnippetLanguage::Cpp)
                cppLiterals(line, out);
            else
                pythonLiterals(line, out);
        }
        start = end + 1;
    }
    return out;
}

bool contains(const std::vector<std::string> &list, const std::string &value)
{
    return std::find(list.begin(), list.end(), value) != list.end();
}

} // namespace

class TestFrontEndSnippets : public QObject
{
    Q_OBJECT
private slots:
    // One row per F1 row: the snippet sets the mode and the mixlist where the path takes them,
    // and warns (F3) where it does not.
    void roundTrip_data()
    {
        QTest::addColumn<QString>("frontEnd");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("written"); // the mode as the code spells it
        QTest::addColumn<bool>("mixlistInCode");
        QTest::addColumn<QStringList>("warnings"); // fragments expected among the warnings
        QTest::addColumn<QString>("marker"); // an API the snippet must use
        QTest::newRow("atc") << "atc"
                             << "mixed_float16"
                             << "mixed_float16" << true << QStringList {} << "--precision_mode_v2=";
        QTest::newRow("ge") << "ge"
                            << "allow_mix_precision_bf16"
                            << "allow_mix_precision_bf16" << true
                            << QStringList {"keep_dtype does nothing on GE session options"}
                            << "ge.exec.modify_mixlist";
        QTest::newRow("tf1") << "tf1"
                             << "allow_mix_precision"
                             << "allow_mix_precision" << true << QStringList {}
                             << "NPURunConfig(precision_mode=";
        QTest::newRow("tf2 non-mixed mode")
            << "tf2"
            << "force_fp16"
            << "force_fp16" << true << QStringList {"the lists act only in the mixed modes"}
            << "npu.keep_dtype_scope()";
        QTest::newRow("acl-op v2 name")
            << "acl-op"
            << "origin"
            << "origin" << false
            << QStringList {"modify_mixlist does nothing on ACL single-op",
                            "keep_dtype does nothing"}
            << "ACL_PRECISION_MODE_V2";
        QTest::newRow("torch-npu")
            << "torch-npu"
            << "allow_fp32_to_fp16"
            << "allow_fp32_to_fp16" << false
            << QStringList {"modify_mixlist does nothing on PyTorch torch_npu, eager",
                            "keep_dtype does nothing", "customize_dtypes does nothing"}
            << "torch.npu.matmul.allow_hf32";
        QTest::newRow("torch-npu-jit")
            << "torch-npu-jit"
            << "force_fp32"
            << "force_fp32" << false
            << QStringList {"modify_mixlist does nothing on PyTorch torch_npu, jit_compile"}
            << "set_compile_mode(jit_compile=True)";
        QTest::newRow("torchair: export, then ATC")
            << "torchair"
            << "allow_mix_precision"
            << "allow_mix_precision" << true
            << QStringList {"the snippet exports the graph and compiles it with ATC"}
            << "torchair.dynamo_export";
        QTest::newRow("mindspore-o2")
            << "mindspore-o2"
            << "allow_mix_precision_fp16"
            << "allow_mix_precision_fp16" << true
            << QStringList {"keep_dtype does nothing", "raw GE option"} << "\"jit_level\": \"O2\"";
        QTest::newRow("mindspore-kbk")
            << "mindspore-kbk"
            << "must_keep_origin_dtype"
            << "must_keep_origin_dtype" << false
            << QStringList {"modify_mixlist does nothing on MindSpore O0/O1",
                            "does not consult matmul_allow_hf32"}
            << "op_precision.precision_mode(";
        QTest::newRow("mindspore-lite alias")
            << "mindspore-lite"
            << "allow_mix_precision"
            << "preferred_optimal" << true
            << QStringList {"keep_dtype does nothing on MindSpore Lite"}
            << "mixprecision_list_path";
    }
    void roundTrip()
    {
        QFETCH(QString, frontEnd);
        QFETCH(QString, mode);
        QFETCH(QString, written);
        QFETCH(bool, mixlistInCode);
        QFETCH(QStringList, warnings);
        QFETCH(QString, marker);
        FrontEndSnippetInput input;
        input.precisionMode = mode.toStdString();
        input.mixlistPath = kNastyPath;
        input.keepDtypePath = "keep dtype.cfg";
        input.customizeDtypesPath = "/c/cust'dtypes.cfg";
        input.soc = "Ascend910B1";
        const auto snippet = snippetForFrontEnd(*parseFrontEnd(frontEnd.toStdString()), input);
        QVERIFY(snippet);
        QCOMPARE(snippet->mode, parsePrecisionMode(mode.toStdString()));
        const std::string &code = snippet->code;
        QVERIFY2(code.find(marker.toStdString()) != std::string::npos, code.c_str());
        const std::vector<std::string> literals = literalsOf(*snippet);
        QVERIFY2(contains(literals, written.toStdString()), code.c_str());
        QCOMPARE(contains(literals, kNastyPath), mixlistInCode);
        for (const QString &fragment : warnings) {
            bool found = false;
            for (const std::string &w : snippet->warnings)
                found = found || w.find(fragment.toStdString()) != std::string::npos;
            QVERIFY2(found,
                     qPrintable(fragment + " not among the warnings of\n"
                                + QString::fromStdString(code)));
        }
        // Every warning is a comment line of the code too, so a pasted snippet keeps it.
        const std::string prefix
            = snippet->language == SnippetLanguage::Cpp ? "// warning: " : "# warning: ";
        for (const std::string &w : snippet->warnings)
            QVERIFY2(code.find(prefix + w + "\n") != std::string::npos, w.c_str());
        if (!mixlistInCode)
            QVERIFY(code.find("ops.json") == std::string::npos);
    }

    // The real shell reads the ATC line's arguments back byte for byte.
    void shellRunsTheAtcCommand()
    {
        const QString sh = QStandardPaths::findExecutable(QStringLiteral("sh"));
        if (sh.isEmpty())
            QSKIP("no sh on this machine");
        for (FrontEnd frontEnd : {FrontEnd::Atc, FrontEnd::Torchair}) {
            FrontEndSnippetInput input;
            input.precisionMode = "allow_mix_precision";
            input.mixlistPath = kNastyPath;
            input.soc = "Ascend910B1";
            input.modelPath = "/m/a model's.onnx";
            const auto snippet = snippetForFrontEnd(frontEnd, input);
            QVERIFY(snippet);
            std::string shell = snippet->code;
            if (frontEnd == FrontEnd::Torchair)
                shell = shell.substr(shell.find("# then, in a shell:\n"));
            QProcess p;
            p.start(sh,
                    {"-c",
                     QString::fromStdString(
                         "atc() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n" + shell)});
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 0);
            const QList<QByteArray> args = p.readAllStandardOutput().split('\0');
            QVERIFY2(args.contains(QByteArray::fromStdString("--modify_mixlist=" + kNastyPath)),
                     p.readAllStandardOutput().constData());
            QVERIFY(args.contains(QByteArray("--precision_mode=allow_mix_precision")));
            if (frontEnd == FrontEnd::Atc)
                QVERIFY(args.contains(QByteArray("--model=/m/a model's.onnx")));
        }
    }

    // The real Python parser reads every Python snippet and finds the path among its strings.
    void pythonParsesEverySnippet()
    {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            QSKIP("no python3 on this machine");
        for (FrontEnd frontEnd : kAllFrontEnds) {
            FrontEndSnippetInput input;
            input.precisionMode = "allow_fp32_to_fp16";
            input.mixlistPath = kNastyPath;
            input.keepDtypePath = kNastyPath + ".keep";
            input.customizeDtypesPath = kNastyPath + ".cust";
            input.soc = "Ascend910B1";
            const auto snippet = snippetForFrontEnd(frontEnd, input);
            QVERIFY(snippet);
            if (snippet->language != SnippetLanguage::Python
                && snippet->language != SnippetLanguage::PythonAndShell)
                continue;
            std::string code = snippet->code;
            if (snippet->language == SnippetLanguage::PythonAndShell)
                code = code.substr(0, code.find("# then, in a shell:\n"));
            QProcess p;
            p.start(python,
                    {"-c",
                     "import ast, sys\n"
                     "tree = ast.parse(sys.stdin.buffer.read().decode('utf-8'))\n"
                     "for n in ast.walk(tree):\n"
                     "    if isinstance(n, ast.Constant) and isinstance(n.value, str):\n"
                     "        sys.stdout.buffer.write(n.value.encode('utf-8') + b'\\0')\n"});
            p.write(QByteArray::fromStdString(code));
            p.closeWriteChannel();
            QVERIFY(p.waitForFinished(30000));
            QVERIFY2(p.exitCode() == 0,
                     qPrintable(QString(frontEndId(frontEnd)) + ": " + p.readAllStandardError()));
            const QList<QByteArray> strings = p.readAllStandardOutput().split('\0');
            if (frontEndTraits(frontEnd).mixlist)
                QVERIFY2(strings.contains(QByteArray::fromStdString(kNastyPath)),
                         frontEndId(frontEnd));
            QVERIFY2(strings.contains(QByteArray("allow_fp32_to_fp16"))
                         || frontEnd == FrontEnd::MindSporeLite || frontEnd == FrontEnd::Torchair,
                     frontEndId(frontEnd));
        }
    }

    void noModeSaysTheDefault()
    {
        FrontEndSnippetInput input;
        input.soc = "Ascend910A";
        const auto tf2 = snippetForFrontEnd(FrontEnd::Tf2, input);
        QVERIFY(tf2 && !tf2->mode);
        QVERIFY(tf2->code.find("precision_mode =") == std::string::npos);
        QVERIFY2(
            tf2->code.find(
                "# warning: no precision mode set: the compiler uses allow_fp32_to_fp16 (default for this front end)")
                != std::string::npos,
            tf2->code.c_str());
        input.soc.clear();
        const auto ge = snippetForFrontEnd(FrontEnd::Ge, input);
        QVERIFY(ge && ge->code.find("depends on the SoC (F2)") != std::string::npos);
        // torchair: ATC gets the mode torch.compile used, so the numerics do not change.
        input.soc = "Ascend910B1";
        const auto torchair = snippetForFrontEnd(FrontEnd::Torchair, input);
        QVERIFY(torchair
                && torchair->code.find("--precision_mode=must_keep_origin_dtype")
                    != std::string::npos);
    }

    void badModeIsAnError()
    {
        std::string error;
        FrontEndSnippetInput input;
        input.precisionMode = "allow_mix_precison";
        QVERIFY(!snippetForFrontEnd(FrontEnd::Atc, input, &error));
        QVERIFY2(error.find("did you mean 'allow_mix_precision'") != std::string::npos,
                 error.c_str());
    }

    void liteModeWithoutAliasGoesToGe()
    {
        FrontEndSnippetInput input;
        input.precisionMode = "allow_mix_precision_bf16";
        const auto lite = snippetForFrontEnd(FrontEnd::MindSporeLite, input);
        QVERIFY(lite);
        QVERIFY2(
            lite->code.find(
                "\"ge_session_options\": {\"ge.exec.precision_mode\": 'allow_mix_precision_bf16'}")
                != std::string::npos,
            lite->code.c_str());
        QVERIFY(lite->code.find("context.ascend.precision_mode") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestFrontEndSnippets)
#include "tst_frontendsnippets.moc"
