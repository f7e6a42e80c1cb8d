#include "studio/mixlist/mixlisteditor.h"

#include "export/snippets.h"
#include "studio/common/coretexts.h"
#include "studio/document/frontendchoice.h"
#include "studio/document/frontendcombo.h"
#include "studio/document/mixlistdocument.h"
#include "studio/document/mixlisteditcommand.h"
#include "studio/document/workspace.h"
#include "studio/mixlist/lintmodel.h"
#include "studio/mixlist/mixlistedits.h"
#include "studio/mixlist/mixlistslotmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCompleter>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QStringListModel>
#include <QUndoStack>
#include <QVBoxLayout>

namespace opsinfo {

std::size_t MixlistEditor::slotIndex(MixlistList list, MixlistAction action)
{
    return std::size_t(list) * 2 + std::size_t(action);
}

MixlistEditor::MixlistEditor(Workspace *workspace, QWidget *parent)
    : QWidget(parent)
    , m_workspace(workspace)
    , m_addEdit(new QLineEdit(this))
    , m_addTarget(new QComboBox(this))
    , m_completer(new QCompleter(this))
    , m_moveTarget(new QComboBox(this))
    , m_lintModel(new LintModel(workspace, this))
    , m_lintView(new QListView(this))
    , m_fixButton(new QPushButton(tr("Apply fix"), this))
    , m_importNotes(new QPlainTextEdit(this))
    , m_snippetFrontEnd(new FrontEndCombo(workspace->frontEndChoice(), this))
    , m_precisionMode(new QComboBox(this))
    , m_snippet(new QPlainTextEdit(this))
{
    QHBoxLayout *addBar = createAddBar();
    QHBoxLayout *editBar = createEditBar();
    QGridLayout *grid = createLists();
    QGroupBox *lintBox = createLintPanel();
    QGroupBox *snippetBox = createSnippetPanel();
    arrange(addBar, editBar, grid, lintBox, snippetBox);
    connectSignals();
    m_fixButton->setEnabled(false);
    updateCompleter();
    updateImportNotes();
    updateSnippet();
}

QHBoxLayout *MixlistEditor::createAddBar()
{
    m_addEdit->setObjectName(QStringLiteral("mixlistAddEdit"));
    m_addEdit->setPlaceholderText(tr("Op type to add (completes over the library)"));
    m_completer->setModel(new QStringListModel(this));
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchContains);
    m_completer->setModelSorting(QCompleter::UnsortedModel);
    m_addEdit->setCompleter(m_completer);
    m_addTarget->setObjectName(QStringLiteral("mixlistAddTarget"));
    m_moveTarget->setObjectName(QStringLiteral("mixlistMoveTarget"));
    for (MixlistList list : Mixlist::lists)
        for (MixlistAction action : Mixlist::actions) {
            const QString name = MixlistEdits::slotName(list, action);
            m_addTarget->addItem(name, int(slotIndex(list, action)));
            m_moveTarget->addItem(name, int(slotIndex(list, action)));
        }
    m_addButton = new QPushButton(tr("Add"), this);
    m_addButton->setObjectName(QStringLiteral("mixlistAddButton"));
    m_deleteButton = new QPushButton(tr("Delete"), this);
    m_deleteButton->setObjectName(QStringLiteral("mixlistDeleteButton"));
    m_deleteButton->setToolTip(tr("Delete the selected entries (Del)"));
    m_moveButton = new QPushButton(tr("Move to"), this);
    m_moveButton->setObjectName(QStringLiteral("mixlistMoveButton"));
    m_addEdit->setMinimumWidth(220);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_addEdit, 1);
    bar->addWidget(new QLabel(tr("to"), this));
    bar->addWidget(m_addTarget);
    bar->addWidget(m_addButton);
    return bar;
}

QHBoxLayout *MixlistEditor::createEditBar()
{
    auto *editBar = new QHBoxLayout;
    editBar->addWidget(new QLabel(tr("Selected entries:"), this));
    editBar->addWidget(m_deleteButton);
    editBar->addWidget(m_moveButton);
    editBar->addWidget(m_moveTarget);
    editBar->addStretch(1);
    return editBar;
}

// The six lists: black/white/gray (rows) × to-add/to-remove (columns).
QGridLayout *MixlistEditor::createLists()
{
    auto *grid = new QGridLayout;
    for (MixlistList list : Mixlist::lists)
        for (MixlistAction action : Mixlist::actions) {
            const std::size_t i = slotIndex(list, action);
            auto *model = new MixlistSlotModel(m_workspace, list, action, this);
            auto *view = new QListView(this);
            view->setObjectName(QStringLiteral("mixlist_%1_%2")
                                    .arg(QString::fromLatin1(mixlistListKey(list)),
                                         QString::fromLatin1(mixlistActionKey(action))));
            view->setModel(model);
            view->setSelectionMode(QAbstractItemView::ExtendedSelection);
            view->setDragDropMode(QAbstractItemView::DragDrop);
            view->setDefaultDropAction(Qt::MoveAction);
            view->setDropIndicatorShown(true);
            view->setUniformItemSizes(true);
            auto *box = new QGroupBox(model->title(), this);
            auto *boxLayout = new QVBoxLayout(box);
            boxLayout->setContentsMargins(4, 4, 4, 4);
            boxLayout->addWidget(view);
            grid->addWidget(box, int(list), int(action));
            m_models[i] = model;
            m_views[i] = view;
        }
    return grid;
}

