// NodeDecider::decide: §8.1 (never judged), §8.2 (check-support, M11), §8.4-8.5 (the judge).

#include "resolver/nodedecider.h"

#include "common/coretext.h"
#include "graph/graph.h"
#include "library/dynamicformats.h"
#include "library/oplibrary.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/oppolicy.h"
#include "resolver/checksupport.h"

namespace opsinfo {

NodeDecider::NodeDecider(const ResolverPlan &plan, PrecisionMode mode, const PolicySource &policies,
                         const ResolveOptions &options)
    : m_plan(plan)
    , m_mode(mode)
    , m_policies(policies)
    , m_options(options)
{
    inputDtypes.assign(plan.inputOriginal.size(), DType::Undefined);
    outputDtypes.assign(plan.totalOutputs, DType::Undefined);
    m_policyByType.reserve(plan.typeNames.size());
    for (const std::string &type : plan.typeNames)
        m_policyByType.push_back(policies.effective ? policies.effective(type) : Policy::Gray);
    m_policyText.resize(plan.typeNames.size());
    m_approximate.assign(plan.nodes.size(), 0);
    m_customizeByType.assign(plan.typeNames.size(), nullptr);
    if (const CustomizeDtypes *custom = options.customizeDtypes.get())
        for (std::size_t t = 0; t < plan.typeNames.size(); ++t)
            if (auto it = custom->byType.find(plan.typeNames[t]); it != custom->byType.end())
                m_customizeByType[t] = &it->second;
    if (const StoreRefusal &refusal = plan.library.refusal();
        refusal.refused() && options.explanations) {
        const SourceLocation &at = refusal.first;
        m_refusalNote = CoreText::tr(
            "the compiler refuses this library (%1 problems, the first at %2:%3:%4) and would not start: this is what it would pick once they are fixed (§2)",
            refusal.problems, at.file, at.line, at.column);
        m_refusalNote += "; ";
    }
}

void NodeDecider::decide(int index, NodeResolution &result)
{
    const PlanNode &node = m_plan.nodes[std::size_t(index)];
    m_rowsCompared = RowsCompared::No;
    const int alternative
        = node.table >= 0 ? m_plan.tables[std::size_t(node.table)].alternative : -1;
    if (alternative >= 0) {
        // Shapes unknown, and op_select_format answers static and unknown-shape nodes
        // differently: decide with each row; only where both agree is FE's answer known.
        NodeResolution withStatic = result, withDynamic = result;
        PlanNode unknownShape = node;
        unknownShape.table = alternative;
        decideWith(index, node, withStatic);
        decideWith(index, unknownShape, withDynamic);
        const bool agree = withStatic.engine == withDynamic.engine
            && withStatic.inputs == withDynamic.inputs && withStatic.outputs == withDynamic.outputs;
        m_rowsCompared = agree ? RowsCompared::Agree : RowsCompared::Differ;
        m_otherRowDtype = withDynamic.dtype;
        m_otherRowEngine = withDynamic.engine;
    }
    decideWith(index, node, result);
}

void NodeDecider::decideWith(int index, const PlanNode &node, NodeResolution &result)
{
    m_note.clear();
    m_reading = Reading::Mode;
    m_current = index;
    m_currentCube = node.flags & FlagCube;
    result.policy = m_policyByType[std::size_t(node.typeId)];
    result.inLibrary = node.table >= 0;
    if (keepsGraphDtypes(node, result))
        return;
    m_keep
        = m_options.keepDtype && m_options.keepDtype->matches(node.node->name, node.node->opType);
    m_table = chooseStore(node, result);
    noteFormatRow(m_table ? *m_table : m_plan.tables[std::size_t(node.table)], result);
    if (m_table) {
        judge(node, result);
    } else {
        for (std::uint32_t k = 0; k < node.inCount; ++k)
            inputDtypes[node.inBegin + k] = m_plan.inputOriginal[node.inBegin + k];
        for (std::uint32_t k = 0; k < node.outCount; ++k)
            outputDtypes[node.outBegin + k] = m_plan.outputOriginal[node.outBegin + k];
    }
    finish(node, result);
}

bool NodeDecider::keepsGraphDtypes(const PlanNode &node, NodeResolution &result)
{
    if (node.flags & FlagBoundary)
        result.engineReason = EngineReason::NeverDecided;
    else if (node.table < 0)
        result.engineReason = EngineReason::NotInLibrary;
    else if (m_plan.tables[std::size_t(node.table)].columns == 0)
        result.engineReason = EngineReason::NoDtypeLists;
    else
        return false;
    for (std::uint32_t k = 0; k < node.inCount; ++k)
        inputDtypes[node.inBegin + k] = m_plan.inputOriginal[node.inBegin + k];
    for (std::uint32_t k = 0; k < node.outCount; ++k)
        outputDtypes[node.outBegin + k] = m_plan.outputOriginal[node.outBegin + k];
    result.engine = Engine::None;
    if (result.engineReason == EngineReason::NoDtypeLists) {
        result.entry = m_plan.tables[std::size_t(node.table)].entry;
        result.approximate = true;
        noteFormatRow(m_plan.tables[std::size_t(node.table)], result);
    }
    recordTensors(node, result);
    if (m_options.explanations)
        result.explanation = m_refusalNote + m_note + engineReasonText(result);
    return true;
}

// SEMANTICS §1: the op_select_format row an entry without dtype lists is judged with, and why its
// columns may not be FE's (approx).
void NodeDecider::noteFormatRow(const ColumnTable &table, NodeResolution &result)
{
    const bool certain = table.doubt == ColumnDoubt::None
        || (table.doubt == ColumnDoubt::ShapesUnknown && m_rowsCompared == RowsCompared::Agree);
    if (!certain)
        result.approximate = true;
    if (!m_options.explanations)
        return;
    if (table.formatRow && table.doubt != ColumnDoubt::RowDoesNotFit) {
        const DynamicFormatRow &row = *table.formatRow;
        addNote(CoreText::tr("columns from op_select_format: %1 (dynamic_formats.tsv:%2, §1)",
                             row.describe(table.soc), row.line));
        if (row.needCheckSupport)
            addNote(CoreText::tr(
                "needCheckSupport: the op's own check_supported is not evaluated (M11, approx as for every op)"));
    }
    if (table.doubt == ColumnDoubt::ShapesUnknown && m_rowsCompared == RowsCompared::Agree)
        addNote(CoreText::tr(
            "the node's shapes are unknown, but the static and unknown-shape rows give the same result (§1)"));
    else if (table.doubt == ColumnDoubt::ShapesUnknown && m_rowsCompared == RowsCompared::Differ)
        addNote(CoreText::tr(
            "the node's shapes are unknown: the static-shape row is used, the unknown-shape row would give %1 on %2 (§1, approx)",
            m_otherRowDtype == DType::Undefined ? std::string("no float")
                                                : std::string(dtypeName(m_otherRowDtype)),
            engineName(m_otherRowEngine)));
    else if (table.doubt != ColumnDoubt::None)
        addNote(columnDoubtText(table));
}

const DtypeRestriction *NodeDecider::customizeFor(const PlanNode &node) const
{
    const CustomizeDtypes *custom = m_options.customizeDtypes.get();
    if (!custom)
        return nullptr;
    if (!custom->byNode.empty())
        if (auto it = custom->byNode.find(node.node->name); it != custom->byNode.end())
            return &it->second;
    return m_customizeByType[std::size_t(node.typeId)];
}

// The colour FE uses is that of the store entry it picked, with the mixlist applied (X3).
Policy NodeDecider::policyOf(const ColumnTable &table, const PlanNode &node) const
{
    if (table.entry == m_plan.tables[std::size_t(node.table)].entry)
        return m_policyByType[std::size_t(node.typeId)];
    if (m_policies.details)
        if (const OpPolicy *details = m_policies.details(node.node->opType))
            return applyMarks(table.entry->policy, details->marks);
    return table.entry->policy;
}

const ColumnTable *NodeDecider::chooseStore(const PlanNode &node, NodeResolution &result)
{
    const std::span<const DType> inputs(m_plan.inputOriginal.data() + node.inBegin, node.inCount);
    const std::span<const DType> outputs(m_plan.outputOriginal.data() + node.outBegin,
                                         node.outCount);
    const DtypeRestriction *customize = customizeFor(node);
    const std::vector<int> &later = m_plan.laterStoreTables[std::size_t(node.typeId)];
    SupportVerdict first;
    for (std::size_t i = 0; i <= later.size(); ++i) {
        const ColumnTable &table = m_plan.tables[std::size_t(i == 0 ? node.table : later[i - 1])];
        if (table.columns == 0)
            continue;
        SupportQuery query {&table,
                            inputs,
                            outputs,
                            m_mode,
                            policyOf(table, node),
                            m_keep,
                            bool(node.flags & FlagCast),
                            customize};
        SupportVerdict verdict;
        if (m_options.checkSupport)
            verdict = checkSupport(query, m_agreeing);
        else
            verdict.supported = true;
        if (i == 0)
            first = verdict;
        if (!verdict.supported)
            continue;
        m_policy = query.policy;
        result.policy = m_policy;
        result.entry = table.entry;
        const bool nullOp = table.entry->opFile == "Null" || table.entry->opFile == "AICore_Null";
        result.engine = nullOp ? Engine::GE : Engine::AICore;
        result.engineReason = nullOp ? EngineReason::GeOp : verdict.reason;
        if (customize)
            result.rules.add("M8");
        if (i > 0) {
            result.rules.add("L3");
            if (m_options.explanations)
                addNote(CoreText::tr(
                    "the first store's entry fails check-support: the entry of store '%1' is used (L3)",
                    storeName(*table.entry)));
        }
        return &table;
    }
    result.entry = m_plan.tables[std::size_t(node.table)].entry;
    result.engine = Engine::AICPU;
    result.engineReason = first.reason;
    result.rejectedTensor = first.tensor;
    result.rules.add("M11");
    if (first.reason == EngineReason::RejectedCustomize) {
        result.rules.add("M8");
        result.status = ResolutionStatus::Error; // FE's judge would fail on this node (J:632-636)
    } else if (first.reason == EngineReason::RejectedCast) {
        result.rules.add("M9");
    }
    return nullptr;
}

NodeDecider::Reading NodeDecider::readingFor(const PlanNode &node, NodeResolution &result) const
{
    if (m_keep) {
        result.rules.add("M8");
        return Reading::Keep;
    }
    if (node.flags & (FlagCast | FlagComplex)) {
        result.rules.add("M9");
        return Reading::CastOrComplex;
    }
    if (result.engine == Engine::GE && m_mode != PrecisionMode::ForceFp16) {
        result.rules.add("M9");
        return Reading::NullOp;
    }
    if (isMixedMode(m_mode))
        return m_policy == Policy::White ? Reading::White
            : m_policy == Policy::Black  ? Reading::Black
                                         : Reading::Gray;
    return Reading::Mode;
}

void NodeDecider::judge(const PlanNode &node, NodeResolution &result)
{
    const ColumnTable &table = *m_table;
    result.decided = true;
    if (table.assumed) {
        result.approximate = true;
        if (m_options.explanations)
            addNote(CoreText::tr(
                "the entry lists no dtypes (dynamicFormat): treated as supporting any float dtype (§1, approx)"));
    }
    m_reading = readingFor(node, result);
    m_latch = false;
    const DtypeRestriction *customize = customizeFor(node);
    if (customize) {
        bool constrains = false;
        customizeColumns(table, *customize, m_agreeing, &constrains);
        m_list.assign(m_agreeing);
        if (m_agreeing.empty()) { // only without check-support, which rejects such a node first
            result.status = ResolutionStatus::Error;
            if (m_options.explanations)
                addNote(CoreText::tr("customize_dtypes names no column the op supports (M8)"));
            takeColumn(node, -1);
            return;
        }
        if (!constrains) { // J:622-636: an entry that filters nothing leaves FE no column
            result.status = ResolutionStatus::Error;
            if (m_options.explanations)
                addNote(CoreText::tr(
                    "the customize_dtypes entry constrains no tensor of the op: FE's judge fails (M8)"));
        } else if (m_options.explanations) {
            addNote(CoreText::tr("customize_dtypes restricts the columns (M8)"));
        }
    } else {
        m_list.reset(table.columns);
    }
    // G1 (J:674-713): inputs fed by ordinary nodes by index, then the constant-fed and unfed ones.
    m_visit.clear();
    for (int pass = 0; pass < 2; ++pass)
        for (int k = 0; k < int(node.inCount); ++k) {
            const int p = m_plan.inputProducer[node.inBegin + std::uint32_t(k)];
            const bool ordinary = p >= 0 && !(m_plan.nodes[std::size_t(p)].flags & FlagConstant);
            if (ordinary == (pass == 0))
                m_visit.push_back({k, true, k, table.inputSlot(k),
                                   m_plan.inputOriginal[node.inBegin + std::uint32_t(k)]});
        }
    for (const Tensor &t : m_visit)
        matchTensor(t, result);
    if (m_list.empty()) { // only LOW_ANY empties it; the outputs start afresh (SM:191-201, 254-315)
        m_list.reset(table.columns);
        if (m_options.explanations)
            addNote(CoreText::tr(
                "no column left for the outputs: the list restarts from every column (§8.5)"));
    }
    for (int k = 0; k < int(node.outCount); ++k)
        matchTensor({int(node.inCount) + k, false, k, table.outputSlot(k),
                     m_plan.outputOriginal[node.outBegin + std::uint32_t(k)]},
                    result);
    // J:200-216: the first candidate; none left: the first customize column, else column 0.
    int column = 0;
    if (!m_list.empty())
        column = m_list.front();
    else if (customize && !m_agreeing.empty())
        column = m_agreeing.front();
    if (m_list.empty() && m_options.explanations)
        addNote(CoreText::tr("no column fits every tensor: column %1 is used (§8.5)", column));
    takeColumn(node, column);
    if (followsGrayRule())
        checkAmbiguity(node, result);
}

void NodeDecider::matchTensor(const Tensor &t, NodeResolution &result)
{
    if (t.graph == DType::Undefined || m_table->unlisted(t.slot, t.graph))
        return; // nothing to match: the entry lists no dtypes for it, or the graph states none
    switch (m_reading) {
    case Reading::Keep: // §8.4 (a)
        allowFp32ToFp16(t, DType::Undefined, false);
        return;
    case Reading::CastOrComplex:
        allowFp32ToFp16(t, DType::Undefined, true);
        return;
    case Reading::NullOp: // §8.4 (b)
        mixed(t, DType::Float16, DType::Undefined, result);
        return;
    default:
        break;
    }
    if (m_mode == PrecisionMode::AllowFp32ToFp16 && m_latch) { // §8.4 (c)
        forceFp16(t, DType::Undefined);
        return;
    }
    const DType forbidden = forbiddenFor(t.graph);
    matchModeStrategy(t, forbidden, result);
    if (forbidden != DType::Undefined && m_list.forbiddenMattered())
        result.rules.add("M10");
}

void NodeDecider::takeColumn(const PlanNode &node, int column)
{
    const ColumnTable &table = *m_table;
    auto chosen = [&](int slot, DType graph) {
        if (column < 0 || graph == DType::Undefined || table.unlisted(slot, graph))
            return graph; // the entry says nothing for this tensor (approx) / the graph says
                          // nothing
        const DType d = table.cell(column, slot);
        return d == DType::Undefined ? graph : d;
    };
    for (std::uint32_t k = 0; k < node.inCount; ++k)
        inputDtypes[node.inBegin + k]
            = chosen(table.inputSlot(int(k)), m_plan.inputOriginal[node.inBegin + k]);
    for (std::uint32_t k = 0; k < node.outCount; ++k)
        outputDtypes[node.outBegin + k]
            = chosen(table.outputSlot(int(k)), m_plan.outputOriginal[node.outBegin + k]);
}

void NodeDecider::recordTensors(const PlanNode &node, NodeResolution &result)
{
    result.inputs.assign(inputDtypes.begin() + node.inBegin,
                         inputDtypes.begin() + node.inBegin + node.inCount);
    result.outputs.assign(outputDtypes.begin() + node.outBegin,
                          outputDtypes.begin() + node.outBegin + node.outCount);
    result.dtype = nodeDtype(result.inputs, result.outputs);
    m_approximate[std::size_t(m_current)] = result.approximate;
}

void NodeDecider::finish(const PlanNode &node, NodeResolution &result)
{
    recordTensors(node, result);
    if (m_options.grayRule == GrayRule::Previous && result.decided && followsGrayRule())
        result.rules.add("G6");
    if (m_options.explanations)
        result.explanation = explain(node, result);
}

void NodeDecider::addNote(const std::string &step)
{
    m_note += step;
    m_note += "; ";
}

} // namespace opsinfo
