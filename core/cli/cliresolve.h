#pragma once

#include "cli/argparser.h"
#include "cli/clicommon.h"
#include "frontend/frontend.h"
#include "graph/graph.h"
#include "library/oplibrary.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/mixlist.h"
#include "mixlist/oppolicy.h"
#include "resolver/precisionmode.h"
#include "resolver/resolution.h"
#include "resolver/resolver.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace opsinfo {

// Everything a prediction needs besides the mode, read from one command line.
struct ResolveInputs
{
    std::unique_ptr<Graph> graph;
    OpLibrary library;
    std::optional<Mixlist> mixlist;
    std::string mixlistPath;
    PolicyTable policies;
    ResolveOptions options; // owns the keep_dtype and customize_dtypes contents
    std::string soc;
    std::string platformIni; // text of --platform-ini, if given
    std::optional<FrontEnd> frontEnd; // --front-end, if given
};

// The cube-op list (SEMANTICS §1) as fe.ini sets it: --fe-ini, else the fe.ini of the one opp
// folder given as --library, else FE's defaults. Says on `err` which list is in use and from where;
// false when the named fe.ini cannot be read.
// ExitOk, or the exit code of what went wrong (already reported on err).
int applyFeIni(const ArgParser &parser, OpLibrary &library, std::ostream &err);
// "cube-op list: fp16.op_type of /x/fe.ini (27 types)" / "cube-op list: FE's default (...)".
std::string cubeOpsOrigin(const CubeOpList &cube);

// Declares the options every resolving command shares (--library, --mixlist, --keep-dtype,
// --front-end ...).
void addResolveOptions(ArgParser &parser, bool withMixlist = true);

// Reads graph, library, mixlist, keep_dtype and customize_dtypes; nullopt with `exitCode` set on
// failure (messages already written to err). On the aclnn paths (--front-end torch-npu,
// mindspore-kbk) no library is needed: only FE's cube op list matters there.
std::optional<ResolveInputs> readResolveInputs(const ArgParser &parser,
                                               const std::string &graphPath, std::ostream &err,
                                               int &exitCode);

// Parses a mode name and applies the SoC check (bf16 modes on SoCs without fp32->bf16 are refused
// as the compiler refuses them: exit 1). An unknown mode name is a usage error (exit 2).
Loaded<PrecisionMode> modeForCli(const std::string &name, const ResolveInputs &inputs,
                                 std::ostream &err);

} // namespace opsinfo
