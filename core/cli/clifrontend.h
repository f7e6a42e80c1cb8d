#pragma once

#include "cli/argparser.h"
#include "frontend/cubemath.h"
#include "frontend/frontendplan.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <string>

namespace opsinfo {

struct ResolveInputs;

// --front-end on every command that resolves or previews.
void addFrontEndOption(ArgParser &parser);
// --matmul-hf32 / --conv-hf32: the HF32 switches of the aclnn paths.
void addHf32Options(ArgParser &parser);

// Parses --front-end (nullopt: not given); false after a usage error written to err.
bool readFrontEndOption(const ArgParser &parser, std::optional<FrontEnd> &frontEnd,
                        std::ostream &err);
// Parses --matmul-hf32 / --conv-hf32 (true|false); false after a usage error.
bool readHf32Options(const ArgParser &parser, Hf32Switches &hf32, std::ostream &err);

// The aclnn paths (torch-npu, mindspore-kbk) need a known SoC: whether its cube unit computes
// fp32 decides every answer there. False after writing the usage error.
bool requireSocForCubeMath(FrontEnd frontEnd, const std::string &soc, std::ostream &err);

// The plan for the front end and a mode name (empty: none given), validated like --mode (bf16
// modes on SoCs without fp32->bf16 are refused). nullopt with a message (exit code set) on failure.
std::optional<FrontEndPlan> planForCli(FrontEnd frontEnd, const std::string &modeName,
                                       const ResolveInputs &inputs, std::ostream &err,
                                       int &exitCode);

// Drops from the inputs what the compiler will not see on this path (mixlist, keep_dtype,
// customize_dtypes), so no preview shows their effect.
void restrictToPlan(const FrontEndPlan &plan, ResolveInputs &inputs);
// The same for every mode at once (--all-modes): only what the front end never passes is dropped.
void restrictToFrontEnd(FrontEnd frontEnd, ResolveInputs &inputs);

// The lines said before any result: front end, mode (default or not), F3 and F1/F2 notes.
std::string frontEndHeader(const FrontEndPlan &plan);
nlohmann::json frontEndToJson(const FrontEndPlan &plan);

// `resolve` on the torch_npu eager and MindSpore kernel-by-kernel paths: the cube math type of
// every cube node instead of a GE preview. Returns the exit code.
int printCubeMath(const ResolveInputs &inputs, const FrontEndPlan &plan, const Hf32Switches &hf32,
                  bool json, bool csv, std::ostream &out);

} // namespace opsinfo
