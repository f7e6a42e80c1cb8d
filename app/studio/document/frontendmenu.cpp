#include "studio/document/frontendmenu.h"

#include "studio/document/frontendchoice.h"

#include <QActionGroup>

namespace opsinfo {

FrontEndMenu::FrontEndMenu(FrontEndChoice *choice, QWidget *parent)
    : QMenu(tr("&Front End"), parent)
    , m_choice(choice)
{
    setObjectName(QStringLiteral("menuFrontEnd"));
    auto *group = new QActionGroup(this);
    auto add = [this, group](std::optional<FrontEnd> frontEnd) {
        QAction *action = addAction(FrontEndChoice::label(frontEnd));
        const QString id = frontEnd ? QString::fromLatin1(frontEndId(*frontEnd)) : QString();
        action->setObjectName(QStringLiteral("actionFrontEnd_")
                              + (id.isEmpty() ? QStringLiteral("none") : id));
        action->setData(id);
        action->setCheckable(true);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, id] { m_choice->setId(id); });
    };
    add(std::nullopt);
    addSeparator();
    for (FrontEnd frontEnd : kAllFrontEnds)
        add(frontEnd);
    connect(m_choice, &FrontEndChoice::changed, this, &FrontEndMenu::follow);
    follow();
}

void FrontEndMenu::follow()
{
    for (QAction *action : actions())
        if (action->isCheckable())
            action->setChecked(action->data().toString() == m_choice->id());
}

} // namespace opsinfo
