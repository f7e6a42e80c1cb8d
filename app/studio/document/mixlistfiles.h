#pragma once

#include <QObject>
#include <QString>

#include <optional>
#include <string>
#include <string_view>

namespace opsinfo {

struct FileStamp;

class DocumentIo;
class Mixlist;
class Workspace;

// Opening and saving the mixlist document (saved in strict canonical form), and the minimal
// mixlist (X5) made from the colour edits of the library browser. Returns false when nothing was
// opened or written (the prompt said why).
class MixlistFiles : public QObject
{
    Q_OBJECT

public:
    MixlistFiles(Workspace *workspace, DocumentIo *io, QObject *parent = nullptr);

    // Imported leniently: what was repaired shows in the editor.
    bool open(const QString &path);
    // A mixlist that is no file of the user's (the sample's), opened strictly.
    void openText(std::string_view text, const char *name);
    // Asks about unsaved edits; false when the user cancelled.
    bool maybeSave();
    bool save();
    bool saveAs(const QString &path = {});
    bool exportMinimal(const QString &path = {});
    // For comparisons: a mixlist read strictly, as the compiler reads it, not opened (errors are
    // reported; nullopt when it cannot be read or is invalid).
    std::optional<Mixlist> loadForReading(const QString &path);

signals:
    // A file was opened or saved under a name (for the recent-files list).
    void fileUsed(const QString &path);

private:
    // Reads `path`; a failure is reported through the prompt.
    bool readOrReport(const QString &path, std::string &bytes, FileStamp &stamp);
    Workspace *m_workspace;
    DocumentIo *m_io;
};

} // namespace opsinfo
