#include "mixlist/mixlist.h"

#include "shareddata.h"

#include <QDirIterator>
#include <QFile>
#include <QSet>
#include <QTest>

#include <nlohmann/json.hpp>

#include <random>

using namespace opsinfo;

namespace {

std::string readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

const Diagnostic *firstError(const std::vector<Diagnostic> &diagnostics)
{
    for (const auto &d : diagnostics)
        if (d.severity == Severity::Error)
            return &d;
    return nullptr;
}

QString position(const Diagnostic &d)
{
    return QStringLiteral("%1:%2").arg(d.location.line).arg(d.location.column);
}

QString dump(const std::vector<Diagnostic> &diagnostics)
{
    QString out;
    for (const auto &d : diagnostics)
        out += QString::fromStdString(formatDiagnostic(d)) + QLatin1Char('\n');
    return out;
}

// Entries as an independent parser (nlohmann) sees them, in file order: "black-list.to-add:Op".
std::vector<std::string> oracleEntries(const std::string &text)
{
    std::vector<std::string> out;
    const auto json = nlohmann::json::parse(text);
    for (const char *list : {"black-list", "white-list", "gray-list"}) {
        if (!json.contains(list))
            continue;
        for (const char *action : {"to-add", "to-remove"}) {
            if (!json[list].contains(action))
                continue;
            for (const auto &op : json[list][action])
                out.push_back(std::string(list) + '.' + action + ':' + op.get<std::string>());
        }
    }
    return out;
}

std::vector<std::string> entriesOf(const Mixlist &m)
{
    std::vector<std::string> out;
    for (auto list : Mixlist::lists)
        for (auto action : Mixlist::actions)
            for (const auto &e : m.entries(list, action))
                out.push_back(mixlistMarkName(list, action) + ':' + e.opType);
    return out;
}

// Verdicts on the 65 real mixlists, decided by reading each file and applying X1/X2 by hand.
struct Verdict
{
    const char *file;
    bool valid;
    bool lenientOk;
    const char *code;
    const char *position;
    const char *fragment;
};

const std::vector<Verdict> &verdicts()
{
    static const std::
        vector<Verdict>
            rows =
                [] {
                    std::vector<Verdict> v;
                    auto ok = [&v](const char *file) {
                        v.push_back({file, true, true, "", "", ""});
                    };
                    auto bad = [&v](const char *file, bool lenientOk, const char *code,
                                    const char *pos, const char *fragment) {
                        v.push_back({file, false, lenientOk, code, pos, fragment});
                    };
                    // hicann/ge FE unit-test mixlists
                    ok("hicann-ge-tests/op_info_right.json"); // all 7 ops have allowed combinations
                    bad("hicann-ge-tests/op_info_wrong.json", true, "X1", "9:13", "trailing comma");
                    bad("hicann-ge-tests/op_info_wrong1.json", true, "X1", "12:3",
                        "unknown key 'white1-list'");
                    bad("hicann-ge-tests/op_info_wrong2.json", true, "X1", "6:5",
                        "unknown key 'to-add1'");
                    ok("hicann-ge-tests/op_mix_list1.json"); // gray-list + all 11 ops in allowed
                                                             // combinations
                    ok("hicann-ge-tests/op_mix_list2.json"); // add-black + remove-white
                    ok("hicann-ge-tests/op_mix_list3.json"); // add-white + remove-black
                    bad("hicann-ge-tests/op_mix_list4.json", false, "X2", "3:15",
                        "black-list.to-add (line 3), white-list.to-add (line 6)");
                    bad("hicann-ge-tests/op_mix_list5.json", true, "X1", "2:3",
                        "did you mean 'gray-list'?");
                    // ModelZoo PyTorch
                    ok("modelzoo-pytorch/ACL_PyTorch__contrib__cv__detection__EfficientDetD0__ops_info.json"); // CRLF is JSON whitespace
                    ok("modelzoo-pytorch/ACL_PyTorch__contrib__nlp__m2m_100__ops_info.json");
                    ok("modelzoo-pytorch/ACL_PyTorch__contrib__nlp__tinybert__test__ops_info.json");
                    ok("other/Tlntin__qwen-ascend-llm__ops_info.json"); // empty arrays, trailing
                                                                        // blanks
                    // ModelZoo TensorFlow
                    ok("modelzoo-tf/ACL_TensorFlow__contrib__cv__PRSR_ID2111_for_ACL__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__GAN_ID2351_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__detection__Swin-Transformer_ID2412_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__detection__YOLOv5_ID1719_for_TensorFlow2.X__ops_info.json"); // "white-list":{}
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__image_classification__CircleLossMNIST_ID3551_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__image_classification__cutmix_ID2502_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__image_classification__densenet_ID3534_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__image_classification__pointnet_ID2531_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__cv__image_synthesis__tf_v2_01_SGAN_ID3999_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__keras_sample__cv__deeplabv3_plus_ID2503_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__keras_sample__cv__involution_ID2515_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__keras_sample__cv__siamese_contrastive_ID2538_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__keras_sample__generative__adain_ID2581_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__keras_sample__nlp__word2vec_ID2886_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__BERT_ID2478_for_TensorFlow2.X__configs__ops_info.json"); // tabs
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__BertLarge_ID0634_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__BertLarge_ID0634_for_TensorFlow2.X__configs__ops_info_mul.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__Kaggle_QA_Google_Labeling_ID3294_for_TensorFlow2.X__configs__ops_info.json"); // typos are lint (X4), not X1
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__Transformer_ID0633_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__albert-FineTune_Series_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__bert-squad_ID1566_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__keras-bert_ID3157_for_TensorFlow2.X__configs__ops_info.json"); // "Data" is lint
                    ok("modelzoo-tf/TensorFlow2__built-in__nlp__research-papers-implementation_ID3281_for_TensorFlow2.X__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__audio__PHASEN_ID0318_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__Image_translation__Pix2Pix_ID0359_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__detection__EastV2_ID1404_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__detection__SSD-Resnet50V1-FPN_ID1463_for_TensorFlow__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_classification__EfficientNet-B4_ID0162_for_TensorFlow__ops__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_classification__EfficientNet_B0_ID0009_for_TensorFlow__efficientnet__ReduceMeanD.json"); // CRLF, "gray-list":{}
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_classification__PointNet_ID0266_for_TensorFlow__ops__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_classification__ResNet50_ID0058_for_TensorFlow__src__trainers__ReduceMeanD.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_segmentation__UNet2D_ID0008_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_super_resolution__NLRN_ID1100_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__cv__image_synthesis__Deep-multimodal-subspace-clustering-networks_ID1259_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__graph__DCGAN_ID0686_for_TensorFlow__configs__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__nlp__Elmo_ID0656_for_TensorFlow__test__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__nlp__GNMT_ID0015_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__nlp__GNMT_ID1819_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__nlp__GRU4Rec_ID0128_for_TensorFlow__gru4rec_BP__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__recommendation__DIEN_ID3065_for_TensorFlow__fusion_config.txt");
                    ok("modelzoo-tf/TensorFlow__built-in__recommendation__KGNN_LS_ID0304_for_Tensorflow__src__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__recommendation__NAML_ID0113_for_TensorFlow__recommenders-master__examples__00_quick_start__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__built-in__recommendation__WideDeep_ID2712_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__contrib__cv__HMR_ID0783_for_TensorFlow__src__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__contrib__cv__MZSR_ID1072_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__contrib__cv__STNet_ID2360_for_TensorFlow__ops_info.json");
                    bad("modelzoo-tf/TensorFlow__contrib__cv__SYMNET_ID1292_for_Tensorflow__utils__ops_info.json",
                        true, "X1", "2:36", "comment");
                    ok("modelzoo-tf/TensorFlow__contrib__cv__dsrc__DSRC_ID1309_for_tensorflow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__contrib__cv__meta-pseudo-labels__META_PSEUDO_LABEL_ID2024_for_TensorFlow__ops_info.json"); // all empty
                    ok("modelzoo-tf/TensorFlow__contrib__cv__mixmatch_ID0804_for_TensorFlow__ops_info.json"); // "MatMu1V2" is lint
                    ok("modelzoo-tf/TensorFlow__contrib__cv__prsr__PRSR_ID2111_for_TensorFlow__ops_info.json");
                    ok("modelzoo-tf/TensorFlow__contrib__nlp__Transformer_ID2361__for_TensorFlow__ops_info.json");
                    return v;
                }();
    return rows;
}

} // namespace

