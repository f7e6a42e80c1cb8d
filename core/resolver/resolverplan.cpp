#include "resolver/resolverplan.h"

#include "graph/graph.h"
#include "library/oplibrary.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace opsinfo {

namespace {

// What C2's activation figure needs of a shape, worked out once for every mode of the sweep.
std::uint64_t staticElements(std::span<const std::int64_t> shape)
{
    if (shape.empty())
        return kUnknownElements;
    std::uint64_t elements = 1;
    for (std::int64_t d : shape) {
        if (d < 0)
            return kUnknownElements;
        elements *= std::uint64_t(d);
    }
    return elements;
}

} // namespace

ColumnTable ColumnTable::shapedLike(const OpEntry &entry)
{
    ColumnTable table;
    table.entry = &entry;
    table.inputs = int(entry.inputs.size());
    table.outputs = int(entry.outputs.size());
    table.lastInputDynamic = !entry.inputs.empty() && entry.inputs.back().paramType == "dynamic";
    table.lastOutputDynamic = !entry.outputs.empty() && entry.outputs.back().paramType == "dynamic";
    return table;
}

namespace {

bool isComplex(DType d)
{
    return d == DType::Complex32 || d == DType::Complex64 || d == DType::Complex128;
}

// J:1129-1136: FE never judges these (main-graph Data/NetOutput, constants, TransData, AippData).
bool neverJudged(std::string_view type)
{
    return isBoundaryOpType(type) || type == "AippData";
}

// G1 (J:674-713) and C1 name exactly these as constants.
bool isWeightsType(std::string_view type)
{
    return type == "Const" || type == "Constant" || type == "Variable";
}

int storeOf(const OpLibrary &library, const OpEntry &entry)
{
    const auto &files = library.files();
    return entry.fileIndex >= 0 && std::size_t(entry.fileIndex) < files.size()
        ? files[std::size_t(entry.fileIndex)].storeIndex
        : 0;
}

// The columns of an entry that lists dtypes. A tensor listing one dtype for several columns applies
// it to all of them (FE's loader would refuse the store, L6; the preview stays usable).
ColumnTable tableFromLists(const OpEntry &entry)
{
    ColumnTable table = ColumnTable::shapedLike(entry);
    table.columns = int(entry.columnCount());
    table.cells.assign(std::size_t(table.columns) * std::size_t(table.slots()), DType::Undefined);
    table.listsNoDtypes.assign(std::size_t(table.slots()), 0);
    int slot = 0;
    for (const auto *tensors : {&entry.inputs, &entry.outputs}) {
        for (const TensorInfo &tensor : *tensors) {
            table.listsNoDtypes[std::size_t(slot)] = tensor.dtypes.empty();
            for (int c = 0; c < table.columns && !tensor.dtypes.empty(); ++c) {
                const std::size_t k = tensor.dtypes.size() == 1 ? 0 : std::size_t(c);
                if (k < tensor.dtypes.size())
                    table.cells[std::size_t(c) * std::size_t(table.slots()) + std::size_t(slot)]
                        = tensor.dtypes[k];
            }
            ++slot;
        }
    }
    if (table.inputs > 0 && table.outputs > 0)
        for (int c = 0; c < table.columns && !table.fp16InFp32Out; ++c)
            table.fp16InFp32Out = table.cell(c, 0) == DType::Float16
                && table.cell(c, table.inputs) == DType::Float32;
    return table;
}

} // namespace

bool ColumnTable::lists(int slot, DType dtype) const
{
    for (int c = 0; c < columns; ++c)
        if (cell(c, slot) == dtype)
            return true;
    return false;
}

