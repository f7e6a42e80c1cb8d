#pragma once

#include "common/policy.h"

#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>

#include <optional>

namespace opsinfo {

// Filters the library table as the user types: a substring (case-insensitive) or a regular
// expression on the op type, the effective colour, "changed" and "used in the loaded graph".
class LibraryFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LibraryFilterProxy(QObject *parent = nullptr);

    // Returns false (and filters nothing) when `regex` is set and the pattern is invalid.
    bool setFilterPattern(const QString &pattern, bool regex);
    QString filterPattern() const { return m_pattern; }
    void setPolicyFilter(std::optional<Policy> policy);
    void setChangedOnly(bool changedOnly);
    // Op types of the loaded graph; the filter applies when usedOnly is set.
    void setUsedTypes(const QSet<QString> &types);
    void setUsedOnly(bool usedOnly);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    void invalidateAll();

    QString m_pattern;
    QRegularExpression m_regex;
    bool m_useRegex = false;
    std::optional<Policy> m_policy;
    bool m_changedOnly = false;
    QSet<QString> m_usedTypes;
    bool m_usedOnly = false;
};

} // namespace opsinfo