class TestMixlist : public QObject
{
    Q_OBJECT
private slots:
    // Every X1 error kind, with the position a user's editor should jump to.
    void strictRejects_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("grey-list") << "x1_grey_list.json"
                                   << "X1"
                                   << "2:5"
                                   << "did you mean 'gray-list'?";
        QTest::newRow("whitelist") << "x1_whitelist.json"
                                   << "X1"
                                   << "2:3"
                                   << "did you mean 'white-list'?";
        QTest::newRow("to-add1") << "x1_to_add1.json"
                                 << "X1"
                                 << "3:9"
                                 << "did you mean 'to-add'?";
        QTest::newRow("unrelated key") << "x1_unknown_key.json"
                                       << "X1"
                                       << "3:5"
                                       << "unknown key 'precision'";
        QTest::newRow("root array") << "x1_root_array.json"
                                    << "X1"
                                    << "1:1"
                                    << "JSON object, found an array";
        QTest::newRow("list is array") << "x1_list_is_array.json"
                                       << "X1"
                                       << "2:19"
                                       << "must be an object";
        QTest::newRow("to-add is string") << "x1_action_is_string.json"
                                          << "X1"
                                          << "3:19"
                                          << "must be an array";
        QTest::newRow("non-string element") << "x1_non_string.json"
                                            << "X1"
                                            << "3:27"
                                            << "holds a number";
        QTest::newRow("line comment") << "x1_line_comment.json"
                                      << "X1"
                                      << "2:5"
                                      << "comment";
        QTest::newRow("block comment") << "x1_block_comment.json"
                                       << "X1"
                                       << "2:32"
                                       << "comment";
        QTest::newRow("trailing comma array") << "x1_trailing_comma_array.json"
                                              << "X1"
                                              << "3:32"
                                              << "trailing comma";
        QTest::newRow("trailing comma object") << "x1_trailing_comma_object.json"
                                               << "X1"
                                               << "4:6"
                                               << "trailing comma";
        QTest::newRow("empty file") << "x1_empty.json"
                                    << "X1"
                                    << "1:1"
                                    << "empty";
        QTest::newRow("blank file") << "x1_blank.json"
                                    << "X1"
                                    << "1:1"
                                    << "empty";
        QTest::newRow("duplicate list") << "x1_duplicate_list.json"
                                        << "X1"
                                        << "3:5"
                                        << "duplicate key 'black-list' (first at line 2)";
        QTest::newRow("duplicate action") << "x1_duplicate_action.json"
                                          << "X1"
                                          << "4:9"
                                          << "duplicate key 'to-add' (first at line 3)";
        QTest::newRow("missing comma") << "x1_missing_comma.json"
                                       << "X1"
                                       << "3:26"
                                       << "expected ',' or ']'";
        QTest::newRow("single quotes") << "x1_single_quotes.json"
                                       << "X1"
                                       << "2:5"
                                       << "in double quotes but found '''";
        QTest::newRow("unterminated") << "x1_unterminated.json"
                                      << "X1"
                                      << "4:1"
                                      << "end of the file";
        // Found by fuzz_mixlist_lenient: a lone surrogate used to be written through as bytes that
        // are not UTF-8.
        QTest::newRow("lone high surrogate") << "x1_lone_high_surrogate.json"
                                             << "X1"
                                             << "3:36"
                                             << "half of a surrogate pair";
        QTest::newRow("lone low surrogate") << "x1_lone_low_surrogate.json"
                                            << "X1"
                                            << "2:30"
                                            << "half of a surrogate pair";
        QTest::newRow("unpaired surrogate") << "x1_unpaired_surrogate.json"
                                            << "X1"
                                            << "2:30"
                                            << "half of a surrogate pair";
        QTest::newRow("X2 two adds")
            << "x2_add_black_add_white.json"
            << "X2"
            << "2:31"
            << "'Abs' is in black-list.to-add (line 2), white-list.to-add (line 3)";
        QTest::newRow("X2 two removes")
            << "x2_remove_black_remove_white.json"
            << "X2"
            << "2:34"
            << "black-list.to-remove (line 2), white-list.to-remove (line 3)";
    }
    void strictRejects()
    {
        QFETCH(QString, file);
        QFETCH(QString, code);
        QFETCH(QString, position);
        QFETCH(QString, fragment);
        const std::string path = testData("mixlist/" + file).toStdString();
        const auto result = parseMixlistStrict(readAll(QString::fromStdString(path)), path);
        QVERIFY2(!result.ok(), qPrintable(dump(result.diagnostics)));
        const Diagnostic *e = firstError(result.diagnostics);
        QCOMPARE(QString::fromStdString(e->code), code);
        QCOMPARE(::position(*e), position);
        QCOMPARE(e->location.file, path);
        QVERIFY2(QString::fromStdString(e->message).contains(fragment),
                 qPrintable(dump(result.diagnostics)));
        QVERIFY2(!e->hint.empty(), "every error says what to do");
    }

    void strictReportsEveryBadElement()
    {
        const auto result
            = parseMixlistStrict(readAll(testData("mixlist/x1_non_string.json")), "f.json");
        QStringList positions;
        for (const auto &d : result.diagnostics)
            positions << ::position(d);
        QCOMPARE(positions, (QStringList {"3:27", "3:30"}));
        QCOMPARE(result.mixlist.entries(MixlistList::Black, MixlistAction::Add).size(),
                 std::size_t(1));
    }

    // A BOM is accepted by the compiler's JSON reader (it skips one), so strict mode only warns;
    // columns on line 1 do not count its three bytes.
    void bomIsOnlyAWarning()
    {
        const auto r = parseMixlistStrict(
            "\xEF\xBB\xBF{\"black-list\": {\"to-add\": [\"Abs\"]}}\r\n", "b.json");
        QVERIFY2(r.ok(), qPrintable(dump(r.diagnostics)));
        QCOMPARE(r.diagnostics.size(), std::size_t(1));
        QCOMPARE(r.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(r.mixlist.entries(MixlistList::Black, MixlistAction::Add).at(0).column,
                 28); // the quote after "[" in column 27
    }

    void strictAcceptsValidFixtures()
    {
        const auto all
            = parseMixlistStrict(readAll(testData("mixlist/valid_all_lists.json")), "v.json");
        QVERIFY2(all.ok(), qPrintable(dump(all.diagnostics)));
        QVERIFY(all.diagnostics.empty());
        QCOMPARE(all.mixlist.entryCount(), std::size_t(5));
        const auto &white = all.mixlist.entries(MixlistList::White, MixlistAction::Add);
        QCOMPARE(white.at(1).opType, std::string("Abs"));
        QCOMPARE(white.at(1).line, 3);
        QCOMPARE(white.at(1).column, 37);

        const auto empty = parseMixlistStrict("{}", "e.json");
        QVERIFY(empty.ok());
        QVERIFY(empty.mixlist.empty());

        const auto escapes
            = parseMixlistStrict(readAll(testData("mixlist/valid_escapes.json")), "x.json");
        QVERIFY(escapes.ok());
        QCOMPARE(escapes.mixlist.entries(MixlistList::Black, MixlistAction::Add).at(0).opType,
                 std::string("SoftmaxV2"));
        QCOMPARE(escapes.mixlist.entries(MixlistList::Black, MixlistAction::Add).at(1).opType,
                 std::string("A/B"));
    }

    // X2: of the 64 subsets of the six marks exactly the 11 listed in SEMANTICS §3 are allowed.
    void x2AllowsExactlyElevenCombinations()
    {
        std::vector<std::pair<MixlistList, MixlistAction>> all;
        for (auto l : Mixlist::lists)
            for (auto a : Mixlist::actions)
                all.push_back({l, a});
        QSet<QString> allowed;
        for (unsigned set = 1; set < 64; ++set) {
            std::vector<MixlistMark> marks;
            QStringList names;
            for (unsigned bit = 0; bit < 6; ++bit) {
                if (set & (1u << bit)) {
                    marks.push_back({all[bit].first, all[bit].second, 1, 1});
                    const bool add = all[bit].second == MixlistAction::Add;
                    names << QString::fromLatin1(add ? "add-" : "remove-")
                            + QString::fromLatin1(mixlistListKey(all[bit].first))
                                  .section('-', 0, 0);
                }
            }
            std::sort(names.begin(), names.end());
            if (isAllowedMarkCombination(marks))
                allowed.insert(names.join('+'));
        }
        const QSet<QString> expected {
            "remove-black",          "remove-white",           "add-gray",
            "add-gray+remove-black", "add-gray+remove-white",  "add-white",
            "add-white+remove-gray", "add-white+remove-black", "add-black",
            "add-black+remove-gray", "add-black+remove-white"};
        QCOMPARE(allowed, expected);
    }

    void realMixlists_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<bool>("lenientOk");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("fragment");
        for (const auto &v : verdicts())
            QTest::newRow(v.file) << QString::fromLatin1(v.file) << v.valid << v.lenientOk
                                  << QString::fromLatin1(v.code) << QString::fromLatin1(v.position)
                                  << QString::fromLatin1(v.fragment);
    }
    void realMixlists()
    {
        REQUIRE_SHARED_DATA();
        QFETCH(QString, file);
        QFETCH(bool, valid);
        QFETCH(bool, lenientOk);
        QFETCH(QString, code);
        QFETCH(QString, position);
        QFETCH(QString, fragment);
        const QString path = sharedData("opsinfo/mixlists/" + file);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const std::string text = readAll(path);
        const auto strict = parseMixlistStrict(text, path.toStdString());
        QVERIFY2(strict.ok() == valid, qPrintable(dump(strict.diagnostics)));
        if (valid) {
            // An independent parser sees the same entries in the same order.
            QCOMPARE(entriesOf(strict.mixlist), oracleEntries(text));
            for (auto list : Mixlist::lists)
                for (auto action : Mixlist::actions)
                    for (const auto &e : strict.mixlist.entries(list, action))
                        QVERIFY(e.line > 0 && e.column > 0);
        } else {
            const Diagnostic *e = firstError(strict.diagnostics);
            QCOMPARE(QString::fromStdString(e->code), code);
            QCOMPARE(::position(*e), position);
            QVERIFY2(QString::fromStdString(e->message).contains(fragment),
                     qPrintable(dump(strict.diagnostics)));
        }
        const auto lenient = parseMixlistLenient(text, path.toStdString());
        QVERIFY2(lenient.ok() == lenientOk, qPrintable(dump(lenient.diagnostics)));
        if (valid)
            QVERIFY(lenient.mixlist.sameContent(strict.mixlist));
        if (lenientOk) {
            // What an import then exports is accepted by the strict reader.
            const auto back = parseMixlistStrict(writeMixlist(lenient.mixlist), "export.json");
            QVERIFY2(back.ok(), qPrintable(dump(back.diagnostics)));
            QVERIFY(back.mixlist.sameContent(lenient.mixlist));
        }
    }

    void everyRealMixlistHasAVerdict()
    {
        REQUIRE_SHARED_DATA();
        QSet<QString> onDisk;
        QDirIterator it(sharedData("opsinfo/mixlists"), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            onDisk.insert(QDir(sharedData("opsinfo/mixlists")).relativeFilePath(it.next()));
        QCOMPARE(onDisk.size(), 65);
        QSet<QString> judged;
        for (const auto &v : verdicts())
            judged.insert(QString::fromLatin1(v.file));
        QCOMPARE(judged, onDisk);
    }

    void lenientRepairsWithOneWarningEach()
    {
        const auto result
            = parseMixlistLenient(readAll(testData("mixlist/lenient_everything.json")), "l.json");
        QVERIFY2(result.ok(), qPrintable(dump(result.diagnostics)));
        QStringList got;
        for (const auto &d : result.diagnostics) {
            QCOMPARE(d.severity, Severity::Warning);
            got << ::position(d) + QLatin1Char(' ')
                    + QString::fromStdString(d.message).section(' ', 0, 1);
        }
        std::sort(got.begin(), got.end());
        QStringList expected {"1:1 UTF-8 byte-order", "1:2 CRLF line",  "2:3 removed a",
                              "3:3 read unknown",     "3:34 removed a", "4:3 read unknown",
                              "4:41 removed a",       "4:64 removed a", "4:67 removed a"};
        std::sort(expected.begin(), expected.end());
        QCOMPARE(got, expected);
        Mixlist want;
        want.add(MixlistList::Gray, MixlistAction::Add, "Abs");
        want.add(MixlistList::Black, MixlistAction::Add, "SoftmaxV2");
        want.add(MixlistList::Black, MixlistAction::Add, "ReduceSumD");
        QVERIFY(result.mixlist.sameContent(want));
        // The strict reader refuses the same file, naming the first problem.
        QVERIFY(!parseMixlistStrict(readAll(testData("mixlist/lenient_everything.json")), "l.json")
                     .ok());
    }

    void lenientReadsGreyListAsGrayList()
    {
        REQUIRE_SHARED_DATA();
        const auto grey = parseMixlistLenient(
            readAll(sharedData("opsinfo/mixlists/hicann-ge-tests/op_mix_list5.json")), "5");
        const auto gray = parseMixlistStrict(
            readAll(sharedData("opsinfo/mixlists/hicann-ge-tests/op_mix_list1.json")), "1");
        QVERIFY(grey.ok() && gray.ok());
        QVERIFY(grey.mixlist.sameContent(
            gray.mixlist)); // op_mix_list5 is op_mix_list1 with grey-list/whi-list
    }

    void lenientDoesNotInventMeaning()
    {
        // Unrelated keys are dropped with a warning; wrong shapes stay errors.
        const auto unknown = parseMixlistLenient(R"({"precision": {"to-add": ["A"]}})", "u.json");
        QVERIFY(unknown.ok());
        QVERIFY(unknown.mixlist.empty());
        QCOMPARE(unknown.diagnostics.size(), std::size_t(1));
        QVERIFY(!parseMixlistLenient(R"({"black-list": ["A"]})", "a.json").ok());
        QVERIFY(!parseMixlistLenient(R"({"black-list": {"to-add": [1]}})", "n.json").ok());
        QVERIFY(!parseMixlistLenient("", "e.json").ok());
        // No repair guesses what a lone surrogate meant; a whole pair is one character.
        QVERIFY(
            !parseMixlistLenient(readAll(testData("mixlist/x1_lone_high_surrogate.json")), "s.json")
                 .ok());
        const auto pair
            = parseMixlistLenient(R"({"black-list": {"to-add": ["A\ud83d\ude00"]}})", "p.json");
        QVERIFY(pair.ok());
        QCOMPARE(pair.mixlist.entries(MixlistList::Black, MixlistAction::Add).at(0).opType,
                 std::string("A\xF0\x9F\x98\x80"));
    }

    void writerIsCanonical()
    {
        Mixlist m;
        m.add(MixlistList::Gray, MixlistAction::Remove, "Cast");
        m.add(MixlistList::White, MixlistAction::Add, "Conv2D");
        m.add(MixlistList::Black, MixlistAction::Add, "SoftmaxV2");
        m.add(MixlistList::Black, MixlistAction::Add, "Add");
        m.add(MixlistList::Black, MixlistAction::Add, "SoftmaxV2");
        m.add(MixlistList::Black, MixlistAction::Remove, "Mul");
        const std::string expected = "{\n"
                                     "    \"black-list\": {\n"
                                     "        \"to-add\": [\n"
                                     "            \"Add\",\n"
                                     "            \"SoftmaxV2\"\n"
                                     "        ],\n"
                                     "        \"to-remove\": [\n"
                                     "            \"Mul\"\n"
                                     "        ]\n"
                                     "    },\n"
                                     "    \"white-list\": {\n"
                                     "        \"to-add\": [\n"
                                     "            \"Conv2D\"\n"
                                     "        ]\n"
                                     "    },\n"
                                     "    \"gray-list\": {\n"
                                     "        \"to-remove\": [\n"
                                     "            \"Cast\"\n"
                                     "        ]\n"
                                     "    }\n"
                                     "}\n";
        QCOMPARE(QString::fromStdString(writeMixlist(m)), QString::fromStdString(expected));
        QCOMPARE(writeMixlist(Mixlist()), std::string("{}\n"));
        QVERIFY(parseMixlistStrict(writeMixlist(Mixlist()), "e.json").ok());
    }

    void writerRoundTripsRandomMixlists()
    {
        std::mt19937 rng(20261201);
        const std::vector<std::string> names {"Add",          "Mul",         "MatMulV2",
                                              "Weird\"Name",  "Back\\slash", "Tab\tName",
                                              "\xE4\xB8\xAD", "Conv2D"};
        for (int round = 0; round < 300; ++round) {
            Mixlist m;
            const int n = int(rng() % 10);
            for (int i = 0; i < n; ++i)
                m.add(Mixlist::lists[rng() % 3], Mixlist::actions[rng() % 2],
                      names[rng() % names.size()]);
            const std::string text = writeMixlist(m);
            const auto back = parseMixlistStrict(text, "r.json");
            // X2 may reject a random combination, but never X1: the writer only writes strict JSON.
            for (const auto &d : back.diagnostics)
                QVERIFY2(d.code == "X2", d.message.c_str());
            QVERIFY(back.mixlist.sameContent(m));
            QCOMPARE(writeMixlist(back.mixlist), text);
            QCOMPARE(entriesOf(back.mixlist), oracleEntries(text));
        }
    }

    // Every prefix of a file is an error with a position inside the file, never a crash.
    void truncatedInputNeverCrashes()
    {
        const std::string text = readAll(testData("mixlist/valid_all_lists.json"));
        QVERIFY(!text.empty());
        for (std::size_t n = 0; n + 2 < text.size(); ++n) {
            const auto r = parseMixlistStrict(std::string_view(text).substr(0, n), "t.json");
            QVERIFY(!r.ok());
            const Diagnostic *e = firstError(r.diagnostics);
            QVERIFY(e->location.line >= 1 && e->location.line <= 5);
            QVERIFY(e->location.column >= 1);
        }
        const std::string deep(10000, '[');
        QVERIFY(!parseMixlistStrict(deep, "deep.json").ok());
    }
};

QTEST_GUILESS_MAIN(TestMixlist)
#include "tst_mixlist.moc"
