#include "library/policystyle.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>

#include <array>

namespace opsinfo {

QColor policyColor(Policy policy)
{
    switch (policy) {
    case Policy::White:
        return QColor(0xfa, 0xfa, 0xfa);
    case Policy::Black:
        return QColor(0x26, 0x26, 0x26);
    case Policy::Gray:
        break;
    }
    return QColor(0x9e, 0x9e, 0x9e);
}

QIcon policyChip(Policy policy)
{
    // Built once: data() hands out the same three icons for every row.
    static const std::array<QIcon, 3> chips = [] {
        std::array<QIcon, 3> icons;
        for (Policy p : {Policy::Gray, Policy::White, Policy::Black}) {
            QPixmap pixmap(14, 14);
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setPen(QPen(QColor(0x55, 0x55, 0x55), 1));
            painter.setBrush(policyColor(p));
            painter.drawRoundedRect(QRectF(1.5, 1.5, 11, 11), 3, 3);
            painter.end();
            icons[std::size_t(p)] = QIcon(pixmap);
        }
        return icons;
    }();
    return chips[std::size_t(policy)];
}

QString policyDisplayName(Policy policy)
{
    switch (policy) {
    case Policy::White:
        return QCoreApplication::translate("Policy", "white");
    case Policy::Black:
        return QCoreApplication::translate("Policy", "black");
    case Policy::Gray:
        break;
    }
    return QCoreApplication::translate("Policy", "gray");
}

} // namespace opsinfo
