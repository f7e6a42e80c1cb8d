#pragma once

#include <QObject>
#include <QString>

#include <string>
#include <vector>

namespace opsinfo {

class DocumentIo;
class LibraryFiles;
class Workspace;

// Exports that write copies and leave the open documents alone: the patched library and a
// keep_dtype file. (The minimal mixlist is MixlistFiles::exportMinimal.) File names come
// from the UserPrompt when not given; every failure is reported through it.
class LibraryExporter : public QObject
{
    Q_OBJECT

public:
    LibraryExporter(Workspace *workspace, LibraryFiles *files, DocumentIo *io,
                    QObject *parent = nullptr);

    // The library as opened with this session's colour edits, byte-preserving like Save. A library
    // of one file: that file to `path` (asked when empty). A soc folder or opp root: each edited
    // file into the folder `path` (asked when empty) under its own name, or <store>/<name> when two
    // stores have files of the same name. Never over the opened files themselves: that is Save.
    bool exportPatchedLibrary(const QString &path = {});

    // A --keep_dtype file with one `OpType::<type>` line per type.
    bool exportKeepDtype(const std::vector<std::string> &types, const QString &path = {});

private:
    bool exportIntoFolder(const std::vector<std::string> &files, QString folder);

    Workspace *m_workspace;
    LibraryFiles *m_files;
    DocumentIo *m_io;
};

} // namespace opsinfo
