#include "evidenceoverlay.h"

#include "evidence/executedcheck.h"
#include "graph/graph.h"
#include "resolver/precisionmode.h"
#include "resolver/resolution.h"
#include "studio/common/coretexts.h"
#include "studio/document/evidencestore.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace opsinfo {

namespace {

const std::vector<EvidenceOverlay::RowRef> kNoRows;

const EvidenceRow &rowOf(const EvidenceStore &store, EvidenceOverlay::RowRef ref)
{
    return store.files()[std::size_t(ref.file)].rows[std::size_t(ref.row)];
}

// The badge one row earns under a measure.
NodeStyle::Badge accuracyBadge(const EvidenceRow &row, const FlagThresholds &thresholds)
{
    if (!flagReason(row, thresholds).empty())
        return NodeStyle::Flagged;
    if (row.verdict == Verdict::Warning)
        return NodeStyle::Warning;
    if (row.cosine || row.maxAbsError || row.verdict == Verdict::Pass)
        return NodeStyle::Measured;
    return NodeStyle::NoBadge;
}

QString measures(const EvidenceRow &row)
{
    QStringList parts;
    if (row.hasTime())
        parts << QStringLiteral("%1 us").arg(row.durationUs, 0, 'f', 2)
                + (row.count > 1 ? QStringLiteral(" (%1 runs)").arg(row.count) : QString());
    if (row.cosine)
        parts << QStringLiteral("cos %1").arg(*row.cosine, 0, 'g', 6);
    if (row.maxAbsError)
        parts << QStringLiteral("max abs %1").arg(*row.maxAbsError, 0, 'g', 4);
    if (row.maxRelError)
        parts << QStringLiteral("max rel %1").arg(*row.maxRelError, 0, 'g', 4);
    if (row.dtypesRecorded && row.executedDtype() != DType::Undefined)
        parts << QString::fromLatin1(dtypeName(row.executedDtype()));
    if (row.verdict != Verdict::None)
        parts << QString::fromLatin1(verdictName(row.verdict));
    return parts.join(QStringLiteral(", "));
}

} // namespace

std::shared_ptr<const EvidenceOverlay>
EvidenceOverlay::compute(const Graph &graph, const OpLibrary *library, const EvidenceStore &store)
{
    auto overlay = std::make_shared<EvidenceOverlay>();
    overlay->m_byNode.resize(graph.nodes().size());
    for (const Node &node : graph.nodes())
        ++overlay->m_typeNodes[std::string(node.opType)];
    for (std::size_t f = 0; f < store.files().size(); ++f) {
        const EvidenceFile &file = store.files()[f];
        FileJoin join = joinEvidence(file, {&graph, library, &store.apiMap()});
        for (std::size_t r = 0; r < join.rows.size(); ++r) {
            const RowJoin &j = join.rows[r];
            const RowRef ref {int(f), int(r)};
            if (j.kind == JoinKind::Node) {
                for (int index : j.nodes)
                    overlay->m_byNode[std::size_t(index)].push_back(ref);
                ++overlay->m_joinedRows;
            } else if (j.kind == JoinKind::OpType) {
                overlay->m_byType[j.irType].push_back(ref);
                ++overlay->m_joinedRows;
            }
        }
        overlay->m_joins.push_back(std::move(join));
    }
    return overlay;
}

const std::vector<EvidenceOverlay::RowRef> &EvidenceOverlay::nodeRows(int graphNode) const
{
    return graphNode >= 0 && std::size_t(graphNode) < m_byNode.size()
        ? m_byNode[std::size_t(graphNode)]
        : kNoRows;
}

const std::vector<EvidenceOverlay::RowRef> &EvidenceOverlay::typeRows(std::string_view opType) const
{
    const auto it = m_byType.find(opType);
    return it == m_byType.end() ? kNoRows : it->second;
}

