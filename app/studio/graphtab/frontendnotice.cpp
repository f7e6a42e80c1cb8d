#include "frontendnotice.h"

#include "graphtabstate.h"
#include "studio/common/coretexts.h"

namespace opsinfo {

FrontEndNotice::FrontEndNotice(GraphTabState *preview, QWidget *parent)
    : QLabel(parent)
    , m_state(preview)
{
    setObjectName(QStringLiteral("frontEndNotice"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setStyleSheet(
        QStringLiteral("QLabel{background:#f3eefb;padding:4px;border:1px solid #d5c8ea}"));
    connect(m_state, &GraphTabState::frontEndChanged, this, &FrontEndNotice::update);
    connect(m_state, &GraphTabState::resolved, this, &FrontEndNotice::update);
    update();
}

void FrontEndNotice::update()
{
    QString problem;
    const std::optional<FrontEndPlan> plan = m_state->frontEndPlan(&problem);
    if (!plan) {
        hide();
        return;
    }
    const QString mode = QString::fromLatin1(precisionModeName(plan->mode));
    QStringList lines;
    lines << tr("<b>Front end %1</b> (%2): precision mode <b>%3</b>%4")
                 .arg(QString::fromLatin1(frontEndId(plan->frontEnd)),
                      QString::fromLatin1(frontEndTitle(plan->frontEnd)).toHtmlEscaped(), mode,
                      plan->modeIsDefault && problem.isEmpty() ? tr(", default for this front end")
                                                               : QString());
    if (!problem.isEmpty())
        lines << tr("⚠ %1 The preview uses %2 until a SoC is known.")
                     .arg(problem.toHtmlEscaped(), mode);
    for (const FrontEndNote &note : plan->ignored)
        lines << tr("⚠ Does nothing here: %1").arg(coreText(note.text).toHtmlEscaped());
    for (const FrontEndNote &note : plan->notes)
        lines << QStringLiteral("• ") + coreText(note.text).toHtmlEscaped();
    setText(lines.join(QStringLiteral("<br>")));
    show();
}

} // namespace opsinfo
