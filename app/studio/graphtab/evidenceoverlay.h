#pragma once

#include "common/texthash.h"
#include "evidence/evidencejoin.h"
#include "studio/graph/nodestyle.h"

#include <QString>

#include <memory>
#include <unordered_map>
#include <vector>

namespace opsinfo {

class EvidenceStore;
class Graph;
class OpLibrary;
struct ExecutedCheckReport;
struct Resolution;

// The open evidence joined to the Graph tab's graph: which rows are about which node (by name), and
// which are about every node of a type (by type, kept per type: a kernel table of thousands of rows
// must not be copied onto every Add node of a large graph). Immutable once computed.
class EvidenceOverlay
{
public:
    struct RowRef
    {
        int file = -1;
        int row = -1;
    };
    enum class Measure { None, Error, Time };

    static std::shared_ptr<const EvidenceOverlay>
    compute(const Graph &graph, const OpLibrary *library, const EvidenceStore &store);

    const std::vector<FileJoin> &joins() const { return m_joins; }
    // Rows naming the node, and rows about its op type.
    const std::vector<RowRef> &nodeRows(int graphNode) const;
    const std::vector<RowRef> &typeRows(std::string_view opType) const;
    int joinedRows() const { return m_joinedRows; }
    // Adds a badge to every top-level node the evidence is about, by the chosen measure.
    void applyBadges(NodeStyles &styles, const Graph &graph, const EvidenceStore &store,
                     Measure measure) const;

private:
    std::vector<FileJoin> m_joins;
    std::vector<std::vector<RowRef>> m_byNode; // top-level graph nodes
    TextMap<std::vector<RowRef>> m_byType;
    TextMap<int> m_typeNodes; // nodes of each type in the graph
    int m_joinedRows = 0;
};

// The "Evidence" part of the Graph tab's node pane: every row behind the node (file:line, what it
// measured, the tool's verdict, why it joined), the node's own rows first.
QString evidenceDetailsHtml(const EvidenceStore &store, const EvidenceOverlay &overlay,
                            const Graph &graph, int graphNode);

// "Predicted vs executed" below it: where the evidence records dtypes, the agreement figure of the
// whole graph for the mode shown (the check 'opsinfo check --evidence' prints), the selected node's
// own disagreements, then the first disagreements of the graph. Empty when no row has dtypes.
QString executedCheckHtml(const ExecutedCheckReport &report, const Resolution &resolution,
                          std::string_view selectedNode);

} // namespace opsinfo