// Lint findings (X1–X4) with their one-click fixes, under what the lenient import repaired.
QGroupBox *MixlistEditor::createLintPanel()
{
    m_lintView->setObjectName(QStringLiteral("lintView"));
    m_lintView->setModel(m_lintModel);
    m_lintView->setWordWrap(true);
    m_fixButton->setObjectName(QStringLiteral("lintFixButton"));
    m_importNotes->setObjectName(QStringLiteral("mixlistImportNotes"));
    m_importNotes->setReadOnly(true);
    m_importNotes->setFrameShape(QFrame::NoFrame);
    m_importNotes->setMaximumHeight(m_importNotes->fontMetrics().lineSpacing() * 8 + 12);
    auto *lintBox = new QGroupBox(tr("Lint (X1–X4)"), this);
    auto *lintLayout = new QVBoxLayout(lintBox);
    lintLayout->addWidget(m_importNotes);
    lintLayout->addWidget(m_lintView, 1);
    lintLayout->addWidget(m_fixButton, 0, Qt::AlignRight);
    return lintBox;
}

// The mixlist as an option of the tool the user runs it with, to paste.
QGroupBox *MixlistEditor::createSnippetPanel()
{
    m_snippetFrontEnd->setObjectName(QStringLiteral("snippetFrontEnd"));
    m_precisionMode->setObjectName(QStringLiteral("snippetPrecisionMode"));
    m_precisionMode->setToolTip(tr("The mode the snippet sets; the first entry sets none, so the "
                                   "front end's default applies"));
    m_precisionMode->addItem(tr("default for this front end"), QString());
    for (const char *mode :
         {"allow_mix_precision", "allow_mix_precision_bf16", "allow_fp32_to_fp16", "force_fp16",
          "force_fp32", "must_keep_origin_dtype"})
        m_precisionMode->addItem(QString::fromLatin1(mode), QString::fromLatin1(mode));
    m_precisionMode->setCurrentIndex(1);
    m_snippet->setObjectName(QStringLiteral("snippetText"));
    m_snippet->setReadOnly(true);
    m_snippet->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_copyButton = new QPushButton(tr("Copy"), this);
    m_copyButton->setObjectName(QStringLiteral("snippetCopy"));
    auto *snippetBox = new QGroupBox(tr("Use it (paste into your script)"), this);
    auto *snippetLayout = new QVBoxLayout(snippetBox);
    auto *snippetBar = new QHBoxLayout;
    snippetBar->addWidget(m_snippetFrontEnd, 1);
    snippetBar->addWidget(m_precisionMode, 1);
    snippetBar->addWidget(m_copyButton);
    snippetLayout->addLayout(snippetBar);
    snippetLayout->addWidget(m_snippet, 1);
    return snippetBox;
}

void MixlistEditor::arrange(QHBoxLayout *addBar, QHBoxLayout *editBar, QGridLayout *grid,
                            QGroupBox *lintBox, QGroupBox *snippetBox)
{
    auto *lists = new QWidget(this);
    auto *listsLayout = new QVBoxLayout(lists);
    listsLayout->setContentsMargins(0, 0, 0, 0);
    listsLayout->addLayout(addBar);
    listsLayout->addLayout(editBar);
    listsLayout->addLayout(grid, 1);
    auto *side = new QSplitter(Qt::Vertical, this);
    side->addWidget(lintBox);
    side->addWidget(snippetBox);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(lists);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({760, 500});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
}

void MixlistEditor::connectSignals()
{
    connect(m_addButton, &QPushButton::clicked, this, &MixlistEditor::addFromEdit);
    connect(m_addEdit, &QLineEdit::returnPressed, this, &MixlistEditor::addFromEdit);
    connect(m_deleteButton, &QPushButton::clicked, this, &MixlistEditor::deleteSelected);
    auto *deleteShortcut = new QShortcut(QKeySequence::Delete, this);
    deleteShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(deleteShortcut, &QShortcut::activated, this, &MixlistEditor::deleteSelected);
    connect(m_moveButton, &QPushButton::clicked, this, [this] {
        const int i = m_moveTarget->currentData().toInt();
        moveSelected(MixlistList(i / 2), MixlistAction(i % 2));
    });
    connect(m_fixButton, &QPushButton::clicked, this,
            [this] { applyFix(m_lintView->currentIndex().row()); });
    connect(m_lintView, &QListView::doubleClicked, this,
            [this](const QModelIndex &index) { applyFix(index.row()); });
    connect(m_lintView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                m_fixButton->setEnabled(
                    current.isValid()
                    && !current.data(LintModel::FixLabelRole).toString().isEmpty());
                m_fixButton->setText(
                    current.isValid() && !current.data(LintModel::FixLabelRole).toString().isEmpty()
                        ? current.data(LintModel::FixLabelRole).toString()
                        : tr("Apply fix"));
            });
    connect(m_lintModel, &QAbstractItemModel::modelReset, this, [this] {
        m_fixButton->setEnabled(false);
        m_fixButton->setText(tr("Apply fix"));
    });
    connect(m_copyButton, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_snippet->toPlainText()); });
    connect(m_workspace->frontEndChoice(), &FrontEndChoice::changed, this,
            &MixlistEditor::updateSnippet);
    connect(m_precisionMode, &QComboBox::currentIndexChanged, this, &MixlistEditor::updateSnippet);
    connect(m_workspace, &Workspace::effectiveChanged, this, &MixlistEditor::updateCompleter);
    connect(m_workspace->mixlistDocument(), &MixlistDocument::pathChanged, this, [this] {
        updateImportNotes();
        updateSnippet();
    });
}

