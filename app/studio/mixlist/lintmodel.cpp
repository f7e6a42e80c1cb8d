#include "studio/mixlist/lintmodel.h"

#include "studio/common/coretexts.h"
#include "studio/document/workspace.h"

#include <QApplication>
#include <QStyle>

namespace opsinfo {

LintModel::LintModel(Workspace *workspace, QObject *parent)
    : QAbstractListModel(parent)
    , m_workspace(workspace)
    , m_rows(int(workspace->lint().size()))
{
    // The findings are replaced as a whole on every edit: a reset is the honest signal.
    connect(workspace, &Workspace::lintChanged, this, [this] {
        beginResetModel();
        m_rows = int(m_workspace->lint().size());
        endResetModel();
    });
}

int LintModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

QVariant LintModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EditorLintFinding &f = m_workspace->lint()[std::size_t(index.row())];
    const Diagnostic &d = f.diagnostic;
    switch (role) {
    case Qt::DisplayRole: {
        QString text;
        if (d.location.line > 0)
            text = tr("line %1: ").arg(d.location.line);
        text += coreText(d.message);
        if (!d.hint.empty())
            text += QStringLiteral(" — ") + coreText(d.hint);
        return text + QStringLiteral(" [%1]").arg(QString::fromStdString(d.code));
    }
    case Qt::DecorationRole:
        return QApplication::style()->standardIcon(d.severity == Severity::Error
                                                       ? QStyle::SP_MessageBoxCritical
                                                       : QStyle::SP_MessageBoxWarning);
    case Qt::ToolTipRole:
        return f.fixLabel.isEmpty() ? tr("No automatic fix") : tr("Fix: %1").arg(f.fixLabel);
    case FixLabelRole:
        return f.fixLabel;
    case CodeRole:
        return QString::fromStdString(d.code);
    case SeverityRole:
        return int(d.severity);
    }
    return {};
}

} // namespace opsinfo
