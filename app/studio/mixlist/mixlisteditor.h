#pragma once

#include "mixlist/oppolicy.h"

#include <QWidget>

#include <array>

class QComboBox;
class QCompleter;
class QGridLayout;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QPushButton;

namespace opsinfo {

class FrontEndCombo;
class LintModel;
class MixlistSlotModel;
class Workspace;

// The mixlist editor: six lists (black/white/gray × to-add/to-remove), an add bar with completion
// over the library's op types, the live lint panel with one-click fixes, and paste-ready snippets.
class MixlistEditor : public QWidget
{
    Q_OBJECT

public:
    explicit MixlistEditor(Workspace *workspace, QWidget *parent = nullptr);

    QLineEdit *addEdit() const { return m_addEdit; }
    QCompleter *completer() const { return m_completer; }
    QListView *lintView() const { return m_lintView; }
    LintModel *lintModel() const { return m_lintModel; }
    MixlistSlotModel *slotModel(MixlistList list, MixlistAction action) const;
    QListView *slotView(MixlistList list, MixlistAction action) const;
    QPlainTextEdit *snippetText() const { return m_snippet; }

    // The add bar's target list.
    void setAddTarget(MixlistList list, MixlistAction action);
    // Adds the add bar's text to the target list; false when nothing was added.
    bool addFromEdit();
    // Deletes the selected entries of every list (one undo step per list).
    void deleteSelected();
    void moveSelected(MixlistList list, MixlistAction action);
    // Applies the fix of lint row `row`; false when it has none.
    bool applyFix(int row);

private:
    static std::size_t slotIndex(MixlistList list, MixlistAction action);
    // The op types selected in the list that shows `model`.
    QStringList selectedTypes(MixlistSlotModel *model) const;
    QHBoxLayout *createAddBar();
    QHBoxLayout *createEditBar();
    QGridLayout *createLists();
    QGroupBox *createLintPanel();
    QGroupBox *createSnippetPanel();
    void arrange(QHBoxLayout *addBar, QHBoxLayout *editBar, QGridLayout *grid, QGroupBox *lintBox,
                 QGroupBox *snippetBox);
    void connectSignals();
    void updateCompleter();
    void updateImportNotes();
    void updateSnippet();

    Workspace *m_workspace;
    std::array<MixlistSlotModel *, 6> m_models {};
    std::array<QListView *, 6> m_views {};
    QLineEdit *m_addEdit;
    QComboBox *m_addTarget;
    QPushButton *m_addButton = nullptr;
    QPushButton *m_deleteButton = nullptr;
    QPushButton *m_moveButton = nullptr;
    QCompleter *m_completer;
    QComboBox *m_moveTarget;
    LintModel *m_lintModel;
    QListView *m_lintView;
    QPushButton *m_fixButton;
    QPlainTextEdit
        *m_importNotes; // scrolls: a file of 500 repairs must not make the window 7,000 px tall
    FrontEndCombo *m_snippetFrontEnd;
    QComboBox *m_precisionMode;
    QPlainTextEdit *m_snippet;
    QPushButton *m_copyButton = nullptr;
};

} // namespace opsinfo
