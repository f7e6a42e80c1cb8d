#pragma once

// Internal to the resolver: the per-graph preprocessing every mode reuses.

#include "common/diagnostic.h"
#include "common/dtype.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class Graph;
class OpLibrary;
struct Node;
struct OpEntry;

// The columns of one ops-info entry, parsed once: cells[column * slots + slot], slots = inputs
// then outputs. Undefined in a cell means "any" (the tensor lists no dtypes). An entry that lists
// no dtypes at all (dynamicFormat, or lists absent) gets virtual homogeneous float columns (§1,
// approx; see ResolverPlan::tableFor).
struct ColumnTable
{
    const OpEntry *entry = nullptr;
    int inputs = 0;
    int outputs = 0;
    int columns = 0;
    bool anyDtype = false;     // no dtype lists: treated as supporting any float (approx)
    bool lastInputDynamic = false;
    bool lastOutputDynamic = false;
    bool hasFp32 = false;      // some column has fp32 on some tensor (§8.5)
    std::vector<DType> cells;

    int slots() const { return inputs + outputs; }
    DType cell(int column, int slot) const
    {
        return slot < 0 ? DType::Undefined : cells[std::size_t(column) * std::size_t(slots()) + std::size_t(slot)];
    }
    // Slot of a graph input / output position; -1 when the entry has no such tensor (unconstrained).
    int inputSlot(int index) const
    {
        if (index < inputs)
            return index;
        return lastInputDynamic && inputs > 0 ? inputs - 1 : -1;
    }
    int outputSlot(int index) const
    {
        if (index < outputs)
            return inputs + index;
        return lastOutputDynamic && outputs > 0 ? inputs + outputs - 1 : -1;
    }
};

enum NodeFlag : std::uint8_t {
    FlagBoundary = 1,  // Data/Const/.../NetOutput/TransData: never decided (§8.1)
    FlagConstant = 2,  // Const/Constant/Variable: weights (G1, C1)
    FlagCube = 4,
    FlagNullOp = 8,    // opFile Null / AICore_Null (M9)
    FlagCast = 16,     // type Cast (M9, G2)
};

struct PlanNode
{
    const Node *node = nullptr;
    int parent = -1;
    int subgraph = -1;
    int graphIndex = 0;
    int table = -1;  // ColumnTable index, -1 when the type is not in the library
    int typeId = 0;
    std::uint8_t flags = 0;
    std::uint32_t inBegin = 0;  // into PlanInputs
    std::uint32_t outBegin = 0; // into output dtype arrays
    std::uint32_t inCount = 0;
    std::uint32_t outCount = 0;
};

class ResolverPlan
{
public:
    ResolverPlan(const Graph &graph, const OpLibrary &library);

    const OpLibrary &library;
    std::vector<PlanNode> nodes;        // top-level nodes first (by index), then subgraph nodes
    std::vector<int> order;             // decision order (§8.8), all nodes
    std::vector<int> inputProducer;     // per flat input: flat producer node, -1 none
    std::vector<std::uint32_t> inputProducerOutput; // flat output slot of that producer
    std::vector<DType> inputOriginal;   // graph dtype of each input (from the producer if unstated)
    std::vector<DType> outputOriginal;  // graph dtype of each output
    std::vector<ColumnTable> tables;
    std::vector<std::string> typeNames; // by typeId
    std::vector<Diagnostic> diagnostics;
    std::size_t totalOutputs = 0;

private:
    void addGraph(const Graph &graph, int parent, int subgraph);
    int tableFor(const OpEntry *entry);
    std::vector<std::pair<const Graph *, int>> m_graphs; // each graph with its flat base index
};

} // namespace opsinfo

namespace opsinfo {

struct Resolution;

// C1 casts and the C2 summary from the decided dtypes (flat input / output arrays of the plan).
void finishResolution(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                      const std::vector<DType> &outputDtypes, Resolution &resolution);

} // namespace opsinfo
