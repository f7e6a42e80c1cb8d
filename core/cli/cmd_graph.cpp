#include "cli/cli.h"
#include "cli/clicommon.h"
#include "cli/cligraph.h"
#include "cli/clioutput.h"
#include "cli/commands.h"
#include "graph/graphinfo.h"

#include <nlohmann/json.hpp>

namespace opsinfo {

namespace {

int graphInfo(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    ArgParser p(
        "opsinfo graph info",
        "Describe a model graph: format, node counts, op types, subgraphs, unmapped op types.\n"
        "Formats (detected from the content): ONNX (.onnx, binary or text), GE dumps\n"
        "(ge_proto_*.txt, ge_onnx_*.pbtxt), ATC om->json, TensorFlow GraphDef (.pb, .pbtxt).");
    p.positional("GRAPH", "the graph file")
        .reads()
        .option("op-map", "FILE",
                "extra ONNX/TF -> Ascend IR op map rows (override the built-in map)")
        .reads()
        .flag("json", "machine-readable output");
    if (const auto exit = p.parseOrExit(args, out, err))
        return *exit;
    auto loaded = loadGraphForCli(p.value("GRAPH"), p.value("op-map"), err);
    const LeaveToExit keepGraph(loaded);
    if (!loaded)
        return loaded.exitCode();
    const GraphInfo info = summarizeGraph(**loaded);
    auto pairs = [](const std::vector<std::pair<std::string, std::size_t>> &list) {
        nlohmann::json j = nlohmann::json::array();
        for (const auto &[name, count] : list)
            j.push_back({{"op_type", name}, {"count", count}});
        return j;
    };
    if (p.has("json")) {
        nlohmann::json dtypes = nlohmann::json::array();
        for (DType d : info.dtypes)
            dtypes.push_back(dtypeName(d));
        writeJson(out, err,
                  {{"graph", p.value("GRAPH")},
                   {"name", info.name},
                   {"format", info.format},
                   {"nodes", info.fileNodes},
                   {"total_nodes", info.totalNodes},
                   {"subgraphs", info.subgraphs},
                   {"boundary_nodes", info.boundaryNodes},
                   {"op_types", pairs(info.opTypes)},
                   {"unmapped_op_types", pairs(info.unmappedTypes)},
                   {"inputs", info.inputs},
                   {"outputs", info.outputs},
                   {"dtypes", dtypes}});
        return ExitOk;
    }
    out << "graph:      " << p.value("GRAPH") << "\nformat:     " << info.format
        << "\nname:       " << info.name << "\nnodes:      " << info.fileNodes
        << " in the main graph, " << info.totalNodes
        << " with subgraphs\nsubgraphs:  " << info.subgraphs
        << "\ninputs:     " << info.inputs.size() << "\noutputs:    " << info.outputs.size()
        << "\n\nop types (" << info.opTypes.size() << "):\n";
    for (const auto &[name, count] : info.opTypes)
        out << "  " << count << "\t" << name << "\n";
    if (!info.unmappedTypes.empty()) {
        out << "\nnot in the op map (kept as-is; the resolver treats them as unknown):\n";
        for (const auto &[name, count] : info.unmappedTypes)
            out << "  " << count << "\t" << name << "\n";
    }
    return ExitOk;
}

} // namespace

int runGraphCommand(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    return dispatchSubcommand(
        "graph", {{"info", "format, nodes, op types, subgraphs, unknown types", &graphInfo}}, args,
        out, err);
}

} // namespace opsinfo
