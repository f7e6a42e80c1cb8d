#pragma once

#include <QAbstractListModel>

namespace opsinfo {

class Workspace;

// The live lint findings of the mixlist being edited (X1–X4), each with its one-click fix if any.
class LintModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { FixLabelRole = Qt::UserRole + 1, CodeRole, SeverityRole };

    explicit LintModel(Workspace *workspace, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    Workspace *m_workspace;
    int m_rows = 0;
};

} // namespace opsinfo
