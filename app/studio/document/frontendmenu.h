#pragma once

#include <QMenu>

namespace opsinfo {

class FrontEndChoice;

// View > Front End: one checkable action per front end and "Any", bound both ways to the
// session's FrontEndChoice. Actions are named "actionFrontEnd_<id>" ("actionFrontEnd_torchair")
// and "actionFrontEnd_none".
class FrontEndMenu : public QMenu
{
    Q_OBJECT

public:
    FrontEndMenu(FrontEndChoice *choice, QWidget *parent = nullptr);

private:
    void follow();

    FrontEndChoice *m_choice;
};

} // namespace opsinfo
