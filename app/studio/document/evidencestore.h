#pragma once

#include "common/diagnostic.h"
#include "evidence/evidence.h"
#include "evidence/evidencejoin.h"
#include "evidence/evidencesummary.h"
#include "graph/apimap.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace opsinfo {

// The evidence files the user opened (profiler CSVs, accuracy compares, dump.json), read by the
// core's importers, and what they say per op type (for the Library tab). Views join the rows to
// their own graph; this only holds the files. Not a document: evidence is read, never edited.
class EvidenceStore : public QObject
{
    Q_OBJECT

public:
    explicit EvidenceStore(QObject *parent = nullptr);

    // Reads the files and adds them (a file opened again replaces its earlier copy). Diagnostics of
    // every file come back; a file with errors is not added. Returns how many files were added.
    int addFiles(const QStringList &paths, std::vector<Diagnostic> *diagnostics = nullptr);
    // The same for files already read (on a worker thread: see GraphTab::openEvidence).
    int addLoaded(std::vector<EvidenceFile> files, std::vector<Diagnostic> *diagnostics = nullptr);
    void clear();
    // Whether a file named on the command line is evidence: any CSV, or JSON whose keys are an
    // evidence format's (dump.json); graphs are asked about first (MainWindow::openPaths).
    static bool isEvidenceFile(const QString &path);

    const std::vector<EvidenceFile> &files() const { return m_files; }
    bool isEmpty() const { return m_files.empty(); }
    const ApiMap &apiMap() const { return m_apiMap; }
    // Per op type over every file (joined by type only: the IR type each row stands for).
    const EvidenceSummary &summary() const { return m_summary; }
    const FlagThresholds &thresholds() const { return m_thresholds; }
    QStringList paths() const;

signals:
    void changed();

private:
    void recompute();

    std::vector<EvidenceFile> m_files;
    ApiMap m_apiMap = ApiMap::defaults();
    EvidenceSummary m_summary;
    FlagThresholds m_thresholds;
};

} // namespace opsinfo
