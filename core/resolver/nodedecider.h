#pragma once

// Internal to the resolver: decides one node at a time (SEMANTICS §8), producers first.

#include "common/policy.h"
#include "resolver/candidates.h"
#include "resolver/precisionmode.h"
#include "resolver/resolver.h"
#include "resolver/resolverplan.h"

#include <string>
#include <vector>

namespace opsinfo {

struct DtypeRestriction;
struct OpEntry;
struct OpPolicy;

// §8.6: the first float output's dtype, else the first float input's (hifloat8 counts as float).
DType nodeDtype(const std::vector<DType> &inputs, const std::vector<DType> &outputs);

class NodeDecider
{
public:
    NodeDecider(const ResolverPlan &plan, PrecisionMode mode, const PolicySource &policies,
                const ResolveOptions &options);

    void decide(int node, NodeResolution &result);

    std::vector<DType> inputDtypes; // per flat input, as decided so far
    std::vector<DType> outputDtypes; // per flat output

private:
    // How a node's tensors are matched: §8.4 (a), (b), or the mode's strategy (d), by colour in the
    // mixed modes.
    enum class Reading { Mode, Keep, CastOrComplex, NullOp, White, Black, Gray };
    // One tensor of the node being judged.
    struct Tensor
    {
        int index; // inputs first, then outputs
        bool input;
        int k; // input or output index
        int slot; // in the column table
        DType graph; // its graph dtype
    };

    // Shapes unknown and two op_select_format rows: whether deciding with each gave one answer.
    enum class RowsCompared { No, Agree, Differ };
    void decideWith(int index, const PlanNode &node, NodeResolution &result);
    // §8.1-8.2: nodes FE does not judge; false when the node goes on to the judge.
    bool keepsGraphDtypes(const PlanNode &node, NodeResolution &result);
    void noteFormatRow(const ColumnTable &table, NodeResolution &result);
    // M11 with L3: the first store whose entry passes check-support, or null (rejected).
    const ColumnTable *chooseStore(const PlanNode &node, NodeResolution &result);
    // §8.4-8.5: one candidate list narrowed tensor by tensor, then every tensor takes its column.
    void judge(const PlanNode &node, NodeResolution &result);
    Reading readingFor(const PlanNode &node, NodeResolution &result) const;
    void matchTensor(const Tensor &t, NodeResolution &result);
    void takeColumn(const PlanNode &node, int column);
    // The node's tensor dtypes as decided so far, its §8.6 dtype, and whether it is approximate,
    // into its record.
    void recordTensors(const PlanNode &node, NodeResolution &result);
    void finish(const PlanNode &node, NodeResolution &result);

    // The strategies of §8.4 for one tensor; each narrows m_list or leaves it as it was.
    void matchModeStrategy(const Tensor &t, DType forbidden, NodeResolution &result);
    void forceFp16(const Tensor &t, DType forbidden); // S_F16
    void allowFp32ToFp16(const Tensor &t, DType forbidden, bool promote); // S_A16 (latch)
    void allowFp32ToBf16(const Tensor &t, DType forbidden); // S_ABF16
    void forceFp32(const Tensor &t, DType forbidden, NodeResolution &result); // S_F32
    void mixed(const Tensor &t, DType low, DType forbidden, NodeResolution &result); // S_MIX
    void grayTensor(const Tensor &t, DType low, DType forbidden, NodeResolution &result);
    void hif8Table(const Tensor &t, NodeResolution &result); // M12 cube_hif8 / mixed_hif8
    void forceLowerPrecision(const Tensor &t); // M12

    // G1/G2: the decided dtype feeding a flat input, one non-BLACK Cast deep when `low` is given;
    // `source` receives the node whose output that is.
    DType producerDtype(int flatInput, DType low, bool *lookedThrough, int *source = nullptr) const;
    // A gray decision following a producer whose own dtype is not known (not decided for want of
    // columns) is not known either (approx).
    void followProducer(int source, int input, NodeResolution &result);
    // G6's single-predecessor reading: the first non-constant producer's dtype, if any.
    DType previousOpDtype(const PlanNode &node, DType low, NodeResolution &result);
    void checkAmbiguity(const PlanNode &node, NodeResolution &result) const;
    bool followsGrayRule() const; // a GRAY op in a mixed mode, or a GRAY opFile Null op (M9)
    std::string storeName(const OpEntry &entry) const;
    DType forbiddenFor(DType graph) const; // M10
    Policy policyOf(const ColumnTable &table, const PlanNode &node) const;
    const DtypeRestriction *customizeFor(const PlanNode &node) const;

    std::string explain(const PlanNode &node, const NodeResolution &result) const;
    std::string readingStep(const PlanNode &node) const;
    const std::string &policyText(const PlanNode &node) const;
    // Appends one step to m_note; callers build the step only when explanations are on.
    void addNote(const std::string &step);

    const ResolverPlan &m_plan;
    PrecisionMode m_mode;
    const PolicySource &m_policies;
    const ResolveOptions &m_options;
    std::vector<Policy> m_policyByType;
    std::vector<const DtypeRestriction *> m_customizeByType;
    mutable std::vector<std::string> m_policyText; // lazily, by type id
    CandidateList m_list;
    RowsCompared m_rowsCompared = RowsCompared::No;
    DType m_otherRowDtype = DType::Undefined; // Differ: what the unknown-shape row gives
    Engine m_otherRowEngine = Engine::None;
    std::vector<int> m_agreeing; // customize_dtypes columns of the current node (M8)
    std::vector<Tensor> m_visit;
    std::vector<char> m_approximate; // per node decided so far: its result is approximate

    // The node being decided.
    int m_current = -1;
    bool m_currentCube = false;
    const ColumnTable *m_table = nullptr;
    Policy m_policy = Policy::Gray;
    Reading m_reading = Reading::Mode;
    bool m_keep = false; // keep_dtype node (M8)
    bool m_latch = false; // an fp32 tensor was lowered (M2's latch)
    std::string m_note; // explanation fragments of the current node
    // Every explanation opens with it ("...; ") when the compiler would refuse the library (§2):
    // the prediction is what FE would pick once the store loads, not what it does today.
    std::string m_refusalNote;
};

} // namespace opsinfo
