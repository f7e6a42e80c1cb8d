#pragma once

#include "common/diagnostic.h"
#include "graph/apiname.h"

#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opsinfo {

// What an API stands for in Ascend IR terms.
struct ApiLookup
{
    std::vector<std::string> irTypes; // candidates, the usual one first; empty when unmapped
    bool mapped = false; // a row of the map (or a Primitive name) gave the types
    bool notAnOp = false; // a row says the API runs no FE op (communication, host side)
    bool fromPrimitiveName = false; // a MindSpore Primitive name taken as the IR type
};

// Framework API (msprobe names: Functional.conv2d, Tensor.matmul, torch.softmax, Mint.where,
// NPU.npu_fusion_attention, Primitive.MatMul ...) -> Ascend IR op types. The shipped rows come
// from resources/core/apimap (facts from torchair's aten converters, sources named there); users
// add or replace rows with loadOverride() (`--api-map FILE`).
//
// File format: '#' comments, sections [common], [pytorch], [mindspore], [mindspore-primitive],
// [module]; rows api<TAB>ir_types where api is the normalised name (normalisedApi: lower case, no
// dunder, no in-place '_'; Primitive and module class names as written) and ir_types "A|B|C" (A
// the usual) or "-" for an API that runs no FE op. Framework sections win over [common]; a module
// entry (msprobe L0) is looked up by its layer class in [module] only.
class ApiMap
{
public:
    static const ApiMap &defaults();

    std::vector<Diagnostic> loadText(std::string_view text, const std::string &file);
    // Reads a user file; its rows replace the shipped rows of the same API.
    std::vector<Diagnostic> loadOverride(const std::string &path);

    ApiLookup lookup(EvidenceFramework framework, const ApiName &name) const;
    std::size_t size() const;

private:
    enum Section { Common, PyTorch, MindSpore, Primitive, Module, SectionCount };
    struct Row
    {
        std::vector<std::string> irTypes;
        bool notAnOp = false;
    };
    const Row *find(Section section, const std::string &key) const;
    std::array<std::unordered_map<std::string, Row>, SectionCount> m_rows;
};

} // namespace opsinfo
