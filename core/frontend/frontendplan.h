#pragma once

#include "frontend/frontend.h"

#include <optional>
#include <string>
#include <vector>

namespace opsinfo {

struct Resolution;

// What the user asked for on one front end.
struct FrontEndRequest
{
    FrontEnd frontEnd = FrontEnd::Atc;
    std::optional<PrecisionMode> mode; // as given (--mode, the mode picker); nullopt: none given
    std::string soc; // SoC version or folder name; may be empty
    bool mixlist = false;
    bool keepDtype = false;
    bool customizeDtypes = false;
};

// One sentence about the plan, with the rule it rests on ("F2", "F3" ...).
struct FrontEndNote
{
    std::string rule;
    std::string text;
};

// What the compiler will actually see on that front end, and what the user must be told first.
struct FrontEndPlan
{
    FrontEnd frontEnd = FrontEnd::Atc;
    PrecisionMode mode = PrecisionMode::ForceFp16; // the mode the compiler runs with
    bool modeIsDefault = false; // no mode given, or the given one never reaches the compiler
    PrecisionPath path = PrecisionPath::Graph;
    // Which inputs a preview may use: only those the compiler sees.
    bool useMixlist = false;
    bool useKeepDtype = false;
    bool useCustomizeDtypes = false;
    // F3: settings the user gave that do nothing on this path (said up front, before any result).
    std::vector<FrontEndNote> ignored;
    // The default mode (F1/F2) and the reading of this path (approximations), also up front.
    std::vector<FrontEndNote> notes;

    // "; "-separated explanation steps every node's explanation starts with (empty: none), and
    // the rule ids they cite.
    std::string explanationSteps() const;
    std::vector<std::string> ruleIds() const;
    // The mode's name followed by "(default for this front end)" where it is the default.
    std::string modeLabel() const;
};

// Works out the plan. Fails (nullopt, `error` set) only when the default mode depends on the SoC
// and none is known, and no mode was given.
std::optional<FrontEndPlan> planFrontEnd(const FrontEndRequest &request,
                                         std::string *error = nullptr);

// The notes about settings the front end never passes to the compiler, whatever the mode (F3),
// and how the ones it does pass are set (M8 keep_dtype_scope, F1 single-op lists).
std::vector<FrontEndNote> settingsIgnoredOn(FrontEnd frontEnd, bool mixlist, bool keepDtype,
                                            bool customizeDtypes);

// Prepends the plan's steps to every node's explanation and adds its rule ids to the node's
// rules, so no node of a preview reads as if the ignored settings had been applied.
void applyFrontEndPlan(const FrontEndPlan &plan, Resolution &resolution);

} // namespace opsinfo
