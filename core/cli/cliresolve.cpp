#include "cli/cliresolve.h"

#include "cli/clicommon.h"
#include "cli/cligraph.h"
#include "cli/clilibrary.h"

#include <algorithm>
#include <unordered_map>

namespace opsinfo {

void addResolveOptions(ArgParser &p, bool withMixlist)
{
    p.option("library", "PATH", "ops-info library: .json file, soc folder or opp folder (several = stores)", true)
        .option("soc", "SOC", "SoC (Ascend910B1 or ascend910b): picks the soc folder, checks bf16 modes");
    if (withMixlist)
        p.option("mixlist", "F", "modify_mixlist file (read strictly, as the compiler reads it)");
    p.option("keep-dtype", "F", "--keep_dtype file (node names or OpType::X per line)")
        .option("customize-dtypes", "F", "--customize_dtypes file")
        .option("platform-ini", "F", "SoC platform ini (bf16 capability from Intrinsic_vconv)")
        .option("gray-rule", "RULE", "fe (G1-G5, default) or previous (G6: same as the previous op)")
        .option("op-map", "F", "extra ONNX/TF -> Ascend IR op map rows");
}

std::optional<ResolveInputs> readResolveInputs(const ArgParser &p, const std::string &graphPath, std::ostream &err,
                                               int &exitCode)
{
    ResolveInputs in;
    exitCode = ExitInputErrors;
    const std::string grayRule = p.value("gray-rule", "fe");
    if (grayRule == "fe") {
        in.options.grayRule = GrayRule::FE;
    } else if (grayRule == "previous") {
        in.options.grayRule = GrayRule::Previous;
    } else {
        err << "opsinfo: --gray-rule takes 'fe' or 'previous', not '" << grayRule << "'\n";
        exitCode = ExitUsage;
        return std::nullopt;
    }
    in.soc = p.value("soc");
    if (p.has("platform-ini")) {
        auto text = readFileForCli(p.value("platform-ini"), err);
        if (!text) {
            exitCode = ExitUsage;
            return std::nullopt;
        }
        in.platformIni = std::move(*text);
    }
    auto library = loadLibrariesForCli(p.values("library"), in.soc.empty() ? std::string() : shortSocVersion(in.soc), err);
    if (!library)
        return std::nullopt;
    in.library = std::move(*library);
    if (p.has("mixlist")) {
        in.mixlistPath = p.value("mixlist");
        in.mixlist = loadMixlistForCli(in.mixlistPath, false, err);
        if (!in.mixlist)
            return std::nullopt;
    }
    in.policies = PolicyTable::compute(in.library, in.mixlist ? &*in.mixlist : nullptr, in.mixlistPath);
    std::vector<Diagnostic> diagnostics;
    if (p.has("keep-dtype")) {
        const auto text = readFileForCli(p.value("keep-dtype"), err);
        if (!text)
            return std::nullopt;
        in.keepDtype = parseKeepDtype(*text, p.value("keep-dtype"), diagnostics);
        in.options.keepDtype = &in.keepDtype;
    }
    if (p.has("customize-dtypes")) {
        const auto text = readFileForCli(p.value("customize-dtypes"), err);
        if (!text)
            return std::nullopt;
        in.customizeDtypes = parseCustomizeDtypes(*text, p.value("customize-dtypes"), diagnostics);
        in.options.customizeDtypes = &in.customizeDtypes;
    }
    printDiagnostics(diagnostics, err);
    if (hasErrors(diagnostics))
        return std::nullopt;
    LoadedGraph graph = loadGraphForCli(graphPath, p.value("op-map"), err);
    if (!graph) {
        exitCode = graph.error();
        return std::nullopt;
    }
    in.graph = graph.take();
    exitCode = ExitOk;
    return in;
}

std::optional<PrecisionMode> modeForCli(const std::string &name, const ResolveInputs &inputs, std::ostream &err)
{
    std::string error;
    const auto mode = parsePrecisionMode(name, &error);
    if (!mode) {
        err << "opsinfo: " << error << "\n";
        return std::nullopt;
    }
    if (!inputs.soc.empty()) {
        if (const auto problem = checkModeForSoc(*mode, inputs.soc, inputs.platformIni)) {
            printDiagnostics({*problem}, err);
            if (problem->severity == Severity::Error)
                return std::nullopt;
        }
    }
    return mode;
}

std::vector<int> outputOrder(const Graph &graph, const Resolution &resolution)
{
    // children[parent] = its subgraph nodes, grouped per subgraph in that subgraph's topological order.
    std::unordered_map<int, std::vector<int>> children;
    for (int i = 0; i < int(resolution.nodes.size()); ++i)
        if (resolution.nodes[std::size_t(i)].parent >= 0)
            children[resolution.nodes[std::size_t(i)].parent].push_back(i);
    for (auto &[parent, list] : children) {
        const Node *owner = resolution.nodes[std::size_t(parent)].node;
        std::unordered_map<const Node *, int> rank;
        if (owner) {
            int r = 0;
            for (const auto &sub : owner->subgraphs)
                for (int index : sub->topologicalOrder())
                    rank[&sub->nodes()[std::size_t(index)]] = r++;
        }
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            const auto ra = rank.find(resolution.nodes[std::size_t(a)].node);
            const auto rb = rank.find(resolution.nodes[std::size_t(b)].node);
            const int va = ra == rank.end() ? 1 << 30 : ra->second;
            const int vb = rb == rank.end() ? 1 << 30 : rb->second;
            return va < vb;
        });
    }
    std::vector<int> order;
    order.reserve(resolution.nodes.size());
    std::vector<bool> placed(resolution.nodes.size(), false);
    auto emit = [&](auto &&self, int index) -> void {
        if (index < 0 || std::size_t(index) >= placed.size() || placed[std::size_t(index)])
            return;
        placed[std::size_t(index)] = true;
        order.push_back(index);
        if (auto it = children.find(index); it != children.end())
            for (int child : it->second)
                self(self, child);
    };
    for (int index : graph.topologicalOrder())
        emit(emit, index);
    // Nodes on a cycle were not ordered: keep them, in file order, so nothing is silently dropped.
    for (int i = 0; i < int(resolution.nodes.size()); ++i)
        if (resolution.nodes[std::size_t(i)].parent < 0)
            emit(emit, i);
    for (int i = 0; i < int(resolution.nodes.size()); ++i)
        emit(emit, i);
    return order;
}

} // namespace opsinfo
