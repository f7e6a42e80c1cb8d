#include "resolver/selfcheck.h"

#include "graph/graph.h"

#include <algorithm>

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

static DType compiledDtype(const Graph &compiled, const Node &node)
{
    return nodeDtype(inputDtypes(compiled, node), outputDtypes(node));
}

CheckReport compareWithCompiled(const Graph &source, const Resolution &resolution,
                                const Graph &compiled)
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
        report.disagreements.push_back({std::string(node.name), std::string(node.opType), r.dtype,
                                        compiledDtype, r.inputs, ins, r.outputs, outs});
    }
    return report;
}

ModeCheckSweep compareModesWithCompiled(const Graph &source,
                                        const std::vector<Resolution> &resolutions,
                                        std::vector<ModeCheck> modes, const Graph &compiled)
{
    ModeCheckSweep sweep;
    std::vector<std::size_t> candidates;
    for (std::size_t m = 0; m < modes.size(); ++m) {
        modes[m].report = compareWithCompiled(source, resolutions[m], compiled);
        if (modes[m].refused.empty())
            candidates.push_back(m);
    }
    const std::size_t top
        = std::min(source.nodes().size(), resolutions.empty() ? 0 : resolutions[0].nodes.size());
    auto firm
        = [&](std::size_t m, std::size_t i) { // a prediction that can be held against the dump
              const NodeResolution &n = resolutions[m].nodes[i];
              return n.engine != Engine::None && n.dtype != DType::Undefined && !n.approximate;
          };
    for (std::size_t i = 0; i < top; ++i) {
        const int c = compiled.indexOf(source.nodes()[i].name);
        if (c < 0)
            continue;
        bool approximate = false;
        for (std::size_t m : candidates)
            approximate = approximate || resolutions[m].nodes[i].approximate;
        sweep.approximate += approximate ? 1 : 0;
        const DType actual = compiledDtype(compiled, compiled.nodes()[std::size_t(c)]);
        for (std::size_t m : candidates) {
            if (!firm(m, i))
                continue;
            const DType predicted = resolutions[m].nodes[i].dtype;
            const bool decisive
                = std::any_of(candidates.begin(), candidates.end(), [&](std::size_t other) {
                      return firm(other, i) && resolutions[other].nodes[i].dtype != predicted;
                  });
            if (!decisive)
                continue;
            ++modes[m].decisive;
            modes[m].decisiveAgreed += predicted == actual ? 1 : 0;
        }
    }
    double best = 0;
    for (std::size_t m : candidates)
        if (modes[m].decisive > 0)
            best = std::max(best, double(modes[m].decisiveAgreed) / double(modes[m].decisive));
    for (std::size_t m : candidates) {
        if (modes[m].decisive == 0)
            continue;
        const double share = double(modes[m].decisiveAgreed) / double(modes[m].decisive);
        if (modes[m].decisiveAgreed == modes[m].decisive)
            sweep.consistent.push_back(modes[m].mode);
        else if (share == best && best > 0)
            sweep.closest.push_back(modes[m].mode);
    }
    if (!sweep.consistent.empty())
        sweep.closest.clear();
    sweep.modes = std::move(modes);
    return sweep;
}

} // namespace opsinfo
