#pragma once

#include "advice/advice.h"
#include "mixlist/oppolicy.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// Re-resolves the graph with edits on top of the current lists. The resolver's per-graph plan is
// built once; each trial only swaps the colour of the edited op types and the keep_dtype list.
class TrialResolver
{
public:
    explicit TrialResolver(const AdviceRequest &request);

    const Resolution &baseline() const { return m_baseline; }
    Resolution run(const std::vector<AdviceEdit> &edits);
    std::size_t trials() const { return m_trials; }

    // Colours: in the library, and with the current mixlist (X3).
    Policy libraryPolicy(const std::string &type) const;
    Policy currentPolicy(const std::string &type) const { return m_table.effective(type); }
    // Whether the current mixlist's black-list.to-add is what makes `type` black.
    bool blackFromMixlist(const std::string &type) const;
    Policy policyAfter(const AdviceEdit &edit) const;

    // Resolution index of a node name (first one with that name), -1 when absent.
    int indexOf(const std::string &name) const;

    // The effect of `after` relative to the baseline, for these protected Resolution indexes.
    AdviceEffect effect(const Resolution &after, const std::vector<int> &protectedIndexes) const;

    Mixlist mixlistFor(const std::vector<AdviceEdit> &edits) const;
    KeepDtype keepFor(const std::vector<AdviceEdit> &edits) const;

private:
    const AdviceRequest &m_request;
    Resolver m_resolver;
    PolicyTable m_table;
    Resolution m_baseline;
    std::unordered_map<std::string, int> m_byName;
    std::size_t m_trials = 0;
    double m_castMeanUs = -1;
};

} // namespace opsinfo
