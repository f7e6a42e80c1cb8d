#include "export/htmlreport.h"

#include "common/nodefill.h"
#include "common/resources.h"
#include "export/modechartsvg.h"
#include "export/resolutionreport.h"
#include "graph/graph.h"
#include "layout/graphlayout.h"
#include "layout/scopetree.h"
#include "resolver/precisionmode.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <unordered_map>

namespace opsinfo {

namespace {

// Repeated texts (explanations, rule lists, op types) once per page: a 186,000-node graph has a
// few thousand distinct explanations.
class StringTable
{
public:
    int add(const std::string &text)
    {
        auto [it, inserted] = m_index.emplace(text, int(m_strings.size()));
        if (inserted)
            m_strings.push_back(text);
        return it->second;
    }
    nlohmann::json json() const { return m_strings; }

private:
    std::unordered_map<std::string, int> m_index;
    std::vector<std::string> m_strings;
};

nlohmann::json layoutJson(const Graph &graph, int collapseDepth, StringTable &strings)
{
    const ScopeTree tree = buildScopeTree(graph);
    const int depth = collapseDepth >= 0 ? collapseDepth : overviewDepth(graph.nodes().size());
    std::vector<int> collapsed;
    if (depth > 0)
        for (int scope : tree.scopesAtDepth(depth))
            if (scope > ScopeTree::root)
                collapsed.push_back(scope);
    const CollapsedGraph view
        = collapsed.empty() ? expandedGraph(graph) : collapseScopes(graph, tree, collapsed);
    const GraphLayout layout = layoutGraph(graph, tree, view);
    nlohmann::json x = nlohmann::json::array(), y = nlohmann::json::array(),
                   w = nlohmann::json::array(), h = nlohmann::json::array(),
                   node = nlohmann::json::array(), label = nlohmann::json::array();
    for (int v = 0; v < view.size(); ++v) {
        const LayoutRect &r = layout.nodes[std::size_t(v)].rect;
        x.push_back(std::lround(r.x));
        y.push_back(std::lround(r.y));
        w.push_back(std::lround(r.width));
        h.push_back(std::lround(r.height));
        node.push_back(view.graphNode[std::size_t(v)]);
        label.push_back(strings.add(visibleLabel(graph, tree, view, v)));
    }
    nlohmann::json edges = nlohmann::json::array();
    for (const auto &[from, to] : view.edges) {
        edges.push_back(from);
        edges.push_back(to);
    }
    return {{"x", x},
            {"y", y},
            {"w", w},
            {"h", h},
            {"node", node},
            {"label", label},
            {"visibleOf", view.visibleOf},
            {"edges", edges},
            {"collapseDepth", depth},
            {"width", std::lround(layout.bounds.right())},
            {"height", std::lround(layout.bounds.bottom())}};
}

// `codes` holds the few texts every node repeats (dtype, engine, list, rule ids): their indexes
// stay one or two digits. `strings` holds the rest.
nlohmann::json modeJson(const Graph &graph, const Resolution &r, StringTable &strings,
                        StringTable &codes)
{
    const std::size_t count = graph.nodes().size();
    nlohmann::json dtype = nlohmann::json::array(), explanation = nlohmann::json::array(),
                   rules = nlohmann::json::array(), engine = nlohmann::json::array(),
                   policy = nlohmann::json::array();
    for (std::size_t i = 0; i < count && i < r.nodes.size(); ++i) {
        const NodeResolution &n = r.nodes[i];
        dtype.push_back(codes.add(dtypeName(n.dtype)));
        explanation.push_back(strings.add(n.explanation));
        rules.push_back(codes.add(n.rules.joined(",")));
        engine.push_back(codes.add(engineName(n.engine)));
        policy.push_back(codes.add(reportPolicy(n)));
    }
    // [producer, output, from, to, kind, consumers]: a top-level producer by its node index, a
    // subgraph one (no box of its own) by name.
    nlohmann::json casts = nlohmann::json::array();
    for (const CastInsertion &c : r.casts) {
        const bool topLevel = c.producer >= 0 && std::size_t(c.producer) < count;
        const NodeResolution *producer = c.producer >= 0 && std::size_t(c.producer) < r.nodes.size()
            ? &r.nodes[std::size_t(c.producer)]
            : nullptr;
        casts.push_back({topLevel ? nlohmann::json(c.producer)
                                  : nlohmann::json(producer && producer->node
                                                       ? std::string(producer->node->name)
                                                       : std::string()),
                         c.output, codes.add(dtypeName(c.from)), codes.add(dtypeName(c.to)),
                         codes.add(castKindName(c.kind)), c.consumers.size()});
    }
    return {{"name", precisionModeName(r.mode)},
            {"dtype", dtype},
            {"explanation", explanation},
            {"rules", rules},
            {"engine", engine},
            {"policy", policy},
            {"casts", casts},
            {"summary", summaryToJson(r.summary)}};
}

nlohmann::json diffJson(const HtmlReportInput &in)
{
    if (!in.mixlistDiff)
        return nullptr;
    nlohmann::json changed = nlohmann::json::array();
    for (const NodeChange &c : in.mixlistDiff->changed)
        if (c.topLevel)
            changed.push_back({c.index, dtypeName(c.a->dtype), dtypeName(c.b->dtype),
                               engineName(c.a->engine), engineName(c.b->engine)});
    return {{"mixlist", in.mixlistPath},
            {"castsA", in.mixlistDiff->castsA},
            {"castsB", in.mixlistDiff->castsB},
            {"changed", changed}};
}

// Per node, one line per evidence row joined to it by name, and one line per file counting the
// rows that joined it by op type only (a type has thousands: they are summed, not listed).
nlohmann::json evidenceJson(const HtmlReportInput &in)
{
    if (!in.evidence || !in.evidenceJoins)
        return nullptr;
    std::map<int, nlohmann::json> badges;
    std::map<int, bool> flagged;
    nlohmann::json files = nlohmann::json::array();
    for (std::size_t f = 0; f < in.evidence->size() && f < in.evidenceJoins->size(); ++f) {
        const EvidenceFile &file = (*in.evidence)[f];
        const FileJoin &join = (*in.evidenceJoins)[f];
        files.push_back({{"path", file.path},
                         {"format", evidenceFormatName(file.format)},
                         {"rows", file.rows.size()},
                         {"byNode", join.byNode},
                         {"byType", join.byType},
                         {"unmatched", join.unmatched}});
        std::map<int, std::pair<std::size_t, double>> byType; // node -> rows, total time
        for (std::size_t r = 0; r < file.rows.size() && r < join.rows.size(); ++r) {
            const EvidenceRow &row = file.rows[r];
            const RowJoin &j = join.rows[r];
            const std::string flag = flagReason(row, in.thresholds);
            for (int node : j.nodes) {
                if (j.kind == JoinKind::OpType) {
                    auto &[rows, time] = byType[node];
                    ++rows;
                    time += row.hasTime() ? row.durationUs * double(row.count) : 0.0;
                    continue;
                }
                std::string text = file.path + ":" + std::to_string(row.line) + ": "
                    + evidenceFormatName(file.format);
                if (row.hasTime())
                    text += ", " + std::to_string(std::lround(row.durationUs)) + " us";
                if (row.dtypesRecorded && row.executedDtype() != DType::Undefined)
                    text += ", executed " + std::string(dtypeName(row.executedDtype()));
                if (row.cosine)
                    text += ", cosine " + std::to_string(*row.cosine);
                if (!flag.empty()) {
                    text += ", FLAG: " + flag;
                    flagged[node] = true;
                }
                badges[node].push_back(text);
            }
        }
        for (const auto &[node, figures] : byType)
            badges[node].push_back(file.path + ": " + std::to_string(figures.first)
                                   + " row(s) of its op type (joined by type), "
                                   + std::to_string(std::lround(figures.second)) + " us in all");
    }
    nlohmann::json nodes = nlohmann::json::array();
    for (auto &[node, lines] : badges)
        nodes.push_back({node, flagged.count(node) > 0, std::move(lines)});
    return {{"files", files}, {"nodes", nodes}};
}

// Fills each marker of the template once, looking only at the template's own text: a value
// (a node name in the title, say) that happens to hold a marker is never filled in again.
std::string fillTemplate(std::string_view page,
                         const std::vector<std::pair<std::string_view, std::string>> &values)
{
    std::string out;
    out.reserve(page.size() + values.size() * 1024);
    std::size_t at = 0;
    for (const auto &[marker, value] : values) {
        const std::size_t found = page.find(marker, at);
        if (found == std::string_view::npos)
            throw std::logic_error("report template has no " + std::string(marker));
        out.append(page.substr(at, found - at));
        out += value;
        at = found + marker.size();
    }
    out.append(page.substr(at));
    return out;
}

// The chart as an inline <svg>: HTML needs neither the XML declaration nor the namespace.
std::string inlineSvg(const std::string &svg)
{
    std::string out = svg.substr(std::min(svg.find("<svg"), svg.size()));
    const std::string ns = " xmlns=\"http://www.w3.org/2000/svg\"";
    if (const std::size_t at = out.find(ns); at != std::string::npos)
        out.erase(at, ns.size());
    return out;
}

} // namespace

std::string htmlEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string scriptSafeJson(const std::string &json)
{
    std::string out;
    out.reserve(json.size() + json.size() / 64);
    for (char c : json) {
        // Outside strings JSON has none of these, so escaping them everywhere keeps it valid.
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else
            out += c;
    }
    return out;
}

std::string htmlReport(const HtmlReportInput &in, const HtmlReportProgress &progress)
{
    const std::size_t stages = in.modes.size() + 2;
    auto step = [&](std::size_t done, const char *what) {
        if (progress)
            progress(done, stages, what);
    };
    const Graph &graph = *in.graph;
    StringTable strings, codes;
    step(0, "layout");
    nlohmann::json data;
    data["graph"] = in.graphPath;
    data["library"] = in.libraryLabel;
    data["nodeCount"] = graph.nodes().size();
    nlohmann::json names = nlohmann::json::array(), types = nlohmann::json::array();
    for (const Node &n : graph.nodes()) {
        names.push_back(std::string(n.name));
        types.push_back(strings.add(std::string(n.opType)));
    }
    data["names"] = std::move(names);
    data["types"] = std::move(types);
    data["view"] = layoutJson(graph, in.collapseDepth, strings);
    data["colours"] = {{"float16", nodeFillColour(NodeFill::Float16)},
                       {"bfloat16", nodeFillColour(NodeFill::BFloat16)},
                       {"float32", nodeFillColour(NodeFill::Float32)},
                       {"aicpu", nodeFillColour(NodeFill::AiCpu)},
                       {"error", nodeFillColour(NodeFill::Error)},
                       {"notJudged", nodeFillColour(NodeFill::NotJudged)},
                       {"other", nodeFillColour(NodeFill::Other)}};
    nlohmann::json modes = nlohmann::json::array();
    for (std::size_t m = 0; m < in.modes.size(); ++m) {
        step(m + 1, precisionModeName(in.modes[m]->mode));
        modes.push_back(modeJson(graph, *in.modes[m], strings, codes));
    }
    data["modes"] = std::move(modes);
    data["diff"] = diffJson(in);
    data["evidence"] = evidenceJson(in);
    data["strings"] = strings.json();
    data["codes"] = codes.json();
    step(stages - 1, "page");

    const std::string name = in.graphPath.substr(in.graphPath.find_last_of('/') + 1);
    const std::string chart = in.modeChart.empty()
        ? std::string()
        : modeChartSvg(in.modeChart, "Dtypes and casts per precision mode: " + name);
    const std::optional<std::string_view> page = embeddedResource("report/report.html");
    if (!page)
        throw std::logic_error("resources/core/report/report.html is not embedded");
    return fillTemplate(
        *page,
        {{"{{TITLE}}", htmlEscape(name)},
         {"{{CHART}}",
          chart.empty() ? "<p class=\"muted\">Give --all-modes for the chart.</p>"
                        : inlineSvg(chart)},
         {"{{DATA}}",
          scriptSafeJson(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))}});
}

} // namespace opsinfo
