#pragma once

// Internal to the resolver: the per-graph preprocessing every mode reuses.

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "graph/shapeinference.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class Graph;
class OpLibrary;
struct DynamicFormatRow;
struct Node;
struct OpEntry;

// Why the columns of an entry without dtype lists are not certain (SEMANTICS §1: approx). The
// node is then marked approximate and the explanation says why.
enum class ColumnDoubt : std::uint8_t {
    None,
    NoFactsForSoc, // the op_select_format table has no rows for the library's SoC
    NoRowForOp, // it has the SoC but not this op type
    RowDoesNotFit, // the row's tensor counts differ from the entry's
    ShapesUnknown, // the node's shapes are unknown and the unknown-shape row differs (the static
                   // one is used)
    ShapeDependent, // the row is the union of columns that change with the input shapes
};

// The columns of one ops-info entry, parsed once: cells[column * slots + slot], slots = inputs
// then outputs. Undefined in a cell: the tensor's list is shorter than the op's columns (FE reads
// such an index as out of range). An entry that lists no dtypes at all has no columns unless
// columnsWithoutDtypeLists() supplies them (see dtypelesscolumns.cpp).
struct ColumnTable
{
    const OpEntry *entry = nullptr;
    int inputs = 0;
    int outputs = 0;
    int columns = 0;
    bool lastInputDynamic = false;
    bool lastOutputDynamic = false;
    // Some column has fp16 at input 0 and fp32 at output 0 (J:218-274, M3's cube input rule).
    bool fp16InFp32Out = false;
    std::vector<DType> cells;
    std::vector<char> listsNoDtypes; // per slot: the tensor's dtype list is empty
    // Columns assumed for an entry that lists no dtypes (dtypelesscolumns.cpp, approx): one float
    // dtype per column for every tensor; a tensor whose graph dtype is no float keeps it.
    bool assumed = false;
    // Entries without dtype lists: the op_select_format row the columns come from (null: none),
    // and why they are not certain.
    const DynamicFormatRow *formatRow = nullptr;
    std::string soc; // the SoC whose row it is
    // ColumnDoubt::ShapesUnknown: the table of the unknown-shape row. FE's answer is known where
    // both rows give the same one.
    int alternative = -1;
    ColumnDoubt doubt = ColumnDoubt::None;

    // No columns yet: the entry's tensor counts and whether its last input / output is dynamic.
    static ColumnTable shapedLike(const OpEntry &entry);

    int slots() const { return inputs + outputs; }
    DType cell(int column, int slot) const
    {
        return cells[std::size_t(column) * std::size_t(slots()) + std::size_t(slot)];
    }
    // Slot of a graph input / output position; -1 when the entry has no such tensor
    // (unconstrained).
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
    // Whether the entry says nothing that binds this tensor: no such slot, an empty list, or a
    // non-float tensor of assumed columns.
    bool unlisted(int slot, DType graph) const
    {
        return slot < 0 || listsNoDtypes[std::size_t(slot)] || (assumed && !isDecidedFloat(graph));
    }
    // Whether any column lists `dtype` for this slot.
    bool lists(int slot, DType dtype) const;
};

enum NodeFlag : std::uint8_t {
    FlagBoundary = 1, // Data/Const/.../NetOutput/TransData/AippData: never decided (§8.1)
    FlagConstant = 2, // Const/Constant/Variable: weights (G1 order, C1 kind)
    FlagCast = 4, // type Cast (M9, G2)
    FlagComplex = 8, // a complex tensor (M9)
    FlagCube = 16, // on the cube list (fe.ini fp16.op_type)
};

struct PlanNode
{
    const Node *node = nullptr;
    int parent = -1;
    int subgraph = -1;
    int graphIndex = 0;
    int table = -1; // ColumnTable of the first store with the type (L3), -1 when in no store
    int typeId = 0;
    std::uint8_t flags = 0;
    std::uint32_t inBegin = 0; // into the flat input arrays
    std::uint32_t outBegin = 0; // into the flat output arrays
    std::uint32_t inCount = 0;
    std::uint32_t outCount = 0;
};

