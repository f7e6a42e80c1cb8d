#pragma once

// Internal to the resolver: decides one node at a time (SEMANTICS §8), producers first.

#include "common/policy.h"
#include "resolver/precisionmode.h"
#include "resolver/resolver.h"
#include "resolver/resolverplan.h"

#include <string>
#include <vector>

namespace opsinfo {

struct OpPolicy;

// §8.6: the first float output's dtype, else the first float input's (hifloat8 counts as float).
DType nodeDtype(const std::vector<DType> &inputs, const std::vector<DType> &outputs);

class NodeDecider
{
public:
    NodeDecider(const ResolverPlan &plan, PrecisionMode mode, const PolicySource &policies,
                const ResolveOptions &options);

    void decide(int node, NodeResolution &result);

    std::vector<DType> inputDtypes;  // per flat input, as decided so far
    std::vector<DType> outputDtypes; // per flat output

private:
    // Which reading a node falls under.
    enum class Family { Mode, Keep, White, Black, Gray };
    struct Want
    {
        DType wanted = DType::Undefined;
        bool higher = false;
        bool lower = false;
    };

    void keepGraphDtypes(const PlanNode &node);
    void applyRestriction(const PlanNode &node, const ColumnTable &table, NodeResolution &result);
    bool cubePairStep(const PlanNode &node, const ColumnTable &table, NodeResolution &result);
    bool tryExact(int slot, DType dtype, const ColumnTable &table);
    DType narrow(int slot, const Want &want, DType forbidden, const ColumnTable &table);
    DType producerDtype(int flatInput, bool *lookedThrough, int *producer) const;
    Want wantFor(Family family, const PlanNode &node, int tensor, DType original, NodeResolution &result);
    void aicpuFallback(const PlanNode &node);
    void finish(const PlanNode &node, Family family, NodeResolution &result);
    void checkAmbiguity(const PlanNode &node, NodeResolution &result) const;
    std::string explain(const PlanNode &node, Family family, const NodeResolution &result) const;
    const std::string &policyText(const PlanNode &node) const;
    // Appends one step to m_note; callers build the step only when explanations are on.
    void addNote(const std::string &step);

    const ResolverPlan &m_plan;
    PrecisionMode m_mode;
    const PolicySource &m_policies;
    const ResolveOptions &m_options;
    DType m_low;                      // the mode's low type (fp16 / bf16)
    std::vector<Policy> m_policyByType;
    mutable std::vector<std::string> m_policyText; // lazily, by type id
    std::vector<int> m_candidates;
    std::vector<int> m_scratch;
    std::vector<int> m_visit;
    std::vector<DType> m_step;        // per tensor of the current node: the dtype its step matched
    DType m_pairIn = DType::Undefined;  // M3 cube pair chosen for the current node
    DType m_pairOut = DType::Undefined;
    std::string m_note;               // explanation fragments of the current node
};

} // namespace opsinfo