void EvidenceOverlay::applyBadges(NodeStyles &styles, const Graph &graph,
                                  const EvidenceStore &store, Measure measure) const
{
    if (measure == Measure::None)
        return;
    const FlagThresholds &thresholds = store.thresholds();
    if (measure == Measure::Error) {
        // A row naming the node gives its own badge; a row about the type at most a warning (some
        // node of the type, not necessarily this one).
        TextMap<NodeStyle::Badge> byType;
        for (const auto &[type, rows] : m_byType) {
            NodeStyle::Badge badge = NodeStyle::NoBadge;
            for (RowRef ref : rows)
                badge = worseBadge(
                    badge,
                    std::min(accuracyBadge(rowOf(store, ref), thresholds), NodeStyle::Warning));
            byType[type] = badge;
        }
        for (std::size_t i = 0; i < styles.size() && i < graph.nodes().size(); ++i) {
            NodeStyle::Badge badge = NodeStyle::NoBadge;
            for (RowRef ref : m_byNode[i])
                badge = worseBadge(badge, accuracyBadge(rowOf(store, ref), thresholds));
            if (const auto it = byType.find(graph.nodes()[i].opType); it != byType.end())
                badge = worseBadge(badge, it->second);
            styles[i].badge = badge;
        }
        return;
    }
    // Time: the node's own kernels, plus its share of its type's (spread over the type's nodes).
    TextMap<double> typeTime;
    for (const auto &[type, rows] : m_byType)
        for (RowRef ref : rows)
            if (const EvidenceRow &row = rowOf(store, ref); row.hasTime())
                typeTime[type] += row.durationUs;
    std::vector<double> time(graph.nodes().size(), 0.0);
    double total = 0;
    for (std::size_t i = 0; i < time.size(); ++i) {
        for (RowRef ref : m_byNode[i])
            if (const EvidenceRow &row = rowOf(store, ref); row.hasTime())
                time[i] += row.durationUs;
        const std::string_view type = graph.nodes()[i].opType;
        if (const auto it = typeTime.find(type); it != typeTime.end())
            time[i] += it->second / double(m_typeNodes.find(type)->second);
        total += time[i];
    }
    for (std::size_t i = 0; i < styles.size() && i < time.size(); ++i) {
        if (time[i] <= 0 || total <= 0)
            continue;
        const double share = time[i] / total;
        styles[i].badge = share >= 0.05 ? NodeStyle::TimeHigh
            : share >= 0.01             ? NodeStyle::TimeMedium
                                        : NodeStyle::TimeLow;
    }
}

QString evidenceDetailsHtml(const EvidenceStore &store, const EvidenceOverlay &overlay,
                            const Graph &graph, int graphNode)
{
    if (graphNode < 0 || std::size_t(graphNode) >= graph.nodes().size())
        return {};
    const std::vector<EvidenceOverlay::RowRef> &own = overlay.nodeRows(graphNode);
    const std::vector<EvidenceOverlay::RowRef> &byType
        = overlay.typeRows(graph.nodes()[std::size_t(graphNode)].opType);
    if (own.empty() && byType.empty())
        return QStringLiteral("<h4>%1</h4><p>%2</p>")
            .arg(QCoreApplication::translate("EvidenceOverlay", "Evidence"),
                 QCoreApplication::translate(
                     "EvidenceOverlay", "No row of the open evidence files is about this node."));
    QString html = QStringLiteral("<h4>%1</h4><table cellspacing='0' cellpadding='2'>")
                       .arg(QCoreApplication::translate("EvidenceOverlay", "Evidence"));
    const int limit = 40;
    int shown = 0;
    auto rowsHtml = [&](const std::vector<EvidenceOverlay::RowRef> &rows, const QString &how) {
        for (EvidenceOverlay::RowRef ref : rows) {
            if (shown++ >= limit)
                return;
            const EvidenceFile &file = store.files()[std::size_t(ref.file)];
            const EvidenceRow &row = file.rows[std::size_t(ref.row)];
            const std::string flag = flagReason(row, store.thresholds());
            const QString where = QStringLiteral("%1:%2")
                                      .arg(QFileInfo(QString::fromStdString(file.path)).fileName())
                                      .arg(row.line);
            html
                += QStringLiteral(
                       "<tr><td><tt>%1</tt></td><td>%2</td><td>%3</td><td>%4</td><td><i>%5</i></td></tr>")
                       .arg(where.toHtmlEscaped(),
                            QString::fromUtf8(row.name).left(60).toHtmlEscaped(),
                            measures(row).toHtmlEscaped(),
                            flag.empty() ? QString()
                                         : QStringLiteral("<b style='color:#c62828'>%1</b>")
                                               .arg(coreText(flag).toHtmlEscaped()),
                            how);
        }
    };
    rowsHtml(own, QCoreApplication::translate("EvidenceOverlay", "this node"));
    rowsHtml(byType, QCoreApplication::translate("EvidenceOverlay", "its op type"));
    html += QStringLiteral("</table>");
    const int all = int(own.size() + byType.size());
    if (all > limit)
        html += QStringLiteral("<p>%1</p>")
                    .arg(QCoreApplication::translate("EvidenceOverlay", "... and %1 more rows.")
                             .arg(all - limit));
    return html;
}