// ResolverPlan::outputElements of an output whose shape is not fully known and static.
inline constexpr std::uint64_t kUnknownElements = ~std::uint64_t(0);

class ResolverPlan
{
public:
    ResolverPlan(const Graph &graph, const OpLibrary &library);

    const OpLibrary &library;
    std::vector<PlanNode> nodes; // top-level nodes first (by index), then subgraph nodes
    std::vector<int> order; // decision order (§8.1), all nodes
    std::vector<int> inputProducer; // per flat input: flat producer node, -1 none
    std::vector<std::uint32_t> inputProducerOutput; // flat output slot of that producer
    std::vector<DType> inputOriginal; // graph dtype of each input: its producer's output dtype
    std::vector<DType> outputOriginal; // graph dtype of each output
    std::vector<std::uint64_t> outputElements; // per flat output, or kUnknownElements
    std::vector<ColumnTable> tables;
    // Per type id: the tables of the lower-priority stores that also have the type, in store
    // order (L3: FE tries them when the first store's entry fails check-support). Mostly empty.
    std::vector<std::vector<int>> laterStoreTables;
    std::vector<std::string> typeNames; // by typeId
    std::vector<Diagnostic> diagnostics;
    std::size_t totalOutputs = 0;

private:
    void addGraph(const Graph &graph, int parent, int subgraph);
    void linkInputs(const Graph &graph, int base);
    int tableFor(const OpEntry *entry, const Node &node, ShapeKnowledge shapes);
    int tableForNode(const OpEntry *entry, const Node &node, ShapeKnowledge shapes);
    std::vector<int> laterStoresFor(const OpEntry &winner, const Node &node, ShapeKnowledge shapes);
    std::vector<std::pair<const Graph *, int>> m_graphs; // each graph with its flat base index
    // The table of an entry listing no dtypes for a node without attributes: the same for every
    // such node of the type and shape knowledge (the op_select_format row is chosen by nothing
    // else), so worked out once, not for each of a large graph's 50,000 Add and MatMul nodes.
    std::map<std::pair<const OpEntry *, ShapeKnowledge>, int> m_attributelessTables;
};

// SEMANTICS §1 / §8.1, the one place that handles an entry listing no dtypes (dynamicFormat: FE
// asks the op's op_select_format at compile time). Returns the columns FE would judge this node
// with, from the op_select_format facts of the entry's SoC (DynamicFormatTable), the row chosen by
// what is known of the node's shapes and by its attributes; where no row applies, assumed float
// columns (`assumed`, `doubt` says why): the node is judged on them and marked approximate.
// Defined in dtypelesscolumns.cpp.
ColumnTable columnsWithoutDtypeLists(const OpEntry &entry, const Node &node,
                                     const OpLibrary &library, ShapeKnowledge shapes);
// The sentence saying why a table's columns are not certain; empty for ColumnDoubt::None.
std::string columnDoubtText(const ColumnTable &table);

} // namespace opsinfo

namespace opsinfo {

struct NodeResolution;
struct Resolution;
struct ResolutionSummary;

// C1 casts and the C2 summary from the decided dtypes (flat input / output arrays of the plan).
void finishResolution(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                      const std::vector<DType> &outputDtypes, Resolution &resolution);

// The parts of C2 a node adds once decided: its dtype, engine and status counts, and the bytes
// of its outputs at the decided dtypes.
void countDecidedNode(const ResolverPlan &plan, int index, const NodeResolution &node,
                      const std::vector<DType> &outputDtypes, ResolutionSummary &summary);
// C1's counts without the list of casts (the all-modes sweep keeps only figures): one cast per
// producer output and target dtype, as finishResolution lists them.
void countCasts(const ResolverPlan &plan, const std::vector<DType> &inputDtypes,
                const std::vector<DType> &outputDtypes, ResolutionSummary &summary);

} // namespace opsinfo
