#pragma once

#include "common/dtype.h"
#include "common/policy.h"
#include "resolver/precisionmode.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

class Graph;
struct Node;

struct OpEntry;

// Where a node runs, as check-support (M11) decides it.
enum class Engine {
    None, // FE never decides it (§8.1: Data, Const ..., types not in the library)
    AICore, // FE judged it and runs it as an AI Core kernel
    AICPU, // FE rejected it (M11): not judged, keeps its graph dtypes; GE tries AI CPU
    GE, // opFile Null / AICore_Null: FE judged it but it is a GE op, not a kernel (M9)
};
// Why a node has its engine (one reason per node; engineReasonText() words it).
enum class EngineReason {
    NeverDecided, // Data, Const, Constant, Variable, NetOutput, TransData, AippData (§8.1)
    NotInLibrary, // the op type is in no store (§8.1)
    NoDtypeLists, // the entry lists no dtypes and nothing gives its columns (§1, approx)
    Supported, // every tensor kept, raised or permissibly lowered (M11)
    CustomizeSupported, // a customize_dtypes entry agrees with a column: dtype test skipped (M8)
    GeOp, // opFile Null / AICore_Null (M9)
    RejectedCustomize, // the customize_dtypes entry agrees with no column (M8, M11)
    RejectedCast, // a Cast needs a column equal to all its tensors' dtypes (M9, M11)
    RejectedTensor, // a tensor's dtype can be neither kept, raised nor lowered (M11)
};
enum class ResolutionStatus { Ok, Warning, Error };

const char *engineName(Engine engine); // "none", "AICore", "AICPU", "GE"
const char *statusName(ResolutionStatus status); // "ok", "warning", "error"

// Rule ids applied to one node ("M5", "G3" ...), stored inline: resolving 200k nodes under 9 modes
// must not allocate per rule.
class RuleList
{
public:
    void add(std::string_view id)
    {
        for (std::size_t i = 0; i < m_size; ++i)
            if (m_ids[i] == id)
                return;
        if (m_size < m_ids.size())
            m_ids[m_size++] = id;
    }
    bool contains(std::string_view id) const
    {
        for (std::size_t i = 0; i < m_size; ++i)
            if (m_ids[i] == id)
                return true;
        return false;
    }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const std::string_view *begin() const { return m_ids.data(); }
    const std::string_view *end() const { return m_ids.data() + m_size; }
    std::string joined(std::string_view separator = ",") const;

private:
    std::array<std::string_view, 10> m_ids {}; // ids are string literals
    std::size_t m_size = 0;
};

struct NodeResolution
{
    int graphIndex = -1; // index in its own graph (top level: equal to the Resolution index)
    int parent = -1; // Resolution index of the node owning this subgraph node, -1 at top level
    int subgraph = -1; // which of the parent's subgraphs
    const Node *node = nullptr;
    std::vector<DType> inputs; // chosen dtype per data input
    std::vector<DType> outputs; // chosen dtype per output
    DType dtype = DType::Undefined; // §8.6: first float output, else first float input
    Policy policy = Policy::Gray;
    bool inLibrary = false;
    bool decided = false; // FE judged it (engine AICore or GE); false: keeps the graph's dtypes
    Engine engine = Engine::None;
    EngineReason engineReason = EngineReason::NeverDecided;
    int rejectedTensor = -1; // RejectedTensor: inputs first, then outputs (index inputs.size() + k)
    const OpEntry *entry
        = nullptr; // the store entry FE used (L3: the first store that supports it)
    ResolutionStatus status = ResolutionStatus::Ok;
    RuleList rules;
    std::string explanation;
    bool ambiguous = false; // gray op whose non-constant producers' decided dtypes disagree (G6)
    bool approximate = false; // rests on an (approx) rule
    int decidingInput = -1; // gray ops: the input whose producer's dtype decided (G3)
};

// A short, stable code for reports ("supported", "rejected-tensor" ...) and the sentence saying why
// the node has its engine, naming the tensor and dtype for a rejection.
const char *engineReasonCode(EngineReason reason);
std::string engineReasonText(const NodeResolution &node);

enum class CastKind { Down, Up, Weights };
const char *castKindName(CastKind kind); // "down", "up", "weights"

// One Cast the compiler inserts (C1): shared by every consumer of that producer output that wants
// the same dtype.
struct CastInsertion
{
    int producer = -1; // Resolution index
    int output = 0;
    DType from = DType::Undefined;
    DType to = DType::Undefined;
    CastKind kind = CastKind::Up;
    std::vector<std::pair<int, int>> consumers; // (Resolution index, input index)
};

struct ResolutionSummary
{
    std::size_t nodes = 0;
    std::size_t decidedNodes = 0; // judged by FE: AI Core and GE ops
    std::size_t floatNodes = 0; // decided nodes with a float dtype (fp16, bf16, fp32, hifloat8)
    std::size_t fp16Nodes = 0;
    std::size_t bf16Nodes = 0;
    std::size_t fp32Nodes = 0;
    std::size_t otherFloatNodes = 0; // hifloat8 (M12)
    std::size_t aicpuNodes = 0; // rejected by check-support (M11)
    std::size_t geNodes = 0; // opFile Null ops: judged, but GE ops (M9)
    std::size_t errors = 0;
    std::size_t warnings = 0;
    std::size_t ambiguous = 0;
    std::size_t approximate = 0;
    std::size_t castsDown = 0;
    std::size_t castsUp = 0;
    std::size_t castsWeights = 0;
    std::size_t castsTotal = 0;
    // Bytes of every node output with a fully known static shape, at the chosen dtypes; and how
    // many outputs had such a shape (0: shapes unknown, the figure means nothing).
    std::uint64_t activationBytes = 0;
    std::size_t outputsWithShape = 0;
};

struct Resolution
{
    PrecisionMode mode = PrecisionMode::ForceFp16;
    std::vector<NodeResolution> nodes; // top-level nodes at their graph index, then subgraph nodes
    std::vector<CastInsertion> casts; // sorted by producer, output, target dtype
    ResolutionSummary summary;
};

} // namespace opsinfo
