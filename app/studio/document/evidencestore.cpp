#include "studio/document/evidencestore.h"

#include "evidence/evidenceloader.h"

#include <QFileInfo>

#include <algorithm>

namespace opsinfo {

EvidenceStore::EvidenceStore(QObject *parent)
    : QObject(parent)
{
}

int EvidenceStore::addFiles(const QStringList &paths, std::vector<Diagnostic> *diagnostics)
{
    std::vector<EvidenceFile> files;
    for (const QString &path : paths)
        files.push_back(loadEvidenceFile(path.toStdString()));
    return addLoaded(std::move(files), diagnostics);
}

int EvidenceStore::addLoaded(std::vector<EvidenceFile> files, std::vector<Diagnostic> *diagnostics)
{
    int added = 0;
    for (EvidenceFile &file : files) {
        if (diagnostics)
            diagnostics->insert(diagnostics->end(), file.diagnostics.begin(),
                                file.diagnostics.end());
        if (!file.ok())
            continue;
        m_files.erase(std::remove_if(m_files.begin(), m_files.end(),
                                     [&](const EvidenceFile &f) { return f.path == file.path; }),
                      m_files.end());
        m_files.push_back(std::move(file));
        ++added;
    }
    if (added) {
        recompute();
        emit changed();
    }
    return added;
}

void EvidenceStore::clear()
{
    if (m_files.empty())
        return;
    m_files.clear();
    recompute();
    emit changed();
}

bool EvidenceStore::isEvidenceFile(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return false;
    // Libraries, mixlists and graphs are never CSV: a CSV named on the command line is evidence,
    // and a broken one gets the evidence importer's error (line and column), not "not a library".
    if (info.suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0)
        return true;
    const bool json = info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0;
    const bool mindSporeIr = info.suffix().compare(QLatin1String("ir"), Qt::CaseInsensitive) == 0;
    if (!json && !mindSporeIr)
        return false;
    // JSON may be a library, a mixlist, an ATC graph or msprobe's dump.json: the keys decide. A
    // companion (construct.json, profiler_info, an op-debug record, MindSpore IR) is evidence
    // too: opened, it says what it is and what to open with it, instead of failing as a library.
    // A graph dump opens as a graph.
    const EvidenceFile file = loadEvidenceFile(path.toStdString());
    return file.ok() && file.format != EvidenceFormat::GraphDump;
}

QStringList EvidenceStore::paths() const
{
    QStringList out;
    for (const EvidenceFile &f : m_files)
        out << QString::fromStdString(f.path);
    return out;
}

void EvidenceStore::recompute()
{
    std::vector<FileJoin> joins;
    joins.reserve(m_files.size());
    for (const EvidenceFile &file : m_files)
        joins.push_back(joinEvidence(file, {nullptr, nullptr, &m_apiMap}));
    m_summary = summarizeEvidence(m_files, joins);
}

} // namespace opsinfo
