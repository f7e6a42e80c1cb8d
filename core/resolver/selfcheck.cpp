#include "resolver/selfcheck.h"

#include "graph/graph.h"

namespace opsinfo {

DType nodeDtype(const std::vector<DType> &inputs, const std::vector<DType> &outputs);

namespace {

std::vector<DType> inputDtypes(const Graph &graph, const Node &node)
{
    std::vector<DType> out;
    out.reserve(node.inputs.size());
    for (const NodeInput &input : node.inputs) {
        DType d = input.dtype;
        if (d == DType::Undefined && input.producer >= 0) {
            const Node &p = graph.nodes()[std::size_t(input.producer)];
            if (input.outputIndex >= 0 && std::size_t(input.outputIndex) < p.outputs.size())
                d = p.outputs[std::size_t(input.outputIndex)].dtype;
        }
        out.push_back(d);
    }
    return out;
}

std::vector<DType> outputDtypes(const Node &node)
{
    std::vector<DType> out;
    out.reserve(node.outputs.size());
    for (const NodeOutput &o : node.outputs)
        out.push_back(o.dtype);
    return out;
}

} // namespace

CheckReport compareWithCompiled(const Graph &source, const Resolution &resolution, const Graph &compiled)
{
    CheckReport report;
    report.sourceNodes = source.nodes().size();
    report.compiledNodes = compiled.nodes().size();
    for (std::size_t i = 0; i < source.nodes().size() && i < resolution.nodes.size(); ++i) {
        const Node &node = source.nodes()[i];
        const NodeResolution &r = resolution.nodes[i];
        const int c = compiled.indexOf(node.name);
        if (c < 0) {
            report.unmatchedFe += r.decided ? 1 : 0;
            continue;
        }
        ++report.matched;
        if (!r.decided || r.dtype == DType::Undefined)
            continue;
        const Node &other = compiled.nodes()[std::size_t(c)];
        const std::vector<DType> ins = inputDtypes(compiled, other);
        const std::vector<DType> outs = outputDtypes(other);
        const DType compiledDtype = nodeDtype(ins, outs);
        ++report.feMatched;
        if (compiledDtype == r.dtype) {
            ++report.agreed;
            continue;
        }
        report.disagreements.push_back(
            {node.name, node.opType, r.dtype, compiledDtype, r.inputs, ins, r.outputs, outs});
    }
    return report;
}

} // namespace opsinfo
