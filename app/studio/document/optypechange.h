#pragma once

#include <QMetaType>
#include <QSet>
#include <QString>
#include <QStringList>

namespace opsinfo {

// Which op types' effective colours an edit may have moved, so a view refreshes only those. A
// policy edit in the library names its types; a mixlist edit or a new library may move any of them.
class OpTypeChange
{
public:
    // Every type (what a default-constructed one says, so a listener that cannot tell refreshes
    // all).
    OpTypeChange() = default;
    static OpTypeChange everything() { return {}; }
    static OpTypeChange only(const QStringList &types)
    {
        OpTypeChange change;
        change.m_everything = false;
        change.m_types = QSet<QString>(types.begin(), types.end());
        return change;
    }

    bool isEverything() const { return m_everything; }
    bool contains(const QString &type) const { return m_everything || m_types.contains(type); }
    // The types named; empty when isEverything().
    const QSet<QString> &types() const { return m_types; }

private:
    bool m_everything = true;
    QSet<QString> m_types;
};

} // namespace opsinfo

Q_DECLARE_METATYPE(opsinfo::OpTypeChange)
