#pragma once

#include "common/diagnostic.h"
#include "common/dtype.h"
#include "common/policy.h"
#include "mixlist/dtypeoverrides.h"
#include "mixlist/mixlist.h"
#include "resolver/precisionmode.h"
#include "resolver/resolution.h"
#include "resolver/resolver.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

class Graph;
class OpLibrary;
struct EvidenceSummary;

// What the advice optimises.
enum class AdviceObjective {
    Accuracy, // the fewest list edits after which every protected node resolves to fp32
    Casts, // the edits that remove the most Casts without moving a protected node
    Time, // the same ranked by measured Cast time and fp32 kernel time (needs profiler data)
};
const char *adviceObjectiveName(AdviceObjective objective); // "accuracy", "casts", "time"
std::optional<AdviceObjective> parseAdviceObjective(std::string_view name);

// A node (or every node of an op type) that must stay in fp32, and why.
struct ProtectRequest
{
    std::string nodeName; // one of nodeName / opType
    std::string opType;
    std::string origin; // "--keep-fp32", or "file:line: reason" for a flagged evidence row
};

// One change to the lists. Op-type edits are expressed as the colour the type ends with (X3); the
// mixlist entries that give it are derived from the library (X5), so they always form an allowed
// X2 combination.
enum class EditKind {
    ToBlack, // black-list.to-add T
    ToGray, // white-list.to-remove T (a white op becomes gray)
    ToWhite, // white-list.to-add T
    DropBlack, // remove the current mixlist's black-list.to-add of T (back to its library colour)
    KeepNode, // keep_dtype: the node keeps its graph dtype in every mode (M8)
};
const char *
editKindName(EditKind kind); // "to-black", "to-gray", "to-white", "drop-black", "keep-node"

struct AdviceEdit
{
    EditKind kind = EditKind::ToBlack;
    std::string target; // op type, or node name for KeepNode
    Policy from = Policy::Gray; // op-type edits: the colour before and after
    Policy to = Policy::Gray;
    bool operator==(const AdviceEdit &other) const
    {
        return kind == other.kind && target == other.target;
    }
    // "black-list.to-add MatMulV2", "keep_dtype conv1"
    std::string entry() const;
};

// A node whose predicted dtype changes.
struct MovedNode
{
    int index = -1; // Resolution index
    std::string name;
    std::string opType;
    DType from = DType::Undefined;
    DType to = DType::Undefined;
};

// What a set of edits does to the prediction, measured by re-resolving.
struct AdviceEffect
{
    std::vector<std::string> fixed; // protected nodes that are fp32 after and were not before
    std::vector<std::string> stillNotFp32; // protected nodes that are not fp32 after
    std::vector<MovedNode>
        movedProtected; // protected nodes whose dtype changed (casts objective: must be none)
    std::vector<MovedNode> moved; // every other node whose dtype changed
    ResolutionSummary before;
    ResolutionSummary after;
    long castsDelta() const { return long(after.castsTotal) - long(before.castsTotal); }
    // Where profiler evidence gives times: Cast time before/after (Casts x measured mean Cast time)
    // and the measured fp32 time of nodes moved to 16 bits (at stake, not a promised saving).
    bool timeEstimated = false;
    double castTimeBeforeUs = 0;
    double castTimeAfterUs = 0;
    double fp32TimeMovedUs = 0;
};

struct AdviceCandidate
{
    AdviceEdit edit;
    AdviceEffect effect; // the edit alone, on top of the current lists
    bool rejected = false;
    std::string why; // why it is used, not used, or rejected
};

// One complete answer: the edits, the lists to pass to the compiler, and their verified effect.
struct AdvicePlan
{
    std::string label; // "recommended", "op types only", "keep_dtype only", ...
    std::vector<AdviceEdit> edits;
    Mixlist
        mixlist; // the whole modify_mixlist to pass (current entries' effect + edits, X5-minimal)
    KeepDtype keepDtype; // the whole keep_dtype list (current + added nodes)
    AdviceEffect effect;
    bool verified = false; // re-resolved: every protected node fp32 (accuracy) / no protected node
                           // moved (casts)
    bool withinMaxChanges = true;
};

struct ProtectedNode
{
    int index = -1; // Resolution index
    std::string name;
    std::string opType;
    DType before = DType::Undefined;
    std::string origin;
};

struct AdviceRequest
{
    const Graph *graph = nullptr;
    const OpLibrary *library = nullptr;
    PrecisionMode mode = PrecisionMode::AllowMixPrecisionFp16;
    const Mixlist *mixlist = nullptr; // the current mixlist, may be null
    std::shared_ptr<const KeepDtype> keepDtype; // the current keep_dtype, may be null
    std::shared_ptr<const CustomizeDtypes> customizeDtypes; // may be null
    GrayRule grayRule = GrayRule::FE;
    std::vector<ProtectRequest> protect;
    AdviceObjective objective = AdviceObjective::Accuracy;
    std::size_t maxChanges = 8;
    // An op-type edit that moves more unprotected nodes than this is not used in the recommended
    // plan; its protected nodes get keep_dtype entries instead.
    std::size_t maxMoved = 8;
    const EvidenceSummary *measured = nullptr; // profiler times (time objective, estimates)
    // False on a front end that passes no keep_dtype to the compiler (GE session options,
    // MindSpore, ACL single-op ...: F1, F3): no keep_dtype edit is advised there.
    bool keepDtypeReachesCompiler = true;
};

struct AdviceResult
{
    std::vector<ProtectedNode> protectedNodes;
    std::vector<AdviceCandidate> candidates; // ranked
    std::vector<AdvicePlan> plans; // ranked, the first is the recommendation; may be empty
    std::vector<Diagnostic>
        diagnostics; // protect names not found, modes where lists do nothing ...
    std::vector<std::string> limits; // what the advice cannot know, in sentences
    std::size_t trials = 0; // resolutions run
};

// Computes list edits for the objective and verifies each plan by re-resolving with the real
// resolver. Never throws; problems are diagnostics.
AdviceResult advise(const AdviceRequest &request);

// The keep_dtype file text of a plan's list (export/keepdtypefile.h writes it).
std::string keepDtypeText(const KeepDtype &keep);

} // namespace opsinfo
