#include "nodedetails.h"

#include "export/resolutionreport.h"
#include "nodestylemap.h"
#include "previewresult.h"
#include "studio/common/coretexts.h"
#include "studio/common/ruletexts.h"
#include "studio/graph/nodestyle.h"
#include "studio/library/opdetails.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace opsinfo {

namespace {

struct NodeDetailsText
{
    Q_DECLARE_TR_FUNCTIONS(NodeDetails)
};

QString esc(std::string_view s)
{
    return QString::fromUtf8(s).toHtmlEscaped();
}

QString chip(NodeStyle::Kind kind)
{
    return QStringLiteral("<span style='background:%1;color:%2'>&nbsp;%3&nbsp;</span>")
        .arg(nodeStyleColor(kind).name(), nodeStyleTextColor(kind).name(),
             nodeStyleName(kind).toHtmlEscaped());
}

QString engineChip(NodeStyle::Engine engine)
{
    return QStringLiteral("<span style='border-left:6px solid %1'>&nbsp;%2</span>")
        .arg(nodeEngineColor(engine).name(), nodeEngineName(engine).toHtmlEscaped());
}

QString dtypeText(DType t)
{
    return t == DType::Undefined ? QStringLiteral("—") : QString::fromLatin1(dtypeName(t));
}

QString nodeLink(const Graph &graph, int index, int output)
{
    if (index < 0 || std::size_t(index) >= graph.nodes().size())
        return {};
    return QStringLiteral("<a href='node:%1'>%2</a>:%3")
        .arg(index)
        .arg(esc(graph.nodes()[std::size_t(index)].name))
        .arg(output);
}

// The explanation is "step; step; -> dtype [rules]": one list item per step.
QString explanationHtml(const std::string &explanation)
{
    if (explanation.empty())
        return NodeDetailsText::tr(
            "<p><i>No explanation: FE does not decide this node; it keeps the graph's "
            "dtypes (§8.1).</i></p>");
    QString html = QStringLiteral("<ol style='margin-left:-20px'>");
    for (const QString &step :
         coreText(explanation).split(QStringLiteral("; "), Qt::SkipEmptyParts))
        html += QStringLiteral("<li>%1</li>").arg(linkRuleIds(step.toHtmlEscaped()));
    return html + QStringLiteral("</ol>");
}

} // namespace

QString previewCaveatText()
{
    return NodeDetailsText::tr(
        "A prediction: later fusion passes, op_select_format callbacks of dynamic-format ops "
        "and Cast/TransData clean-up can change the compiled graph (§7). Check it against a "
        "compiled GE dump.");
}

QString linkRuleIds(const QString &text)
{
    static const QRegularExpression id(QStringLiteral("\\b([LXMGC][0-9])\\b"));
    QString out;
    qsizetype last = 0;
    auto it = id.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        const QString rule = m.captured(1);
        const QString summary = ruleText(rule);
        if (summary.isEmpty())
            out += rule;
        else
            out += QStringLiteral("<a href='rule:%1' title='%2'>%1</a>")
                       .arg(rule, summary.toHtmlEscaped());
        last = m.capturedEnd();
    }
    return out + text.mid(last);
}

QString ruleDetailsHtml(const QString &id)
{
    const QString text = ruleText(id);
    if (text.isEmpty())
        return NodeDetailsText::tr(
                   "<b>%1</b>: no summary of this rule in this build (see SEMANTICS.md).")
            .arg(id.toHtmlEscaped());
    return QStringLiteral("<b>%1</b> %2").arg(id.toHtmlEscaped(), text.toHtmlEscaped());
}

