#pragma once

#include "common/diagnostic.h"
#include "library/oplibrary.h"
#include "studio/document/document.h"
#include "studio/document/preparedlibrary.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opsinfo {

// An opened ops-info library (file or soc folder) and its policy edits. Every edit is a
// QUndoCommand on the undo stack that calls applyPolicies(), which emits policiesChanged(); models
// and views only listen.
class LibraryDocument : public Document
{
    Q_OBJECT

public:
    explicit LibraryDocument(QObject *parent = nullptr);
    ~LibraryDocument() override;

    // Replaces the whole library (a fresh undo history). `path` is what was opened. `prepared`,
    // when given, must be PreparedLibrary::build() of `library` and the current mixlist.
    // `soc`: the SoC folder chosen in an opp or store root holding several (for the title).
    void reset(OpLibrary library, const QString &path, std::vector<Diagnostic> diagnostics = {},
               std::optional<PreparedLibrary> prepared = std::nullopt, const QString &soc = {});
    // During libraryReset() only: what the loader prepared, for listeners to move their part out
    // of; nullptr when the reset was not prepared (they compute it then).
    PreparedLibrary *preparedForReset()
    {
        return m_preparedForReset ? &*m_preparedForReset : nullptr;
    }

    const OpLibrary &library() const { return m_library; }
    // The file or folder name for titles ("aic-ascend910b-ops-info.json"), with the SoC chosen in
    // a folder of several ("cann-8.1.RC1 / ascend910b").
    QString displayName() const override;
    const std::vector<Diagnostic> &diagnostics() const { return m_diagnostics; }
    bool isSample() const { return m_sample; }
    void setSample(bool sample) { m_sample = sample; }

    // Colour as opened, before any edit of this session (saves do not move this baseline).
    Policy originalPolicy(std::string_view type) const;
    Policy policy(std::string_view type) const;
    bool isPolicyEdited(std::string_view type) const
    {
        return policy(type) != originalPolicy(type);
    }
    // Op types whose colour differs from the loaded one, sorted.
    std::vector<std::pair<std::string, Policy>> editedPolicies() const;

    // Called by SetPolicyCommand only (redo and undo).
    void applyPolicies(const std::vector<std::pair<std::string, Policy>> &policies);

    // Certain repairs (Diagnostic::fix) of the files as opened, made on save before the colour
    // edits; in the order they were applied.
    struct AppliedFix
    {
        std::string file;
        TextFix fix;
    };
    const std::vector<AppliedFix> &appliedFixes() const { return m_appliedFixes; }
    bool isFixApplied(const std::string &file, std::size_t offset) const;
    // Called by ApplyFixCommand only (redo and undo).
    void applyFix(const std::string &file, const TextFix &fix);
    void revertFix(const std::string &file, std::size_t offset);

    // The baseline stays the library as opened: "changed" and the minimal mixlist are relative to
    // it. A saved sample is a file of the user's.
    void markSaved(const QString &path, const FileStamp &stamp = {}) override;

signals:
    void libraryReset();
    void policiesChanged(const QStringList &types);
    void fixesChanged();

private:
    OpLibrary m_library;
    std::vector<Diagnostic> m_diagnostics;
    std::vector<AppliedFix> m_appliedFixes;
    std::unordered_map<std::string, Policy> m_original;
    std::optional<PreparedLibrary> m_preparedForReset;
    bool m_sample = false;
    QString m_soc; // the SoC folder chosen in an opp or store root of several; empty otherwise
};

} // namespace opsinfo
