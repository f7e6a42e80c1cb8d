#include "evidence/executedcheck.h"

#include "graph/apiname.h"

#include "graph/graph.h"
#include "resolver/resolution.h"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace opsinfo {

namespace {

// "input.1" / "output.0" / "x:output:0" -> (output?, index); nullopt for a whole-op row.
struct Slot
{
    bool output = false;
    int index = 0;
};

std::optional<Slot> slotOf(const std::string &tensor)
{
    if (tensor.empty())
        return std::nullopt;
    std::string t;
    for (char c : tensor)
        t += char(std::tolower(static_cast<unsigned char>(c)));
    Slot slot;
    std::size_t at = t.find("output");
    if (at != std::string::npos) {
        slot.output = true;
        at += 6;
    } else if ((at = t.find("input")) != std::string::npos) {
        at += 5;
    } else {
        return std::nullopt;
    }
    while (at < t.size() && !std::isdigit(static_cast<unsigned char>(t[at])))
        ++at;
    int index = 0;
    bool digits = false;
    while (at < t.size() && std::isdigit(static_cast<unsigned char>(t[at])) && index < 100000) {
        index = index * 10 + (t[at++] - '0');
        digits = true;
    }
    if (!digits)
        return std::nullopt;
    slot.index = index;
    return slot;
}

std::string slotName(const std::optional<Slot> &slot)
{
    return slot ? (slot->output ? "output." : "input.") + std::to_string(slot->index)
                : std::string();
}

// The predicted dtype of a node for the row's tensor (or §8.6's), Undefined when not decided.
DType predictedFor(const NodeResolution &n, const std::optional<Slot> &slot)
{
    if (!n.decided)
        return DType::Undefined;
    if (!slot)
        return isDecidedFloat(n.dtype) ? n.dtype : DType::Undefined;
    const auto &list = slot->output ? n.outputs : n.inputs;
    if (slot->index < 0 || std::size_t(slot->index) >= list.size())
        return DType::Undefined;
    const DType d = list[std::size_t(slot->index)];
    return isDecidedFloat(d) ? d : DType::Undefined;
}

DType executedFor(const EvidenceRow &row, const std::optional<Slot> &slot)
{
    if (slot) {
        const auto &list = slot->output ? row.outputDtypes : row.inputDtypes;
        // A compare row holds only its own tensor's dtype.
        const DType d = list.size() == 1             ? list.front()
            : std::size_t(slot->index) < list.size() ? list[std::size_t(slot->index)]
                                                     : DType::Undefined;
        return isDecidedFloat(d) ? d : DType::Undefined;
    }
    return row.executedDtype();
}

bool backward(const EvidenceRow &row)
{
    const auto api = row.api.empty() ? std::nullopt : parseApiName(row.name);
    return api && api->direction == "backward";
}

} // namespace

ExecutedCheckReport compareWithExecuted(const Graph &graph, const Resolution &resolution,
                                        const std::vector<EvidenceFile> &files,
                                        const std::vector<FileJoin> &joins)
{
    ExecutedCheckReport report;
    std::map<std::pair<std::string, std::string>, ExecutedTypeComparison> types;
    const std::size_t topLevel = graph.nodes().size();
    for (std::size_t f = 0; f < files.size() && f < joins.size(); ++f) {
        const EvidenceFile &file = files[f];
        for (std::size_t r = 0; r < file.rows.size() && r < joins[f].rows.size(); ++r) {
            const EvidenceRow &row = file.rows[r];
            const RowJoin &join = joins[f].rows[r];
            if (!row.dtypesRecorded || backward(row))
                continue;
            // msprobe rows name their tensor by API argument position, which need not be the IR
            // op's input position: compare those by the node's §8.6 dtype instead.
            const bool irSlots = file.framework == EvidenceFramework::Ge;
            const std::optional<Slot> slot = irSlots ? slotOf(row.tensor) : std::nullopt;
            const DType executed = executedFor(row, slot);
            if (executed == DType::Undefined)
                continue;
            ++report.rowsWithDtypes;
            if (join.kind == JoinKind::Node) {
                bool compared = false;
                for (int index : join.nodes) {
                    if (index < 0 || std::size_t(index) >= topLevel
                        || std::size_t(index) >= resolution.nodes.size())
                        continue;
                    const NodeResolution &n = resolution.nodes[std::size_t(index)];
                    const DType predicted = predictedFor(n, slot);
                    if (predicted == DType::Undefined)
                        continue;
                    compared = true;
                    ++report.nodeCompared;
                    if (predicted == executed)
                        ++report.nodeAgreed;
                    else
                        report.nodeDisagreements.push_back(
                            {std::string(graph.nodes()[std::size_t(index)].name),
                             std::string(graph.nodes()[std::size_t(index)].opType), slotName(slot),
                             predicted, executed, file.path, row.line});
                }
                if (!compared)
                    ++report.notCompared;
                continue;
            }
            if (join.kind != JoinKind::OpType) {
                ++report.notCompared;
                continue;
            }
            ExecutedTypeComparison &t = types[{join.irType, slotName(slot)}];
            if (t.opType.empty()) {
                t.opType = join.irType;
                t.tensor = slotName(slot);
                for (int index : join.nodes)
                    if (std::size_t(index) < resolution.nodes.size())
                        if (const DType p
                            = predictedFor(resolution.nodes[std::size_t(index)], slot);
                            p != DType::Undefined)
                            ++t.predicted[p];
            }
            if (t.predicted.empty()) {
                ++report.notCompared;
                continue;
            }
            ++t.rows;
            ++t.executed[executed];
        }
    }
    for (auto &[key, t] : types) {
        if (t.rows == 0)
            continue;
        std::size_t predictedNodes = 0;
        for (const auto &[d, n] : t.predicted)
            predictedNodes += n;
        for (const auto &[d, n] : t.executed) {
            const auto it = t.predicted.find(d);
            const std::size_t expected = it == t.predicted.end()
                ? 0
                : (t.rows * it->second + predictedNodes / 2) / predictedNodes;
            t.agreeing += std::min(n, expected);
        }
        t.agreeing = std::min(t.agreeing, t.rows);
        report.typeCompared += t.rows;
        report.typeAgreed += t.agreeing;
        report.types.push_back(std::move(t));
    }
    return report;
}

} // namespace opsinfo
