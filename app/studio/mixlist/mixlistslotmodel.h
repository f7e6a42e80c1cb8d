#pragma once

#include "mixlist/oppolicy.h"

#include <QAbstractListModel>

namespace opsinfo {

class Workspace;

// The entries of one list of the mixlist (e.g. black-list.to-add). Accepts drops of op types from
// the library table (add) and of entries from another list (move); each drop is one undo step.
class MixlistSlotModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { TypeRole = Qt::UserRole + 1 };

    MixlistSlotModel(Workspace *workspace, MixlistList list, MixlistAction action,
                     QObject *parent = nullptr);

    MixlistList list() const { return m_list; }
    MixlistAction action() const { return m_action; }
    QString title() const; // "black-list · to-add"

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    Qt::DropActions supportedDropActions() const override;
    Qt::DropActions supportedDragActions() const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;

    static QString entriesMimeType();

private:
    void reload();

    Workspace *m_workspace;
    MixlistList m_list;
    MixlistAction m_action;
    QStringList m_types;
};

} // namespace opsinfo
