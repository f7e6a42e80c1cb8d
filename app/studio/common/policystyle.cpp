#include "studio/common/policystyle.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>

#include <array>
#include <cmath>

namespace opsinfo {

QColor policyColor(Policy policy)
{
    // Parsed once: table cells and chips ask for a colour on every paint.
    static const std::array<QColor, 3> colours {
        QColor(QLatin1String(policyFillColour(Policy::White))),
        QColor(QLatin1String(policyFillColour(Policy::Black))),
        QColor(QLatin1String(policyFillColour(Policy::Gray)))};
    switch (policy) {
    case Policy::White:
        return colours[0];
    case Policy::Black:
        return colours[1];
    case Policy::Gray:
        break;
    }
    return colours[2];
}

QColor contrastingTextColor(const QColor &background)
{
    // WCAG relative luminance: dark text on light fills, light text on dark ones, whatever the
    // palette (a dark desktop theme keeps the list colours' own fills).
    auto channel
        = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const double luminance = 0.2126 * channel(background.redF())
        + 0.7152 * channel(background.greenF()) + 0.0722 * channel(background.blueF());
    return luminance > 0.179 ? QColor(0x20, 0x21, 0x24) : QColor(0xf1, 0xf3, 0xf4);
}

QColor policyTextColor(Policy policy)
{
    return contrastingTextColor(policyColor(policy));
}

QIcon policyChip(Policy policy)
{
    // Built once: data() hands out the same three icons for every row. Drawn at 1x-3x so chips stay
    // sharp on high-DPI screens; the outline contrasts with the fill, so a black chip shows on a
    // dark palette and a white one on a light palette.
    static const std::array<QIcon, 3> chips = [] {
        std::array<QIcon, 3> icons;
        for (Policy p : {Policy::Gray, Policy::White, Policy::Black}) {
            QIcon icon;
            for (int scale = 1; scale <= 3; ++scale) {
                QPixmap pixmap(14 * scale, 14 * scale);
                pixmap.setDevicePixelRatio(scale);
                pixmap.fill(Qt::transparent);
                QPainter painter(&pixmap);
                painter.setRenderHint(QPainter::Antialiasing);
                QColor outline = policyTextColor(p);
                outline.setAlphaF(0.6);
                painter.setPen(QPen(outline, 1));
                painter.setBrush(policyColor(p));
                painter.drawRoundedRect(QRectF(1.5, 1.5, 11, 11), 3, 3);
                painter.end();
                icon.addPixmap(pixmap);
            }
            icons[std::size_t(p)] = icon;
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
