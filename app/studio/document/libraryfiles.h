#pragma once

#include "common/filestamp.h"
#include "common/policy.h"
#include "library/libraryloader.h"

#include <QObject>
#include <QString>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class DocumentIo;
class Workspace;

// Opening and saving the library document: a .json/.ini file, a soc folder or an opp root. Save
// edits every changed file byte-preservingly, atomically, with a backup outside the soc folder,
// and refuses to overwrite a file changed on disk unless the user says so. Returns false when
// nothing was opened or written (the prompt said why).
class LibraryFiles : public QObject
{
    Q_OBJECT

public:
    LibraryFiles(Workspace *workspace, DocumentIo *io, QObject *parent = nullptr);
    ~LibraryFiles() override;

    // `soc`: which SoC folder of an opp or store root (empty: the only one there).
    bool open(const QString &path, const QString &soc = {});
    // Asks about unsaved edits; false when the user cancelled.
    bool maybeSave();
    bool save();
    bool saveAs(const QString &path = {});

    // For exports and comparisons. A library loaded off the UI thread, not opened (errors are
    // reported; nullopt when it could not be read or the user cancelled).
    std::optional<LibraryLoadResult> loadForReading(const QString &path, const QString &soc = {});
    // The library files holding edited op types, and a file's bytes as opened with the edits
    // applied (errors reported; nullopt on failure).
    std::vector<std::string> editedFiles() const;
    std::optional<std::string> editedBytes(const std::string &file);
    // A library file's bytes as opened (empty when the file is not part of the library), for
    // showing an entry's raw text.
    std::string_view openedBytes(const std::string &file) const;

signals:
    // A file was opened or saved under a name (for the recent-files list).
    void fileUsed(const QString &path);

private:
    // One file of the library as the document holds it on disk.
    struct LoadedFile
    {
        std::string bytes; // as opened: edits always apply to these
        std::string target; // where Save writes it (changes with Save As)
        FileStamp stamp; // of `target` when last read or written
        std::map<std::string, Policy> written; // colour edits `target` holds now
        std::vector<std::size_t> writtenFixes; // offsets of the certain repairs `target` holds now
    };

    bool writeFile(const std::string &file, const std::string &target);
    std::map<std::string, Policy> editsIn(const std::string &file) const;
    std::vector<TextFix> fixesIn(const std::string &file) const;
    std::vector<std::size_t> fixOffsetsIn(const std::string &file) const; // sorted
    // The file's bytes as opened with the certain repairs applied: what the colour edits apply to.
    std::string fixedBytes(const std::string &file, const std::string &opened) const;
    void reportBusy(const QString &path);

    Workspace *m_workspace;
    DocumentIo *m_io;
    std::map<std::string, LoadedFile> m_files; // by the library's file path
};

} // namespace opsinfo