QString executedCheckHtml(const ExecutedCheckReport &report, const Resolution &resolution,
                          std::string_view selectedNode)
{
    if (report.nodeCompared + report.typeCompared == 0)
        return {};
    QString html
        = QStringLiteral("<h4>%1</h4><p>%2</p>")
              .arg(QCoreApplication::translate("EvidenceOverlay", "Predicted vs executed"),
                   QCoreApplication::translate(
                       "EvidenceOverlay",
                       "%1: %2 of %3 compared agree (%4%): %5 of %6 nodes by name, %7 of %8 "
                       "op types by dtype distribution.")
                       .arg(QString::fromLatin1(precisionModeName(resolution.mode)))
                       .arg(report.nodeAgreed + report.typeAgreed)
                       .arg(report.nodeCompared + report.typeCompared)
                       .arg(report.agreement(), 0, 'f', 1)
                       .arg(report.nodeAgreed)
                       .arg(report.nodeCompared)
                       .arg(report.typeAgreed)
                       .arg(report.typeCompared));
    auto line = [](const ExecutedNodeDisagreement &d) {
        return QStringLiteral("<li><tt>%1:%2</tt> %3 (%4%5): %6 → %7</li>")
            .arg(QFileInfo(QString::fromStdString(d.file)).fileName().toHtmlEscaped())
            .arg(d.line)
            .arg(QString::fromStdString(d.node).toHtmlEscaped(),
                 QString::fromUtf8(d.opType).toHtmlEscaped(),
                 d.tensor.empty() ? QString()
                                  : QStringLiteral(", ") + QString::fromStdString(d.tensor),
                 QString::fromLatin1(dtypeName(d.predicted)),
                 QString::fromLatin1(dtypeName(d.executed)));
    };
    QString own;
    for (const ExecutedNodeDisagreement &d : report.nodeDisagreements)
        if (d.node == selectedNode)
            own += line(d);
    if (!own.isEmpty())
        html
            += QStringLiteral("<p style='color:#c62828'><b>%1</b></p><ul>%2</ul>")
                   .arg(
                       QCoreApplication::translate(
                           "EvidenceOverlay",
                           "This node executed in another dtype than predicted (predicted → executed):"),
                       own);
    if (!report.nodeDisagreements.empty()) {
        html += QStringLiteral("<p>%1</p><ul>")
                    .arg(QCoreApplication::translate("EvidenceOverlay",
                                                     "Disagreements (predicted → executed):"));
        const std::size_t limit = 10;
        for (std::size_t i = 0; i < report.nodeDisagreements.size() && i < limit; ++i)
            html += line(report.nodeDisagreements[i]);
        if (report.nodeDisagreements.size() > limit)
            html += QStringLiteral("<li>%1</li>")
                        .arg(QCoreApplication::translate(
                                 "EvidenceOverlay",
                                 "... and %1 more (opsinfo check --evidence lists them all)")
                                 .arg(report.nodeDisagreements.size() - limit));
        html += QStringLiteral("</ul>");
    }
    for (const ExecutedTypeComparison &t : report.types)
        if (!t.agrees())
            html += QStringLiteral("<p>%1</p>")
                        .arg(QCoreApplication::translate(
                                 "EvidenceOverlay",
                                 "%1: %2 of %3 rows agree with the predicted dtype distribution.")
                                 .arg(QString::fromUtf8(t.opType).toHtmlEscaped())
                                 .arg(t.agreeing)
                                 .arg(t.rows));
    return html;
}

} // namespace opsinfo