ResolverPlan::ResolverPlan(const Graph &graph, const OpLibrary &lib)
    : library(lib)
{
    struct Pending
    {
        const Graph *graph;
        int parent;
        int subgraph;
    };
    std::deque<Pending> queue {{&graph, -1, -1}};
    while (!queue.empty()) {
        const Pending p = queue.front();
        queue.pop_front();
        const int base = int(nodes.size());
        addGraph(*p.graph, p.parent, p.subgraph);
        const auto &graphNodes = p.graph->nodes();
        for (std::size_t i = 0; i < graphNodes.size(); ++i)
            for (std::size_t s = 0; s < graphNodes[i].subgraphs.size(); ++s)
                if (graphNodes[i].subgraphs[s])
                    queue.push_back({graphNodes[i].subgraphs[s].get(), base + int(i), int(s)});
    }

    // Decision order: each graph topologically (ties by file order), parents before their bodies.
    order.reserve(nodes.size());
    for (const auto &[g, base] : m_graphs) {
        std::vector<Diagnostic> cycle;
        const std::vector<int> local = g->topologicalOrder(&cycle);
        std::vector<char> placed(g->nodes().size(), 0);
        for (int i : local) {
            order.push_back(base + i);
            placed[std::size_t(i)] = 1;
        }
        for (std::size_t i = 0; i < placed.size(); ++i)
            if (!placed[i])
                order.push_back(base
                                + int(i)); // on a cycle: decided last, producers may be pending
        for (Diagnostic &d : cycle)
            diagnostics.push_back(std::move(d));
    }
}

void ResolverPlan::addGraph(const Graph &graph, int parent, int subgraph)
{
    const int base = int(nodes.size());
    m_graphs.emplace_back(&graph, base);
    const auto &graphNodes = graph.nodes();
    // typeIds views the strings in typeNames: no reallocation may move them (short strings live
    // inside the std::string, so a move would leave the views dangling). At most one new type per
    // node.
    typeNames.reserve(typeNames.size() + graphNodes.size());
    std::unordered_map<std::string_view, int> typeIds;
    typeIds.reserve(typeNames.size() + 64);
    for (std::size_t t = 0; t < typeNames.size(); ++t)
        typeIds.emplace(typeNames[t], int(t));
    std::unordered_map<std::string_view, int> tableByType; // entries that list dtypes only
    std::vector<ShapeKnowledge> shapes; // only where an entry lists no dtypes (op_select_format)

    for (std::size_t i = 0; i < graphNodes.size(); ++i) {
        const Node &node = graphNodes[i];
        PlanNode plan;
        plan.node = &node;
        plan.parent = parent;
        plan.subgraph = subgraph;
        plan.graphIndex = int(i);
        auto [it, inserted] = typeIds.try_emplace(node.opType, int(typeNames.size()));
        if (inserted) {
            typeNames.emplace_back(node.opType);
            laterStoreTables.emplace_back();
        }
        plan.typeId = it->second;
        if (neverJudged(node.opType))
            plan.flags |= FlagBoundary;
        if (isWeightsType(node.opType))
            plan.flags |= FlagConstant;
        if (node.opType == "Cast")
            plan.flags |= FlagCast;
        if (library.isCube(node.opType))
            plan.flags |= FlagCube;
        for (const NodeOutput &out : node.outputs)
            if (isComplex(out.dtype))
                plan.flags |= FlagComplex;
        if (!(plan.flags & FlagBoundary)) {
            const OpEntry *entry = library.find(node.opType);
            if (entry && entry->columnCount() == 0 && shapes.empty())
                shapes = shapeKnowledgeOf(graph);
            const ShapeKnowledge known = shapes.empty() ? ShapeKnowledge::Unknown : shapes[i];
            if (entry && inserted)
                laterStoreTables[std::size_t(plan.typeId)] = laterStoresFor(*entry, node, known);
            if (entry && entry->columnCount() > 0) {
                auto [tit, fresh] = tableByType.try_emplace(node.opType, -1);
                if (fresh)
                    tit->second = tableFor(entry, node, known);
                plan.table = tit->second;
            } else if (entry) {
                // per node: its shapes or attributes may choose the op_select_format row
                plan.table = tableFor(entry, node, known);
            }
        }
        plan.inBegin = std::uint32_t(inputProducer.size());
        plan.inCount = std::uint32_t(node.inputs.size());
        plan.outBegin = std::uint32_t(totalOutputs);
        plan.outCount = std::uint32_t(node.outputs.size());
        totalOutputs += node.outputs.size();
        for (const NodeOutput &out : node.outputs) {
            outputOriginal.push_back(out.dtype);
            outputElements.push_back(staticElements(out.shape));
        }
        inputProducer.resize(inputProducer.size() + node.inputs.size(), -1);
        inputProducerOutput.resize(inputProducerOutput.size() + node.inputs.size(), 0);
        inputOriginal.resize(inputOriginal.size() + node.inputs.size(), DType::Undefined);
        nodes.push_back(plan);
    }
    linkInputs(graph, base);
}