QString nodeDetailsHtml(const PreviewResult &result, int graphNode, const Workspace &workspace)
{
    const Graph &graph = *result.context->graph;
    const Resolution &r = result.resolution;
    if (graphNode < 0 || std::size_t(graphNode) >= graph.nodes().size()
        || std::size_t(graphNode) >= r.nodes.size())
        return NodeDetailsText::tr("<p>Select a node to see why it gets its dtype.</p>");
    const Node &node = graph.nodes()[std::size_t(graphNode)];
    const NodeResolution &n = r.nodes[std::size_t(graphNode)];

    QString html = QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(esc(node.name));
    html += NodeDetailsText::tr("<p>%1 · %2 list · mode %3</p>")
                .arg(esc(node.opType), QString::fromLatin1(reportPolicy(n)),
                     QString::fromLatin1(precisionModeName(r.mode)));
    const NodeStyle::Kind kind = nodeStyleKind(n);
    html += QStringLiteral("<p>%1 &nbsp;").arg(chip(kind));
    html += NodeDetailsText::tr("dtype <b>%1</b>, engine %2, status %3")
                .arg(dtypeText(n.dtype), engineChip(nodeEngine(n.engine)),
                     QString::fromLatin1(statusName(n.status)));
    if (n.approximate)
        html += QStringLiteral(
                    " &nbsp;<span style='background:#fff3cd;color:#7a5b00'>&nbsp;%1&nbsp;</span>")
                    .arg(NodeDetailsText::tr("approximate"));
    if (n.ambiguous)
        html += QStringLiteral(
                    " &nbsp;<span style='background:#ffe0e6;color:#a0002a'>&nbsp;%1&nbsp;</span>")
                    .arg(NodeDetailsText::tr("ambiguous"));
    html += QStringLiteral("</p>");

    html += NodeDetailsText::tr("<h4>Why</h4>") + explanationHtml(n.explanation);
    if (n.approximate)
        html += NodeDetailsText::tr(
            "<p style='color:#7a5b00'><b>approximate</b>: this result rests on a rule the "
            "compiler's public sources do not pin down (approx).</p>");
    if (n.ambiguous)
        html += NodeDetailsText::tr(
            "<p style='color:#a0002a'><b>ambiguous</b>: the producers of this gray op "
            "disagree; the gray rule option (FE or previous op, G6) decides.</p>");
    if (!n.rules.empty()) {
        html += NodeDetailsText::tr("<h4>Rules</h4>")
            + QStringLiteral("<ul style='margin-left:-20px'>");
        for (std::string_view id : n.rules) {
            const QString rule = QString::fromLatin1(id.data(), qsizetype(id.size()));
            const QString text = ruleText(rule);
            html += QStringLiteral("<li><a href='rule:%1'><b>%1</b></a> %2</li>")
                        .arg(rule, text.toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }

    // Inputs: what each reads, from whom, and the Cast the compiler puts on it.
    if (!node.inputs.empty()) {
        html += NodeDetailsText::tr("<h4>Inputs</h4>")
            + QStringLiteral("<table cellspacing='0' cellpadding='2'>");
        for (std::size_t i = 0; i < node.inputs.size(); ++i) {
            const NodeInput &in = node.inputs[i];
            QString producer = nodeLink(graph, in.producer, in.outputIndex);
            if (producer.isEmpty())
                producer = NodeDetailsText::tr("<i>%1 (missing)</i>").arg(esc(in.producerName));
            QString chosen = i < n.inputs.size() ? dtypeText(n.inputs[i]) : QStringLiteral("—");
            QString note;
            for (const CastInsertion &c : r.casts)
                for (const auto &[consumer, input] : c.consumers)
                    if (consumer == graphNode && input == int(i))
                        note = NodeDetailsText::tr("Cast %1 → %2 (%3)")
                                   .arg(dtypeText(c.from), dtypeText(c.to),
                                        QString::fromLatin1(castKindName(c.kind)));
            if (n.decidingInput == int(i))
                note += (note.isEmpty() ? QString() : QStringLiteral(", "))
                    + NodeDetailsText::tr("decides (G3)");
            html
                += QStringLiteral(
                       "<tr><td>%1</td><td>%2</td><td><b>%3</b></td><td style='color:#c2185b'>%4</td></tr>")
                       .arg(i)
                       .arg(producer, chosen, note.toHtmlEscaped());
        }
        html += QStringLiteral("</table>");
    }
    if (!n.outputs.empty()) {
        QStringList outs;
        for (DType t : n.outputs)
            outs << dtypeText(t);
        html += NodeDetailsText::tr("<p>Outputs: %1</p>").arg(outs.join(QStringLiteral(", ")));
    }
    html += NodeDetailsText::tr("<h4>Ops-info entry</h4>");
    if (n.inLibrary)
        html += opDetailsHtml(workspace, QString::fromUtf8(node.opType));
    else
        html
            += NodeDetailsText::tr("<p>%1 is not in the library: FE does not decide it (§8.1).</p>")
                   .arg(esc(node.opType));
    return html;
}

} // namespace opsinfo
