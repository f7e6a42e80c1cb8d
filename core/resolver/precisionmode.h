#pragma once

#include "common/diagnostic.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opsinfo {

// The 9 distinct behaviours behind the precision_mode / precision_mode_v2 names (SEMANTICS §4),
// and FE's two internal modes (M12). Aliases collapse: force_fp32 = cube_fp16in_fp32out;
// allow_mix_precision = allow_mix_precision_fp16 = mixed_float16; fp16 = force_fp16; origin =
// must_keep_origin_dtype; mixed_bfloat16 = allow_mix_precision_bf16.
enum class PrecisionMode {
    ForceFp16,
    CubeFp16InFp32Out,
    AllowFp32ToFp16,
    MustKeepOriginDtype,
    AllowMixPrecisionFp16,
    AllowMixPrecisionBf16,
    AllowFp32ToBf16,
    CubeHif8, // M12
    MixedHif8, // M12
    // FE-internal names (M12): FE takes them, ATC does not; not in kAllPrecisionModes.
    ForceLowerPrecision,
    AllowFp32ToLowPrecision,
};

inline constexpr std::array<PrecisionMode, 9> kAllPrecisionModes {
    PrecisionMode::ForceFp16,
    PrecisionMode::CubeFp16InFp32Out,
    PrecisionMode::AllowFp32ToFp16,
    PrecisionMode::MustKeepOriginDtype,
    PrecisionMode::AllowMixPrecisionFp16,
    PrecisionMode::AllowMixPrecisionBf16,
    PrecisionMode::AllowFp32ToBf16,
    PrecisionMode::CubeHif8,
    PrecisionMode::MixedHif8,
};

// Canonical precision_mode spelling ("force_fp16", "allow_mix_precision_fp16" ...); the hif8
// modes exist only as precision_mode_v2 names ("cube_hif8", "mixed_hif8").
const char *precisionModeName(PrecisionMode mode);
// The precision_mode_v2 spelling ("fp16", "origin", "mixed_float16" ...).
const char *precisionModeV2Name(PrecisionMode mode);

struct PrecisionModeName
{
    std::string_view name;
    PrecisionMode mode;
    bool v2; // a precision_mode_v2 name
};
// Every name ATC accepts, both options, aliases included.
const std::vector<PrecisionModeName> &precisionModeNames();
// FE's internal names force_lowerprecision and allow_fp32_to_lowprecision (M12).
const std::vector<PrecisionModeName> &internalPrecisionModeNames();
bool isInternalMode(PrecisionMode mode);

// MindSpore Lite's own names (its Context precision_mode, FRONTENDS.md F1): enforce_fp32 =
// force_fp32, preferred_fp32 = allow_fp32_to_fp16, enforce_fp16 = force_fp16, enforce_origin =
// must_keep_origin_dtype, preferred_optimal = allow_mix_precision. Accepted wherever a mode is.
const std::vector<PrecisionModeName> &mindSporeLiteModeNames();
// The Lite name of a mode, nullptr where Lite has none (the bf16 and hif8 modes).
const char *mindSporeLiteModeName(PrecisionMode mode);

// Parses any precision_mode, precision_mode_v2 or MindSpore Lite name (exact, as the compiler
// compares them), FE's internal names included. On failure `error` (if given) lists the valid
// names and suggests the nearest one.
std::optional<PrecisionMode> parsePrecisionMode(std::string_view name,
                                                std::string *error = nullptr);

// Modes whose low type is bf16 (they forbid fp16, §8.3).
bool isBf16Mode(PrecisionMode mode);
// allow_mix_precision_fp16/_bf16 and mixed_hif8: the lists decide (M5, M6, M12).
bool isMixedMode(PrecisionMode mode);

// A bf16 mode on a SoC without fp32->bf16 conversion (common/soc.h: socSupportsBf16) is refused
// as the compiler refuses it.
// Returns the error (code "mode-soc"), or nullopt when the mode is allowed (or the SoC is unknown:
// then a warning is returned instead of an error).
std::optional<Diagnostic> checkModeForSoc(PrecisionMode mode, std::string_view socVersion,
                                          std::string_view platformIni = {});

// §4 defaults: inference (ATC) force_fp16; training allow_fp32_to_fp16 on ascend910 (no fp32
// cube units), must_keep_origin_dtype on A2/A3 (ascend910b, ascend910_93) and later.
PrecisionMode defaultPrecisionMode(bool training, std::string_view socVersion);

} // namespace opsinfo