MixlistSlotModel *MixlistEditor::slotModel(MixlistList list, MixlistAction action) const
{
    return m_models[slotIndex(list, action)];
}

QListView *MixlistEditor::slotView(MixlistList list, MixlistAction action) const
{
    return m_views[slotIndex(list, action)];
}

void MixlistEditor::setAddTarget(MixlistList list, MixlistAction action)
{
    m_addTarget->setCurrentIndex(m_addTarget->findData(int(slotIndex(list, action))));
}

bool MixlistEditor::addFromEdit()
{
    const QString type = m_addEdit->text().trimmed();
    if (type.isEmpty())
        return false;
    const int i = m_addTarget->currentData().toInt();
    const bool added = MixlistEdits::add(m_workspace->mixlistDocument(), {type}, MixlistList(i / 2),
                                         MixlistAction(i % 2));
    if (added)
        m_addEdit->clear();
    return added;
}

QStringList MixlistEditor::selectedTypes(MixlistSlotModel *model) const
{
    QListView *view = m_views[slotIndex(model->list(), model->action())];
    QStringList types;
    for (const QModelIndex &i : view->selectionModel()->selectedIndexes())
        types.append(i.data(MixlistSlotModel::TypeRole).toString());
    return types;
}

void MixlistEditor::deleteSelected()
{
    for (MixlistSlotModel *model : m_models) {
        const QStringList types = selectedTypes(model);
        if (!types.isEmpty())
            MixlistEdits::remove(m_workspace->mixlistDocument(), types, model->list(),
                                 model->action());
    }
}

void MixlistEditor::moveSelected(MixlistList list, MixlistAction action)
{
    for (MixlistSlotModel *model : m_models) {
        const QStringList types = selectedTypes(model);
        if (!types.isEmpty())
            MixlistEdits::move(m_workspace->mixlistDocument(), types, model->list(),
                               model->action(), list, action);
    }
}

bool MixlistEditor::applyFix(int row)
{
    const auto &lint = m_workspace->lint();
    if (row < 0 || std::size_t(row) >= lint.size() || !lint[std::size_t(row)].fixed)
        return false;
    const EditorLintFinding finding = lint[std::size_t(row)];
    MixlistDocument *document = m_workspace->mixlistDocument();
    document->undoStack()->push(new MixlistEditCommand(document, *finding.fixed, finding.fixLabel));
    return true;
}

void MixlistEditor::updateCompleter()
{
    auto *model = static_cast<QStringListModel *>(m_completer->model());
    if (model->rowCount() != m_workspace->opTypes().size())
        model->setStringList(m_workspace->opTypes());
}

void MixlistEditor::updateImportNotes()
{
    const auto &notes = m_workspace->mixlistDocument()->importDiagnostics();
    if (notes.empty()) {
        m_importNotes->hide();
        return;
    }
    QStringList refused, repaired;
    for (const Diagnostic &d : notes)
        (d.severity == Severity::Error ? refused : repaired)
            .append(tr("• line %1: %2").arg(d.location.line).arg(coreText(d.message)));
    QStringList lines;
    if (!refused.isEmpty())
        lines << tr("The compiler refuses this mixlist (%n problem(s)); fix them here and save:",
                    nullptr, int(refused.size()))
              << refused;
    if (!repaired.isEmpty())
        lines << tr("Repaired on import (the file itself is unchanged until you save):")
              << repaired;
    m_importNotes->setPlainText(lines.join(QLatin1Char('\n')));
    m_importNotes->show();
}

void MixlistEditor::updateSnippet()
{
    // Without a chosen front end the snippet is ATC's: it takes every setting.
    const FrontEnd frontEnd = m_workspace->frontEndChoice()->frontEnd().value_or(FrontEnd::Atc);
    FrontEndSnippetInput input;
    input.precisionMode = m_precisionMode->currentData().toString().toStdString();
    const QString path = m_workspace->mixlistDocument()->path();
    input.mixlistPath = path.isEmpty() ? std::string("/path/to/ops_info.json") : path.toStdString();
    std::string error;
    const auto snippet = snippetForFrontEnd(frontEnd, input, &error);
    m_snippet->setPlainText(snippet ? QString::fromStdString(snippet->code) : coreText(error));
}

} // namespace opsinfo
