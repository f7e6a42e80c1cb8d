#pragma once

#include "frontend/frontend.h"

#include <QObject>
#include <QString>

#include <optional>

namespace opsinfo {

// The front end the user works for (FRONTENDS.md F1), shared by the Graph and Mixlist tabs and
// the View > Front End menu: it decides the preview's default mode and which settings the preview
// and the snippet may use. None: the preview applies every setting with the chosen mode, as FE
// would on a path that passes them all.
class FrontEndChoice : public QObject
{
    Q_OBJECT

public:
    explicit FrontEndChoice(QObject *parent = nullptr);

    std::optional<FrontEnd> frontEnd() const { return m_frontEnd; }
    void setFrontEnd(std::optional<FrontEnd> frontEnd);

    // The id as a QSettings value ("torchair"; empty for none) and back; an unknown id reads as
    // none.
    QString id() const;
    void setId(const QString &id);

    // Every choice with its menu text, none first: for pickers.
    static QString label(std::optional<FrontEnd> frontEnd);

signals:
    void changed();

private:
    std::optional<FrontEnd> m_frontEnd;
};

} // namespace opsinfo
