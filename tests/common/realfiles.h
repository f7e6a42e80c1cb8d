#pragma once

// Every file of ../shared/data, by what a user opens it as: the data-driven tests that each one
// opens in the CLI and in the app without being refused. A file of a new kind fails them until it
// is given one here.

#include "shareddata.h"

#include <QDirIterator>
#include <QList>
#include <QString>
#include <QTest>

#include <algorithm>

enum class RealFileKind {
    Library, // an ops-info .json or its .ini source form
    Mixlist, // modify_mixlist (also ModelZoo's fusion_config.txt)
    Graph, // ONNX, GE dump, ATC om -> json, TensorFlow GraphDef text
    Evidence, // profiler and compare exports, msprobe dumps and their companions
    KeepDtype, // --keep_dtype
    CustomizeDtypes, // --customize_dtypes
    FeIni, // FE's fe.ini (cube-op list)
    PlatformIni, // platform_config/<SoC_version>.ini
    // Not a file a user opens: the reference tables our resources were derived from (dynfmt/,
    // opmap/, with their sources), the documentation of the data and the converter scripts.
    Reference,
    Unclassified, // a file this list does not know yet: the tests fail until it is given a kind
};

struct RealFile
{
    QString path;
    QString relative; // under ../shared/data
    RealFileKind kind;
};

inline RealFileKind realFileKind(const QString &relative)
{
    const auto under
        = [&relative](const char *folder) { return relative.startsWith(QLatin1String(folder)); };
    if (relative.endsWith(QLatin1String(".md")) || relative.contains(QLatin1String("README"))
        || relative.endsWith(QLatin1String(".py")) || under("dynfmt/") || under("opmap/"))
        return RealFileKind::Reference;
    if (under("opsinfo/mixlists/"))
        return RealFileKind::Mixlist;
    if (under("opsinfo/keep_dtype/"))
        return RealFileKind::KeepDtype;
    if (under("opsinfo/customize_dtypes/"))
        return RealFileKind::CustomizeDtypes;
    if (relative.endsWith(QLatin1String("fe_config/fe.ini")))
        return RealFileKind::FeIni;
    if (relative.contains(QLatin1String("/platform_config/")))
        return RealFileKind::PlatformIni;
    if (under("opsinfo/"))
        return RealFileKind::Library;
    if (under("graphs/") || under("evidence/ge_dump_unpaired/"))
        return RealFileKind::Graph;
    if (under("evidence/"))
        return RealFileKind::Evidence;
    return RealFileKind::Unclassified;
}

// The rows of a data-driven test over realFiles(): "path" and "kind" (int(RealFileKind)).
inline void addRealFileRows();

// Every file but the reference ones, which no command reads.
inline QList<RealFile> realFiles()
{
    QList<RealFile> files;
    const QString root = sharedData();
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = path.mid(root.size() + 1);
        if (const RealFileKind kind = realFileKind(relative); kind != RealFileKind::Reference)
            files.push_back({path, relative, kind});
    }
    std::sort(files.begin(), files.end(),
              [](const RealFile &a, const RealFile &b) { return a.relative < b.relative; });
    return files;
}

inline void addRealFileRows()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("kind");
    for (const RealFile &file : realFiles())
        QTest::newRow(file.relative.toUtf8()) << file.path << int(file.kind);
}
