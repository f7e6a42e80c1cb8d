#pragma once

#include "common/dtype.h"
#include "evidence/evidence.h"
#include "evidence/evidencejoin.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace opsinfo {

class Graph;
struct Resolution;

// One node whose executed dtype (name join) differs from the prediction.
struct ExecutedNodeDisagreement
{
    std::string node;
    std::string opType;
    std::string tensor; // "" for the node's §8.6 dtype, else "input.1", "output.0"
    DType predicted = DType::Undefined;
    DType executed = DType::Undefined;
    std::string file;
    int line = 0;
};

// Per op type (type join): how the predicted dtypes of its nodes and the executed dtypes of its
// rows are distributed.
struct ExecutedTypeComparison
{
    std::string opType;
    std::string tensor; // as above
    std::map<DType, std::size_t> predicted; // nodes of the type
    std::map<DType, std::size_t> executed; // evidence rows
    std::size_t rows = 0;
    std::size_t agreeing = 0; // rows the distributions share: sum over dtypes of min(executed, rows
                              // x predicted share)
    bool agrees() const { return agreeing == rows; }
};

struct ExecutedCheckReport
{
    std::size_t rowsWithDtypes = 0; // rows with a float dtype for a forward op
    std::size_t nodeCompared = 0;
    std::size_t nodeAgreed = 0;
    std::size_t typeCompared = 0;
    std::size_t typeAgreed = 0;
    std::size_t notCompared
        = 0; // rows with dtypes that joined nothing, or a node FE does not decide
    std::vector<ExecutedNodeDisagreement> nodeDisagreements;
    std::vector<ExecutedTypeComparison> types; // every op type compared, sorted by type and tensor
    double agreement() const
    {
        const std::size_t all = nodeCompared + typeCompared;
        return all ? 100.0 * double(nodeAgreed + typeAgreed) / double(all) : 0.0;
    }
};

// The second self-check beside §7's GE dump: where evidence records dtypes, compares them with the
// prediction for the same mode, per node (name joins: the node's own tensor, or its §8.6 dtype)
// and per op type (type joins: the executed dtype distribution against the predicted one).
// Backward-pass rows of framework dumps are left out: their ops are not the forward nodes.
ExecutedCheckReport compareWithExecuted(const Graph &graph, const Resolution &resolution,
                                        const std::vector<EvidenceFile> &files,
                                        const std::vector<FileJoin> &joins);

} // namespace opsinfo
