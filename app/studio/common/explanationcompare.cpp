#include "studio/common/explanationcompare.h"

#include "diff/explanationdiff.h"
#include "studio/common/coretexts.h"
#include "studio/common/ruletexts.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace opsinfo {

namespace {

struct ExplanationCompareText
{
    Q_DECLARE_TR_FUNCTIONS(ExplanationCompare)
};

// The step in the UI language, escaped, with `rule` marked where it is cited.
QString stepHtml(const ExplanationStep &step, const QString &rule)
{
    QString html = coreText(step.text).toHtmlEscaped();
    if (!rule.isEmpty()) {
        const QRegularExpression id(
            QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(rule)));
        const QString title = ruleText(rule).toHtmlEscaped();
        html.replace(id,
                     QStringLiteral("<b style='color:#c62828' title='%1'>%2</b>").arg(title, rule));
    }
    return html;
}

QString columnHtml(const std::vector<ExplanationStep> &steps, std::size_t first,
                   const QString &rule, const QString &missing)
{
    if (steps.empty())
        return QStringLiteral("<p><i>%1</i></p>").arg(missing.toHtmlEscaped());
    QString html = QStringLiteral("<ol style='margin-left:-20px'>");
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (i == first)
            html
                += QStringLiteral(
                       "<li style='background:#fff3cd'>%1 <span style='color:#c62828'>◀ %2</span></li>")
                       .arg(stepHtml(steps[i], rule),
                            ExplanationCompareText::tr("first difference"));
        else if (first == ExplanationComparison::npos || i < first)
            html += QStringLiteral("<li style='color:#757575'>%1</li>").arg(stepHtml(steps[i], {}));
        else
            html += QStringLiteral("<li>%1</li>").arg(stepHtml(steps[i], {}));
    }
    return html + QStringLiteral("</ol>");
}

} // namespace

QString explanationComparisonHtml(std::string_view explanationA, std::string_view explanationB,
                                  const QString &nameA, const QString &nameB,
                                  const QString &missingA, const QString &missingB)
{
    const ExplanationComparison c = compareExplanations(explanationA, explanationB);
    const QString noExplanation = ExplanationCompareText::tr("No explanation.");
    QString html
        = QStringLiteral(
              "<table width='100%' cellspacing='0' cellpadding='4'><tr>"
              "<th align='left' width='50%'>%1</th><th align='left' width='50%'>%2</th></tr>"
              "<tr><td valign='top'>%3</td><td valign='top'>%4</td></tr></table>")
              .arg(nameA.toHtmlEscaped(), nameB.toHtmlEscaped(),
                   columnHtml(c.a, c.firstDifferentStep, QString::fromStdString(c.ruleA),
                              missingA.isEmpty() ? noExplanation : missingA),
                   columnHtml(c.b, c.firstDifferentStep, QString::fromStdString(c.ruleB),
                              missingB.isEmpty() ? noExplanation : missingB));
    if (c.same() && !c.a.empty())
        html += ExplanationCompareText::tr("<p><i>Both sides give the same explanation.</i></p>");
    return html;
}

} // namespace opsinfo
