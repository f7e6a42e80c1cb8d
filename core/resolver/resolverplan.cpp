#include "resolver/resolverplan.h"

#include "graph/graph.h"
#include "library/oplibrary.h"

#include <deque>
#include <unordered_map>

namespace opsinfo {

namespace {

bool isNullOpFile(const OpEntry &entry)
{
    return entry.opFile == "Null" || entry.opFile == "AICore_Null";
}

} // namespace

ResolverPlan::ResolverPlan(const Graph &graph, const OpLibrary &lib) : library(lib)
{
    struct Pending
    {
        const Graph *graph;
        int parent;
        int subgraph;
    };
    std::deque<Pending> queue{{&graph, -1, -1}};
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
                order.push_back(base + int(i)); // on a cycle: decided last, producers may be pending
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
    // inside the std::string, so a move would leave the views dangling). At most one new type per node.
    typeNames.reserve(typeNames.size() + graphNodes.size());
    std::unordered_map<std::string_view, int> typeIds;
    typeIds.reserve(typeNames.size() + 64);
    for (std::size_t t = 0; t < typeNames.size(); ++t)
        typeIds.emplace(typeNames[t], int(t));
    std::unordered_map<std::string_view, int> tableByType;

    for (std::size_t i = 0; i < graphNodes.size(); ++i) {
        const Node &node = graphNodes[i];
        PlanNode plan;
        plan.node = &node;
        plan.parent = parent;
        plan.subgraph = subgraph;
        plan.graphIndex = int(i);
        auto [it, inserted] = typeIds.try_emplace(node.opType, int(typeNames.size()));
        if (inserted)
            typeNames.push_back(node.opType);
        plan.typeId = it->second;
        if (isBoundaryOpType(node.opType))
            plan.flags |= FlagBoundary;
        if (isConstantOpType(node.opType))
            plan.flags |= FlagConstant;
        if (library.isCube(node.opType))
            plan.flags |= FlagCube;
        if (node.opType == "Cast")
            plan.flags |= FlagCast;
        auto [tit, fresh] = tableByType.try_emplace(node.opType, -1);
        if (fresh)
            tit->second = tableFor(library.find(node.opType));
        plan.table = tit->second;
        if (plan.table >= 0 && isNullOpFile(*tables[std::size_t(plan.table)].entry))
            plan.flags |= FlagNullOp;
        plan.inBegin = std::uint32_t(inputProducer.size());
        plan.inCount = std::uint32_t(node.inputs.size());
        plan.outBegin = std::uint32_t(totalOutputs);
        plan.outCount = std::uint32_t(node.outputs.size());
        totalOutputs += node.outputs.size();
        for (const NodeOutput &out : node.outputs)
            outputOriginal.push_back(out.dtype);
        inputProducer.resize(inputProducer.size() + node.inputs.size(), -1);
        inputProducerOutput.resize(inputProducerOutput.size() + node.inputs.size(), 0);
        inputOriginal.resize(inputOriginal.size() + node.inputs.size(), DType::Undefined);
        nodes.push_back(plan);
    }
    // Producers are linked once every node of this graph has its output slots.
    for (std::size_t i = 0; i < graphNodes.size(); ++i) {
        const Node &node = graphNodes[i];
        const PlanNode &plan = nodes[std::size_t(base) + i];
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
                    if (dtype == DType::Undefined)
                        dtype = outputOriginal[inputProducerOutput[slot]];
                } else {
                    inputProducer[slot] = -1; // reads an output the producer does not declare
                }
            }
            inputOriginal[slot] = dtype;
        }
    }
}

int ResolverPlan::tableFor(const OpEntry *entry)
{
    if (!entry)
        return -1;
    for (std::size_t t = 0; t < tables.size(); ++t) // few distinct types per graph
        if (tables[t].entry == entry)
            return int(t);
    ColumnTable table;
    table.entry = entry;
    table.inputs = int(entry->inputs.size());
    table.outputs = int(entry->outputs.size());
    table.lastInputDynamic = !entry->inputs.empty() && entry->inputs.back().paramType == "dynamic";
    table.lastOutputDynamic = !entry->outputs.empty() && entry->outputs.back().paramType == "dynamic";
    table.columns = int(entry->columnCount());
    if (table.columns == 0) {
        // "Supports the original dtype" (§1, approx), read as the kernels such ops generate at
        // compile time: one column per float type with every tensor in it; a cube op also gets
        // (fp16 in, fp32 out) first, as FE's cube kernels offer it. Non-float tensors of these
        // columns keep their graph dtype (see NodeDecider).
        table.anyDtype = true;
        table.hasFp32 = true;
        std::vector<std::pair<DType, DType>> columns{{DType::Float16, DType::Float16},
                                                     {DType::Float32, DType::Float32},
                                                     {DType::BFloat16, DType::BFloat16}};
        if (library.isCube(entry->type))
            columns.insert(columns.begin(), {DType::Float16, DType::Float32});
        table.columns = int(columns.size());
        for (const auto &[in, out] : columns) {
            for (int i = 0; i < table.inputs; ++i)
                table.cells.push_back(in);
            for (int o = 0; o < table.outputs; ++o)
                table.cells.push_back(out);
        }
    } else {
        table.cells.assign(std::size_t(table.columns) * std::size_t(table.slots()), DType::Undefined);
        int slot = 0;
        for (const auto *tensors : {&entry->inputs, &entry->outputs}) {
            for (const TensorInfo &tensor : *tensors) {
                // A tensor listing one dtype for many columns applies it to all of them.
                for (int c = 0; c < table.columns && !tensor.dtypes.empty(); ++c) {
                    const std::size_t k = tensor.dtypes.size() == 1 ? 0 : std::size_t(c);
                    const DType d = k < tensor.dtypes.size() ? tensor.dtypes[k] : DType::Undefined;
                    table.cells[std::size_t(c) * std::size_t(table.slots()) + std::size_t(slot)] = d;
                    table.hasFp32 = table.hasFp32 || d == DType::Float32;
                }
                ++slot;
            }
        }
    }
    tables.push_back(std::move(table));
    return int(tables.size()) - 1;
}

} // namespace opsinfo