// Producers are linked once every node of the graph has its output slots. A tensor's graph dtype
// is its producer's output dtype (§8.1); the input's own stated dtype only where there is none.
void ResolverPlan::linkInputs(const Graph &graph, int base)
{
    const auto &graphNodes = graph.nodes();
    for (std::size_t i = 0; i < graphNodes.size(); ++i) {
        const Node &node = graphNodes[i];
        PlanNode &plan = nodes[std::size_t(base) + i];
        for (std::size_t k = 0; k < node.inputs.size(); ++k) {
            const NodeInput &input = node.inputs[k];
            int producer = input.producer;
            if (producer < 0 && !input.producerName.empty())
                producer = graph.indexOf(input.producerName); // importer did not link
            DType dtype = input.dtype;
            const std::size_t slot = plan.inBegin + k;
            if (producer >= 0 && producer < int(graphNodes.size())) {
                const PlanNode &prod = nodes[std::size_t(base + producer)];
                inputProducer[slot] = base + producer;
                if (input.outputIndex >= 0 && input.outputIndex < int(prod.outCount)) {
                    inputProducerOutput[slot] = prod.outBegin + std::uint32_t(input.outputIndex);
                    if (outputOriginal[inputProducerOutput[slot]] != DType::Undefined)
                        dtype = outputOriginal[inputProducerOutput[slot]];
                } else {
                    inputProducer[slot] = -1; // reads an output the producer does not declare
                }
            }
            inputOriginal[slot] = dtype;
            if (isComplex(dtype))
                plan.flags |= FlagComplex;
        }
    }
}

int ResolverPlan::tableFor(const OpEntry *entry, const Node &node, ShapeKnowledge shapes)
{
    if (entry->columnCount() == 0 && node.attributes.empty()) {
        const auto key = std::make_pair(entry, shapes);
        if (const auto it = m_attributelessTables.find(key); it != m_attributelessTables.end())
            return it->second;
        const int table = tableForNode(entry, node, shapes);
        m_attributelessTables.emplace(key, table);
        return table;
    }
    return tableForNode(entry, node, shapes);
}

int ResolverPlan::tableForNode(const OpEntry *entry, const Node &node, ShapeKnowledge shapes)
{
    if (entry->columnCount() == 0) {
        ColumnTable table = columnsWithoutDtypeLists(*entry, node, library, shapes);
        if (table.doubt == ColumnDoubt::ShapesUnknown) // the decider tries both rows
            table.alternative = tableFor(entry, node, ShapeKnowledge::Dynamic);
        // Nodes of one type mostly get the same row: share the table.
        for (std::size_t t = 0; t < tables.size(); ++t)
            if (tables[t].entry == entry && tables[t].formatRow == table.formatRow
                && tables[t].doubt == table.doubt && tables[t].alternative == table.alternative)
                return int(t);
        tables.push_back(std::move(table));
        return int(tables.size()) - 1;
    }
    for (std::size_t t = 0; t < tables.size(); ++t) // few distinct types per graph
        if (tables[t].entry == entry)
            return int(t);
    tables.push_back(tableFromLists(*entry));
    return int(tables.size()) - 1;
}

// L3: for each lower-priority store, the entry that store would use (its last-loaded one).
std::vector<int> ResolverPlan::laterStoresFor(const OpEntry &winner, const Node &node,
                                              ShapeKnowledge shapes)
{
    std::vector<int> result;
    if (library.stores().size() < 2)
        return result;
    std::vector<int> seenStores {storeOf(library, winner)};
    for (const OpEntry *e : library.shadowed(winner.type)) { // most recently loaded first
        const int store = storeOf(library, *e);
        if (std::find(seenStores.begin(), seenStores.end(), store) != seenStores.end())
            continue; // shadowed inside its own store (L2): never used
        seenStores.push_back(store);
        result.push_back(tableFor(e, node, shapes));
    }
    std::stable_sort(result.begin(), result.end(), [this](int a, int b) {
        return storeOf(library, *tables[std::size_t(a)].entry)
            < storeOf(library, *tables[std::size_t(b)].entry);
    });
    return result;
}

} // namespace opsinfo
