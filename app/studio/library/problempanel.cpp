#include "studio/library/problempanel.h"

#include "studio/document/applyfixcommand.h"
#include "studio/document/librarydocument.h"
#include "studio/library/problemmodel.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBlock>
#include <QTextCursor>
#include <QUndoStack>
#include <QVBoxLayout>

namespace opsinfo {

namespace {

// An entry is shown whole up to this size; a 20,000-line entry would only slow the pane.
constexpr std::size_t kMaxEntryBytes = 64 * 1024;

} // namespace

QString refusalBannerText(int errors)
{
    return ProblemPanel::tr("The compiler refuses this store: %n problem(s). Every op is shown and "
                            "editable; predictions show what it would pick once they are fixed.",
                            nullptr, errors);
}

ProblemPanel::ProblemPanel(LibraryDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_model(new ProblemModel(document, this))
    , m_applyFix(new QPushButton(tr("Apply Fix"), this))
    , m_table(new QTableView(this))
    , m_entry(new QPlainTextEdit(this))
{
    m_table->setObjectName(QStringLiteral("libraryProblems"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(ProblemModel::SeverityColumn, 64);
    m_table->setColumnWidth(ProblemModel::LocationColumn, 230);
    m_table->setColumnWidth(ProblemModel::OpColumn, 150);
    m_table->setColumnWidth(ProblemModel::RuleColumn, 48);

    m_entry->setObjectName(QStringLiteral("libraryProblemEntry"));
    m_entry->setReadOnly(true);
    m_entry->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_entry->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_entry->setPlaceholderText(tr("Pick a problem to see the raw text of its entry"));

    m_applyFix->setObjectName(QStringLiteral("libraryApplyFix"));
    m_applyFix->setToolTip(tr("Make the certain repair of the selected problem (a dtype word with "
                              "one known spelling); the file changes when you save"));
    auto *entryPane = new QWidget(this);
    auto *entryLayout = new QVBoxLayout(entryPane);
    entryLayout->setContentsMargins(0, 0, 0, 0);
    entryLayout->addWidget(m_entry, 1);
    entryLayout->addWidget(m_applyFix, 0, Qt::AlignRight);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_table);
    splitter->addWidget(entryPane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter, 1);

    connect(m_model, &QAbstractItemModel::modelReset, this, &ProblemPanel::update);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { showProblem(current.row()); });
    connect(m_table, &QTableView::activated, this,
            [this](const QModelIndex &index) { showProblem(index.row()); });
    connect(m_model, &ProblemModel::countsChanged, this, &ProblemPanel::updateFixButton);
    connect(m_applyFix, &QPushButton::clicked, this, &ProblemPanel::applyFix);
    update();
}

void ProblemPanel::update()
{
    m_entry->clear();
    setVisible(m_model->rowCount() > 0);
    // A store the compiler refuses opens on its first refusal: the entry and its raw text at once.
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->problem(row).diagnostic.severity == Severity::Error) {
            m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                                       QItemSelectionModel::ClearAndSelect
                                                           | QItemSelectionModel::Rows);
            break;
        }
    }
}

void ProblemPanel::updateFixButton()
{
    const int row = m_table->currentIndex().row();
    m_applyFix->setEnabled(row >= 0 && row < m_model->rowCount()
                           && m_model->problem(row).diagnostic.fix && !m_model->isFixed(row));
}

void ProblemPanel::applyFix()
{
    const int row = m_table->currentIndex().row();
    if (row < 0 || row >= m_model->rowCount() || m_model->isFixed(row))
        return;
    const LibraryProblem &problem = m_model->problem(row);
    if (!problem.diagnostic.fix)
        return;
    m_document->undoStack()->push(new ApplyFixCommand(m_document, problem.diagnostic.location.file,
                                                      *problem.diagnostic.fix,
                                                      QString::fromStdString(problem.opType)));
}

void ProblemPanel::showProblem(int row)
{
    updateFixButton();
    if (row < 0 || row >= m_model->rowCount()) {
        m_entry->clear();
        return;
    }
    const LibraryProblem &problem = m_model->problem(row);
    const std::string_view bytes
        = m_openedBytes ? m_openedBytes(problem.diagnostic.location.file) : std::string_view();
    QString text;
    if (problem.entryBegin != OpEntry::npos && problem.entryEnd != OpEntry::npos
        && problem.entryBegin < problem.entryEnd && problem.entryEnd <= bytes.size()) {
        const std::size_t size = std::min(problem.entryEnd - problem.entryBegin, kMaxEntryBytes);
        text = QString::fromUtf8(bytes.data() + problem.entryBegin, qsizetype(size));
        if (size < problem.entryEnd - problem.entryBegin)
            text += QStringLiteral("\n…");
    }
    m_entry->setPlainText(text);
    const QString fix = m_model->index(row, 0).data(ProblemModel::FixRole).toString();
    if (!fix.isEmpty())
        m_entry->appendPlainText(
            QStringLiteral("\n")
            + tr("Certain fix: %1 (Apply Fix, or 'opsinfo library fix')").arg(fix));
    // The cursor on the problem's line, so the eye lands on the token the message names.
    const int line = problem.diagnostic.location.line - problem.entryLine;
    if (!text.isEmpty() && line >= 0) {
        QTextCursor cursor(m_entry->document()->findBlockByNumber(line));
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        m_entry->setTextCursor(cursor);
        m_entry->centerCursor();
    }
    if (!problem.opType.empty())
        emit typeActivated(QString::fromStdString(problem.opType));
}

} // namespace opsinfo
